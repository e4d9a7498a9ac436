"""One ``cardlaw verify`` and one ``cardlaw verify --matrix`` a run of the suite, shared.

The README tour's plain ``cardlaw verify`` line and the rulebook's build both need the
whole verify report (every obligation, with its mutants; the matrix for the docs).  The
README's first Quick start command makes exactly that report, and CI names it with
``CARDLAW_VERIFY_REPORT``; so:

* when ``CARDLAW_VERIFY_REPORT`` names a report that is whole (every obligation, in
  order), of these very sources (each obligation's ``sources`` digest is
  :data:`proofs.isolated.SOURCES`: the code of spec, engine and proofs and Z3's version,
  everything a verdict depends on) and holds the matrix, it is used as it is;
* else the same of the report the two commands kept in the user's cache directory
  (:mod:`cardlaw.kept_report`: its file name holds a digest of all the code, the command
  line's included, so only a report this very code made is found), when the README's
  first command ran before ``pytest``;
* else the first test that asks runs the two commands, as a user types them (the
  installed ``cardlaw``, in a subprocess) into a folder of this run, once for all of
  pytest-xdist's workers (:func:`once_a_run`); the others wait and read it.

:func:`whole_report` says whether a report may stand for a plain ``cardlaw verify``.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.cachedir import USER_CACHE

__all__ = ["Verified", "once_a_run", "verified", "whole_report"]


@dataclass(frozen=True, slots=True)
class Verified:
    """The shared report and the exit codes its two commands gave."""

    report: Path
    verify_code: int
    matrix_code: int


def whole_report(data: Any) -> bool:
    """Whether ``data`` is a report of every obligation, in order, of these very sources."""
    from cardlaw.proofs.isolated import SOURCES
    from cardlaw.proofs.registry import obligations

    if not isinstance(data, dict) or not isinstance(data.get("obligations"), list):
        return False
    reports = data["obligations"]
    ids = [r.get("id") if isinstance(r, dict) else None for r in reports]
    if ids != [ob.id for ob in obligations()]:
        return False
    return all(r.get("sources") == SOURCES for r in reports)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def given_before_the_run() -> Verified | None:
    """A report made before the run that may stand for both commands (the module's docstring)."""
    from cardlaw.kept_report import kept_path

    named = os.environ.get("CARDLAW_VERIFY_REPORT")
    user = os.environ.get(USER_CACHE)
    paths = [Path(named)] if named else []
    paths += [kept_path(Path(user))] if user else []
    for path in paths:
        data = _read(path)
        if whole_report(data) and isinstance(data, dict) and "matrix" in data:
            ok = data.get("ok") is True
            matrix_ok = all(row.get("ok") is True for row in data["matrix"])
            return Verified(path, 0 if ok else 1, 0 if matrix_ok else 1)
    return None


def _run(folder: Path) -> dict[str, object]:
    """The two commands run into ``folder``: the report's path and their exit codes."""
    cardlaw = shutil.which("cardlaw", path=str(Path(sys.executable).parent))
    assert cardlaw, "the cardlaw command is not installed (pip install -e '.[dev]')"
    report = folder / "verify.json"
    # The user's settings left out, but the run's own cache kept (tests/cachedir.py): the
    # report the commands keep goes there, never to the user's cache.
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("CARDLAW_") or k == "CARDLAW_CACHE"
    }
    env["CARDLAW_VERIFY_REPORT"] = str(report)
    codes = []
    for args in (["verify", "--quiet"], ["verify", "--matrix", "--quiet"]):
        done = subprocess.run(
            [cardlaw, *args], env=env, capture_output=True, text=True, check=False
        )
        assert "Traceback" not in done.stderr, done.stderr
        codes.append(done.returncode)
    return {"report": str(report), "codes": codes}


def verified(tmp_path_factory: pytest.TempPathFactory) -> Verified:
    """The shared report of this run (see the module's docstring).

    A report made before the run is also kept in the run's own cache directory, as the
    README's first command would have kept it there, for the commands the tests run.
    """
    given = given_before_the_run()
    if given is not None:
        from cardlaw.kept_report import kept, kept_path

        if kept() is None:  # the run's cache (tests/cachedir.py), shared by its workers
            target = kept_path()
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(f"{target.name}.{os.getpid()}.part")
            shutil.copyfile(given.report, part)
            part.replace(target)  # whole or not there: another worker may copy it too
        return given
    made = once_a_run(tmp_path_factory, "verify", lambda: _run(tmp_path_factory.mktemp("verify")))
    return Verified(Path(made["report"]), made["codes"][0], made["codes"][1])


def once_a_run(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[], object]
) -> Any:
    """``make()``'s JSON, made once a run of the suite whichever worker asks first.

    Under pytest-xdist the first worker to ask makes it under a file lock in a folder the
    workers share, and the others wait and read it; in one process, once a process.
    ``name`` (a file name) tells the things made apart.
    """
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", f"pid{os.getpid()}")
    shared = tmp_path_factory.getbasetemp().parent / f"cardlaw-once-{run}"
    shared.mkdir(exist_ok=True)
    path = shared / f"{name}.json"
    with (shared / f"{name}.lock").open("w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            made = json.dumps(make())
            path.write_text(made, encoding="utf-8")
        return json.loads(path.read_text(encoding="utf-8"))
