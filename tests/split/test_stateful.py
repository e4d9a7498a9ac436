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

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.split.actions import AIDS, BURIES, MOVES, PLAYS, RESET
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.invariants import draw_mask
from cardlaw.spec.split.state import End, SplitState, Stage
from tests.generic.stateful import LegalGameMachine, as_test_case

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


class SplitGame(LegalGameMachine):
    """Random legal Split games, competitive (2-6 players) and cooperative (3-5, any aids)."""

    game = SPLIT
    strays = _STRAYS

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
        self.start_game(config)

    @precondition(lambda self: self.state is not None and RESET in SPLIT.legal_actions(self.state))
    @rule()
    def reset(self) -> None:
        self._step(RESET)

    def check_state(self, state: SplitState) -> None:
        check_state(state)


TestSplitGame = as_test_case(SplitGame, steps=400, examples=12)
