"""Every game's table of what its rules reveal (``tests/<game>/reveals.py``, its adapter's
``reveals``), checked.

Over random whole games, every seat's observation must show every fact the
table says was revealed to it so far, with its true value.  Every table is
checked the same way besides: no row is dead (each is checked, and every
event the table needs happens, in a few fixed games), and the test's
``clauses`` mark (the adapter's ``REVEALED_CLAUSES``) names, for each game, exactly the
table's clauses.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.registry import GAMES as REGISTERED
from tests.games import ADAPTERS, adapter
from tests.generic.observe import GAMES, RevealTable
from tests.observation import marked_clauses

TABLES: tuple[str, ...] = tuple(name for name in ADAPTERS if ADAPTERS[name].reveals())
"""The games with a table of what their rules reveal (their adapter's ``reveals``)."""


def reveal_table(name: str) -> RevealTable:
    """The table of what game ``name``'s rules reveal."""
    found = adapter(name).reveals()
    assert found is not None, f"{name} has no table of what its rules reveal"
    return found


def test_every_game_has_a_table() -> None:
    assert set(REGISTERED) <= set(TABLES)
    assert all(reveal_table(name).game == name for name in TABLES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.clauses(*adapter(name).REVEALED_CLAUSES), id=name)
        for name in TABLES
    ],
)
@given(data=st.data())
@settings(max_examples=GAMES)
def test_observation_shows_what_the_rules_reveal(name: str, data: st.DataObject) -> None:
    table = reveal_table(name)
    table.check(**data.draw(table.games(), label="game"))


@pytest.mark.parametrize("name", TABLES)
def test_every_row_of_the_table_is_checked(name: str) -> None:
    """No row is dead: each is checked in a few fixed games, and so is every needed event."""
    assert not reveal_table(name).uncovered()


@pytest.mark.parametrize("name", TABLES)
def test_the_mark_names_the_tables_clauses(name: str) -> None:
    marked = marked_clauses(test_observation_shows_what_the_rules_reveal, name)
    assert marked == reveal_table(name).clauses()
