"""What a Divide player may know: hidden cards never reach another seat's observation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divide.exchange import returned_cards
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.observe import exchange_complete
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.invariants import played_cards
from cardlaw.spec.divide.state import DivideState, Stage
from tests.games import random_walk
from tests.generic.cards import Swap, hidden_swaps


def known_cards(state: DivideState, seat: int) -> int:
    """The cards whose place ``seat`` may know, stated from the rules, not from ``observe``."""
    n = state.players
    mask = (
        state.hands[seat] | state.secured[seat] | state.offers_left[seat] | state.offers_right[seat]
    )
    if state.offerings[seat] >= 0:
        mask |= 1 << state.offerings[seat]
    if state.trump >= 0:
        mask |= 1 << state.trump
    done = exchange_complete(state)
    choosing = state.stage == Stage.CHOOSE and state.actor == seat
    if done or state.kept_left[seat] or choosing:
        mask |= state.offers_right[(seat + 1) % n]
    if done or state.kept_right[seat] or (choosing and state.kept_left[seat]):
        mask |= state.offers_left[(seat - 1) % n]
    if done:
        mask |= returned_cards(state, seat)
    if state.stage >= Stage.REVEAL or done:
        mask |= played_cards(state)
    return mask


CARD_FIELDS = {
    "card": ("trump",),
    "cards": ("offerings", "trick"),
    "mask": ("undealt",),
    "masks": ("hands", "secured", "offers_left", "offers_right", "kept_left", "kept_right"),
    "tricks": ("tricks",),
}
"""Where a Divide state keeps its cards: its fields, by kind (see :class:`Swap`)."""


def hidden_from(state: DivideState, seat: int) -> list[int]:
    """The cards whose place ``seat`` may not know."""
    return [c for c in range(52) if not known_cards(state, seat) >> c & 1]


def swap(state: DivideState, a: int, b: int) -> DivideState:
    """The same state with cards ``a`` and ``b`` exchanged wherever they are."""
    return Swap(a, b).apply(state, CARD_FIELDS)


@pytest.mark.clauses("divide.info.hidden", "divide.divide.secrecy", "divide.trump.offerings-aside")
@given(st.integers(0, 2**32), st.sampled_from([4, 5]))
@settings(max_examples=25)
def test_hidden_cards_never_change_an_observation(seed: int, players: int) -> None:
    rng = random.Random(seed)
    states = [s for s, _ in random_walk(DIVIDE, DivideConfig(players=players), seed)]
    checked = 0
    for state, seat, a, b in hidden_swaps(states, players, hidden_from, rng, 12):
        other = swap(state, a, b)
        assert DIVIDE.observe(other, seat) == DIVIDE.observe(state, seat), (state.stage, a, b)
        checked += 1
    assert checked


def test_swapping_a_known_card_is_seen() -> None:
    """The check above is not vacuous: swapping a card the seat holds changes its view."""
    states = [s for s, _ in random_walk(DIVIDE, DivideConfig(), 11)]
    state: Any = next(s for s in states if s.stage == Stage.TRICKS)
    mine = next(c for c in range(52) if state.hands[0] >> c & 1)
    theirs = next(c for c in range(52) if state.hands[1] >> c & 1)
    assert DIVIDE.observe(swap(state, mine, theirs), 0) != DIVIDE.observe(state, 0)


def test_observation_is_immutable() -> None:
    state = next(s for s, _ in random_walk(DIVIDE, DivideConfig(), 2))
    view = DIVIDE.observe(state, 0)
    with pytest.raises(AttributeError):
        view.hand = None  # type: ignore[misc, assignment]  # the write must raise
