"""``sample_legal_action`` is ``rng.choice(legal_actions(state))``, draw for draw, in every game.

The uniform draw ``rng.randrange(n)`` is the only randomness; what is
checked is that index ``k`` of it always gives ``legal_actions(state)[k]``,
for every ``k``, and that ``n`` is the number of legal actions.  Index to
action is then a bijection onto the legal actions, so the distribution is
exactly uniform over them, and a random bot taking this path plays the same
game, for the same seed, as one choosing from the full list.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.api import CHANCE
from cardlaw.spec.errors import MalformedInput
from tests.games import CASE_PARAMS, case_id, load, random_walk


class Fixed:
    """A draw that always gives index ``k`` and records the range it was asked for."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.asked: list[int] = []

    def randrange(self, stop: int, /) -> int:
        """Index ``k`` (checked to be in range)."""
        self.asked.append(stop)
        assert 0 <= self.k < stop
        return self.k


@pytest.mark.parametrize("case", CASE_PARAMS, ids=case_id)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=6)
def test_every_index_gives_that_legal_action(case: tuple[str, dict[str, Any]], seed: int) -> None:
    game, config = load(*case)
    for state, action in random_walk(game, config, seed):
        mover = game.to_move(state)
        if action is None or mover == CHANCE:
            with pytest.raises(MalformedInput):
                game.sample_legal_action(state, random.Random(seed))
            continue
        legal = game.legal_actions(state)
        for k in range(len(legal)):
            draw = Fixed(k)
            assert game.sample_legal_action(state, draw) == legal[k]
            assert draw.asked == [len(legal)]


@pytest.mark.parametrize("case", CASE_PARAMS, ids=case_id)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=4)
def test_the_same_draw_as_choice(case: tuple[str, dict[str, Any]], seed: int) -> None:
    """Along a whole game: the same action and the same random stream afterwards."""
    game, config = load(*case)
    ours, theirs = random.Random(seed), random.Random(seed)
    for state, action in random_walk(game, config, seed):
        if action is None or game.to_move(state) == CHANCE:
            continue
        assert game.sample_legal_action(state, ours) == theirs.choice(game.legal_actions(state))
    assert ours.random() == theirs.random()


def test_a_state_of_another_game_is_refused() -> None:
    divide, config = load("divide", {"players": 4})
    split, split_config = load("split", {"players": 3})
    with pytest.raises(MalformedInput, match="sample_legal_action"):
        divide.sample_legal_action(split.new_game(split_config), random.Random(0))
    assert divide.new_game(config)  # the game itself is fine
