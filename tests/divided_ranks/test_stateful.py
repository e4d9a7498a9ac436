"""Whole games of Divided Ranks driven by Hypothesis, drawing only legal actions.

After every step: every state invariant and step invariant holds, ``apply``
left its input unchanged, a non-final state has something to do, and an
action that is not legal here is rejected with a clause.  The test also
checks the draft's shape directly: 21 cards conserved, hand sizes, the
splitter alternating, three splits against two, and the reserve order.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.api import CHANCE
from engine.divided_ranks.game import GAME
from engine.divided_ranks.reserve import SWAPS
from spec.cards import CardSet
from spec.divided_ranks.actions import KEEP, TAKE_DOWN, TAKE_UP, Build, Split
from spec.divided_ranks.config import DividedRanksConfig
from spec.divided_ranks.constants import PACK_MASK
from spec.divided_ranks.state import DividedRanksState, Stage
from spec.errors import IllegalAction

pytestmark = pytest.mark.clauses(
    "divided-ranks.play.phases",
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.end",
    "divided-ranks.reserve.order",
    "divided-ranks.reserve.turns",
    "divided-ranks.build.two-hands",
    "divided-ranks.end.reveal",
)

ODD_ACTIONS: list[Any] = [
    KEEP,
    TAKE_UP,
    TAKE_DOWN,
    *list(SWAPS.values())[:4],
    Split(CardSet("AS AH"), CardSet("KS KH")),
    Build(CardSet("AS AH AD AC JK"), CardSet("KS KH KD KC QS")),
]


def check_shape(state: DividedRanksState) -> None:
    """The draft's shape, stated directly (the spec's invariants say the same)."""
    if state.stage in (Stage.FIRST_SPLITTER, Stage.DEAL):
        return
    places = [*state.hands, *state.offer, 1 << state.reserve, sum(1 << c for c in state.stock)]
    assert sum(m.bit_count() for m in places) == 21 and sum(places) == PACK_MASK
    done = len(state.rounds)
    assert all(h.bit_count() == 2 * done for h in state.hands)
    for i, (splitter, *_) in enumerate(state.rounds):
        assert splitter == state.first_splitter ^ (i % 2)
    if done == 5:
        splits = sorted(sum(r[0] == p for r in state.rounds) for p in (0, 1))
        assert splits == [2, 3]
    if state.stage in (Stage.RESERVE, Stage.BUILD, Stage.OVER):
        if state.config.reserve_order == "fewer-splits":
            assert state.reserve_first == 1 - state.first_splitter
        if state.swaps:
            assert state.swaps[0][0] == state.reserve_first


class DividedRanksGame(RuleBasedStateMachine):
    """Random legal games under every configuration."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.seen: list[Any] = []

    @initialize(
        swap=st.sampled_from(["blind", "face-up"]),
        reserve_order=st.sampled_from(["fewer-splits", "coin"]),
    )
    def start(self, swap: str, reserve_order: str) -> None:
        config = DividedRanksConfig(swap=swap, reserve_order=reserve_order)  # type: ignore[arg-type]
        self.state = GAME.new_game(config)

    def _step(self, action: Any) -> None:
        before = self.state
        snapshot = GAME.state_to_json(before)
        after = GAME.apply(before, action)
        assert GAME.state_to_json(before) == snapshot, "apply changed its input"
        assert not GAME.step_violations(before, after)
        self.seen.append(action)
        self.state = after

    @precondition(lambda self: self.state is not None and GAME.to_move(self.state) == CHANCE)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        space = GAME.chance_outcomes(self.state)
        assert space is not None
        self._step(space.outcome(data.draw(st.integers(0, space.size - 1), label="outcome")))

    @precondition(lambda self: self.state is not None and isinstance(GAME.to_move(self.state), int))
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        legal = GAME.legal_actions(self.state)
        self._step(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: self.state is not None and GAME.to_move(self.state) is not None)
    @rule(data=st.data())
    def reject_illegal(self, data: st.DataObject) -> None:
        legal = set(GAME.legal_actions(self.state))
        pool = [a for a in (*self.seen[-30:], *ODD_ACTIONS) if a not in legal]
        space = GAME.chance_outcomes(self.state)
        if space is not None:
            pool = [a for a in pool if a not in space]
        action = data.draw(st.sampled_from(pool), label="illegal")
        with pytest.raises(IllegalAction) as info:
            GAME.apply(self.state, action)
        assert info.value.clause in GAME.rulebook

    @precondition(lambda self: self.state is not None and GAME.to_move(self.state) is None)
    @rule()
    def game_over(self) -> None:
        assert GAME.result(self.state) is not None
        assert GAME.legal_actions(self.state) == ()
        assert GAME.chance_outcomes(self.state) is None
        self.state = GAME.new_game(self.state.config)  # play on: another whole game

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is None:
            return
        assert not GAME.violations(self.state)
        check_shape(self.state)
        mover = GAME.to_move(self.state)
        if mover is None:
            assert GAME.legal_actions(self.state) == ()
            assert GAME.result(self.state) is not None
        elif mover == CHANCE:
            space = GAME.chance_outcomes(self.state)
            assert space is not None and space.size > 0
        else:
            assert GAME.legal_actions(self.state)


DividedRanksGame.TestCase.settings = settings(
    DividedRanksGame.TestCase.settings, stateful_step_count=120, max_examples=12
)
TestDividedRanksGame = DividedRanksGame.TestCase
