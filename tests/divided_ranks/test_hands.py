"""Hand rankings: the document's own statements, an independent evaluator, a total preorder.

``naive_rank`` below is written from the document's words, separately from
the engine's table, and the two must agree on all 20,349 hands.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.divided_ranks.evaluate import KEY, category, compare_hands, hand_key, hand_order
from cardlaw.spec.cards import JOKER, CardSet
from cardlaw.spec.divided_ranks.constants import PACK, Category
from cardlaw.spec.errors import MalformedInput

HANDS = list(KEY)
ORDER = ["10", "J", "Q", "K", "A"]


def hand(text: str) -> int:
    return CardSet(text).mask


def naive_rank(mask: int) -> tuple[int, tuple[int, ...], int]:
    """(category, ranks for card-for-card, no Joker) from the document, the slow way."""
    cards = list(CardSet(mask))
    joker = any(c.is_joker for c in cards)
    real = [c for c in cards if not c.is_joker]
    ranks = Counter(ORDER.index(c.rank.label) + 1 for c in real)
    if len(ranks) == len(real):  # all different ranks: Ten to Ace (the Joker fills the gap)
        flush = len({c.suit for c in real}) == 1
        return (6 if flush else 3), (5, 4, 3, 2, 1), int(not joker)
    counts = sorted(ranks.values(), reverse=True)
    cat = {
        (4,): 5,
        (3, 2): 4,
        (3, 1): 2,
        (3, 1, 1): 2,
        (2, 2): 1,
        (2, 2, 1): 1,
        (2, 1, 1): 0,
        (2, 1, 1, 1): 0,
        (4, 1): 5,
    }[tuple(counts)]
    line = sorted(ranks.items(), key=lambda item: (item[1], item[0]), reverse=True)
    values = tuple(r for r, n in line for _ in range(n)) + ((0,) if joker else ())
    return cat, values, int(not joker)


def test_the_table_matches_an_independent_reading_of_the_rules() -> None:
    assert len(HANDS) == 20349
    ranked = sorted(HANDS, key=naive_rank)
    keys = [hand_key(m) for m in ranked]
    assert keys == sorted(keys)
    for a, b in pairwise(ranked):
        assert (naive_rank(a) == naive_rank(b)) == (hand_key(a) == hand_key(b))
        assert category(a) == Category(naive_rank(a)[0])


@pytest.mark.clauses("divided-ranks.hands.no-high-card", "divided-ranks.hands.categories")
def test_every_flush_is_royal() -> None:
    for suit in range(4):
        cards = [c for c in PACK if c != JOKER and c % 4 == suit]
        assert len(cards) == 5
        assert category(sum(1 << c for c in cards)) == Category.ROYAL_FLUSH
    flushes = [m for m in HANDS if len({c % 4 for c in CardSet(m)}) == 1 and not m >> JOKER & 1]
    assert len(flushes) == 4


@pytest.mark.clauses("divided-ranks.hands.no-high-card")
def test_no_pair_means_a_straight_and_never_a_high_card() -> None:
    for mask in HANDS:
        ranks = [c >> 2 for c in CardSet(mask) if c != JOKER]
        if len(set(ranks)) == len(ranks):
            assert category(mask) in (Category.STRAIGHT, Category.ROYAL_FLUSH)
    assert {category(m) for m in HANDS} == set(Category)  # seven categories, no high card


@pytest.mark.clauses("divided-ranks.hands.joker-wild", "divided-ranks.hands.joker-tiebreak")
def test_the_joker_completes_a_straight() -> None:
    """The document's example: the Joker as the missing Jack of a straight."""
    assert category(hand("10S JK QH KD AC")) == Category.STRAIGHT
    assert hand_order(hand("10S JK QH KD AC")) == ("A", "K", "Q", "(J)", "10")
    assert category(hand("10H JK QH KH AH")) == Category.ROYAL_FLUSH
    # Otherwise equal: the hand without the Joker wins.
    assert compare_hands(hand("10S JD QH KD AC"), hand("10C JK QS KH AD")) == 1
    assert compare_hands(hand("10H JH QH KH AH"), hand("10S JK QS KS AS")) == 1
    # Two natural straights are equal whatever their suits.
    assert compare_hands(hand("10S JD QH KD AC"), hand("10C JC QS KH AD")) == 0


@pytest.mark.clauses("divided-ranks.hands.joker-low")
def test_the_joker_never_pairs() -> None:
    assert category(hand("AS AH JK KD QC")) == Category.PAIR
    assert category(hand("AS AH AD JK KC")) == Category.THREE_OF_A_KIND
    assert category(hand("AS AH KD KC JK")) == Category.TWO_PAIR
    assert category(hand("AS AH AD AC JK")) == Category.FOUR_OF_A_KIND
    # Below a Ten as a kicker.
    assert compare_hands(hand("AS AH KD QC JK"), hand("AD AC KS QD 10C")) == -1
    assert compare_hands(hand("AS AH AD AC JK"), hand("KS KH KD KC 10C")) == 1
    assert compare_hands(hand("KS KH KD KC JK"), hand("KS KH KD KC 10C")) == -1


@pytest.mark.clauses("divided-ranks.ruling.card-for-card")
def test_card_for_card_groups_first() -> None:
    assert compare_hands(hand("KS KH KD 10C 10D"), hand("QS QH QD AC AD")) == 1
    assert compare_hands(hand("AS AH 10D 10C JK"), hand("KS KH QD QC AD")) == 1
    assert compare_hands(hand("AS AH 10D 10C JS"), hand("AD AC 10S 10H QS")) == -1
    assert compare_hands(hand("QS QH AD KC JC"), hand("QD QC AS KH 10C")) == 1


@pytest.mark.clauses("divided-ranks.hands.categories")
def test_category_order() -> None:
    examples = [
        "AS AH KD QC JK",  # pair
        "AS AH KD KC JK",  # two pair
        "AS AH AD KC JK",  # three of a kind
        "10S JD QH KD AC",  # straight
        "AS AH AD KC KD",  # full house
        "AS AH AD AC JK",  # four of a kind
        "10H JH QH KH AH",  # royal flush
    ]
    keys = [hand_key(hand(text)) for text in examples]
    assert keys == sorted(keys) and len(set(keys)) == 7
    assert [category(hand(text)) for text in examples] == list(Category)


five_card_hands = st.sampled_from(HANDS)


@pytest.mark.clauses("divided-ranks.ruling.card-for-card")
@given(five_card_hands, five_card_hands, five_card_hands)
def test_comparison_is_a_total_preorder(a: int, b: int, c: int) -> None:
    assert compare_hands(a, a) == 0
    assert compare_hands(a, b) == -compare_hands(b, a)
    assert compare_hands(a, b) in (-1, 0, 1)
    if compare_hands(a, b) >= 0 and compare_hands(b, c) >= 0:
        assert compare_hands(a, c) >= 0
    if compare_hands(a, b) == 0:
        assert compare_hands(a, c) == compare_hands(b, c)


def test_suits_never_matter_outside_flushes() -> None:
    relabel = {s: (s + 1) % 4 for s in range(4)}
    for mask in HANDS[::7]:
        moved = sum(1 << (c if c == JOKER else c - c % 4 + relabel[c % 4]) for c in CardSet(mask))
        assert hand_key(moved) == hand_key(mask)


def test_not_a_hand_is_malformed() -> None:
    with pytest.raises(MalformedInput):
        hand_key(hand("2S 3S 4S 5S 6S"))
    with pytest.raises(MalformedInput):
        hand_key(hand("AS AH"))
    assert all(m.bit_count() == 5 for m in combinations_masks())


def combinations_masks() -> list[int]:
    return [sum(1 << c for c in combo) for combo in combinations(PACK[:7], 5)]
