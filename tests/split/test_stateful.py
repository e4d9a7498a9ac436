"""Whole games of Split driven by Hypothesis, drawing only legal actions.

After every step: every state invariant and step invariant holds (101 cards
in place, thirteen wild cards, fresh piles standard with the lower on the
left, a standard middle card strictly between the piles, no game ending on a
wild card), ``apply`` left its input unchanged, a non-final state has
something to do, and an action that is not legal here is rejected with a
clause.  A separate rule resets whenever the rules allow it, so hands grow,
the draw pile runs out and reshuffles and put-unders happen.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.api import CHANCE
from engine.split.game import SPLIT
from spec.errors import IllegalAction
from spec.split.actions import AIDS, BURIES, MOVES, PLAYS, RESET
from spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK
from spec.split.config import SplitConfig
from spec.split.invariants import draw_mask
from spec.split.state import End, SplitState, Stage

pytestmark = pytest.mark.clauses(
    "split.components.deck",
    "split.cards.wild",
    "split.turn.play-between",
    "split.turn.must-reset",
    "split.reset.reopen",
    "split.end.no-wild-finish",
    "split.ruling.turn-limit",
)

_STRAYS = (*PLAYS, *MOVES, RESET, *AIDS.values(), *BURIES[::10])


def check_state(state: SplitState) -> None:
    """The properties every reachable state has, stated here independently of the spec."""
    places = [*state.hands, draw_mask(state), state.discard, state.table, state.aside]
    union = 0
    for mask in places:
        assert union & mask == 0, "a card is in two places"
        union |= mask
    if state.stage not in (Stage.FIRST_DEALER, Stage.DEAL):
        assert union == DECK_MASK, "the 101 cards are not all somewhere"
        if state.config.cooperative:
            assert (union & ~state.aside).bit_count() + state.aside.bit_count() == 101
        assert sum((m & WILD_MASK).bit_count() for m in places) == 13
    if state.left >= 0 and state.table.bit_count() == 2 and state.middle < 0:
        assert STANDARD_MASK >> state.left & 1 and STANDARD_MASK >> state.right & 1
        assert state.left < state.right
    if state.middle >= 0 and STANDARD_MASK >> state.middle & 1:
        low, high = sorted((state.left, state.right))
        assert low < state.middle < high
    if state.end in (End.WIN, End.GROUP_WIN):
        assert STANDARD_MASK >> state.middle & 1, "the game ended on a wild card"


class SplitGame(RuleBasedStateMachine):
    """Random legal Split games, competitive (2-6 players) and cooperative (3-5, any aids)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.seen: list[Any] = []

    @initialize(
        cooperative=st.booleans(),
        players=st.integers(2, 6),
        aids=st.sampled_from([(0, 100), (0,), (100,), ()]),
        max_turns=st.integers(20, 150),
    )
    def start(self, cooperative: bool, players: int, aids: tuple[int, ...], max_turns: int) -> None:
        if cooperative:
            config = SplitConfig(
                mode="cooperative", players=min(max(players, 3), 5), aids=aids, max_turns=max_turns
            )
        else:
            config = SplitConfig(players=players, max_turns=max_turns)
        self.state = SPLIT.new_game(config)

    def _step(self, action: Any) -> None:
        before = self.state
        snapshot = SPLIT.state_to_json(before)
        after = SPLIT.apply(before, action)
        assert SPLIT.state_to_json(before) == snapshot, "apply changed its input"
        assert not SPLIT.step_violations(before, after)
        self.seen.append(action)
        self.state = after

    @precondition(lambda self: self.state is not None and SPLIT.to_move(self.state) == CHANCE)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        space = SPLIT.chance_outcomes(self.state)
        assert space is not None
        self._step(space.outcome(data.draw(st.integers(0, space.size - 1), label="outcome")))

    @precondition(
        lambda self: self.state is not None and isinstance(SPLIT.to_move(self.state), int)
    )
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        legal = SPLIT.legal_actions(self.state)
        self._step(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: self.state is not None and RESET in SPLIT.legal_actions(self.state))
    @rule()
    def reset(self) -> None:
        self._step(RESET)

    @precondition(lambda self: self.state is not None and SPLIT.to_move(self.state) is not None)
    @rule(data=st.data())
    def reject_illegal(self, data: st.DataObject) -> None:
        legal = set(SPLIT.legal_actions(self.state))
        pool = [a for a in (*self.seen[-30:], *_STRAYS) if a not in legal]
        space = SPLIT.chance_outcomes(self.state)
        if space is not None:
            pool = [a for a in pool if a not in space]
        action = data.draw(st.sampled_from(pool), label="illegal")
        with pytest.raises(IllegalAction) as info:
            SPLIT.apply(self.state, action)
        assert info.value.clause in SPLIT.rulebook

    @precondition(lambda self: self.state is not None and SPLIT.to_move(self.state) is None)
    @rule()
    def game_over(self) -> None:
        assert SPLIT.result(self.state) is not None
        assert SPLIT.legal_actions(self.state) == ()
        assert SPLIT.chance_outcomes(self.state) is None
        self.state = SPLIT.new_game(self.state.config)  # play on: another whole game

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is None:
            return
        assert not SPLIT.violations(self.state)
        check_state(self.state)
        mover = SPLIT.to_move(self.state)
        if mover is None:
            assert SPLIT.legal_actions(self.state) == ()
            assert SPLIT.result(self.state) is not None
        elif mover == CHANCE:
            space = SPLIT.chance_outcomes(self.state)
            assert space is not None and space.size > 0
        else:
            assert SPLIT.legal_actions(self.state)


SplitGame.TestCase.settings = settings(
    SplitGame.TestCase.settings, stateful_step_count=400, max_examples=12
)
TestSplitGame = SplitGame.TestCase
