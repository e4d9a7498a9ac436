"""Playing cards: suits, ranks, the 52-card deck (and a Joker) as int bitmasks.

One notation is used everywhere.  On input a card is a rank and a suit:
``7S``, ``10H`` (or ``TH``), ``AS``, upper or lower case, with the suit as a
letter or as a symbol (``7♠``).  On output cards are written ``7S`` / ``10H``
in records and ``7♠`` / ``10♥`` for display.  The Joker is ``JK``.

Every card has an index from 0 to 52 and a bit ``1 << index``; a set of cards
is an ``int`` mask, wrapped for people in :class:`CardSet`.  The index is
rank-major (``rank * 4 + suit``) with suits in the order Clubs < Diamonds <
Hearts < Spades, so a higher index is a higher card by rank and then by suit.

>>> Card("7S"), Card("10h"), Card("T♥") is Card("10H")
(Card('7S'), Card('10H'), True)
>>> Card("7S").pretty
'7♠'
>>> CardSet.parse("AS 7S KH 2C")
CardSet('AS 7S KH 2C')
>>> Card("1S")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedCard: bad card '1S': unknown rank '1'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from functools import lru_cache
from typing import Final, Self

from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import MalformedCard

__all__ = [
    "ALL_CARDS",
    "CARD_BITS",
    "DECK52",
    "JOKER",
    "RANK_MASKS",
    "RANK_OF",
    "SUIT_MASKS",
    "SUIT_OF",
    "Card",
    "CardSet",
    "MaskSet",
    "Rank",
    "Suit",
    "bits",
    "card_set",
    "cards_of",
    "mask_of",
]


class Suit(IntEnum):
    """The four suits, valued in the order Clubs < Diamonds < Hearts < Spades.

    >>> Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
    True
    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.red
    ('H', '♥', True)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def red(self) -> bool:
        """Whether the suit is red (Diamonds and Hearts)."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, token: str) -> Suit:
        """Read a suit from its letter or symbol.

        >>> Suit.parse("s"), Suit.parse("♦")
        (<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>)
        """
        suit = _SUIT_TOKENS.get(token.strip().upper())
        if suit is None:
            raise MalformedCard(token, f"unknown suit {token!r}")
        return suit


_SUIT_TOKENS: Final[dict[str, Suit]] = {
    **{suit.letter: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


class Rank(IntEnum):
    """The thirteen ranks, valued 2 to 14 (the Ace is high).

    >>> Rank.ACE > Rank.KING > Rank.TWO
    True
    >>> Rank.TEN.label, Rank.parse("t"), Rank.parse("10")
    ('10', <Rank.TEN: 10>, <Rank.TEN: 10>)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """How the rank is written: ``2`` to ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LABELS[self - 2]

    @property
    def index(self) -> int:
        """Position from 0 (the Two) to 12 (the Ace)."""
        return self - 2

    @classmethod
    def parse(cls, token: str) -> Rank:
        """Read a rank from its label (``T`` is accepted for ``10``)."""
        rank = _RANK_TOKENS.get(token.strip().upper())
        if rank is None:
            raise MalformedCard(token, f"unknown rank {token!r}")
        return rank


_RANK_LABELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_TOKENS: Final[dict[str, Rank]] = {
    **{label: Rank(value) for value, label in enumerate(_RANK_LABELS, start=2)},
    "T": Rank.TEN,
}

JOKER_INDEX: Final = 52
"""Index of the Joker, above every suited card."""


class Card(int):
    """One card, an ``int`` from 0 to 52 with a readable face.

    ``Card`` accepts a token (``"7S"``) or an index and always returns the
    one shared object for that card, so cards compare with ``is`` and ``==``
    and can be used directly in bit arithmetic (``1 << card``).

    >>> c = Card("QH")
    >>> c.rank, c.suit, int(c), c.bit == 1 << int(c)
    (<Rank.QUEEN: 12>, <Suit.HEARTS: 2>, 42, True)
    >>> Card(42) is c
    True
    >>> Card("JK").is_joker, str(Card(52))
    (True, 'JK')
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        """Return the card named by a token or an index."""
        if isinstance(value, str):
            return _parse_card(value)
        if isinstance(value, int) and 0 <= value <= JOKER_INDEX:
            return ALL_CARDS[value]
        raise MalformedCard(str(value), "card index must be 0 to 52")

    @property
    def is_joker(self) -> bool:
        """Whether this is the Joker."""
        return int(self) == JOKER_INDEX

    @property
    def rank(self) -> Rank:
        """The card's rank (the Joker has none: asking raises)."""
        if self.is_joker:
            raise ValueError("the Joker has no rank")
        return Rank(int(self) // 4 + 2)

    @property
    def suit(self) -> Suit:
        """The card's suit (the Joker has none: asking raises)."""
        if self.is_joker:
            raise ValueError("the Joker has no suit")
        return Suit(int(self) % 4)

    @property
    def bit(self) -> CardMask:
        """The card's bit in a card mask."""
        return 1 << int(self)

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, for display: ``7♠``."""
        return _PRETTY[int(self)]

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_TEXT[int(self)]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _make_card(index: int) -> Card:
    return int.__new__(Card, index)


ALL_CARDS: Final[tuple[Card, ...]] = tuple(_make_card(i) for i in range(JOKER_INDEX + 1))
"""Every card by index: the 52 suited cards, then the Joker."""

JOKER: Final[Card] = ALL_CARDS[JOKER_INDEX]

_TEXT: Final[tuple[str, ...]] = tuple(
    f"{_RANK_LABELS[i // 4]}{'CDHS'[i % 4]}" for i in range(JOKER_INDEX)
) + ("JK",)
_PRETTY: Final[tuple[str, ...]] = tuple(
    f"{_RANK_LABELS[i // 4]}{'♣♦♥♠'[i % 4]}" for i in range(JOKER_INDEX)
) + ("★",)

_JOKER_TOKENS: Final = frozenset({"JK", "JOKER", "★"})


def _parse_card(token: str) -> Card:
    text = token.strip().upper()
    if text in _JOKER_TOKENS:
        return JOKER
    if len(text) < 2:
        raise MalformedCard(token, "a card is a rank followed by a suit, like 7S or 10H")
    rank = _RANK_TOKENS.get(text[:-1])
    suit = _SUIT_TOKENS.get(text[-1])
    if suit is None:
        raise MalformedCard(token, f"unknown suit {text[-1]!r}")
    if rank is None:
        raise MalformedCard(token, f"unknown rank {text[:-1]!r}")
    return ALL_CARDS[(rank - 2) * 4 + suit]


CARD_BITS: Final[tuple[CardMask, ...]] = tuple(1 << i for i in range(JOKER_INDEX + 1))
"""``CARD_BITS[i] == 1 << i``, precomputed."""

_SUIT_0: Final = sum(1 << (r * 4) for r in range(13))
SUIT_MASKS: Final[tuple[CardMask, CardMask, CardMask, CardMask]] = (
    _SUIT_0,
    _SUIT_0 << 1,
    _SUIT_0 << 2,
    _SUIT_0 << 3,
)
"""The mask of each suit's thirteen cards, by :class:`Suit` value."""

RANK_MASKS: Final[tuple[CardMask, ...]] = tuple(0b1111 << (r * 4) for r in range(13))
"""The mask of each rank's four cards, by rank index (0 for the Two)."""

DECK52: Final[CardMask] = (1 << JOKER_INDEX) - 1
"""The mask of the standard 52-card deck (no Joker)."""

RANK_OF: Final[tuple[int, ...]] = tuple(i // 4 for i in range(JOKER_INDEX))
"""Rank index (0 for the Two, 12 for the Ace) of each suited card index."""

SUIT_OF: Final[tuple[int, ...]] = tuple(i % 4 for i in range(JOKER_INDEX))
"""Suit value of each suited card index."""


def bits(mask: CardMask) -> Iterator[CardId]:
    """The indices of the set bits of ``mask``, lowest first.

    A negative mask is no set of cards (it has no highest bit: the loop would
    never end), so it raises ``ValueError``.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    if mask < 0:
        raise ValueError(f"a card set is never negative, not {mask}")
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: CardMask) -> tuple[Card, ...]:
    """The cards of a mask, lowest index first.

    >>> cards_of(Card("2C").bit | Card("AS").bit)
    (Card('2C'), Card('AS'))
    """
    return tuple(ALL_CARDS[i] for i in bits(mask))


def mask_of(cards: Iterable[CardId]) -> CardMask:
    """The mask of some cards; raises :class:`MalformedCard` on a card given twice.

    >>> mask_of([Card("2C"), Card("2C")])
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedCard: bad card '2C': given twice
    """
    mask = 0
    for card in cards:
        bit = CARD_BITS[card]
        if mask & bit:
            raise MalformedCard(str(ALL_CARDS[card]), "given twice")
        mask |= bit
    return mask


def _in_display_order(mask: CardMask) -> tuple[Card, ...]:
    """The cards of ``mask`` by suit (Spades first), high to low."""
    return tuple(ALL_CARDS[i] for i in sorted(bits(mask), key=_display_key))


@lru_cache(maxsize=4096)
def _written(mask: CardMask) -> str:
    """A card set's text (``str(CardSet)``): actions and records write the same few hands often."""
    return " ".join(str(card) for card in _in_display_order(mask))


def _display_key(index: int) -> tuple[int, int]:
    if index == JOKER_INDEX:
        return (-1, 0)
    return (-(index % 4), -(index // 4))


class MaskSet:
    """An immutable set over an ``int`` mask: what card sets of every deck share.

    A subclass reads its own text, iterates, tests membership and writes
    ``str``; equality, hashing, size, the set operations, ``repr`` and
    immutability are the same for all.  Sets of different classes are never
    equal.

    >>> MaskSet(0b101) | MaskSet(0b10), len(MaskSet(0b101)), MaskSet(1) == 1
    (MaskSet('7'), 2, False)
    """

    __slots__ = ("mask",)
    mask: CardMask

    def __init__(self, mask: CardMask = 0) -> None:
        """The set of the bits of ``mask``."""
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.mask))

    def __or__(self, other: Self) -> Self:
        return type(self)(self.mask | other.mask)

    def __and__(self, other: Self) -> Self:
        return type(self)(self.mask & other.mask)

    def __sub__(self, other: Self) -> Self:
        return type(self)(self.mask & ~other.mask)

    def __str__(self) -> str:
        return str(self.mask)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class CardSet(MaskSet):
    """An immutable set of cards, a typed view over an ``int`` mask.

    Iteration goes from the lowest card to the highest; ``str`` writes the
    set grouped by suit (Spades first) from high to low, the order people
    sort a hand in.

    >>> hand = CardSet("KH 7S 2H")
    >>> len(hand), Card("7S") in hand, str(hand), hand.pretty
    (3, True, '7S KH 2H', '7♠ K♥ 2♥')
    >>> hand.mask = 0
    Traceback (most recent call last):
    ...
    AttributeError: CardSet is immutable
    >>> CardSet.parse("7S 7s")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedCard: bad card '7s': given twice
    """

    __slots__ = ()

    def __init__(self, cards: int | str = 0) -> None:
        """A set from a mask, or from text such as ``'AS 7S KH'``."""
        if not isinstance(cards, int):
            cards = CardSet.parse(cards).mask
        super().__init__(cards)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of some cards (a card given twice is an error)."""
        return cls(mask_of(cards))

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        """Read a set from tokens separated by spaces or commas.

        An empty string (or ``-``) is the empty set.
        """
        tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        mask = 0
        for token in tokens:
            if token == "-":
                continue
            bit = _parse_card(token).bit
            if mask & bit:
                raise MalformedCard(token, "given twice")
            mask |= bit
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        return (ALL_CARDS[i] for i in bits(self.mask))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card <= JOKER_INDEX and bool(self.mask >> card & 1)

    def sorted(self) -> tuple[Card, ...]:
        """The cards in display order: by suit (Spades first), high to low."""
        return _in_display_order(self.mask)

    def __str__(self) -> str:
        return _written(self.mask)

    @property
    def pretty(self) -> str:
        """The set with suit symbols, in display order."""
        return " ".join(card.pretty for card in self.sorted())


_new_set = object.__new__
_set_mask = object.__setattr__


def card_set(mask: CardMask) -> CardSet:
    """``CardSet(mask)`` for a mask that is already an ``int``, made without the constructor.

    For hot paths that make many sets (observations, a holding's builds):
    about half the cost of ``CardSet(mask)``; the set is the same.

    >>> card_set(CardSet("AS KH").mask) == CardSet("AS KH")
    True
    """
    cards: CardSet = _new_set(CardSet)
    _set_mask(cards, "mask", mask)
    return cards
