"""Divided Ranks' actions: one decision of the rules (or of chance) is one action.

Every action has a text form used in game records and a ``repr`` that
pastes back as Python.  :func:`parse_action` reads the text.

>>> Split(CardSet("AS AH"), CardSet("10C JK")).text
'split AS AH / JK 10C'
>>> parse_action("take down"), parse_action("swap 10h"), parse_action("keep")
(Take(face_up=False), Swap(card=Card('10H')), Keep())
>>> parse_action("build AS AH AD KS KH / JK 10S 10H QC QD") == Build(
...     CardSet("JK 10S 10H QC QD"), CardSet("AS AH AD KS KH"))
True
>>> parse_action("swap 7S")
Traceback (most recent call last):
...
spec.errors.MalformedInput: 7S is not a card of the Divided Ranks pack
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial
from typing import Final

from spec.cards import Card, CardSet, mask_of
from spec.divided_ranks.constants import HAND_SIZE, PACK_MASK, PACK_SIZE, PAIR_SIZE
from spec.errors import MalformedInput

__all__ = [
    "KEEP",
    "TAKE_DOWN",
    "TAKE_UP",
    "Action",
    "Build",
    "FirstSplitter",
    "Keep",
    "ReserveFirst",
    "Shuffle",
    "Split",
    "Swap",
    "Take",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class FirstSplitter:
    """Chance: the seat that splits in the first round [divided-ranks.ruling.first-splitter]."""

    seat: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"first-splitter {self.seat}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the order of the shuffled pack [divided-ranks.setup.shuffle].

    The first card is the reserve; the other twenty are the stock, top card
    first [divided-ranks.setup.reserve].
    """

    order: tuple[Card, ...]

    @property
    def text(self) -> str:
        """Record notation."""
        return "shuffle " + " ".join(str(card) for card in self.order)

    @property
    def outcomes(self) -> int:
        """How many shuffles there are (each equally likely): 21!."""
        return factorial(PACK_SIZE)


@dataclass(frozen=True, slots=True)
class Split:
    """The splitter's two pairs: ``up`` face up, ``down`` face down [divided-ranks.draft.split]."""

    up: CardSet
    down: CardSet

    @property
    def text(self) -> str:
        """Record notation: the face-up pair, a slash, the face-down pair."""
        return f"split {self.up} / {self.down}"


@dataclass(frozen=True, slots=True)
class Take:
    """The chooser takes the face-up pair or the face-down one [divided-ranks.draft.choose]."""

    face_up: bool

    @property
    def text(self) -> str:
        """Record notation."""
        return "take up" if self.face_up else "take down"


@dataclass(frozen=True, slots=True)
class ReserveFirst:
    """Chance (variant coin-flip-reserve): who takes the first reserve turn."""

    seat: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"reserve-first {self.seat}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Give up ``card`` and take the reserve [divided-ranks.reserve.blind]."""

    card: Card

    @property
    def text(self) -> str:
        """Record notation."""
        return f"swap {self.card}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the hand: no exchange at this reserve turn [divided-ranks.reserve.turns]."""

    @property
    def text(self) -> str:
        """Record notation."""
        return "keep"


@dataclass(frozen=True, slots=True)
class Build:
    """A player's two five-card hands [divided-ranks.build.two-hands].

    The hands are unordered: the hand holding the lowest card of the ten (by
    card index) is stored first, so ``Build(a, b) == Build(b, a)``.

    >>> Build(CardSet("AS AH AD KS KH"), CardSet("JK 10S 10H QC QD")).first
    CardSet('10S 10H QD JK QC')
    """

    first: CardSet
    second: CardSet

    def __post_init__(self) -> None:
        a, b = self.first.mask, self.second.mask
        if b and (not a or (b & -b) < (a & -a)):
            object.__setattr__(self, "first", self.second)
            object.__setattr__(self, "second", CardSet(a))

    @property
    def text(self) -> str:
        """Record notation: one hand, a slash, the other."""
        return f"build {self.first} / {self.second}"


Action = FirstSplitter | Shuffle | Split | Take | ReserveFirst | Swap | Keep | Build
"""Any Divided Ranks action."""

TAKE_UP: Final = Take(face_up=True)
TAKE_DOWN: Final = Take(face_up=False)
KEEP: Final = Keep()


def _pack_cards(verb: str, text: str, size: int) -> CardSet:
    cards = CardSet.parse(text)
    outside = cards.mask & ~PACK_MASK
    if outside:
        raise MalformedInput(f"{CardSet(outside)} is not a card of the Divided Ranks pack")
    if len(cards) != size:
        raise MalformedInput(f"{verb!r} takes {size} cards on each side, got {len(cards)}")
    return cards


def _two_sides(verb: str, rest: str, size: int) -> tuple[CardSet, CardSet]:
    left, slash, right = rest.partition("/")
    if not slash:
        raise MalformedInput(f"{verb!r} needs two groups of cards separated by '/': {rest!r}")
    a, b = _pack_cards(verb, left, size), _pack_cards(verb, right, size)
    if a.mask & b.mask:
        raise MalformedInput(f"{verb!r} names {CardSet(a.mask & b.mask)} on both sides")
    return a, b


def _seat(verb: str, rest: str) -> int:
    try:
        return int(rest)
    except ValueError:
        raise MalformedInput(f"{verb!r} takes a seat number, got {rest!r}") from None


def parse_action(text: str) -> Action:
    """Read an action from its record notation."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    if verb == "take":
        if rest.lower() not in ("up", "down"):
            raise MalformedInput(f"'take' takes 'up' or 'down', not {rest!r}")
        return TAKE_UP if rest.lower() == "up" else TAKE_DOWN
    if verb == "keep":
        if rest:
            raise MalformedInput(f"'keep' takes nothing, got {rest!r}")
        return KEEP
    if verb == "swap":
        card = _pack_cards(verb, rest, 1)
        return Swap(next(iter(card)))
    if verb == "split":
        up, down = _two_sides(verb, rest, PAIR_SIZE)
        return Split(up, down)
    if verb == "build":
        first, second = _two_sides(verb, rest, HAND_SIZE)
        return Build(first, second)
    if verb == "first-splitter":
        return FirstSplitter(_seat(verb, rest))
    if verb == "reserve-first":
        return ReserveFirst(_seat(verb, rest))
    if verb == "shuffle":
        order = tuple(Card(token) for token in rest.split())
        mask = mask_of(order)  # a card given twice is malformed
        if mask & ~PACK_MASK:
            raise MalformedInput(f"{CardSet(mask & ~PACK_MASK)} is not a card of the pack")
        if len(order) != PACK_SIZE:
            raise MalformedInput(f"'shuffle' takes all {PACK_SIZE} cards, got {len(order)}")
        return Shuffle(order)
    raise MalformedInput(f"unknown Divided Ranks action {verb!r} in {text!r}")
