"""Observation tensors and strings: made from ``observe`` alone, so nothing hidden gets in.

The same perturbations as each game's secrecy tests (``tests/<game>/
test_observe.py``): two cards a seat cannot place are exchanged wherever they
are in the state; the seat's tensor, its observation string, and (the two
cards hidden from it all game long, exchanged in every state of the game)
its perfect-recall history string stay the same.  Exchanging a card it
holds with one it cannot see changes its tensor: the check is not vacuous.
Every cell stays within its piece's bounds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.ecosystem import binding
from cardlaw.ecosystem.layout import Writer
from cardlaw.ecosystem.spot import Spot
from cardlaw.ecosystem.text import observation_text, recall_text
from tests.ecosystem.common import ALL_CASES, CASES, GAMES, SECRECY, case_id, setup, walk


def tensor(game: Any, config: Any, state: Any, seat: int) -> list[float]:
    bound = binding(game.name)
    out = Writer(bound.layout(config), bound.deck)
    bound.encode(config, game.observe(state, seat), out)
    return out.dense()


@pytest.mark.clauses(*(f"{name}.info.hidden" for name in GAMES))
@pytest.mark.parametrize("case", CASES, ids=case_id)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=4)
def test_hidden_cards_never_change_a_tensor_or_a_string(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, config = setup(*case)
    hidden_from, swap = SECRECY[game.name]
    rng = random.Random(seed)
    spots = list(walk(game, config, seed))
    checked = 0
    for spot in rng.sample(spots, min(10, len(spots))):
        for seat in range(config.players):
            cards = hidden_from(spot.state, seat)
            if len(cards) < 2:
                continue
            a, b = rng.sample(cards, 2)
            other = swap(spot.state, a, b)
            assert tensor(game, config, other, seat) == tensor(game, config, spot.state, seat)
            assert observation_text(game.observe(other, seat)) == observation_text(
                spot.observation(seat)
            )
            checked += 1
    assert checked


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_cards_hidden_all_game_never_change_the_history_string(
    case: tuple[str, dict[str, Any]],
) -> None:
    game, config = setup(*case)
    hidden_from, swap = SECRECY[game.name]
    spots = [s for s in walk(game, config, 5) if s.mover() is not None]  # not the end: all shown
    end = spots[min(len(spots) - 1, 25)]  # within the first round: its cards stay put
    path = end.path()
    checked = 0
    for seat in range(config.players):
        always: set[int] | None = None
        for spot in path:
            hidden = set(hidden_from(spot.state, seat))
            if hidden:  # (before the deal no card is anywhere)
                always = hidden if always is None else always & hidden
        always = always or set()
        pairs = [(a, b) for a in sorted(always) for b in sorted(always) if a < b]
        moved = [(a, b) for a, b in pairs if swap(end.state, a, b) != end.state]
        if not moved:
            continue
        a, b = moved[0]
        twin: Spot[Any] | None = None
        for spot in path:
            twin = Spot(spot.table, swap(spot.state, a, b), twin, spot.edge, spot.action)
        assert twin is not None and twin.state != end.state
        assert recall_text(twin, seat) == recall_text(end, seat)
        checked += 1
    assert checked


@pytest.mark.parametrize("name", GAMES)
def test_a_card_the_seat_holds_is_seen(name: str) -> None:
    """Not vacuous: exchanging a card of the seat's hand with a hidden one changes its tensor."""
    game, config = setup(name, {})
    hidden_from, swap = SECRECY[name]
    spot = next(
        s for s in walk(game, config, 7) if isinstance(s.mover(), int) and s.state.hands[s.mover()]
    )
    seat = spot.mover()
    assert isinstance(seat, int)
    mine = (spot.state.hands[seat] & -spot.state.hands[seat]).bit_length() - 1
    theirs = hidden_from(spot.state, seat)[0]
    other = swap(spot.state, mine, theirs)
    assert tensor(game, config, other, seat) != tensor(game, config, spot.state, seat)


@pytest.mark.parametrize("case", ALL_CASES, ids=case_id)
def test_every_cell_lies_within_its_bounds(case: tuple[str, dict[str, Any]]) -> None:
    game, config = setup(*case)
    layout = binding(game.name).layout(config)
    highs = layout.highs()
    for spot in list(walk(game, config, 3))[::3]:
        for seat in range(config.players):
            cells = tensor(game, config, spot.state, seat)
            assert len(cells) == layout.size
            assert all(0 <= v <= h for v, h in zip(cells, highs, strict=True))
