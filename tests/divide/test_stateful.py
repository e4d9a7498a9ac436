"""Whole games of Divide driven by Hypothesis, drawing only legal actions.

After every step: every state invariant and step invariant holds, ``apply``
left its input unchanged, a non-final state has something to do, and an
action that is not legal here is rejected with a clause.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.api import CHANCE
from engine.divide.game import DIVIDE
from spec.divide.actions import PLAYS
from spec.divide.config import DivideConfig
from spec.errors import IllegalAction

pytestmark = pytest.mark.clauses(
    "divide.round.phases",
    "divide.deal.nine",
    "divide.divide.final-hand",
    "divide.trick.count",
    "divide.score.round",
    "divide.end.four-rounds",
)


class DivideGame(RuleBasedStateMachine):
    """Random legal Divide games for 4 and 5 players, both suit rulings."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.seen: list[Any] = []

    @initialize(players=st.sampled_from([4, 5]), trump_suit=st.sampled_from(["printed", "own"]))
    def start(self, players: int, trump_suit: str) -> None:
        self.state = DIVIDE.new_game(DivideConfig(players=players, trump_suit=trump_suit))  # type: ignore[arg-type]

    def _step(self, action: Any) -> None:
        before = self.state
        snapshot = DIVIDE.state_to_json(before)
        after = DIVIDE.apply(before, action)
        assert DIVIDE.state_to_json(before) == snapshot, "apply changed its input"
        assert not DIVIDE.step_violations(before, after)
        self.seen.append(action)
        self.state = after

    @precondition(lambda self: self.state is not None and DIVIDE.to_move(self.state) == CHANCE)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        space = DIVIDE.chance_outcomes(self.state)
        assert space is not None
        self._step(space.outcome(data.draw(st.integers(0, space.size - 1), label="outcome")))

    @precondition(
        lambda self: self.state is not None and isinstance(DIVIDE.to_move(self.state), int)
    )
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        legal = DIVIDE.legal_actions(self.state)
        self._step(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: self.state is not None and DIVIDE.to_move(self.state) is not None)
    @rule(data=st.data())
    def reject_illegal(self, data: st.DataObject) -> None:
        legal = set(DIVIDE.legal_actions(self.state))
        pool = [a for a in (*self.seen[-30:], *PLAYS[:52]) if a not in legal]
        space = DIVIDE.chance_outcomes(self.state)
        if space is not None:
            pool = [a for a in pool if a not in space]
        action = data.draw(st.sampled_from(pool), label="illegal")
        with pytest.raises(IllegalAction) as info:
            DIVIDE.apply(self.state, action)
        assert info.value.clause in DIVIDE.rulebook

    @precondition(lambda self: self.state is not None and DIVIDE.to_move(self.state) is None)
    @rule()
    def game_over(self) -> None:
        assert DIVIDE.result(self.state) is not None
        assert DIVIDE.legal_actions(self.state) == ()
        assert DIVIDE.chance_outcomes(self.state) is None
        self.state = DIVIDE.new_game(self.state.config)  # play on: another whole game

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is None:
            return
        assert not DIVIDE.violations(self.state)
        mover = DIVIDE.to_move(self.state)
        if mover is None:
            assert DIVIDE.legal_actions(self.state) == ()
            assert DIVIDE.result(self.state) is not None
        elif mover == CHANCE:
            space = DIVIDE.chance_outcomes(self.state)
            assert space is not None and space.size > 0
        else:
            assert DIVIDE.legal_actions(self.state)


DivideGame.TestCase.settings = settings(
    DivideGame.TestCase.settings, stateful_step_count=700, max_examples=10
)
TestDivideGame = DivideGame.TestCase
