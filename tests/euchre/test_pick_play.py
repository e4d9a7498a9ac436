"""A bot's draw among the legal plays (:func:`engine.euchre.play.pick_play`).

``sample_legal_action`` draws the card a player leads or follows with without
joining the two halves of the play table; the draw ``k`` names the ``k``-th
legal play, and a draw past the last one is refused rather than read from
the wrong half.  (``tests/engine/test_bad_draws.py`` asks the same of every
game through the API; this is the Euchre play stage's own, cheap check.)
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.play import legal_play_actions, pick_play
from cardlaw.engine.picking import Below
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.state import EuchreState, Stage
from tests.games import TESTED, random_walk


def _index(index: int) -> Below:
    """A draw that always gives ``index``."""
    return lambda n: index


def _play_states(seed: int) -> list[EuchreState]:
    game = TESTED["euchre"]
    return [
        state
        for state, _ in random_walk(game, game.config(), seed, limit=200)
        if state.stage == Stage.TRICKS and game.to_move(state) is not None
    ]


@given(seed=st.integers(0, 2**16), choice=st.randoms(use_true_random=False))
@settings(max_examples=25, deadline=None)
def test_each_draw_names_that_legal_play_and_one_past_the_end_is_refused(
    seed: int, choice: random.Random
) -> None:
    states = _play_states(seed)
    if not states:
        return
    state = choice.choice(states)
    legal = legal_play_actions(state)
    n = len(legal)
    assert [pick_play(state, _index(k)) for k in range(n)] == list(legal)
    for bad in (n, n + 1, -1):
        with pytest.raises(MalformedInput, match=rf"gave {bad}, not 0 to {n - 1}"):
            pick_play(state, _index(bad))
