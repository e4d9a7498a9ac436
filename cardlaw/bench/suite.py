"""``cardlaw bench suite``: what a developer waits for, timed beside the playouts.

The figures a change can make worse without any test failing: the wall and
CPU time of the test suite (``pytest`` in the source checkout, as the README
runs it, then ``pytest -m deep``, the deep runs it leaves out), of
``cardlaw verify --workers 2`` (with the cost of its differential stage, read
from its report) and, where the solver is built in, Split's
cooperative solver.  Each command runs in a fresh process; CPU time is that of
the process and everything it started (``RUSAGE_CHILDREN``), so a suite spread
over two cores shows about twice its wall time.  Nothing here passes or fails
by speed: these are measurements to compare, run after run, on one machine.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from cardlaw.engine.jsonio import JSON
from cardlaw.spec.errors import MalformedInput

__all__ = ["SuiteBench", "Timed", "bench_suite", "checkout", "counts", "print_suite"]

_COUNT: Final = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|deselected)")


@dataclass(frozen=True, slots=True)
class Timed:
    """One command's run: its wall and CPU seconds, exit status and what it reported."""

    name: str
    command: tuple[str, ...]
    wall: float
    cpu: float
    status: int
    detail: dict[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        """As JSON: ``name``, ``command``, ``wall``, ``cpu``, ``status``, ``detail``."""
        return {
            "name": self.name,
            "command": list(self.command),
            "wall": round(self.wall, 2),
            "cpu": round(self.cpu, 2),
            "status": self.status,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class SuiteBench:
    """Every command timed by :func:`bench_suite`, in order."""

    runs: tuple[Timed, ...]

    def to_json(self) -> dict[str, JSON]:
        """As JSON: ``{"runs": [...]}`` (:meth:`Timed.to_json`)."""
        return {"runs": [run.to_json() for run in self.runs]}

    def lines(self) -> list[str]:
        """One line a command, then what it reported."""
        out = []
        for run in self.runs:
            state = "" if run.status == 0 else f" (exit {run.status})"
            out.append(f"{run.name}: {run.wall:.1f} s wall, {run.cpu:.1f} s CPU{state}")
            out.extend(f"  {key}: {value}" for key, value in run.detail.items())
        return out


def counts(summary: str) -> dict[str, int]:
    """The test counts of pytest's summary line.

    >>> counts("3247 passed, 1 skipped, 2 deselected in 290.1s")
    {'passed': 3247, 'skipped': 1, 'deselected': 2}
    >>> counts("1 failed, 1 error in 2s")
    {'failed': 1, 'errors': 1}
    """
    found: dict[str, int] = {}
    for number, kind in _COUNT.findall(summary):
        found["errors" if kind == "error" else kind] = int(number)
    return found


def checkout() -> Path:
    """The source checkout this cardlaw runs from: the folder holding ``tests/`` beside it.

    Raises :class:`~spec.errors.MalformedInput` for an installed copy with no tests.
    """
    root = Path(__file__).resolve().parents[2]
    if not (root / "tests" / "conftest.py").is_file():
        raise MalformedInput(
            "cardlaw bench suite times the test suite of a source checkout; this cardlaw was "
            f"installed without one ({root} has no tests/)"
        )
    return root


def _adopt_orphans() -> bool:
    """Become the reaper of this process's orphaned descendants (Linux), so their CPU counts.

    A worker pool's server process (``forkserver``) outlives the command that
    started it by a moment and is never waited for by it; its CPU time, and
    that of every worker it reaped, would be lost from ``RUSAGE_CHILDREN``.
    """
    try:
        import ctypes  # noqa: PLC0415

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(36, 1, 0, 0, 0) == 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _reap(grace: float = 10.0) -> None:
    """Wait for every descendant left behind (at most ``grace`` seconds)."""
    end = time.monotonic() + grace
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            if time.monotonic() > end:
                return
            time.sleep(0.05)


def _timed(name: str, command: Sequence[str], cwd: Path) -> tuple[Timed, str]:
    """Run ``command`` in ``cwd``; its :class:`Timed` and its standard output."""
    adopted = _adopt_orphans()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if adopted:
        _reap()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(name, tuple(command), wall, cpu, done.returncode), done.stdout


def _with(run: Timed, detail: dict[str, JSON]) -> Timed:
    return Timed(run.name, run.command, run.wall, run.cpu, run.status, detail)


def time_tests(root: Path, *, deep: bool = False) -> Timed:
    """``pytest`` in ``root``, as the README runs it (the project's options: every core).

    With ``deep``, ``pytest -m deep``: the deep runs the README's ``pytest`` leaves out.
    """
    marks = ("-m", "deep") if deep else ()
    name = " ".join(("pytest", *marks))
    run, out = _timed(name, (sys.executable, "-m", "pytest", "-q", *marks), root)
    tail = out.strip().splitlines()[-1] if out.strip() else ""
    return _with(run, {"tests": {**counts(tail)}})


def time_verify(root: Path, workers: int = 2) -> Timed:
    """``cardlaw verify --workers N --json --quiet``, with its differential stage's cost."""
    command = (
        sys.executable,
        "-c",
        "import sys; from cardlaw.cli import main; sys.exit(main())",
        "verify",
        "--workers",
        str(workers),
        "--json",
        "--quiet",
    )
    run, out = _timed(f"cardlaw verify --workers {workers}", command, root)
    try:
        data = json.loads(out)
    except ValueError:
        return run
    stages = data.get("stages", {})
    differential = stages.get("differential", {})
    return _with(
        run,
        {
            "obligations": len(data.get("obligations", [])),
            "as expected": bool(data.get("ok")),
            "differential stage": (
                f"{differential.get('obligations', 0)} checks, "
                f"{differential.get('cases', 0):,} cases, {differential.get('seconds', 0)} s"
            ),
        },
    )


def bench_suite(*, tests: bool = True, verify: bool = True) -> SuiteBench:
    """Time the suite and its deep runs, and ``cardlaw verify``.

    ``tests=False`` leaves out both runs of the suite, ``verify=False`` the verify run.
    """
    root = checkout()
    runs: list[Timed] = []
    if tests:
        runs.append(time_tests(root))
        runs.append(time_tests(root, deep=True))
    if verify:
        runs.append(time_verify(root))
    return SuiteBench(tuple(runs))


def print_suite(*, tests: bool, json_output: bool) -> None:
    """``cardlaw bench suite``: :func:`bench_suite`, printed as lines or as JSON."""
    timed = bench_suite(tests=tests)
    if json_output:
        print(json.dumps(timed.to_json()))
        return
    for line in timed.lines():
        print(line)
