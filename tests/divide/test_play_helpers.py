"""The trick phase's helpers agree with the Game API at every state of the tricks.

:func:`engine.divide.play.legal_play_actions` (what ``DIVIDE.legal_actions``
answers during the tricks) and ``legal_play_mask`` must name the same cards,
leading and following, under either reading of a Trump Rank card's suit.
"""

from __future__ import annotations

import pytest

from engine.divide import play
from engine.divide.game import DIVIDE
from spec.divide.actions import PLAYS
from spec.divide.state import Stage
from tests.games import CONFIGS, random_walk


@pytest.mark.clauses("divide.trick.follow-suit", "divide.trick.lead-restriction")
@pytest.mark.parametrize("options", CONFIGS["divide"], ids=str)
def test_the_helpers_give_the_legal_plays(options: dict[str, object]) -> None:
    config = DIVIDE.config(**options)
    trick_sizes: set[int] = set()
    for seed in range(2):
        for state, _ in random_walk(DIVIDE, config, seed):
            if state.stage != Stage.TRICKS or state.actor < 0:
                continue
            legal = DIVIDE.legal_actions(state)
            assert play.legal_play_actions(state) == legal
            mask = play.legal_play_mask(state)
            assert tuple(PLAYS[c] for c in range(52) if mask >> c & 1) == legal
            trick_sizes.add(len(state.trick))
    assert {0, 1, 2, 3} <= trick_sizes
