"""Chance through the adapters: a shuffle dealt card by card has exactly cardlaw's odds.

At each of cardlaw's chance nodes (every game, both setups, and Split's
reshuffles of a few cards) the adapter deals a shuffle one card at a time:
each step offers exactly the cards not yet dealt, each equally likely; the
product of the steps' probabilities along any order is that order's
probability in cardlaw's space (``1/n!``), and the last card applies exactly
that order.  Any other chance event keeps cardlaw's outcomes and
probabilities, outcome by outcome.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.ecosystem.spot import Spot, outcome_id
from cardlaw.engine.api import CHANCE
from cardlaw.spec.actions import OrderAction
from cardlaw.spec.errors import IllegalAction
from tests.ecosystem.common import CASES, case_id, setup, walk


def _chance_spots(name: str, params: dict[str, Any], seed: int) -> list[Spot[Any]]:
    game, config = setup(name, params)
    return [s for s in walk(game, config, seed) if s.mover() == CHANCE]


def _deal(spot: Spot[Any], order: list[int]) -> tuple[Spot[Any], Fraction]:
    """Deal ``order`` card by card from ``spot``: the spot after it, and its probability."""
    odds = Fraction(1)
    for card in order:
        offered = dict(spot.chance())
        assert sorted(offered) == sorted(set(offered))
        odds *= offered[card]
        spot = spot.after_id(card)
    return spot, odds


@pytest.mark.parametrize("case", CASES, ids=case_id)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=4)
def test_a_shuffle_dealt_card_by_card_has_cardlaws_odds(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    rng = random.Random(seed)
    shuffles = 0
    for spot in _chance_spots(*case, seed)[:6]:
        space: Any = spot.space()
        if spot.shuffle() is None:
            offered = dict(spot.chance())
            outcomes = [space.outcome(i) for i in range(space.size)]
            assert offered == {outcome_id(a): space.probability(a) for a in outcomes}
            assert sum(offered.values()) == 1
            continue
        items = [int(card) for card in space.items]
        assert [card for card, _ in spot.chance()] == sorted(items)
        order = rng.sample(items, len(items))
        after, odds = _deal(spot, order)
        shuffle = after.action
        assert isinstance(shuffle, OrderAction)
        assert [int(card) for card in shuffle.order] == order
        assert shuffle in space and odds == space.probability(shuffle) == Fraction(1, space.size)
        assert after.state == spot.game.apply(spot.state, shuffle)
        shuffles += 1
    assert shuffles


def test_a_card_dealt_twice_or_outside_the_deck_is_refused() -> None:
    spot = next(s for s in _chance_spots("euchre", {}, 1) if s.shuffle() is not None)
    first = spot.chance()[0][0]
    with pytest.raises(IllegalAction):
        spot.after_id(first).after_id(first)
    with pytest.raises(IllegalAction):
        spot.after_id(0)  # the 2 of clubs is no Euchre card


def test_every_reshuffle_of_a_small_discard_pile_is_reached_with_its_odds() -> None:
    """Split's reshuffle of three cards: all 3! orders, each 1/6, as cardlaw's space says."""
    from itertools import permutations

    from cardlaw.engine.split.deal import reshuffle_outcomes
    from cardlaw.spec.split.state import Stage

    game, config = setup("split", {})
    start = next(s for s in walk(game, config, 2) if isinstance(s.mover(), int))
    state = start.state._replace(stage=Stage.RESHUFFLE, actor=-1, discard=0b1011, owed=1)
    spot = Spot.at(game, config, state)
    space = reshuffle_outcomes(state)
    assert spot.shuffle() is not None
    reached = {}
    for order in permutations([0, 1, 3]):
        after, odds = _deal(spot, list(order))
        assert isinstance(after.action, OrderAction)
        reached[after.action.order] = odds
        assert after.action in space and odds == space.probability(after.action)
    assert len(reached) == 6 and sum(reached.values()) == 1
