"""Whole games of Euchre driven by Hypothesis, drawing only legal actions.

After every step: every state invariant and step invariant holds (24-card
conservation, hand sizes, a sitting-out partner never plays, exactly one team
scores per played hand, scores never fall), ``apply`` left its input
unchanged, a non-final state has something to do, and an action that is not
legal here is rejected with a clause.

Under the default rule a hand that everybody passes is thrown in, so a game
could go on for ever: the machine starts a fresh game after
:data:`MAX_HANDS` hands.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.api import CHANCE
from engine.euchre.game import EUCHRE
from spec.errors import IllegalAction
from spec.euchre.actions import DISCARDS, NAMES, ORDER_UP, PASS, PLAYS
from spec.euchre.config import EuchreConfig
from spec.euchre.constants import EUCHRE_DECK, TEAM_OF
from spec.euchre.state import Stage, sitting_out

pytestmark = pytest.mark.clauses(
    "euchre.hand.phases",
    "euchre.deal.five",
    "euchre.bid.alone",
    "euchre.trick.count",
    "euchre.score.one-team",
    "euchre.end.ten",
    "euchre.ruling.all-pass",
)

MAX_HANDS = 12
"""Hands after which a game is abandoned for a fresh one (thrown-in hands can repeat)."""

STRAYS = (
    PASS,
    *ORDER_UP,
    *(name for pair in NAMES for name in pair),
    *(PLAYS[c] for c in range(52) if EUCHRE_DECK >> c & 1),
    *(DISCARDS[c] for c in range(52) if EUCHRE_DECK >> c & 1),
)


class EuchreGame(RuleBasedStateMachine):
    """Random legal Euchre games under both all-pass rulings."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.seen: list[Any] = []

    @initialize(stick=st.booleans())
    def start(self, stick: bool) -> None:
        self.state = EUCHRE.new_game(EuchreConfig(stick_the_dealer=stick))

    def _step(self, action: Any) -> None:
        before = self.state
        snapshot = EUCHRE.state_to_json(before)
        after = EUCHRE.apply(before, action)
        assert EUCHRE.state_to_json(before) == snapshot, "apply changed its input"
        assert not EUCHRE.step_violations(before, after)
        if before.stage == Stage.TRICKS:
            assert before.actor != sitting_out(before), "a sitting-out partner played"
        if len(after.results) > len(before.results):
            team, points = after.results[-1]
            gained = [after.scores[t] - before.scores[t] for t in (0, 1)]
            if team < 0:
                assert gained == [0, 0]
            else:
                assert gained[team] == points > 0 and gained[1 - team] == 0
                makers = TEAM_OF[before.maker]
                assert (team == makers) == (after.won[makers] >= 3)
        self.seen.append(action)
        self.state = after

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    def advance(self, data: st.DataObject) -> None:
        """One step of the game: chance, a player's legal action, or a new game."""
        mover = EUCHRE.to_move(self.state)
        if mover is None:
            self._game_over()
        elif mover == CHANCE:
            if self.state.deal >= MAX_HANDS:
                event("a game was abandoned after many hands")
                self.state = EUCHRE.new_game(self.state.config)
                return
            space = EUCHRE.chance_outcomes(self.state)
            assert space is not None
            self._step(space.outcome(data.draw(st.integers(0, space.size - 1), label="outcome")))
        else:
            legal = EUCHRE.legal_actions(self.state)
            self._step(data.draw(st.sampled_from(legal), label="action"))

    def _game_over(self) -> None:
        result = EUCHRE.result(self.state)
        assert result is not None and max(result.scores) >= 10
        assert result.scores[result.winner] > result.scores[1 - result.winner]
        assert EUCHRE.legal_actions(self.state) == ()
        assert EUCHRE.chance_outcomes(self.state) is None
        event("a game reached ten points")
        self.state = EUCHRE.new_game(self.state.config)  # play on: another whole game

    @precondition(lambda self: self.state is not None and EUCHRE.to_move(self.state) is not None)
    @rule(data=st.data())
    def reject_illegal(self, data: st.DataObject) -> None:
        legal = set(EUCHRE.legal_actions(self.state))
        pool = [a for a in (*self.seen[-30:], *STRAYS) if a not in legal]
        space = EUCHRE.chance_outcomes(self.state)
        if space is not None:
            pool = [a for a in pool if a not in space]
        action = data.draw(st.sampled_from(pool), label="illegal")
        with pytest.raises(IllegalAction) as info:
            EUCHRE.apply(self.state, action)
        assert info.value.clause in EUCHRE.rulebook

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is None:
            return
        assert not EUCHRE.violations(self.state)
        mover = EUCHRE.to_move(self.state)
        if mover is None:
            assert EUCHRE.legal_actions(self.state) == ()
            assert EUCHRE.result(self.state) is not None
        elif mover == CHANCE:
            space = EUCHRE.chance_outcomes(self.state)
            assert space is not None and space.size > 0
        else:
            assert EUCHRE.legal_actions(self.state)


EuchreGame.TestCase.settings = settings(
    EuchreGame.TestCase.settings, stateful_step_count=800, max_examples=10
)
TestEuchreGame = EuchreGame.TestCase
