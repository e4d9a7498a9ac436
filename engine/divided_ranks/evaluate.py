"""Hand evaluation for Divided Ranks: every five-card hand of the pack, by table.

The pack has 21 cards, so there are only C(21, 5) = 20,349 five-card hands.
On first use each one is classified once, from the rules, into a *strength
key*: an ``int`` such that a stronger hand has a larger key and equal hands
equal keys.  Evaluating a hand is then one dict lookup.  The table is
cached on disk (:mod:`engine.cache`), so later processes load it instead.

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

>>> from cardlaw.spec.cards import CardSet
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
from collections.abc import Iterable
from itertools import combinations
from typing import Final, NamedTuple, NoReturn, TypeGuard

from cardlaw.engine.cache import load_or_build, source_digest
from cardlaw.spec import cards, errors
from cardlaw.spec.cards import JOKER, CardSet, Rank
from cardlaw.spec.divided_ranks import constants
from cardlaw.spec.divided_ranks.constants import JOKER_LOW, PACK, RANK_VALUE, Category
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.trace import enforces

__all__ = [
    "DENSE",
    "KEY",
    "SOURCES",
    "STRENGTHS",
    "Tables",
    "build_tables",
    "category",
    "category_of_key",
    "compare_hands",
    "describe_hand",
    "hand_key",
    "hand_keys",
    "hand_order",
    "reference_key",
    "tables",
]

_RANK_BITS: Final = 3
_ORDER_SHIFT: Final = 1
_CATEGORY_SHIFT: Final = _ORDER_SHIFT + 5 * _RANK_BITS
_STRAIGHT_VALUES: Final = (5, 4, 3, 2, 1)
_HANDS: Final = 20349
"""C(21, 5): the five-card hands of the pack."""


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
def reference_key(cards: tuple[CardId, ...]) -> int:
    """The strength key of five cards of the pack, worked out from the rules.

    This is the slow, readable definition the lookup table is built from.

    >>> from cardlaw.spec.cards import Card
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


class Tables(NamedTuple):
    """The evaluation tables, built from :func:`reference_key` (see :func:`tables`)."""

    key: dict[int, int]
    """Five-card mask -> strength key, for all 20,349 hands of the pack."""
    strengths: tuple[int, ...]
    """Every distinct strength key, weakest first."""
    dense: dict[int, int]
    """Five-card mask -> position of its key in :attr:`strengths` (a small int)."""


def build_tables() -> Tables:
    """Classify every five-card hand of the pack with :func:`reference_key` (slow: ~0.2 s).

    :func:`tables` loads the same tables from the disk cache when it can.
    """
    keys: dict[int, int] = {}
    for combo in combinations(PACK, 5):
        mask = 0
        for card in combo:
            mask |= 1 << card
        keys[mask] = reference_key(tuple(int(c) for c in combo))
    strengths = tuple(sorted(set(keys.values())))
    rank = {k: i for i, k in enumerate(strengths)}
    # One shared int per strength (189 of them, not 20,349): lookups touch far less
    # memory, and marshal keeps the sharing in the disk cache.
    shared = {k: k for k in strengths}
    keys = {mask: shared[k] for mask, k in keys.items()}
    return Tables(keys, strengths, {mask: rank[k] for mask, k in keys.items()})


_Plain = tuple[dict[int, int], tuple[int, ...], dict[int, int]]


def _plain() -> _Plain:
    """:func:`build_tables` as a plain tuple, which :mod:`marshal` can store."""
    built = build_tables()
    return (built.key, built.strengths, built.dense)


def _checked(stored: object) -> TypeGuard[_Plain]:
    """Whether ``stored`` (a cache file's contents) has the shape of the tables."""
    if not (isinstance(stored, tuple) and len(stored) == 3):
        return False
    keys, strengths, dense = stored
    return (
        isinstance(keys, dict)
        and isinstance(strengths, tuple)
        and isinstance(dense, dict)
        and len(keys) == len(dense) == _HANDS
        and keys.keys() == dense.keys()
    )


SOURCES: Final = (__file__, cards.__file__, errors.__file__, constants.__file__)
"""The files whose text builds the tables: the disk cache is keyed by them."""

_KEY: Final[dict[int, int]] = {}
""":data:`KEY`, filled in place by :func:`tables` (so :func:`hand_key` stays one lookup)."""


_TABLES: Final[list[Tables]] = []
"""The tables once :func:`tables` has made them: one set per process, like an import-time table
(a module variable, not a ``functools`` cache, so emptying caches never makes a second set)."""


def tables() -> Tables:
    """The evaluation tables, built on first use (not at import) and cached on disk.

    A second process loads them from the cache (:mod:`engine.cache`) instead
    of building them again; the values are those of :func:`build_tables`.

    >>> len(tables().key), len(tables().strengths)
    (20349, 189)
    """
    if not _TABLES:
        digest = source_digest(SOURCES)
        keys, strengths, dense = load_or_build("divided-ranks-evaluate", digest, _plain, _checked)
        _KEY.update(keys)
        _TABLES.append(Tables(_KEY, strengths, dense))
    return _TABLES[0]


KEY: dict[int, int]
"""Five-card mask -> strength key, for all 20,349 hands of the pack (built on first use)."""
STRENGTHS: tuple[int, ...]
"""Every distinct strength key, weakest first (built on first use)."""
DENSE: dict[int, int]
"""Five-card mask -> position of its key in :data:`STRENGTHS` (built on first use)."""

_LAZY: Final = {"KEY": 0, "STRENGTHS": 1, "DENSE": 2}


def __getattr__(name: str) -> object:
    """:data:`KEY`, :data:`STRENGTHS` and :data:`DENSE`, from :func:`tables` on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = tables()[_LAZY[name]]
    globals()[name] = value
    return value


def hand_key(mask: CardMask) -> int:
    """The strength key of a five-card hand (a mask): larger is stronger.

    >>> hand_key(CardSet("AS AH AD AC JK").mask) > hand_key(CardSet("KS KH KD AC AD").mask)
    True
    >>> hand_key(CardSet("AS AH").mask)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: not a five-card hand of the Divided Ranks pack: AS AH
    """
    try:
        return _KEY[mask]
    except KeyError:
        if _KEY:
            _not_a_hand(mask)
    tables()  # the first lookup: fill the table, then look again
    return hand_key(mask)


def _not_a_hand(mask: int) -> NoReturn:
    raise MalformedInput(f"not a five-card hand of the Divided Ranks pack: {CardSet(mask)}")


def hand_keys(masks: Iterable[int]) -> list[int]:
    """The strength keys of many five-card hands at once (one table lookup each).

    >>> hands = [CardSet("AS AH AD AC JK").mask, CardSet("KS KH KD AC AD").mask]
    >>> hand_keys(hands) == [hand_key(hand) for hand in hands]
    True
    >>> hand_keys([CardSet("AS AH").mask])
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: not a five-card hand of the Divided Ranks pack: AS AH
    """
    table = _KEY or tables().key
    try:
        return [table[mask] for mask in masks]
    except KeyError as missing:
        _not_a_hand(missing.args[0])


def category_of_key(key: int) -> Category:
    """The category a strength key belongs to.

    >>> category_of_key(hand_key(CardSet("AS AH KD KC JK").mask))
    <Category.TWO_PAIR: 1>
    """
    return Category(key >> _CATEGORY_SHIFT)


def category(mask: CardMask) -> Category:
    """The category of a five-card hand.

    >>> category(CardSet("JS JH JD 10C 10D").mask).label
    'full house'
    """
    return Category(hand_key(mask) >> _CATEGORY_SHIFT)


def compare_hands(a: CardMask, b: CardMask) -> int:
    """1 if hand ``a`` is stronger, -1 if ``b`` is, 0 if they are equal.

    Two keys compared: the card-for-card order [divided-ranks.ruling.card-for-card]
    is built into every key by :func:`reference_key`.

    >>> compare_hands(CardSet("AS AH KD QC JK").mask, CardSet("AC AD KC QD 10C").mask)
    -1
    """
    ka, kb = hand_key(a), hand_key(b)
    return (ka > kb) - (ka < kb)


def hand_order(mask: CardMask) -> tuple[str, ...]:
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


def describe_hand(mask: CardMask) -> str:
    """The hand's category and its cards in comparison order.

    >>> describe_hand(CardSet("10C KS 10D KH KD").mask)
    'full house (K K K 10 10)'
    """
    return f"{category(mask).label} ({' '.join(hand_order(mask))})"
