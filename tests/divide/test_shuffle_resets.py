"""The shuffle clears the table [divide.cleanup.reset]: nothing of the last round outlives it.

Between the eighth trick and the next shuffle the finished round stays on the
table for readers; the shuffle returns it.  A state file may hold such a
between-rounds state with anything the invariants allow in the fields of the
tricks — a trick leader among them, which the rules only use during the
tricks — and the new deal must not depend on it.
"""

from __future__ import annotations

import pytest

from cardlaw.engine.divide.deal import SHUFFLES
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.spec.divide.state import DivideState, Stage
from tests.games import random_walk


def between_rounds(players: int) -> DivideState:
    """The state after the first round of a random game, before the second shuffle."""
    config = DIVIDE.config(players=players)
    for state, _ in random_walk(DIVIDE, config, seed=1):
        if state.stage == Stage.DEAL and state.round == 1:
            found: DivideState = state
            return found
    raise AssertionError("the first round of the walk never ended")


@pytest.mark.clauses("divide.cleanup.reset")
@pytest.mark.parametrize("players", [4, 5])
def test_a_leader_left_on_the_table_does_not_outlive_the_shuffle(players: int) -> None:
    state = between_rounds(players)
    shuffle = SHUFFLES.outcome(12345)
    clean = DIVIDE.apply(state, shuffle)
    assert clean.stage == Stage.OFFERING and clean.leader == -1
    for leader in range(players):
        stale = DIVIDE.state_from_json({**DIVIDE.state_to_json(state), "leader": leader})
        assert DIVIDE.violations(stale) == []
        after = DIVIDE.apply(stale, shuffle)
        assert after == clean
        assert DIVIDE.observe(after, 0).leader == -1
