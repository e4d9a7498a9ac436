"""Divide's flow of play, checked over whole random games from the outside.

Who deals, who acts in what order, who leads, what chance may do, and how
the table is reset — each stated here from the rules, not read back from the
engine's own code.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.tricks import trick_winner
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divide.actions import (
    ChooseDealer,
    Keep,
    Offer,
    Play,
    Reveal,
    Secure,
    Shuffle,
    Split,
)
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.constants import BONUS_TOKENS, CARDS_DEALT, SUIT_TOKENS_PER_SUIT
from cardlaw.spec.divide.state import DivideState
from cardlaw.spec.errors import IllegalAction
from tests.games import random_walk

games = st.tuples(st.integers(0, 2**32), st.sampled_from([4, 5]))


def walk(seed: int, players: int) -> list[tuple[DivideState, Any]]:
    return list(random_walk(DIVIDE, DivideConfig(players=players), seed))


@pytest.mark.clauses(
    "divide.setup.seating",
    "divide.round.first-player",
    "divide.round.dealer-rotation",
    "divide.ruling.secret-turns",
    "divide.ruling.offer-order",
)
@given(games)
@settings(max_examples=10)
def test_who_acts_when(game: tuple[int, int]) -> None:
    seed, n = game
    dealers: list[int] = []
    for state, action in walk(seed, n):
        if isinstance(action, Shuffle):
            dealers.append(state.dealer)
        if isinstance(action, Offer | Secure | Split):
            first = (state.dealer + 1) % n
            kind = type(action)
            done = [q for q in range(n) if _acted(state, kind, q)]
            # Clockwise from the first player, one stage at a time.
            assert state.actor == (first + len(done)) % n
        if isinstance(action, Keep):
            p = state.actor
            # The left neighbour's offer first: it is that neighbour's right offer.
            source = (
                state.offers_right[(p + 1) % n]
                if not state.kept_left[p]
                else state.offers_left[(p - 1) % n]
            )
            assert action.cards.mask & ~source == 0
    assert len(dealers) == 4
    assert all(dealers[i + 1] == (dealers[i] + 1) % n for i in range(3))


def _acted(state: DivideState, kind: type, seat: int) -> bool:
    if kind is Offer:
        return state.offerings[seat] >= 0
    if kind is Secure:
        return bool(state.secured[seat])
    return bool(state.offers_left[seat])


@pytest.mark.clauses(
    "divide.trick.first-lead",
    "divide.trick.winner-leads",
    "divide.trick.clockwise",
    "divide.score.winning-suit",
)
@given(games)
@settings(max_examples=10)
def test_leads_order_and_tokens(game: tuple[int, int]) -> None:
    seed, n = game
    for state, action in walk(seed, n):
        if not isinstance(action, Play):
            continue
        trick = state.trick
        if not trick and not state.tricks:
            assert state.actor == (state.dealer + 1) % n
        if not trick and state.tricks:
            leader, cards = state.tricks[-1]
            assert state.actor == (leader + trick_winner(cards, state.trump >> 2)) % n
        assert state.actor == (state.leader + len(trick)) % n
        if len(trick) == n - 1:
            after = DIVIDE.apply(state, action)
            cards = (*trick, int(action.card))
            winner_card = cards[trick_winner(cards, state.trump >> 2)]
            before_stack = state.suit_tokens[winner_card & 3]
            if before_stack:
                assert after.suit_tokens[winner_card & 3] == before_stack - 1


@pytest.mark.clauses(
    "divide.setup.first-dealer",
    "divide.ruling.first-dealer",
    "divide.deal.shuffle",
    "divide.ruling.offering-draw",
)
@given(games)
@settings(max_examples=10)
def test_chance_is_exact(game: tuple[int, int]) -> None:
    seed, n = game
    for state, action in walk(seed, n):
        space = DIVIDE.chance_outcomes(state)
        if isinstance(action, ChooseDealer):
            assert space is not None and space.size == n
            assert all(space.probability(ChooseDealer(q)) == Fraction(1, n) for q in range(n))
        elif isinstance(action, Shuffle):
            assert space is not None and space.size == factorial(52)
            assert space.probability(action) == Fraction(1, factorial(52))
        elif isinstance(action, Reveal):
            assert space is not None and space.size == n
            offered = state.offerings
            reveals = [cast("Reveal", space.outcome(i)) for i in range(n)]
            assert all(reveal.card in offered for reveal in reveals)
            assert {int(reveal.card) for reveal in reveals} == set(offered)


@pytest.mark.clauses(
    "divide.deal.undealt",
    "divide.setup.tokens",
    "divide.cleanup.reset",
    "divide.cleanup.record",
)
@given(games)
@settings(max_examples=10)
def test_deal_and_cleanup(game: tuple[int, int]) -> None:
    seed, n = game
    recorded: list[tuple[int, ...]] = []
    for state, action in walk(seed, n):
        scores = state.scores
        # Each finished round is recorded once, and a recorded row never changes.
        assert list(scores[: len(recorded)]) == recorded
        assert len(scores) <= len(recorded) + 1
        recorded = list(scores)
        if isinstance(action, Shuffle):
            after = DIVIDE.apply(state, action)
            assert after.undealt.bit_count() == 52 - CARDS_DEALT * n
            assert after.suit_tokens == (SUIT_TOKENS_PER_SUIT,) * 4 and after.bonus == BONUS_TOKENS
            assert after.tricks == () and all(o == -1 for o in after.offerings)
            assert after.scores == scores
    assert len(recorded) == 4


@pytest.mark.clauses("divide.ruling.offer-order", "divide.divide.independent")
@given(games)
@settings(max_examples=10)
def test_keeping_from_the_right_offer_first_breaks_the_offer_order(game: tuple[int, int]) -> None:
    """A keep from the right neighbour's offer while the left one is due breaks the order of
    resolution [divide.ruling.offer-order]; cards from both offers combine them
    [divide.divide.independent]."""
    seed, n = game
    for state, action in walk(seed, n):
        if not isinstance(action, Keep) or state.kept_left[state.actor]:
            continue
        p = state.actor
        later = state.offers_left[(p - 1) % n]
        first = state.offers_right[(p + 1) % n]
        with pytest.raises(IllegalAction) as caught:
            DIVIDE.apply(state, Keep(CardSet(later & ~_low(later))))  # two of its three cards
        assert caught.value.clause == "divide.ruling.offer-order"
        assert "left neighbour first" in str(caught.value)
        with pytest.raises(IllegalAction) as caught:
            DIVIDE.apply(state, Keep(CardSet(_low(first) | _low(later))))
        assert caught.value.clause == "divide.divide.independent"
        return
    raise AssertionError("no choice from the left neighbour's offer was made")


def _low(mask: int) -> int:
    return mask & -mask
