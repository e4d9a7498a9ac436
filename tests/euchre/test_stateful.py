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
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from cardlaw.engine.api import CHANCE
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.euchre.actions import DISCARDS, NAMES, ORDER_UP, PASS, PLAYS
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import EUCHRE_DECK, TEAM_OF
from cardlaw.spec.euchre.state import Stage, sitting_out
from tests.generic.stateful import GameMachine, as_test_case

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


class EuchreGame(GameMachine):
    """Random legal Euchre games under both all-pass rulings."""

    game = EUCHRE
    strays = STRAYS

    @initialize(stick=st.booleans())
    def start(self, stick: bool) -> None:
        self.start_game(EuchreConfig(stick_the_dealer=stick))

    def check_step(self, before: Any, after: Any) -> None:
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
                self.start_game(self.state.config)
                return
            space = EUCHRE.chance_outcomes(self.state)
            assert space is not None
            self._step(space.outcome(data.draw(st.integers(0, space.size - 1), label="outcome")))
        else:
            legal = EUCHRE.legal_actions(self.state)
            self._step(data.draw(st.sampled_from(legal), label="action"))

    def check_result(self, result: Any) -> None:
        assert max(result.scores) >= 10
        assert result.scores[result.winner] > result.scores[1 - result.winner]
        event("a game reached ten points")


TestEuchreGame = as_test_case(EuchreGame, steps=800, examples=10)
