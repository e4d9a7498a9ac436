"""A chance space knows its own outcomes: anything else is no outcome, with probability 0.

``ChanceSpace.__contains__`` and ``probability`` take any object.  For every
shuffle and reshuffle chance makes in every game, orders that are not one of
the space's outcomes — a card too many or too few, a card twice, a number
past the end of the deck or of the card table, a negative or huge number, a
value that is no number — must be answered ``False`` and ``0``, never with
an error; and ``apply`` refuses the well-formed ones with the shuffle's own
message and clause.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from cardlaw.engine.api import CHANCE
from cardlaw.engine.registry import get_game
from cardlaw.spec.cards import CARD_BITS
from cardlaw.spec.errors import IllegalAction
from tests.games import ADAPTERS, CONFIGS, each_game, random_walk

REFUSALS: dict[tuple[str, str], str] = {
    (name, kind): refusal
    for name in ADAPTERS
    for kind, refusal in ADAPTERS[name].ORDER_REFUSALS.items()
}
"""What ``apply`` says to an order that is not an outcome, by game and chance action (each
game's adapter's ``ORDER_REFUSALS``)."""

ORDERED = each_game()
"""Every game."""


def orderings(name: str) -> Iterator[tuple[Any, Any]]:
    """(state, an outcome) for the first chance node of each ordering kind in a random game."""
    game = get_game(name)
    config = game.config(**CONFIGS.get(name, [{}])[0])
    seen: set[type] = set()
    for seed in range(3):
        for state, _ in random_walk(game, config, seed, limit=2000):
            if game.to_move(state) != CHANCE:
                continue
            space = game.chance_outcomes(state)
            assert space is not None
            outcome = space.outcome(space.size // 3)
            if hasattr(outcome, "order") and type(outcome) not in seen:
                seen.add(type(outcome))
                yield state, outcome


def well_formed_wrong_orders(order: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Orders of real cards that are not an outcome: short, long, a card twice."""
    wrong = [order[:-1], (*order, order[0]), (*order[:-1], order[0]), ()]
    return [candidate for candidate in wrong if sorted(candidate) != sorted(order)]


def junk_orders(order: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Orders holding something that is no card of the deck (nor of the card table)."""
    past = len(CARD_BITS)  # the first index past every card there is
    return [(*order[:-1], value) for value in (past, past + 1, 101, -1, 10**30, "7S", None, 1.5)]


@pytest.mark.parametrize("name", ORDERED)
def test_orders_that_are_not_outcomes_have_probability_zero(name: str) -> None:
    game = get_game(name)
    kinds = set()
    for state, outcome in orderings(name):
        kinds.add(type(outcome).__name__)
        space = game.chance_outcomes(state)
        assert space is not None
        assert outcome in space and space.probability(outcome) > 0
        for order in well_formed_wrong_orders(outcome.order) + junk_orders(outcome.order):
            wrong = dataclasses.replace(outcome, order=order)
            assert wrong not in space, order
            assert space.probability(wrong) == Fraction(0), order
    assert kinds == {kind for game, kind in REFUSALS if game == name}


@pytest.mark.parametrize("name", ORDERED)
def test_apply_refuses_an_order_that_is_no_outcome(name: str) -> None:
    game = get_game(name)
    for state, outcome in orderings(name):
        refusal = REFUSALS[name, type(outcome).__name__]
        for order in well_formed_wrong_orders(outcome.order) + [(*outcome.order[:-1], 53)]:
            wrong = dataclasses.replace(outcome, order=order)
            with pytest.raises(IllegalAction) as caught:
                game.apply(state, wrong)
            assert str(caught.value) == refusal, order
