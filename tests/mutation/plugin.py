"""The pytest plugin of the mutation runs (``-p tests.mutation.plugin``, set in ``[tool.mutmut]``).

mutmut runs the tests once to learn which tests reach which function, then
forks one worker per mutant from that process and runs pytest again in it.
Three things would make a verdict depend on what ran before, so each pytest
session here undoes them:

* **Hypothesis** draws fresh examples on every run and replays failures from
  its example database; here it is derandomized and keeps no database, so a
  mutant is killed or not whatever ran before it.  Each test keeps its own
  ``max_examples``.
* **Caches** (``functools.cache`` and ``lru_cache`` in ``engine``, ``spec``,
  ``proofs``, ``cardlaw`` and ``tests``) were filled by the unmutated code in
  the process a worker is forked from; each session starts them empty, so a
  cached result cannot hide a mutant.  So does the disk cache of tables
  (:mod:`engine.cache`): each session gets an empty directory of its own.
* **Import-time calls**: a function called while modules are imported (a
  table built at import) was called by the unmutated code before the worker
  existed, so re-running tests in a worker cannot show what a mutant of it
  would do at import.  mutmut would credit such a call to the first test that
  runs; in the mapping run the plugin instead writes the functions called
  before the first test to :data:`IMPORT_TIME` and forgets them, and
  ``python -m tests.mutation`` runs each of their mutants that no test killed
  once more in a fresh pytest process with the mutant active from the first
  import.

It also drops the doctests that mutmut's copies of a function carry
(``x_name__mutmut_orig``, ``x_name__mutmut_3``, ...): they repeat the
function's own doctest, which still runs.  In a fresh run
(:mod:`tests.mutation.fresh` sets :data:`ORDER_GAME`) it runs the tests in
:func:`fresh_order`, so that ``-x`` stops early on a killed mutant; the order
changes which failing test is met first, never which tests run.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.cachedir import use_private_cache

PACKAGES = ("engine", "spec", "proofs", "cardlaw", "tests")
"""The packages whose caches each session empties."""

GENERATED = "__mutmut_"
"""What the names of mutmut's copies of a function contain."""

IMPORT_TIME = "mutation-import-time.json"
"""Where (in ``mutants/``) the mapping run lists the functions called at import."""

ORDER_GAME = "CARDLAW_MUTATION_GAME"
"""The environment variable naming the mutant's game in a fresh run (``divided-ranks``)."""

STATS = "mutmut-stats.json"
"""mutmut's record of the mapping run (in ``mutants/``): each test's duration, among others."""


def of_game(nodeid: str, game: str) -> bool:
    """Whether a test is one of ``game``'s: in its folder, or parametrized by it first.

    >>> of_game("tests/divided_ranks/test_deal.py::test_a", "divided-ranks")
    True
    >>> of_game("tests/engine/test_contract.py::test_walk[divided-ranks-swap=face-up]", "divide")
    False
    >>> of_game("tests/engine/test_contract.py::test_walk[divide]", "divide")
    True
    >>> of_game("cardlaw/engine/split/game.py::cardlaw.engine.split.game.SplitGame", "split")
    True
    """
    package = game.replace("-", "_")
    if nodeid.startswith((f"tests/{package}/", f"cardlaw/engine/{package}/")):
        return True
    return re.search(rf"\[{re.escape(game)}(?:-|\])", nodeid) is not None


def fresh_order(nodeids: Sequence[str], game: str, durations: Mapping[str, float]) -> list[str]:
    """The order of a fresh run: ``game``'s tests, then the others, each part quickest first.

    A test's time is the one the mapping run recorded (one it did not time goes last in its
    part); ties keep the collection order.

    >>> fresh_order(["tests/engine/t.py::a[split]", "tests/divide/t.py::b",
    ...              "tests/split/t.py::c", "tests/engine/t.py::d"], "split",
    ...             {"tests/engine/t.py::a[split]": 2.0, "tests/divide/t.py::b": 0.1,
    ...              "tests/split/t.py::c": 1.0})
    ['tests/split/t.py::c', 'tests/engine/t.py::a[split]', 'tests/divide/t.py::b', 'tests/engine/t.py::d']
    """
    return sorted(nodeids, key=lambda nodeid: _rank(nodeid, game, durations))


def _rank(nodeid: str, game: str, durations: Mapping[str, float]) -> tuple[bool, float]:
    return not of_game(nodeid, game), durations.get(nodeid, math.inf)


def clear_caches() -> int:
    """Empty every ``functools`` cache held by a module of :data:`PACKAGES`; how many."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in PACKAGES:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()
                cleared += 1
    return cleared


def derandomize_hypothesis() -> None:
    """Load a profile like the current one, derandomized and without an example database."""
    from hypothesis import settings

    current = settings.get_profile(settings.get_current_profile_name())
    settings.register_profile("mutation", parent=current, derandomize=True, database=None)
    settings.load_profile("mutation")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Start each session with empty caches and a deterministic Hypothesis."""
    clear_caches()
    use_private_cache(fresh=True)
    derandomize_hypothesis()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Drop the doctests of mutmut's generated copies of a function; in a fresh run, reorder."""
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        (dropped if GENERATED in item.name else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    game = os.environ.get(ORDER_GAME)
    if game and Path(STATS).is_file():
        durations = json.loads(Path(STATS).read_text())["duration_by_test"]
        kept.sort(key=lambda item: _rank(item.nodeid, game, durations))
    items[:] = kept


_FIRST_TEST_SEEN = pytest.StashKey[bool]()
"""Whether the session's first test has been set up (in the config's stash)."""


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before the first test, forget the functions that imports and collection called."""
    if item.config.stash.get(_FIRST_TEST_SEEN, False):
        return
    item.config.stash[_FIRST_TEST_SEEN] = True
    state = _mutmut_state()
    if state is not None and os.environ.get("MUTANT_UNDER_TEST") == "stats":
        Path(IMPORT_TIME).write_text(json.dumps(sorted(state._stats)))
        state._stats.clear()


def _mutmut_state() -> Any:
    module = sys.modules.get("mutmut.state")
    return None if module is None else module.state()
