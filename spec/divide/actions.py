"""Divide's actions: one decision of the rules is one action.

Every action has a text form used in game records (``play 7S``) and a
``repr`` that pastes back as Python.  :func:`parse_action` reads the text.

>>> Play(Card("7S")).text
'play 7S'
>>> parse_action("split QS JS 10S / 9S 8S 7S")
Split(left=CardSet('QS JS 10S'), right=CardSet('9S 8S 7S'))
>>> parse_action("keep 7H 8H") == Keep(CardSet.parse("8H 7H"))
True
>>> parse_action("play 7X")
Traceback (most recent call last):
...
spec.errors.MalformedCard: bad card '7X': unknown suit 'X'
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial
from typing import Final

from spec.cards import ALL_CARDS, Card, CardSet, mask_of
from spec.divide.constants import DECK_SIZE
from spec.errors import MalformedInput

__all__ = [
    "Action",
    "ChooseDealer",
    "Keep",
    "Offer",
    "Play",
    "Reveal",
    "Secure",
    "Shuffle",
    "Split",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Chance: the seat of the first dealer [divide.ruling.first-dealer]."""

    seat: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"dealer {self.seat}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the order of the shuffled deck, top card first [divide.deal.shuffle].

    Card ``j`` goes to the seat ``j`` places clockwise after the dealer's
    left, one at a time, until each player has nine; the rest are undealt.
    """

    order: tuple[Card, ...]

    @property
    def text(self) -> str:
        """Record notation."""
        return "shuffle " + " ".join(str(card) for card in self.order)

    @property
    def outcomes(self) -> int:
        """How many shuffles there are (each equally likely): 52!."""
        return factorial(DECK_SIZE)


@dataclass(frozen=True, slots=True)
class Offer:
    """A player's secret Trump Offering [divide.divide.offering]."""

    card: Card

    @property
    def text(self) -> str:
        """Record notation."""
        return f"offer {self.card}"


@dataclass(frozen=True, slots=True)
class Secure:
    """The two cards a player secures [divide.divide.secure]."""

    cards: CardSet

    @property
    def text(self) -> str:
        """Record notation."""
        return f"secure {self.cards}"


@dataclass(frozen=True, slots=True)
class Split:
    """The two offers: ``left`` goes to the left neighbour [divide.divide.offers]."""

    left: CardSet
    right: CardSet

    @property
    def text(self) -> str:
        """Record notation."""
        return f"split {self.left} / {self.right}"


@dataclass(frozen=True, slots=True)
class Keep:
    """The two cards kept from the offer being resolved [divide.divide.choose]."""

    cards: CardSet

    @property
    def text(self) -> str:
        """Record notation."""
        return f"keep {self.cards}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the Trump Offering turned up [divide.trump.reveal]."""

    card: Card

    @property
    def text(self) -> str:
        """Record notation."""
        return f"reveal {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick [divide.trick.clockwise]."""

    card: Card

    @property
    def text(self) -> str:
        """Record notation."""
        return f"play {self.card}"


Action = ChooseDealer | Shuffle | Offer | Secure | Split | Keep | Reveal | Play
"""Any Divide action."""

PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in ALL_CARDS)
"""The shared :class:`Play` object of each card index."""

OFFERS: Final[tuple[Offer, ...]] = tuple(Offer(card) for card in ALL_CARDS)
"""The shared :class:`Offer` object of each card index."""

REVEALS: Final[tuple[Reveal, ...]] = tuple(Reveal(card) for card in ALL_CARDS)
"""The shared :class:`Reveal` object of each card index."""


def _one_card(verb: str, rest: str) -> Card:
    tokens = rest.split()
    if len(tokens) != 1:
        raise MalformedInput(f"{verb!r} takes one card, got {len(tokens)}: {rest!r}")
    return Card(tokens[0])


def _card_set(verb: str, rest: str, size: int) -> CardSet:
    cards = CardSet.parse(rest)
    if len(cards) != size:
        raise MalformedInput(f"{verb!r} takes {size} cards, got {len(cards)}: {rest!r}")
    return cards


def parse_action(text: str) -> Action:
    """Read an action from its record notation."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    if verb == "play":
        return PLAYS[_one_card(verb, rest)]
    if verb == "offer":
        return OFFERS[_one_card(verb, rest)]
    if verb == "reveal":
        return REVEALS[_one_card(verb, rest)]
    if verb == "secure":
        return Secure(_card_set(verb, rest, 2))
    if verb == "keep":
        return Keep(_card_set(verb, rest, 2))
    if verb == "split":
        left, slash, right = rest.partition("/")
        if not slash:
            raise MalformedInput(f"'split' needs two offers separated by '/': {rest!r}")
        return Split(_card_set(verb, left, 3), _card_set(verb, right, 3))
    if verb == "dealer":
        try:
            return ChooseDealer(int(rest))
        except ValueError:
            raise MalformedInput(f"'dealer' takes a seat number, got {rest!r}") from None
    if verb == "shuffle":
        order = tuple(Card(token) for token in rest.split())
        mask_of(order)  # a card given twice is malformed
        if any(card.is_joker for card in order):
            raise MalformedInput("Divide's deck has no Joker")
        if len(order) != DECK_SIZE:
            raise MalformedInput(f"'shuffle' takes all {DECK_SIZE} cards, got {len(order)}")
        return Shuffle(order)
    raise MalformedInput(f"unknown Divide action {verb!r} in {text!r}")
