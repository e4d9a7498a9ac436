"""``describe``: the one-line summary of a state that error messages carry, for every game.

An out-of-turn action's :class:`~spec.errors.IllegalAction` carries
``describe(state)`` (the command line prints it), so what it says is
observable: one line, and the hand of the seat to move whenever a seat is to
move — seat 0 as much as any other — and no hand at a chance node or at the
end.  Every game's first steps are described as :data:`OPENINGS` says; the
rest of each game's wording is in ``tests/<game>/test_describe.py``.
"""

from __future__ import annotations

import pytest

from cardlaw.engine.api import CHANCE
from cardlaw.engine.registry import GAMES, get_game
from cardlaw.spec.errors import IllegalAction
from tests.game_data import Opening
from tests.games import CONFIGS, each_game, random_walk


@pytest.mark.parametrize(("name", "opening"), each_game(lambda adapter: adapter.OPENING))
def test_describe_the_first_steps(name: str, opening: Opening) -> None:
    """The description at the start, then after each first step (the adapter's ``OPENING``)."""
    game = get_game(name)
    state = game.new_game(game.config())
    start, steps = opening
    assert game.describe(state) == start
    for step, expected in steps:
        if isinstance(step, int):
            space = game.chance_outcomes(state)
            assert space is not None, "a step by index is chance's"
            action = space.outcome(step)
        else:
            action = game.parse_action(step)
            assert action in game.legal_actions(state), step
        state = game.apply(state, action)
        assert game.describe(state) == expected, step


@pytest.mark.parametrize("name", GAMES)
def test_describe_names_the_seat_to_move_and_nobody_else(name: str) -> None:
    game = get_game(name)
    movers: set[object] = set()
    for options in CONFIGS.get(name, [{}]):
        config = game.config(**options)
        for seed in range(2):
            for state, _ in random_walk(game, config, seed, limit=600):
                text = game.describe(state)
                mover = game.to_move(state)
                movers.add(mover)
                assert text and "\n" not in text
                if isinstance(mover, int):
                    assert f"seat {mover} holds " in text, text
                    assert text.count(" holds ") == 1, text
                else:
                    assert " holds " not in text, text
    assert {0, 1, CHANCE} <= movers, "the walks should meet seat 0, seat 1 and chance"


@pytest.mark.parametrize("name", GAMES)
def test_an_out_of_turn_error_carries_the_description(name: str) -> None:
    """The state summary travels with the error: exactly ``describe`` of the state."""
    game = get_game(name)
    config = game.config(**CONFIGS.get(name, [{}])[0])
    kinds: dict[type, object] = {}
    walk = list(random_walk(game, config, 0, limit=600))
    for _, action in walk:
        if action is not None:
            kinds.setdefault(type(action), action)
    checked = 0
    for state, action in walk[:200]:
        for other in kinds.values():
            if action is not None and type(other) is type(action):
                continue
            try:
                game.apply(state, other)
            except IllegalAction as error:
                if error.state:
                    assert error.state == game.describe(state)
                    checked += 1
    assert checked
