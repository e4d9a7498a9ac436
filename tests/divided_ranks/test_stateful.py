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
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.reserve import SWAPS
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import KEEP, TAKE_DOWN, TAKE_UP, Build, Split
from cardlaw.spec.divided_ranks.config import DividedRanksConfig, ReserveOrder, SwapRule
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from tests.generic.stateful import LegalGameMachine, as_test_case

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


class DividedRanksGame(LegalGameMachine):
    """Random legal games under every configuration."""

    game = DIVIDED_RANKS
    strays = tuple(ODD_ACTIONS)

    @initialize(
        swap=st.sampled_from(["blind", "face-up"]),
        reserve_order=st.sampled_from(["fewer-splits", "coin"]),
    )
    def start(self, swap: SwapRule, reserve_order: ReserveOrder) -> None:
        config = DividedRanksConfig(swap=swap, reserve_order=reserve_order)
        self.start_game(config)

    def check_state(self, state: DividedRanksState) -> None:
        check_shape(state)


TestDividedRanksGame = as_test_case(DividedRanksGame, steps=120, examples=12)
