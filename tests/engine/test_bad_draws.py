"""Draws from outside the rules: a chance outcome's index and a bot's random number generator.

``ChanceSpace.outcome(index)`` and ``sample_legal_action(state, rng)`` take a
number the caller chose.  Anything but a whole number from 0 to ``n - 1`` —
a negative one (never counted from the end), one past the end, a huge one, a
bool, a float, text, ``None`` — is refused with
:class:`~spec.errors.MalformedInput`, for every chance space of every game
and every stage where a seat acts; a generator that gives 10**9 is never
looped on.  A good draw gives exactly the action at that index; an error the
generator raises itself is the caller's, and goes up as it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.api import CHANCE, Draw
from cardlaw.spec.errors import MalformedInput
from tests.games import CONFIGS, GAME_PARAMS, TESTED, random_walk

BAD = [None, -1, -(2**70), True, False, 1.5, float("nan"), "0", b"0", (0,), 10**5000]
"""Draws that name no index, whatever ``n`` is (``False`` is 0, but no number; ``10**5000``
is past the end of every space, 101! shuffles included)."""


@cache
def nodes(name: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The first chance node of each kind and the first decision of each stage, in random games."""
    game = TESTED[name]
    config = game.config(**CONFIGS.get(name, [{}])[0])
    chances: dict[Any, Any] = {}
    decisions: dict[Any, Any] = {}
    for seed in range(3):
        for state, _ in random_walk(game, config, seed, limit=2000):
            mover = game.to_move(state)
            if mover == CHANCE:
                chances.setdefault(type(game.chance_outcomes(state)), state)
            elif mover is not None:
                decisions.setdefault(int(state.stage), state)
    return tuple(chances.values()), tuple(decisions.values())


class Told:
    """A generator that answers ``randrange(n)`` with what it is told."""

    def __init__(self, value: object) -> None:
        self.value = value
        self.asked: list[int] = []

    def randrange(self, n: int) -> object:
        self.asked.append(n)
        return self.value


class Failing:
    """A generator whose ``randrange`` fails."""

    def randrange(self, n: int) -> int:
        raise TypeError("no draw today")


def spaces(name: str) -> Iterator[Any]:
    game = TESTED[name]
    for state in nodes(name)[0]:
        space = game.chance_outcomes(state)
        assert space is not None
        yield space


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_an_outcome_index_out_of_range_is_refused(name: str) -> None:
    for space in spaces(name):
        for index in (*BAD, space.size, space.size + 7):
            with pytest.raises(MalformedInput, match=r"^outcome: the index must be a whole number"):
                space.outcome(index)
        assert space.outcome(space.size - 1) in space
        assert space.outcome(0) in space


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_bad_draw_is_refused_at_every_stage(name: str) -> None:
    game = TESTED[name]
    for state in nodes(name)[1]:
        n = len(game.legal_actions(state))
        for value in (*BAD, 10**9, n, n + 1):
            rng = Told(value)
            with pytest.raises(MalformedInput, match=r"^sample_legal_action: rng\.randrange"):
                game.sample_legal_action(state, cast("Draw", rng))
            assert rng.asked == [n], "one draw over the legal actions"
        with pytest.raises(TypeError, match="no draw today"):  # the generator's own error
            game.sample_legal_action(state, cast("Draw", Failing()))
        for junk in (None, 7, "random", object()):
            with pytest.raises(MalformedInput, match="rng must have a randrange method"):
                game.sample_legal_action(state, cast("Draw", junk))


@pytest.mark.parametrize("name", GAME_PARAMS)
@given(data=st.data())
@settings(max_examples=40)
def test_any_draw_is_an_action_or_refused(name: str, data: st.DataObject) -> None:
    game = TESTED[name]
    state = data.draw(st.sampled_from(nodes(name)[1]), label="state")
    legal = game.legal_actions(state)
    value = data.draw(
        st.one_of(st.integers(-5, len(legal) + 5), st.integers(), st.sampled_from(BAD)),
        label="draw",
    )
    if type(value) is int and 0 <= value < len(legal):
        assert game.sample_legal_action(state, cast("Draw", Told(value))) == legal[value]
    else:
        with pytest.raises(MalformedInput):
            game.sample_legal_action(state, cast("Draw", Told(value)))
