"""Sampled worlds: the search bot's guesses at the hidden cards fit what the seat saw.

For each game under many configurations, at decisions of random games: the
state sampled from the mover's observation alone shows the mover exactly
that observation, breaks no invariant, keeps every card the mover can place
where it is, and a random game played on from it ends by the rules.  Worlds
drawn from the same observation differ (the hidden cards are really drawn).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.ecosystem import binding
from cardlaw.engine.api import CHANCE
from cardlaw.sampling import sample_chance
from tests.ecosystem.common import ALL_CASES, GAMES, case_id, deciding, setup


def _play_on(game: Any, state: Any, rng: random.Random) -> Any:
    for _ in range(5000):
        mover = game.to_move(state)
        if mover is None:
            return state
        if mover == CHANCE:
            action = sample_chance(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return state


@pytest.mark.parametrize("case", ALL_CASES, ids=case_id)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=4)
def test_a_sampled_world_shows_the_seat_what_it_saw(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, config = setup(*case)
    determinize = binding(game.name).determinize
    rng = random.Random(seed)
    for spot in deciding(game, config, seed, 6):
        seat = spot.mover()
        assert isinstance(seat, int)
        seen = spot.observation(seat)
        world = determinize(config, seen, rng)
        assert game.observe(world, seat) == seen
        assert game.violations(world) == []
        assert set(game.legal_actions(world)) == set(game.legal_actions(spot.state))
        _play_on(game, world, rng)


@pytest.mark.parametrize("name", GAMES)
def test_the_hidden_cards_are_drawn(name: str) -> None:
    game, config = setup(name, {})
    determinize = binding(name).determinize
    spot = deciding(game, config, 4, 1)[0]
    seat = spot.mover()
    assert isinstance(seat, int), seat
    worlds = {determinize(config, spot.observation(seat), random.Random(i)) for i in range(8)}
    assert len(worlds) > 1
