"""Split's state summaries, as error messages carry them (``SPLIT.describe``).

The positions are the judge's example (:data:`engine.split.spot.EXAMPLE`:
piles 33 | 71, 52 in the middle, seat 1 to move) and variations of it.
"""

from __future__ import annotations

from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.spot import EXAMPLE
from cardlaw.spec.split.actions import Move
from tests.games import random_walk


def test_describe_the_example() -> None:
    state = SPLIT.position_from_json(EXAMPLE)
    assert (
        SPLIT.describe(state)
        == "turn 2; move; piles 33 | 71, 52 in the middle; seat 1 holds 5 47 66 90*"
    )
    moved = SPLIT.apply(state, Move("left"))
    assert SPLIT.describe(moved) == "turn 2; play; piles 52 | 71; seat 1 holds 5 47 66 90*"


def test_describe_a_pile_topped_by_the_0_with_seat_0_to_move() -> None:
    """The 0 (a wild card) on top of the left pile is a pile like any other."""
    state = SPLIT.position_from_json({**EXAMPLE, "piles": [0, 71], "to_move": 0})
    assert (
        SPLIT.describe(state)
        == "turn 2; move; piles 0 | 71, 52 in the middle; seat 0 holds 12 48 99*"
    )


def test_describe_shows_the_piles_exactly_when_there_are_some() -> None:
    for seed in range(3):
        for state, _ in random_walk(SPLIT, SPLIT.config(), seed, limit=400):
            text = SPLIT.describe(state)
            piles = f"; piles {state.left} | {state.right}"
            assert (piles in text) == (state.left >= 0), text
            assert (f", {state.middle} in the middle" in text) == (state.middle >= 0), text
