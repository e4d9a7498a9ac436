"""Every game's table of what its rules reveal (``tests/<game>/reveals.py``), checked.

Over random whole games, every seat's observation must show every fact the
table says was revealed to it so far, with its true value.  Every table is
checked the same way besides: no row is dead (each is checked, and every
event the table needs happens, in a few fixed games), and the test's
``clauses`` mark names, for each game, exactly the table's clauses.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.registry import GAMES as REGISTERED
from tests.divide.reveals import TABLE as DIVIDE
from tests.divided_ranks.reveals import TABLE as DIVIDED_RANKS
from tests.euchre.reveals import TABLE as EUCHRE
from tests.generic.observe import GAMES, RevealTable
from tests.observation import marked_clauses
from tests.split.reveals import TABLE as SPLIT

TABLES: dict[str, RevealTable] = {
    "divide": DIVIDE,
    "divided-ranks": DIVIDED_RANKS,
    "split": SPLIT,
    "euchre": EUCHRE,
}
"""Each game's table of what its rules reveal, by game."""


def test_every_game_has_a_table() -> None:
    assert list(TABLES) == list(REGISTERED)
    assert all(table.game == name for name, table in TABLES.items())


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "divide",
            marks=pytest.mark.clauses(
                "divide.info.hidden",
                "divide.ruling.secret-turns",
                "divide.round.phases",
                "divide.round.dealer-rotation",
                "divide.end.four-rounds",
                "divide.trick.winner-leads",
                "divide.score.suit-token",
                "divide.score.bonus-token",
                "divide.cleanup.record",
                "divide.cleanup.reset",
                "divide.divide.choose",
                "divide.ruling.offer-order",
                "divide.divide.final-hand",
                "divide.trump.reveal",
            ),
        ),
        pytest.param(
            "divided-ranks",
            marks=pytest.mark.clauses(
                "divided-ranks.info.hidden",
                "divided-ranks.play.phases",
                "divided-ranks.ruling.first-splitter",
                "divided-ranks.draft.rounds",
                "divided-ranks.setup.reserve",
                "divided-ranks.reserve.order",
                "divided-ranks.build.two-hands",
                "divided-ranks.info.ledger",
                "divided-ranks.draft.split",
                "divided-ranks.draft.choose",
                "divided-ranks.info.candidates",
                "divided-ranks.reserve.turns",
                "divided-ranks.ruling.blind-swap-view",
                "divided-ranks.variant.face-up-swap",
                "divided-ranks.build.secret",
                "divided-ranks.end.reveal",
                "divided-ranks.ruling.swap-odds",
            ),
        ),
        pytest.param(
            "split",
            marks=pytest.mark.clauses(
                "split.info.hidden",
                "split.coop.aids-aside",
                "split.coop.aid-use",
                "split.turn.order",
                "split.ruling.one-decision",
                "split.wild.reverse",
                "split.ruling.turn-limit",
                "split.ruling.first-dealer",
                "split.reset.fresh-start",
                "split.reset.draw-three",
            ),
        ),
        pytest.param(
            "euchre",
            marks=pytest.mark.clauses(
                "euchre.info.hidden",
                "euchre.deal.five",
                "euchre.hand.phases",
                "euchre.hand.dealer-rotation",
                "euchre.ruling.thrown-in-hand",
                "euchre.trick.winner-leads",
                "euchre.trick.winner",
                "euchre.score.one-team",
                "euchre.deal.up-card",
                "euchre.deal.shuffle",
                "euchre.bid.makers",
                "euchre.bid.alone",
                "euchre.bid.pick-up",
                "euchre.ruling.defender-alone",
            ),
        ),
    ],
)
@given(data=st.data())
@settings(max_examples=GAMES)
def test_observation_shows_what_the_rules_reveal(name: str, data: st.DataObject) -> None:
    table = TABLES[name]
    table.check(**data.draw(table.games(), label="game"))


@pytest.mark.parametrize("name", TABLES)
def test_every_row_of_the_table_is_checked(name: str) -> None:
    """No row is dead: each is checked in a few fixed games, and so is every needed event."""
    assert not TABLES[name].uncovered()


@pytest.mark.parametrize("name", TABLES)
def test_the_mark_names_the_tables_clauses(name: str) -> None:
    marked = marked_clauses(test_observation_shows_what_the_rules_reveal, name)
    assert marked == TABLES[name].clauses()
