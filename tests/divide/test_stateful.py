"""Whole games of Divide driven by Hypothesis, drawing only legal actions.

After every step: every state invariant and step invariant holds, ``apply``
left its input unchanged, a non-final state has something to do, and an
action that is not legal here is rejected with a clause.
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.spec.divide.actions import PLAYS
from cardlaw.spec.divide.config import DivideConfig, TrumpSuitRule
from tests.generic.stateful import LegalGameMachine, as_test_case

pytestmark = pytest.mark.clauses(
    "divide.round.phases",
    "divide.deal.nine",
    "divide.divide.final-hand",
    "divide.trick.count",
    "divide.score.round",
    "divide.end.four-rounds",
)


class DivideGame(LegalGameMachine):
    """Random legal Divide games for 4 and 5 players, both suit rulings."""

    game = DIVIDE
    strays = PLAYS[:52]

    @initialize(players=st.sampled_from([4, 5]), trump_suit=st.sampled_from(["printed", "own"]))
    def start(self, players: int, trump_suit: TrumpSuitRule) -> None:
        self.start_game(DivideConfig(players=players, trump_suit=trump_suit))


TestDivideGame = as_test_case(DivideGame, steps=700, examples=10)
