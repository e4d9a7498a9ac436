"""The trick phase's helpers agree with the Game API at every state of the tricks.

:func:`engine.euchre.play.legal_play_actions` and ``legal_play_mask`` are the
trick phase's legal plays as actions and as a mask; ``EUCHRE.legal_actions``
inlines the same computation for speed.  Leading, following (each card of a
trick after the first must follow the led card's suit) and a lone hand, all
three must give the same answer.
"""

from __future__ import annotations

import pytest

from engine.euchre import play
from engine.euchre.game import EUCHRE
from engine.euchre.masks import actions_of
from spec.euchre.state import Stage
from tests.games import CONFIGS, random_walk


@pytest.mark.clauses("euchre.trick.follow-suit")
@pytest.mark.parametrize("options", CONFIGS["euchre"], ids=str)
def test_the_helpers_give_the_legal_plays(options: dict[str, object]) -> None:
    config = EUCHRE.config(**options)
    trick_sizes: set[int] = set()
    for seed in range(3):
        for state, _ in random_walk(EUCHRE, config, seed):
            if state.stage != Stage.TRICKS:
                continue
            legal = EUCHRE.legal_actions(state)
            assert play.legal_play_actions(state) == legal
            assert actions_of(play.legal_play_mask(state), play.PLAY_TABLE) == legal
            trick_sizes.add(len(state.trick))
    assert {0, 1, 2} <= trick_sizes
