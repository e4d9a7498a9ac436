"""Hand evaluation for Divided Ranks: every five-card hand of the pack, by table.

The pack has 21 cards, so there are only C(21, 5) = 20,349 five-card hands.
At import each one is classified once, from the rules, into a *strength
key*: an ``int`` such that a stronger hand has a larger key and equal hands
equal keys.  Evaluating a hand is then one dict lookup.

The key lines up, most significant first:

1. the category [divided-ranks.hands.categories]: pair 0 up to royal flush 6;
2. the cards "card for card" [divided-ranks.ruling.card-for-card]: grouped by
   how many of their rank the hand holds, bigger groups first, higher rank
   first within equal groups; Ten counts 1 up to Ace 5; a Joker that is not
   wild counts 0, below the Ten [divided-ranks.hands.joker-low]; a wild Joker
   takes the rank it stands for [divided-ranks.hands.joker-wild];
3. 1 for a hand without the Joker, 0 with it [divided-ranks.hands.joker-tiebreak].

Suits never count, so comparison is a total preorder: two hands compare
equal exactly when they have the same key.

>>> from spec.cards import CardSet
>>> def key(text): return hand_key(CardSet(text).mask)
>>> category(CardSet("10H JH QH KH AH").mask).label
'royal flush'
>>> category(CardSet("10H JK QH KH AH").mask).label  # the Joker stands for the Jack
'royal flush'
>>> category(CardSet("10S JK QH KH AD").mask).label
'straight'
>>> category(CardSet("AS AH JK KD QC").mask).label   # the Joker never pairs
'pair'
>>> key("10S JD QH KH AD") > key("10S JK QH KH AD")   # the Joker loses a tie
True
>>> key("AS AH KD QC JK") < key("AS AH KD QC 10C")    # a low Joker is below a Ten
True
>>> key("KS KH KD 10C 10D") > key("QS QH QD AC AD")   # the three of a kind first
True
>>> compare_hands(CardSet("10S JD QH KH AD").mask, CardSet("10C JC QS KD AH").mask)
0
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Final

from spec.cards import JOKER, CardSet, Rank
from spec.divided_ranks.constants import JOKER_LOW, PACK, RANK_VALUE, Category
from spec.errors import MalformedInput
from spec.trace import enforces

__all__ = [
    "DENSE",
    "KEY",
    "STRENGTHS",
    "category",
    "category_of_key",
    "compare_hands",
    "describe_hand",
    "hand_key",
    "hand_order",
    "reference_key",
]

_RANK_BITS: Final = 3
_ORDER_SHIFT: Final = 1
_CATEGORY_SHIFT: Final = _ORDER_SHIFT + 5 * _RANK_BITS
_STRAIGHT_VALUES: Final = (5, 4, 3, 2, 1)


def _value(card: int) -> int:
    return JOKER_LOW if card == JOKER else RANK_VALUE[Rank(card // 4 + 2)]


@enforces(
    "divided-ranks.hands.categories",
    "divided-ranks.hands.no-high-card",
    "divided-ranks.hands.joker-wild",
    "divided-ranks.hands.joker-low",
    "divided-ranks.hands.joker-tiebreak",
    "divided-ranks.ruling.card-for-card",
)
def reference_key(cards: tuple[int, ...]) -> int:
    """The strength key of five cards of the pack, worked out from the rules.

    This is the slow, readable definition the lookup table is built from.

    >>> from spec.cards import Card
    >>> reference_key(tuple(Card(c) for c in "AS AH AD KS KH".split())) >> 16
    4
    """
    joker = JOKER in cards
    suited = [c for c in cards if c != JOKER]
    ranks = Counter(c >> 2 for c in suited)
    suits = {c & 3 for c in suited}
    if len(ranks) == len(suited):
        # Five different ranks (or four and the wild Joker): the only straight.
        cat = Category.ROYAL_FLUSH if len(suits) == 1 else Category.STRAIGHT
        values: tuple[int, ...] = _STRAIGHT_VALUES
    else:
        shape = sorted(ranks.values(), reverse=True)
        if shape[0] == 4:
            cat = Category.FOUR_OF_A_KIND
        elif shape[:2] == [3, 2]:
            cat = Category.FULL_HOUSE
        elif shape[0] == 3:
            cat = Category.THREE_OF_A_KIND
        elif shape[:2] == [2, 2]:
            cat = Category.TWO_PAIR
        else:
            cat = Category.PAIR
        groups = sorted(
            ((count, RANK_VALUE[Rank(rank + 2)]) for rank, count in ranks.items()),
            reverse=True,
        )
        values = tuple(v for count, v in groups for _ in range(count))
        if joker:
            values += (JOKER_LOW,)
    key = int(cat)
    for v in values:
        key = key << _RANK_BITS | v
    return key << _ORDER_SHIFT | (not joker)


def _table() -> tuple[dict[int, int], tuple[int, ...], dict[int, int]]:
    keys: dict[int, int] = {}
    for combo in combinations(PACK, 5):
        mask = 0
        for card in combo:
            mask |= 1 << card
        keys[mask] = reference_key(tuple(int(c) for c in combo))
    strengths = tuple(sorted(set(keys.values())))
    rank = {k: i for i, k in enumerate(strengths)}
    return keys, strengths, {mask: rank[k] for mask, k in keys.items()}


_TABLES: Final = _table()

KEY: Final[dict[int, int]] = _TABLES[0]
"""Five-card mask -> strength key, for all 20,349 hands of the pack."""
STRENGTHS: Final[tuple[int, ...]] = _TABLES[1]
"""Every distinct strength key, weakest first."""
DENSE: Final[dict[int, int]] = _TABLES[2]
"""Five-card mask -> position of its key in :data:`STRENGTHS` (a small int)."""


def hand_key(mask: int) -> int:
    """The strength key of a five-card hand (a mask): larger is stronger.

    >>> hand_key(CardSet("AS AH AD AC JK").mask) > hand_key(CardSet("KS KH KD AC AD").mask)
    True
    >>> hand_key(CardSet("AS AH").mask)
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: not a five-card hand of the Divided Ranks pack: AS AH
    """
    try:
        return KEY[mask]
    except KeyError:
        raise MalformedInput(
            f"not a five-card hand of the Divided Ranks pack: {CardSet(mask)}"
        ) from None


def category_of_key(key: int) -> Category:
    """The category a strength key belongs to.

    >>> category_of_key(hand_key(CardSet("AS AH KD KC JK").mask))
    <Category.TWO_PAIR: 1>
    """
    return Category(key >> _CATEGORY_SHIFT)


def category(mask: int) -> Category:
    """The category of a five-card hand.

    >>> category(CardSet("JS JH JD 10C 10D").mask).label
    'full house'
    """
    return Category(hand_key(mask) >> _CATEGORY_SHIFT)


def compare_hands(a: int, b: int) -> int:
    """1 if hand ``a`` is stronger, -1 if ``b`` is, 0 if they are equal.

    Two keys compared: the card-for-card order [divided-ranks.ruling.card-for-card]
    is built into every key by :func:`reference_key`.

    >>> compare_hands(CardSet("AS AH KD QC JK").mask, CardSet("AC AD KC QD 10C").mask)
    -1
    """
    ka, kb = hand_key(a), hand_key(b)
    return (ka > kb) - (ka < kb)


def hand_order(mask: int) -> tuple[str, ...]:
    """The hand's cards lined up for a card-for-card comparison (rank labels).

    A wild Joker is shown as the rank it stands for, in brackets; a low
    Joker as ``JK``.

    >>> hand_order(CardSet("10C KS 10D KH KD").mask)
    ('K', 'K', 'K', '10', '10')
    >>> hand_order(CardSet("QC AS JK 10D AH").mask)
    ('A', 'A', 'Q', '10', 'JK')
    >>> hand_order(CardSet("10C JK QD KH AS").mask)
    ('A', 'K', 'Q', '(J)', '10')
    """
    key = hand_key(mask)
    labels = {0: "JK", 1: "10", 2: "J", 3: "Q", 4: "K", 5: "A"}
    values = [(key >> (_ORDER_SHIFT + _RANK_BITS * i)) & 7 for i in range(4, -1, -1)]
    present = {_value(c) for c in CardSet(mask)}
    wild = key & 1 == 0 and category_of_key(key) in (Category.STRAIGHT, Category.ROYAL_FLUSH)
    return tuple(f"({labels[v]})" if wild and v not in present else labels[v] for v in values)


def describe_hand(mask: int) -> str:
    """The hand's category and its cards in comparison order.

    >>> describe_hand(CardSet("10C KS 10D KH KD").mask)
    'full house (K K K 10 10)'
    """
    return f"{category(mask).label} ({' '.join(hand_order(mask))})"
