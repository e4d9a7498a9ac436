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
cardlaw.spec.errors.MalformedInput: 7S is not a card of the Divided Ranks pack
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import factorial
from typing import Final

from cardlaw.spec.actions import CardAction, OrderAction, SeatAction, VerbAction, action
from cardlaw.spec.cards import Card, CardSet, mask_of
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, PACK_MASK, PACK_SIZE
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.notation import no_argument, read_action, seat_argument, two_sides, whole_order

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


@action("first-splitter")
class FirstSplitter(SeatAction):
    """Chance: the seat that splits in the first round [divided-ranks.ruling.first-splitter]."""


@action("shuffle")
class Shuffle(OrderAction[Card]):
    """Chance: the order of the shuffled pack [divided-ranks.setup.shuffle].

    The first card is the reserve; the other twenty are the stock, top card
    first [divided-ranks.setup.reserve].
    """

    @property
    def outcomes(self) -> int:
        """How many shuffles there are (each equally likely): 21!."""
        return factorial(PACK_SIZE)


@action("split", between=" / ")
class Split(VerbAction):
    """The splitter's two pairs: ``up`` face up, ``down`` face down [divided-ranks.draft.split]."""

    up: CardSet
    down: CardSet


@dataclass(frozen=True, slots=True)
class Take:
    """The chooser takes the face-up pair or the face-down one [divided-ranks.draft.choose]."""

    face_up: bool

    @property
    def text(self) -> str:
        """Record notation."""
        return "take up" if self.face_up else "take down"


@action("reserve-first")
class ReserveFirst(SeatAction):
    """Chance (variant coin-flip-reserve): who takes the first reserve turn."""


@action("swap")
class Swap(CardAction[Card]):
    """Give up ``card`` and take the reserve [divided-ranks.reserve.blind]."""


@action("keep")
class Keep(VerbAction):
    """Keep the hand: no exchange at this reserve turn [divided-ranks.reserve.turns]."""


@action("build", between=" / ")
class Build(VerbAction):
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


Action = FirstSplitter | Shuffle | Split | Take | ReserveFirst | Swap | Keep | Build
"""Any Divided Ranks action."""

TAKE_UP: Final = Take(face_up=True)
TAKE_DOWN: Final = Take(face_up=False)
KEEP: Final = Keep()


def _pack_cards(verb: str, text: str, size: int | None) -> CardSet:
    cards = CardSet.parse(text)
    outside = cards.mask & ~PACK_MASK
    if outside:
        raise MalformedInput(f"{CardSet(outside)} is not a card of the Divided Ranks pack")
    if size is not None and len(cards) != size:
        raise MalformedInput(f"{verb!r} takes {size} cards on each side, got {len(cards)}")
    if size is None and not 1 <= len(cards) <= HAND_SIZE:
        raise MalformedInput(
            f"{verb!r} takes 1 to {HAND_SIZE} cards on each side, got {len(cards)}"
        )
    return cards


def _pair_of_sets(verb: str, rest: str, size: int | None) -> tuple[CardSet, CardSet]:
    """Two disjoint groups of ``size`` cards of the pack; ``None``: of one size, 1 to 5.

    A split's groups are as large as the rules' ``PAIR_SIZE``
    (:mod:`spec.divided_ranks.parameters`), which the notation does not
    know: the engine refuses a split of the wrong size for the rules in play.
    """
    left, right = two_sides(verb, rest.strip(), "two groups of cards")
    a, b = _pack_cards(verb, left, size), _pack_cards(verb, right, size)
    if len(a) != len(b):
        raise MalformedInput(
            f"{verb!r} takes as many cards on each side, got {len(a)} and {len(b)}"
        )
    if a.mask & b.mask:
        raise MalformedInput(f"{verb!r} names {CardSet(a.mask & b.mask)} on both sides")
    return a, b


def _take(verb: str, rest: str) -> Take:
    side = rest.strip().lower()
    if side not in ("up", "down"):
        raise MalformedInput(f"'take' takes 'up' or 'down', not {rest.strip()!r}")
    return TAKE_UP if side == "up" else TAKE_DOWN


def _keep(verb: str, rest: str) -> Keep:
    no_argument(verb, rest.strip())
    return KEEP


def _shuffle(verb: str, rest: str) -> Shuffle:
    order = tuple(Card(token) for token in rest.split())
    mask = mask_of(order)  # a card given twice is malformed
    if mask & ~PACK_MASK:
        raise MalformedInput(f"{CardSet(mask & ~PACK_MASK)} is not a card of the pack")
    return Shuffle(whole_order(order, PACK_SIZE))


_READERS: Final[dict[str, Callable[[str, str], Action]]] = {
    "take": _take,
    "keep": _keep,
    "swap": lambda verb, rest: Swap(next(iter(_pack_cards(verb, rest.strip(), 1)))),
    "split": lambda verb, rest: Split(*_pair_of_sets(verb, rest, None)),
    "build": lambda verb, rest: Build(*_pair_of_sets(verb, rest, HAND_SIZE)),
    "first-splitter": lambda verb, rest: FirstSplitter(seat_argument(verb, rest.strip())),
    "reserve-first": lambda verb, rest: ReserveFirst(seat_argument(verb, rest.strip())),
    "shuffle": _shuffle,
}
"""The reader of each verb of the record notation."""


def parse_action(text: str) -> Action:
    """Read an action from its record notation."""
    return read_action(text, _READERS, "Divided Ranks")
