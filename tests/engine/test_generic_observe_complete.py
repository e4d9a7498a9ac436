"""Every game's table of what its rules reveal (``tests/<game>/test_observe_complete.py``).

Each game's own test checks random whole games against its table; here
every table is checked the same way: no row is dead (each is checked, and
every event the table needs happens, in a few fixed games), and the test's
``clauses`` mark names exactly the table's clauses.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from engine.registry import GAMES
from tests.divide import test_observe_complete as divide
from tests.divided_ranks import test_observe_complete as divided_ranks
from tests.euchre import test_observe_complete as euchre
from tests.observation import marked_clauses
from tests.split import test_observe_complete as split

TESTS: dict[str, ModuleType] = {
    "divide": divide,
    "divided-ranks": divided_ranks,
    "split": split,
    "euchre": euchre,
}
"""Each game's observation-completeness test module (its ``TABLE``), by game."""


def test_every_game_has_a_table() -> None:
    assert list(TESTS) == list(GAMES)
    assert all(module.TABLE.game == name for name, module in TESTS.items())


@pytest.mark.parametrize("name", TESTS)
def test_every_row_of_the_table_is_checked(name: str) -> None:
    """No row is dead: each is checked in a few fixed games, and so is every needed event."""
    assert not TESTS[name].TABLE.uncovered()


@pytest.mark.parametrize("name", TESTS)
def test_the_mark_names_the_tables_clauses(name: str) -> None:
    module = TESTS[name]
    marked = marked_clauses(module.test_observation_shows_what_the_rules_reveal)
    assert marked == module.TABLE.clauses()
