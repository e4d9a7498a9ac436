"""``python -m tests.mutation --verify``: would ``cardlaw verify`` alone notice a broken rule?

The same mutants and the same sample as the pytest run (:mod:`tests.mutation.command`), but
the only test command is ``cardlaw verify GAME`` (the mutant's game), run in a fresh process
inside ``mutants/`` with ``MUTANT_UNDER_TEST`` set from the start, so the mutant is active
in the obligations' worker processes too.  Its exit status is the verdict: 0 the mutant
survived, 1 it was caught (an obligation not as expected, naming its clauses), 2 or a crash
caught too but by an error rather than a verdict, which the report counts apart.  A run that
uses up its CPU-time limit is a timeout, not counted as caught.  No pytest runs.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

from tests.mutation.mutants import GAMES, Mutant

__all__ = ["CPU_LIMIT", "run"]

CPU_LIMIT: Final = 300
"""CPU seconds a verify run may use in its main process (a looping mutant is a timeout)."""

WALL_LIMIT: Final = 900
"""A safety net only: a run that has not ended after this many seconds is stopped as a timeout."""

_BOOTSTRAP = (
    "import resource, sys; "
    "limit = int(sys.argv.pop(1)); "
    "resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1)); "
    "from cardlaw.cli import main; "
    "sys.argv[0] = 'cardlaw'; "
    "raise SystemExit(main())"  # main returns the exit code (as the console script's wrapper does)
)


def _verdict(returncode: int) -> int:
    """mutmut's codes: 1 caught by a verdict, 3 caught by an error, 0 survived, -24 timeout.

    >>> [_verdict(code) for code in (0, 1, 2, -9, -24)]
    [0, 1, 3, -24, -24]
    """
    if returncode == 1:
        return 1
    if returncode in (-9, -24):
        return -24
    if returncode == 0:
        return 0
    return 3


def run(root: Path, mutants: Sequence[Mutant], jobs: int, log: Path) -> dict[str, int]:
    """``cardlaw verify GAME --workers 1`` under each mutant; exit codes by mutant name."""

    def one(mutant: Mutant) -> tuple[str, int]:
        # Each run gets a disk cache of its own (as each pytest session does, tests/cachedir.py):
        # the mutated modules hold every mutant, so their source digest is the same for all,
        # and a table built under one mutant (or none) would hide another.
        cache = log.parent / "caches" / mutant.name
        environment = dict(
            os.environ,
            MUTANT_UNDER_TEST=mutant.name,
            PYTHONHASHSEED="0",
            CARDLAW_CACHE=str(cache),
        )
        environment.pop("CARDLAW_VERIFY_REPORT", None)
        command = [
            sys.executable,
            "-c",
            _BOOTSTRAP,
            str(CPU_LIMIT),
            "verify",
            mutant.game,
            "--workers",
            "1",
        ]
        with (log.parent / f"verify-{mutant.name}.log").open("w") as out:
            process = subprocess.Popen(
                command,
                cwd=root / "mutants",
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its worker processes too are stopped on a timeout
            )
            try:
                code = process.wait(timeout=WALL_LIMIT)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                code = -24
        return mutant.name, _verdict(code)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(pool.map(one, mutants))


def summary(mutants: Sequence[Mutant], codes: dict[str, int], equivalents: set[str]) -> str:
    """Per game and in all: caught by a verdict, caught by an error, survived, timeouts, score.

    The score is caught (by a verdict or an error) over the mutants not judged equivalent;
    the verdict-only score counts exit 1 alone.
    """
    lines = ["game            mutants  equivalent  verdict  error  survived  timeout  score"]
    rows = [*((g, [m for m in mutants if m.game == g]) for g in GAMES), ("all", list(mutants))]
    for game, chosen in rows:
        if not chosen:
            continue
        equivalent = sum(m.identity in equivalents for m in chosen)
        judged = [m for m in chosen if m.identity not in equivalents]
        verdict = sum(codes.get(m.name) == 1 for m in judged)
        error = sum(codes.get(m.name) == 3 for m in judged)
        survived = sum(codes.get(m.name) == 0 for m in judged)
        timeout = sum(codes.get(m.name) == -24 for m in judged)
        score = (verdict + error) / len(judged) if judged else 1.0
        lines.append(
            f"{game:<15} {len(chosen):>7}  {equivalent:>10}  {verdict:>7}  {error:>5}  "
            f"{survived:>8}  {timeout:>7}  {score:.1%} (verdicts alone {verdict / max(len(judged), 1):.1%})"
        )
    return "\n".join(lines) + "\n"
