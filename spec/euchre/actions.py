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
cardlaw.spec.errors.MalformedInput: 8H is not a Euchre card (the deck runs from 9 to A)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import factorial
from typing import Final, final

from cardlaw.spec.actions import CardAction, OrderAction, SeatAction, VerbAction, action
from cardlaw.spec.cards import ALL_CARDS, Card, Suit, mask_of
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.constants import DECK_SIZE, EUCHRE_DECK, PLAYERS
from cardlaw.spec.notation import no_argument, one_argument, read_action, seat_argument, whole_order

__all__ = [
    "DEALERS",
    "DEFEND_ALONE",
    "DISCARDS",
    "NAMES",
    "ORDER_UP",
    "PASS",
    "PLAYS",
    "Action",
    "ChooseDealer",
    "DefendAlone",
    "Discard",
    "NameTrump",
    "OrderUp",
    "Pass",
    "Play",
    "Shuffle",
    "parse_action",
]


@action("dealer")
class ChooseDealer(SeatAction):
    """Chance: the seat of the first dealer [euchre.ruling.first-dealer]."""


@action("shuffle")
class Shuffle(OrderAction[Card]):
    """Chance: the order of the 24 shuffled cards, top card first [euchre.deal.shuffle].

    The deal takes them from the top [euchre.ruling.deal-packets]: three to
    each player clockwise from the dealer's left, then two to each; the 21st
    card is the up-card and the last three lie under it.
    """

    @property
    def outcomes(self) -> int:
        """How many shuffles there are (each equally likely): 24!."""
        return factorial(DECK_SIZE)


@final
@action("pass")
class Pass(VerbAction):
    """Pass in either round of bidding [euchre.bid.first-round, euchre.bid.second-round]."""


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
class DefendAlone:
    """A defender goes alone, the partner sitting out [euchre.ruling.defender-alone].

    Only under the variant lone-defender; a defender who declines passes.
    """

    @property
    def text(self) -> str:
        """Record notation."""
        return "defend alone"


@action("discard")
class Discard(CardAction[Card]):
    """The card the dealer lays down after taking the up-card [euchre.bid.pick-up]."""


@action("play")
class Play(CardAction[Card]):
    """A card played to the current trick [euchre.trick.clockwise]."""


Action = ChooseDealer | Shuffle | Pass | OrderUp | NameTrump | Discard | DefendAlone | Play
"""Any Euchre action."""

PASS: Final = Pass()
"""The shared :class:`Pass`."""

DEFEND_ALONE: Final = DefendAlone()
"""The shared :class:`DefendAlone`."""

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


def _alone(verb: str, words: list[str]) -> bool:
    if not words:
        return False
    if words == ["alone"]:
        return True
    raise MalformedInput(f"{verb!r} may only be followed by 'alone', not {' '.join(words)!r}")


def _pass(verb: str, rest: str) -> Pass:
    no_argument(verb, rest)
    return PASS


def _name(verb: str, rest: str) -> NameTrump:
    words = rest.lower().split()
    if not words:
        raise MalformedInput("'name' needs a suit: name H, name S alone")
    suit = Suit.parse(words[0])
    return NAMES[suit][_alone(verb, words[1:])]


def _defend(verb: str, rest: str) -> DefendAlone:
    if rest.lower().split() != ["alone"]:
        raise MalformedInput(f"'defend' must be followed by 'alone' (defend alone), not {rest!r}")
    return DEFEND_ALONE


def _dealer(verb: str, rest: str) -> ChooseDealer:
    seat = seat_argument(verb, rest)
    if not 0 <= seat < PLAYERS:
        raise MalformedInput(f"'dealer' takes a seat from 0 to {PLAYERS - 1}, got {seat}")
    return DEALERS[seat]


def _shuffle(verb: str, rest: str) -> Shuffle:
    order = tuple(_euchre_card(token) for token in rest.split())
    mask_of(order)  # a card given twice is malformed
    return Shuffle(whole_order(order, DECK_SIZE))


_READERS: Final[dict[str, Callable[[str, str], Action]]] = {
    "play": lambda verb, rest: PLAYS[_euchre_card(one_argument(verb, rest))],
    "pass": _pass,
    "order": lambda verb, rest: ORDER_UP[_alone(verb, rest.lower().split())],
    "name": _name,
    "discard": lambda verb, rest: DISCARDS[_euchre_card(one_argument(verb, rest))],
    "defend": _defend,
    "dealer": _dealer,
    "shuffle": _shuffle,
}
"""The reader of each verb of the record notation."""


def parse_action(text: str) -> Action:
    """Read an action from its record notation.

    >>> parse_action("shuffle 9C")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 'shuffle' takes all 24 cards, got 1
    """
    return read_action(text, _READERS, "Euchre")
