"""What a Split player may know: other hands and the draw pile never reach an observation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.invariants import draw_mask
from cardlaw.spec.split.state import SplitState
from tests.games import random_walk
from tests.generic.cards import Swap, hidden_swaps


def hidden_from(state: SplitState, seat: int) -> list[int]:
    """The cards whose place ``seat`` may not know, stated from the rules: other hands, the draw."""
    mask = draw_mask(state)
    for p, hand in enumerate(state.hands):
        if p != seat:
            mask |= hand
    return [c for c in range(101) if mask >> c & 1]


def swap(state: SplitState, a: int, b: int) -> SplitState:
    """The same state with cards ``a`` and ``b`` exchanged wherever they are."""
    return Swap(a, b).apply(state, {"masks": ("hands",), "cards": ("draw",)})


@pytest.mark.clauses("split.info.hidden")
@given(st.integers(0, 2**32), st.sampled_from([(2, False), (4, False), (3, True), (5, True)]))
@settings(max_examples=20)
def test_hidden_cards_never_change_an_observation(seed: int, setup: tuple[int, bool]) -> None:
    players, cooperative = setup
    if cooperative:
        config = SplitConfig(mode="cooperative", players=players, max_turns=200)
    else:
        config = SplitConfig(players=players, max_turns=200)
    rng = random.Random(seed)
    states = [s for s, _ in random_walk(SPLIT, config, seed)]
    checked = 0
    for state, seat, a, b in hidden_swaps(states, players, hidden_from, rng, 10):
        assert SPLIT.observe(swap(state, a, b), seat) == SPLIT.observe(state, seat)
        shuffled = list(state.draw)
        rng.shuffle(shuffled)
        assert SPLIT.observe(state._replace(draw=tuple(shuffled)), seat) == SPLIT.observe(
            state, seat
        )
        checked += 1
    assert checked


def test_swapping_a_known_card_is_seen() -> None:
    """The check above is not vacuous: swapping a card the seat holds changes its view."""
    state: Any = next(s for s, _ in random_walk(SPLIT, SplitConfig(), 3) if s.left >= 0)
    mine = next(c for c in range(101) if state.hands[0] >> c & 1)
    theirs = next(c for c in range(101) if state.hands[1] >> c & 1)
    assert SPLIT.observe(swap(state, mine, theirs), 0) != SPLIT.observe(state, 0)
    view = SPLIT.observe(state, 0)
    assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
    assert view.draw_size == len(state.draw)
    with pytest.raises(AttributeError):
        view.hand = None  # type: ignore[misc, assignment]  # a frozen view: the test shows the assignment is refused
