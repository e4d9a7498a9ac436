"""Split's cards: the numbers 0 to 100, one card each, as int bitmasks.

The French-suited cards of :mod:`spec.cards` do not fit Split, whose deck is
101 numbered cards.  A card is written as its number (``57``); a set of
cards is an ``int`` mask with bit ``n`` for the card ``n``, wrapped for people
in :class:`NumberSet`.  Thirteen cards are Wild/Reverse cards (0, 1, 99, 100
and every number ending in 0); the other 88 are standard.

>>> NumberCard(57), NumberCard("60").is_wild, NumberCard(57).is_standard
(NumberCard(57), True, True)
>>> NumberSet.parse("57 3 60")
NumberSet('3 57 60')
>>> NumberSet.parse("57 3 60").pretty
'3 57 60*'
>>> NumberCard("101")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedCard: bad card '101': a Split card is a number from 0 to 100
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from cardlaw.spec.cards import MaskSet, bits
from cardlaw.spec.domain import CardMask
from cardlaw.spec.errors import CardlawError, MalformedCard
from cardlaw.spec.schema import Int, OneOf, Refine, Text
from cardlaw.spec.split.constants import DECK_SIZE, HIGHEST, LOWEST, WILD_NUMBERS

__all__ = [
    "ALL_NUMBERS",
    "DECK_MASK",
    "NUMBER_FIELD",
    "NUMBER_PATTERN",
    "STANDARD_MASK",
    "WILD_MASK",
    "NumberCard",
    "NumberSet",
    "bits",
    "is_wild",
    "mask_of",
    "numbers_of",
    "parse_number",
]

DECK_MASK: Final[int] = (1 << DECK_SIZE) - 1
"""The mask of all 101 cards."""

WILD_MASK: Final[int] = sum(1 << n for n in WILD_NUMBERS)
"""The mask of the thirteen Wild/Reverse cards [split.cards.wild]."""

STANDARD_MASK: Final[int] = DECK_MASK & ~WILD_MASK
"""The mask of the 88 standard cards [split.cards.standard]."""


def is_wild(number: int) -> bool:
    """Whether card ``number`` is a Wild/Reverse card.

    >>> [n for n in range(101) if is_wild(n)][:5], is_wild(57)
    ([0, 1, 10, 20, 30], False)
    """
    return bool(WILD_MASK >> number & 1)


def parse_number(token: str | int) -> int:
    """A card number from text (``"57"``) or an int; anything else is malformed.

    >>> parse_number(" 57 "), parse_number(0)
    (57, 0)
    >>> parse_number("7S")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedCard: bad card '7S': a Split card is a number from 0 to 100
    """
    if isinstance(token, bool):
        raise MalformedCard(str(token), f"a Split card is a number from {LOWEST} to {HIGHEST}")
    if isinstance(token, int):
        value = token
    else:
        text = token.strip()
        if not text.isascii() or not text.isdigit():
            raise MalformedCard(token, f"a Split card is a number from {LOWEST} to {HIGHEST}")
        value = int(text)
    if not LOWEST <= value <= HIGHEST:
        raise MalformedCard(str(token), f"a Split card is a number from {LOWEST} to {HIGHEST}")
    return value


class NumberCard(int):
    """One Split card, an ``int`` from 0 to 100 with a readable face.

    ``NumberCard`` returns the one shared object for each number.

    >>> NumberCard(57) is NumberCard("57"), str(NumberCard(60)), NumberCard(60).pretty
    (True, '60', '60*')
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> NumberCard:
        """The card with number ``value`` (an int or its text)."""
        return ALL_NUMBERS[parse_number(value)]

    @property
    def is_wild(self) -> bool:
        """Whether this is a Wild/Reverse card [split.cards.wild]."""
        return is_wild(self)

    @property
    def is_standard(self) -> bool:
        """Whether this is a standard card [split.cards.standard]."""
        return not is_wild(self)

    @property
    def bit(self) -> int:
        """The card's bit in a mask."""
        return 1 << int(self)

    @property
    def pretty(self) -> str:
        """The number, with ``*`` after a Wild/Reverse card, for display."""
        return f"{int(self)}*" if is_wild(self) else str(int(self))

    def __str__(self) -> str:
        return str(int(self))

    def __repr__(self) -> str:
        return f"NumberCard({int(self)})"

    def __reduce__(self) -> tuple[type[NumberCard], tuple[int]]:
        return (NumberCard, (int(self),))


ALL_NUMBERS: Final[tuple[NumberCard, ...]] = tuple(
    int.__new__(NumberCard, n) for n in range(DECK_SIZE)
)
"""Every card, by number."""


def numbers_of(mask: CardMask) -> tuple[NumberCard, ...]:
    """The cards of a mask, lowest first.

    >>> numbers_of(1 << 3 | 1 << 90)
    (NumberCard(3), NumberCard(90))
    """
    return tuple(ALL_NUMBERS[i] for i in bits(mask))


def mask_of(numbers: Iterable[int | str]) -> int:
    """The mask of some card numbers; a card given twice or out of range is malformed.

    >>> mask_of([3, "5"]) == 0b101000
    True
    >>> mask_of([3, 3])
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedCard: bad card '3': given twice
    """
    mask = 0
    for token in numbers:
        number = parse_number(token)
        bit = 1 << number
        if mask & bit:
            raise MalformedCard(str(number), "given twice")
        mask |= bit
    return mask


class NumberSet(MaskSet):
    """An immutable set of Split cards, a typed view over an ``int`` mask.

    >>> hand = NumberSet.parse("88 12 40")
    >>> len(hand), 12 in hand, str(hand), hand.standard, hand.wild
    (3, True, '12 40 88', NumberSet('12 88'), NumberSet('40'))
    >>> hand.mask = 0
    Traceback (most recent call last):
    ...
    AttributeError: NumberSet is immutable
    """

    __slots__ = ()

    def __init__(self, cards: int | str = 0) -> None:
        """A set from a mask, or from text such as ``'12 40 88'``."""
        if not isinstance(cards, int):
            cards = NumberSet.parse(cards).mask
        if cards & ~DECK_MASK or cards < 0:
            raise MalformedCard(hex(cards), "a mask of Split cards has bits 0 to 100 only")
        super().__init__(cards)

    @classmethod
    def of(cls, numbers: Iterable[int | str]) -> NumberSet:
        """The set of some numbers (a number given twice is an error)."""
        return cls(mask_of(numbers))

    @classmethod
    def parse(cls, text: str | Iterable[str | int]) -> NumberSet:
        """Read a set from numbers separated by spaces or commas (``-`` is empty)."""
        tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        return cls(mask_of(t for t in tokens if t != "-"))

    def __iter__(self) -> Iterator[NumberCard]:
        return (ALL_NUMBERS[i] for i in bits(self.mask))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < DECK_SIZE and bool(self.mask >> card & 1)

    @property
    def standard(self) -> NumberSet:
        """The standard cards of the set."""
        return NumberSet(self.mask & STANDARD_MASK)

    @property
    def wild(self) -> NumberSet:
        """The Wild/Reverse cards of the set."""
        return NumberSet(self.mask & WILD_MASK)

    def __str__(self) -> str:
        return " ".join(str(n) for n in bits(self.mask))

    @property
    def pretty(self) -> str:
        """The numbers, lowest first, Wild/Reverse cards marked with ``*``; ``—`` if empty."""
        return " ".join(card.pretty for card in self) or "—"


def _number_problem(value: object) -> str | None:
    try:
        parse_number(value if isinstance(value, int | str) else str(value))
    except CardlawError as error:
        return str(error)
    return None


NUMBER_PATTERN: Final = "0*(?:100|[1-9]?[0-9])"
"""A regular expression for a card number as text, as :func:`parse_number` reads it.

>>> import re
>>> all(bool(re.fullmatch(NUMBER_PATTERN, str(n))) for n in range(LOWEST, HIGHEST + 1))
True
>>> [bool(re.fullmatch(NUMBER_PATTERN, t)) for t in ("007", "101", "-1", "1.0")]
[True, False, False, False]
"""

NUMBER_FIELD: Final = Refine(
    OneOf(Int(), Text()),
    _number_problem,
    json={
        "anyOf": [
            {"type": "integer", "minimum": LOWEST, "maximum": HIGHEST},
            {"type": "string", "pattern": f"^\\s*{NUMBER_PATTERN}\\s*$"},
        ]
    },
)
"""The schema of one card number in a position file (``57`` or ``"57"``)."""
