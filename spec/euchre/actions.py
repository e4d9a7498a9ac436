"""Euchre's actions: one decision of the rules is one action.

Every action has a text form used in game records (``play JS``, ``order
alone``, ``name H``) and a ``repr`` that pastes back as Python.
:func:`parse_action` reads the text and returns the shared action objects.

>>> PLAYS[Card("JS")].text, OrderUp(alone=True).text, NameTrump(Suit.HEARTS).text
('play JS', 'order alone', 'name H')
>>> parse_action("name h alone")
NameTrump(suit=Suit.HEARTS, alone=True)
>>> parse_action("order") is ORDER_UP[False]
True
>>> parse_action("discard 8H")
Traceback (most recent call last):
...
spec.errors.MalformedInput: 8H is not a Euchre card (the deck runs from 9 to A)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial
from typing import Final

from spec.cards import ALL_CARDS, Card, Suit, mask_of
from spec.errors import MalformedInput
from spec.euchre.constants import DECK_SIZE, EUCHRE_DECK, PLAYERS

__all__ = [
    "DEALERS",
    "DISCARDS",
    "NAMES",
    "ORDER_UP",
    "PASS",
    "PLAYS",
    "Action",
    "ChooseDealer",
    "Discard",
    "NameTrump",
    "OrderUp",
    "Pass",
    "Play",
    "Shuffle",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Chance: the seat of the first dealer [euchre.ruling.first-dealer]."""

    seat: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"dealer {self.seat}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the order of the 24 shuffled cards, top card first [euchre.deal.shuffle].

    The deal takes them from the top [euchre.ruling.deal-packets]: three to
    each player clockwise from the dealer's left, then two to each; the 21st
    card is the up-card and the last three lie under it.
    """

    order: tuple[Card, ...]

    @property
    def text(self) -> str:
        """Record notation."""
        return "shuffle " + " ".join(str(card) for card in self.order)

    @property
    def outcomes(self) -> int:
        """How many shuffles there are (each equally likely): 24!."""
        return factorial(DECK_SIZE)


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in either round of bidding [euchre.bid.first-round, euchre.bid.second-round]."""

    @property
    def text(self) -> str:
        """Record notation."""
        return "pass"


@dataclass(frozen=True, slots=True)
class OrderUp:
    """Order up the up-card, its suit becoming trump [euchre.bid.first-round].

    ``alone``: the maker goes alone [euchre.ruling.alone-timing].  The dealer
    ordering up (picking up) uses the same action.
    """

    alone: bool = False

    @property
    def text(self) -> str:
        """Record notation."""
        return "order alone" if self.alone else "order"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name a suit other than the up-card's as trump [euchre.bid.second-round]."""

    suit: Suit
    alone: bool = False

    @property
    def text(self) -> str:
        """Record notation."""
        return f"name {Suit(self.suit).letter}" + (" alone" if self.alone else "")

    def __repr__(self) -> str:
        return f"NameTrump(suit=Suit.{Suit(self.suit).name}, alone={self.alone})"


@dataclass(frozen=True, slots=True)
class Discard:
    """The card the dealer lays down after taking the up-card [euchre.bid.pick-up]."""

    card: Card

    @property
    def text(self) -> str:
        """Record notation."""
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick [euchre.trick.clockwise]."""

    card: Card

    @property
    def text(self) -> str:
        """Record notation."""
        return f"play {self.card}"


Action = ChooseDealer | Shuffle | Pass | OrderUp | NameTrump | Discard | Play
"""Any Euchre action."""

PASS: Final = Pass()
"""The shared :class:`Pass`."""

ORDER_UP: Final[tuple[OrderUp, OrderUp]] = (OrderUp(False), OrderUp(True))
"""The shared :class:`OrderUp` objects, with and without going alone (index ``alone``)."""

NAMES: Final[tuple[tuple[NameTrump, NameTrump], ...]] = tuple(
    (NameTrump(suit, False), NameTrump(suit, True)) for suit in Suit
)
"""The shared :class:`NameTrump` objects: ``NAMES[suit][alone]``."""

PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in ALL_CARDS)
"""The shared :class:`Play` object of each card index."""

DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(card) for card in ALL_CARDS)
"""The shared :class:`Discard` object of each card index."""

DEALERS: Final[tuple[ChooseDealer, ...]] = tuple(ChooseDealer(seat) for seat in range(PLAYERS))
"""The shared :class:`ChooseDealer` object of each seat."""


def _euchre_card(token: str) -> Card:
    card = Card(token)
    if not EUCHRE_DECK >> card & 1:
        raise MalformedInput(f"{card} is not a Euchre card (the deck runs from 9 to A)")
    return card


def _one_card(verb: str, rest: str) -> Card:
    tokens = rest.split()
    if len(tokens) != 1:
        raise MalformedInput(f"{verb!r} takes one card, got {len(tokens)}: {rest!r}")
    return _euchre_card(tokens[0])


def _alone(verb: str, words: list[str]) -> bool:
    if not words:
        return False
    if words == ["alone"]:
        return True
    raise MalformedInput(f"{verb!r} may only be followed by 'alone', not {' '.join(words)!r}")


def parse_action(text: str) -> Action:
    """Read an action from its record notation.

    >>> parse_action("shuffle 9C")
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: 'shuffle' takes all 24 cards, got 1
    """
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    words = rest.lower().split()
    if verb == "play":
        return PLAYS[_one_card(verb, rest)]
    if verb == "pass":
        if words:
            raise MalformedInput(f"'pass' takes nothing, got {rest!r}")
        return PASS
    if verb == "order":
        return ORDER_UP[_alone(verb, words)]
    if verb == "name":
        if not words:
            raise MalformedInput("'name' needs a suit: name H, name S alone")
        suit = Suit.parse(words[0])
        return NAMES[suit][_alone(verb, words[1:])]
    if verb == "discard":
        return DISCARDS[_one_card(verb, rest)]
    if verb == "dealer":
        try:
            seat = int(rest)
        except ValueError:
            raise MalformedInput(f"'dealer' takes a seat number, got {rest!r}") from None
        if not 0 <= seat < PLAYERS:
            raise MalformedInput(f"'dealer' takes a seat from 0 to {PLAYERS - 1}, got {seat}")
        return DEALERS[seat]
    if verb == "shuffle":
        order = tuple(_euchre_card(token) for token in rest.split())
        mask_of(order)  # a card given twice is malformed
        if len(order) != DECK_SIZE:
            raise MalformedInput(f"'shuffle' takes all {DECK_SIZE} cards, got {len(order)}")
        return Shuffle(order)
    raise MalformedInput(f"unknown Euchre action {verb!r} in {text!r}")
