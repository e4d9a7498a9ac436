"""Cards: notation, parsing and the bitmask views."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.spec.cards import (
    ALL_CARDS,
    DECK52,
    RANK_MASKS,
    SUIT_MASKS,
    Card,
    CardSet,
    Rank,
    Suit,
    bits,
    cards_of,
)
from cardlaw.spec.errors import MalformedCard

suited = st.integers(0, 51).map(Card)
card_sets = st.integers(0, (1 << 53) - 1).map(CardSet)


@given(suited)
def test_text_round_trips(card: Card) -> None:
    assert Card(str(card)) is card
    assert Card(card.pretty) is card
    assert Card(str(card).lower()) is card
    assert eval(repr(card)) is card  # the repr pastes back as code


@given(card_sets)
def test_card_set_text_round_trips(cards: CardSet) -> None:
    assert CardSet.parse(str(cards)) == cards
    assert CardSet.parse(cards.pretty) == cards
    assert eval(repr(cards)) == cards
    assert len(cards) == len(list(cards)) == cards.mask.bit_count()


@given(card_sets)
def test_iteration_is_the_set_bits(cards: CardSet) -> None:
    assert (
        [int(c) for c in cards] == list(bits(cards.mask)) == [int(c) for c in cards_of(cards.mask)]
    )


@pytest.mark.clauses("divide.cards.rank-order", "divide.cards.suit-order")
def test_index_orders_by_rank_then_suit() -> None:
    key = [(c.rank, c.suit) for c in ALL_CARDS[:52]]
    assert key == sorted(key)
    assert Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.TWO


def test_masks_partition_the_deck() -> None:
    assert sum(SUIT_MASKS) == DECK52 == sum(RANK_MASKS)
    for suit in Suit:
        assert len(CardSet(SUIT_MASKS[suit])) == 13
        assert all(c.suit == suit for c in CardSet(SUIT_MASKS[suit]))


@pytest.mark.parametrize(
    ("token", "named"),
    [("1S", "1S"), ("7X", "7X"), ("ZZ", "ZZ"), ("", ""), ("11H", "11H"), ("S", "S")],
)
def test_bad_cards_name_the_token(token: str, named: str) -> None:
    with pytest.raises(MalformedCard) as info:
        Card(token)
    assert repr(named) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_duplicates_are_rejected_by_name() -> None:
    with pytest.raises(MalformedCard, match=r"'7S'.*given twice"):
        CardSet.parse("7S 8S 7S")
    with pytest.raises(MalformedCard, match="'7S'"):
        CardSet.parse("7♠ 7S")


def test_ten_and_unicode_notation() -> None:
    assert Card("10H") is Card("TH") is Card("t♥") is Card("10♡")
    assert str(Card("TH")) == "10H" and Card("TH").pretty == "10♥"
    assert CardSet.parse("AS, KH  2C").pretty == "A♠ K♥ 2♣"


def test_card_sets_are_immutable() -> None:
    cards = CardSet.parse("AS")
    with pytest.raises(AttributeError):
        cards.mask = 0
