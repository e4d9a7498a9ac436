"""The rule document's own examples, and properties of the trick and token rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.divide.scoring import card_strength, decide_winner, take_token
from cardlaw.engine.divide.tricks import explain_illegal_play, legal_plays, trick_winner
from cardlaw.spec.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank
from cardlaw.spec.divide.constants import (
    BONUS_TOKEN_POINTS,
    BONUS_TOKENS,
    SUIT_TOKEN_POINTS,
    SUIT_TOKENS_PER_SUIT,
)

SEVEN = Rank.SEVEN.index


def hand(text: str) -> int:
    return CardSet(text).mask


def plays(text: str, led: str | None, trump: int = SEVEN, own: bool = False) -> CardSet:
    trick = (Card(led),) if led else ()
    return CardSet(legal_plays(hand(text), trick, trump, own))


@pytest.mark.clauses("divide.trick.follow-suit", "divide.trick.void")
def test_follow_suit_example() -> None:
    """Trump Rank 7, Hearts led: holding K♥ and 7♠ you must play K♥; without Hearts, 7♠ may."""
    assert plays("KH 7S", "2H") == CardSet("KH")
    error = explain_illegal_play(hand("KH 7S"), (Card("2H"),), SEVEN, Card("7S"), False)
    assert error is not None and error.clause == "divide.trick.follow-suit"
    assert Card("7S") in plays("7S 2C", "2H")
    assert plays("7S 2C", "2H") == CardSet("7S 2C")


@pytest.mark.clauses("divide.trick.lead-restriction")
def test_lead_restriction() -> None:
    assert plays("7S 2C", None) == CardSet("2C")
    assert plays("7S 7H", None) == CardSet("7S 7H")  # an all-trump hand may lead trump
    error = explain_illegal_play(hand("7S 2C"), (), SEVEN, Card("7S"), False)
    assert error is not None and error.clause == "divide.trick.lead-restriction"


@pytest.mark.clauses("divide.ruling.trump-rank-suit")
def test_trump_rank_card_keeps_its_printed_suit_by_default() -> None:
    # Hearts led: 7♥ is a Heart, so a hand with 7♥ and 7♠ must play 7♥.
    assert plays("7H 7S", "2H") == CardSet("7H")
    # A led 7♠ asks for Spades.
    assert plays("2S 7H 3C", "7S") == CardSet("2S")
    # Variant trump-rank-own-suit: 7♥ is not a Heart, a led 7♠ asks for Trump Rank cards.
    assert plays("7H 7S", "2H", own=True) == CardSet("7H 7S")
    assert plays("2S 7H 3C", "7S", own=True) == CardSet("7H")


@pytest.mark.clauses("divide.trick.winner-trump", "divide.cards.suit-order")
def test_trump_rank_cards_compared_by_suit() -> None:
    trick = tuple(Card(c) for c in ("AH", "7D", "7S", "7C"))
    assert trick[trick_winner(trick, SEVEN)] == Card("7S")
    trick = tuple(Card(c) for c in ("2C", "7D", "7H", "KC"))
    assert trick[trick_winner(trick, SEVEN)] == Card("7H")


@pytest.mark.clauses("divide.trick.winner-led-suit", "divide.trick.off-suit")
def test_highest_of_led_suit_wins_without_trump() -> None:
    trick = tuple(Card(c) for c in ("10H", "AS", "QH", "KD"))
    assert trick[trick_winner(trick, SEVEN)] == Card("QH")


distinct_tricks = st.lists(st.integers(0, 51), min_size=4, max_size=5, unique=True)


@pytest.mark.clauses(
    "divide.trick.off-suit", "divide.trick.winner-trump", "divide.trick.winner-led-suit"
)
@given(distinct_tricks, st.integers(0, 12))
def test_exactly_one_winner_the_one_the_rules_name(cards: list[int], trump: int) -> None:
    trick = tuple(Card(c) for c in cards)
    winner = trick[trick_winner(trick, trump)]
    trumps = [c for c in trick if RANK_MASKS[trump] >> c & 1]
    if trumps:
        assert winner in trumps
        assert all(card_strength(winner) >= card_strength(t) for t in trumps)
    else:
        led = trick[0].suit
        assert winner.suit == led
        assert all(winner.rank >= c.rank for c in trick if c.suit == led)
    # An off-suit card that is not trump never wins.
    assert winner.suit == trick[0].suit or RANK_MASKS[trump] >> winner & 1


@pytest.mark.clauses("divide.trick.void", "divide.trick.follow-suit")
@given(st.integers(1, (1 << 52) - 1), st.integers(0, 51), st.integers(0, 12), st.booleans())
def test_some_card_is_always_legal(mask: int, led: int, trump: int, own: bool) -> None:
    legal = legal_plays(mask, (Card(led),), trump, own)
    assert legal and legal & ~mask == 0
    assert legal_plays(mask, (), trump, own)


@pytest.mark.clauses("divide.score.suit-token", "divide.score.bonus-token")
def test_token_example() -> None:
    """Three Heart-winning tricks score 2 each; the fourth takes a 5-point bonus token."""
    stacks: tuple[int, ...] = (SUIT_TOKENS_PER_SUIT,) * 4
    bonus = BONUS_TOKENS
    points = []
    for _ in range(4):
        stacks, bonus, token = take_token(stacks, bonus, Card("2H").suit)
        points.append(BONUS_TOKEN_POINTS if token == "bonus" else SUIT_TOKEN_POINTS)
    assert points == [2, 2, 2, 5]
    assert stacks[Card("2H").suit] == 0 and bonus == BONUS_TOKENS - 1


@pytest.mark.clauses("divide.ruling.bonus-supply", "divide.components.tokens")
@given(st.lists(st.integers(0, 3), min_size=8, max_size=8))
def test_eight_tricks_never_empty_the_bonus_supply_below_zero(suits: list[int]) -> None:
    stacks: tuple[int, ...] = (SUIT_TOKENS_PER_SUIT,) * 4
    bonus = BONUS_TOKENS
    for suit in suits:
        stacks, bonus, _ = take_token(stacks, bonus, suit)
    assert bonus >= 0 and all(s >= 0 for s in stacks)


@pytest.mark.clauses("divide.tiebreak.bonus", "divide.tiebreak.eighth-trick", "divide.ruling.share")
def test_tiebreakers() -> None:
    assert decide_winner((30, 20, 10, 5), (0, 0, 0, 0), tuple(range(4))) == ((0,), "score", (0,))
    assert decide_winner((30, 30, 10, 5), (1, 2, 0, 0), tuple(range(4)))[:2] == (
        (1,),
        "bonus-tokens",
    )
    eighth = (int(Card("7S")), int(Card("7H")), int(Card("AC")), int(Card("2D")))
    assert decide_winner((30, 30, 30, 5), (1, 1, 1, 0), eighth)[:2] == ((2,), "eighth-trick")
    eighth = (int(Card("7S")), int(Card("7H")), int(Card("2C")), int(Card("2D")))
    assert decide_winner((30, 30, 10, 5), (1, 1, 0, 0), eighth)[:2] == ((0,), "eighth-trick")


@pytest.mark.clauses("divide.ruling.share", "divide.tiebreak.eighth-trick")
@given(
    st.lists(st.integers(0, 200), min_size=4, max_size=5),
    st.data(),
)
def test_victory_is_never_shared(totals: list[int], data: st.DataObject) -> None:
    n = len(totals)
    bonus = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    eighth = data.draw(st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
    winners, decided_by, _ = decide_winner(tuple(totals), tuple(bonus), tuple(eighth))
    assert len(winners) == 1 and decided_by != "shared"


def test_suit_masks_match_card_suits() -> None:
    assert all(Card(c).suit == s for s in range(4) for c in range(52) if SUIT_MASKS[s] >> c & 1)
