"""Divide's actions: one decision of the rules is one action.

Every action has a text form used in game records (``play 7S``) and a
``repr`` that pastes back as Python.  :func:`parse_action` reads the text.

>>> Play(Card("7S")).text
'play 7S'
>>> parse_action("split QS JS 10S / 9S 8S 7S")
Split(left=CardSet('QS JS 10S'), right=CardSet('9S 8S 7S'))
>>> parse_action("keep 7H 8H") == Keep(CardSet.parse("8H 7H"))
True
>>> parse_action("split QS JS 10S")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 'split' needs two offers separated by '/': 'QS JS 10S'
"""

from __future__ import annotations

from collections.abc import Callable
from math import factorial
from typing import Final

from cardlaw.spec.actions import (
    CardAction,
    CardsAction,
    OrderAction,
    SeatAction,
    VerbAction,
    action,
)
from cardlaw.spec.cards import ALL_CARDS, Card, CardSet, mask_of
from cardlaw.spec.divide.constants import DECK_SIZE
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.notation import one_argument, read_action, seat_argument, two_sides, whole_order

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


@action("dealer")
class ChooseDealer(SeatAction):
    """Chance: the seat of the first dealer [divide.ruling.first-dealer]."""


@action("shuffle")
class Shuffle(OrderAction[Card]):
    """Chance: the order of the shuffled deck, top card first [divide.deal.shuffle].

    Card ``j`` goes to the seat ``j`` places clockwise after the dealer's
    left, one at a time, until each player has nine; the rest are undealt.
    """

    @property
    def outcomes(self) -> int:
        """How many shuffles there are (each equally likely): 52!."""
        return factorial(DECK_SIZE)


@action("offer")
class Offer(CardAction[Card]):
    """A player's secret Trump Offering [divide.divide.offering]."""


@action("secure")
class Secure(CardsAction):
    """The two cards a player secures [divide.divide.secure]."""


@action("split", between=" / ")
class Split(VerbAction):
    """The two offers: ``left`` goes to the left neighbour [divide.divide.offers]."""

    left: CardSet
    right: CardSet


@action("keep")
class Keep(CardsAction):
    """The two cards kept from the offer being resolved [divide.divide.choose]."""


@action("reveal")
class Reveal(CardAction[Card]):
    """Chance: the Trump Offering turned up [divide.trump.reveal]."""


@action("play")
class Play(CardAction[Card]):
    """A card played to the current trick [divide.trick.clockwise]."""


Action = ChooseDealer | Shuffle | Offer | Secure | Split | Keep | Reveal | Play
"""Any Divide action."""

PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in ALL_CARDS)
"""The shared :class:`Play` object of each card index."""

OFFERS: Final[tuple[Offer, ...]] = tuple(Offer(card) for card in ALL_CARDS)
"""The shared :class:`Offer` object of each card index."""

REVEALS: Final[tuple[Reveal, ...]] = tuple(Reveal(card) for card in ALL_CARDS)
"""The shared :class:`Reveal` object of each card index."""


# How many cards ``secure``, ``split`` and ``keep`` take is a rule with a parameter
# (SECURE_SIZE, OFFER_SIZE, KEEP_SIZE): the engine judges it, naming the clause; the
# notation reads any set of cards.


def _split(verb: str, rest: str) -> Split:
    left, right = two_sides(verb, rest, "two offers")
    return Split(CardSet.parse(left), CardSet.parse(right))


def _shuffle(verb: str, rest: str) -> Shuffle:
    order = tuple(Card(token) for token in rest.split())
    mask_of(order)  # a card given twice is malformed
    if any(card.is_joker for card in order):
        raise MalformedInput("Divide's deck has no Joker")
    return Shuffle(whole_order(order, DECK_SIZE))


_READERS: Final[dict[str, Callable[[str, str], Action]]] = {
    "play": lambda verb, rest: PLAYS[Card(one_argument(verb, rest))],
    "offer": lambda verb, rest: OFFERS[Card(one_argument(verb, rest))],
    "reveal": lambda verb, rest: REVEALS[Card(one_argument(verb, rest))],
    "secure": lambda verb, rest: Secure(CardSet.parse(rest)),
    "keep": lambda verb, rest: Keep(CardSet.parse(rest)),
    "split": _split,
    "dealer": lambda verb, rest: ChooseDealer(seat_argument(verb, rest)),
    "shuffle": _shuffle,
}
"""The reader of each verb of the record notation."""


def parse_action(text: str) -> Action:
    """Read an action from its record notation."""
    return read_action(text, _READERS, "Divide")
