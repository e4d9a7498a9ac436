"""A second look at mutants of functions called at import: one fresh pytest process each.

mutmut forks each worker from a process that has already imported the
project, so a table built at import time was built by the unmutated code, and
a mutant of the function that builds it changes nothing the worker's tests can
see.  The mapping run records those functions (:data:`tests.mutation.plugin.IMPORT_TIME`);
each of their mutants that mutmut did not kill is run here again, in a new
``python -m pytest`` inside ``mutants/`` with ``MUTANT_UNDER_TEST`` set from the
start, so the mutant is active from the first import.  The tests are the same
selection, stopping at the first failure, under a CPU-time limit worked out as
mutmut works out its own.  They run in the order
:func:`tests.mutation.plugin.fresh_order` gives (the mutant's own game's tests
first, each part quickest first by the mapping run's times), so a killed mutant
usually stops within seconds; the order never changes which tests run, so a
mutant that survives has passed them all.  The mutants run ``jobs`` at a time,
those ``tests/mutation/equivalent.toml`` lists first: each is expected to
survive, so to run the whole selection, and starting the longest runs first
keeps the cores busy to the end.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tomllib
from collections.abc import Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.mutation.mutants import Mutant
from tests.mutation.plugin import IMPORT_TIME, ORDER_GAME

__all__ = ["candidates", "rerun", "selection"]


def _mangled(name: str) -> str:
    return name.partition("__mutmut_")[0]


def candidates(
    root: Path, mutants: Sequence[Mutant], exit_codes: Mapping[str, int | None]
) -> list[Mutant]:
    """The mutants that mutmut did not kill, of functions the mapping run saw called at import."""
    listing = root / "mutants" / IMPORT_TIME
    called = set(json.loads(listing.read_text())) if listing.exists() else set()
    return [m for m in mutants if exit_codes.get(m.name) in (0, 33) and _mangled(m.name) in called]


def _strings(settings: Mapping[str, object], key: str) -> list[str]:
    """The setting ``key``, a list, as strings (none if it is not set)."""
    value = settings.get(key, [])
    if not isinstance(value, list):
        raise TypeError(f"[tool.mutmut] {key} must be a list, not {value!r}")
    return [str(a) for a in value]


def _number(settings: Mapping[str, object], key: str, default: float) -> float:
    """The setting ``key``, a number (``default`` if it is not set)."""
    value = settings.get(key, default)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise TypeError(f"[tool.mutmut] {key} must be a number, not {value!r}")
    return float(value)


def selection(settings: Mapping[str, object], game: str) -> list[str]:
    """The pytest arguments of ``[tool.mutmut]``, with ``game``'s own folder first.

    >>> selection({"pytest_add_cli_args": ["-n", "0"],
    ...            "pytest_add_cli_args_test_selection": ["tests/divide", "tests/split", "engine"]},
    ...           "split")
    ['-n', '0', 'tests/split', 'tests/divide', 'engine']
    """
    extra = _strings(settings, "pytest_add_cli_args")
    tests = _strings(settings, "pytest_add_cli_args_test_selection")
    own = f"tests/{game.replace('-', '_')}"
    return [*extra, *sorted(tests, key=lambda arg: arg != own)]


def _cpu_limit(root: Path, settings: Mapping[str, object]) -> int:
    stats = json.loads((root / "mutants" / "mutmut-stats.json").read_text())
    total = float(sum(stats["duration_by_test"].values()))
    constant = _number(settings, "timeout_constant", 1.0)
    multiplier = _number(settings, "timeout_multiplier", 15.0)
    return math.ceil((total + constant) * multiplier * 2)


_BOOTSTRAP = (
    "import resource, runpy, sys; "
    "limit = int(sys.argv.pop(1)); "
    "resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1)); "
    "sys.argv[0] = 'pytest'; "
    "runpy.run_module('pytest', run_name='__main__', alter_sys=True)"
)
"""``python -c``: set the CPU-time limit, then run pytest as ``python -m pytest`` would."""


def _verdict(returncode: int) -> int:
    """The exit code mutmut would have recorded: 1 killed, 0 survived, -24 timeout.

    pytest's 2 and 3 (collection or internal error) and 4 (``conftest.py``
    could not be loaded: it imports the games, so a mutant that breaks a
    game's import stops it) are kills too, since the clean run could do all
    of it with the same command.

    >>> [_verdict(code) for code in (0, 1, 2, 3, 4, -9)]
    [0, 1, 1, 1, 1, -24]
    """
    if returncode in (1, 2, 3, 4):  # failed, or could not even start (the clean run could)
        return 1
    if returncode < 0:
        return -24 if returncode in (-24, -9) else returncode
    return returncode


def rerun(
    root: Path,
    mutants: Sequence[Mutant],
    jobs: int,
    log: Path,
    expected_survivors: Collection[str] = (),
) -> dict[str, int]:
    """Run each mutant in a fresh pytest process; mutmut-style exit codes by mutant name.

    ``expected_survivors`` (identities: the judged-equivalent mutants) are started first.
    """
    if not mutants:
        return {}
    settings = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["mutmut"]
    limit = _cpu_limit(root, settings)

    def one(mutant: Mutant) -> tuple[str, int]:
        environment = dict(
            os.environ,
            MUTANT_UNDER_TEST=mutant.name,
            **{ORDER_GAME: mutant.game},
            PYTHONHASHSEED="0",
            PY_IGNORE_IMPORTMISMATCH="1",
        )
        command = [
            sys.executable,
            "-c",
            _BOOTSTRAP,
            str(limit),
            "-x",
            "-q",
            "--rootdir=.",
            *selection(settings, mutant.game),
        ]
        with (log.parent / f"fresh-{mutant.name}.log").open("w") as out:
            done = subprocess.run(
                command,
                cwd=root / "mutants",
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
            )
        return mutant.name, _verdict(done.returncode)

    first = sorted(mutants, key=lambda mutant: mutant.identity not in expected_survivors)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(pool.map(one, first))
