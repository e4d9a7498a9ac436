"""What a Euchre player may know: hidden cards never reach another seat's observation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import EUCHRE_DECK
from cardlaw.spec.euchre.invariants import played_cards
from cardlaw.spec.euchre.state import EuchreState, Stage
from tests.games import random_walk
from tests.generic.cards import Swap, hidden_swaps

EUCHRE_CARDS = [c for c in range(52) if EUCHRE_DECK >> c & 1]


def known_cards(state: EuchreState, seat: int) -> int:
    """The cards whose place ``seat`` may know, stated from the rules, not from ``observe``.

    Its own hand, the up-card (public, wherever it went), every card played,
    and for the dealer the card it discarded.
    """
    mask = state.hands[seat] | played_cards(state)
    if state.upcard >= 0:
        mask |= 1 << state.upcard
    if seat == state.dealer and state.discard >= 0:
        mask |= 1 << state.discard
    return mask


def hidden_from(state: EuchreState, seat: int) -> list[int]:
    """The cards whose place ``seat`` may not know."""
    return [c for c in EUCHRE_CARDS if not known_cards(state, seat) >> c & 1]


CARD_FIELDS = {
    "card": ("upcard", "discard"),
    "cards": ("trick",),
    "mask": ("kitty",),
    "masks": ("hands",),
    "tricks": ("tricks",),
}
"""Where a Euchre state keeps its cards: its fields, by kind (see :class:`Swap`)."""


def swap(state: EuchreState, a: int, b: int) -> EuchreState:
    """The same state with cards ``a`` and ``b`` exchanged wherever they are."""
    return Swap(a, b).apply(state, CARD_FIELDS)


@pytest.mark.clauses("euchre.info.hidden", "euchre.deal.kitty-hidden")
@given(st.integers(0, 2**32), st.booleans())
@settings(max_examples=25)
def test_hidden_cards_never_change_an_observation(seed: int, stick: bool) -> None:
    rng = random.Random(seed)
    states = [s for s, _ in random_walk(EUCHRE, EuchreConfig(stick_the_dealer=stick), seed)]
    checked = 0
    for state, seat, a, b in hidden_swaps(states, 4, hidden_from, rng, 12):
        other = swap(state, a, b)
        assert EUCHRE.observe(other, seat) == EUCHRE.observe(state, seat), (state.stage, a, b)
        checked += 1
    assert checked


@pytest.mark.clauses("euchre.info.hidden")
def test_swapping_a_known_card_is_seen() -> None:
    """The check above is not vacuous: a card the seat holds, or its discard, is seen."""
    states = [s for s, _ in random_walk(EUCHRE, EuchreConfig(), 11)]
    state: Any = next(s for s in states if s.stage == Stage.TRICKS and not s.tricks)
    mine = next(c for c in EUCHRE_CARDS if state.hands[0] >> c & 1)
    theirs = next(c for c in EUCHRE_CARDS if state.hands[1] >> c & 1)
    assert EUCHRE.observe(swap(state, mine, theirs), 0) != EUCHRE.observe(state, 0)
    under = next(c for c in EUCHRE_CARDS if state.kitty >> c & 1)
    assert EUCHRE.observe(swap(state, under, state.upcard), 2) != EUCHRE.observe(state, 2)


@pytest.mark.clauses("euchre.info.hidden", "euchre.bid.pick-up")
def test_only_the_dealer_sees_the_discard() -> None:
    for seed in range(40):
        states = [s for s, _ in random_walk(EUCHRE, EuchreConfig(), seed)]
        state = next((s for s in states if s.stage == Stage.TRICKS and s.discard >= 0), None)
        if state is None:
            continue
        for seat in range(4):
            view = EUCHRE.observe(state, seat)
            assert (view.discard is not None) == (seat == state.dealer)
            assert view.upcard is not None and view.up_card_taken
        return
    pytest.fail("no seed ordered the up-card up")


def test_observation_is_immutable() -> None:
    state = next(s for s, _ in random_walk(EUCHRE, EuchreConfig(), 2))
    view = EUCHRE.observe(state, 0)
    with pytest.raises(AttributeError):
        view.hand = None  # type: ignore[misc, assignment]  # the write must raise
    with pytest.raises(ValueError, match="no seat 4"):
        EUCHRE.observe(state, 4)
