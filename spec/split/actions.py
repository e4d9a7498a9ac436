"""Split's actions: one decision of the rules is one action [split.ruling.one-decision].

Every action has a text form used in game records (``play 57``) and a
``repr`` that pastes back as Python.  :func:`parse_action` reads the text.

>>> Play(57).text, Move("left").text, Reset().text, Aid(100).text
('play 57', 'move left', 'reset', 'aid 100')
>>> parse_action("play 57")
Play(card=57)
>>> parse_action("under 40"), parse_action("move right")
(Bury(card=40), Move(side='right'))
>>> parse_action("play 101")
Traceback (most recent call last):
...
spec.errors.MalformedCard: bad card '101': a Split card is a number from 0 to 100
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from spec.errors import MalformedInput
from spec.split.cards import mask_of, parse_number
from spec.split.constants import AID_CARDS, DECK_SIZE

__all__ = [
    "AIDS",
    "BURIES",
    "MOVES",
    "PLAYS",
    "RESET",
    "Action",
    "Aid",
    "Bury",
    "ChooseDealer",
    "Move",
    "Play",
    "Reset",
    "Reshuffle",
    "Shuffle",
    "Side",
    "parse_action",
]

Side = Literal["left", "right"]
"""A pile, by its fixed name [split.ruling.pile-sides]."""


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Chance: the seat of the dealer [split.ruling.first-dealer]."""

    seat: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"dealer {self.seat}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the order of the shuffled deck, top card first [split.deal.shuffle].

    The deal follows from it [split.ruling.deal-order].
    """

    order: tuple[int, ...]

    @property
    def text(self) -> str:
        """Record notation."""
        return "shuffle " + " ".join(str(card) for card in self.order)


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Chance: the discard pile shuffled under the draw pile, top card first.

    [split.ruling.empty-draw-pile, split.ruling.put-under-exhausted]
    """

    order: tuple[int, ...]

    @property
    def text(self) -> str:
        """Record notation."""
        return "reshuffle " + " ".join(str(card) for card in self.order)


@dataclass(frozen=True, slots=True)
class Bury:
    """The opener puts a wild card under the draw pile and draws [split.open.put-under]."""

    card: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"under {self.card}"


@dataclass(frozen=True, slots=True)
class Move:
    """The middle card goes onto the ``left`` or ``right`` pile [split.turn.move-middle]."""

    side: Side

    @property
    def text(self) -> str:
        """Record notation."""
        return f"move {self.side}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card from hand goes into the middle [split.turn.play-between]."""

    card: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Aid:
    """Cooperative: the 0 or the 100 from beside the table goes into the middle.

    [split.coop.aid-use]
    """

    card: int

    @property
    def text(self) -> str:
        """Record notation."""
        return f"aid {self.card}"


@dataclass(frozen=True, slots=True)
class Reset:
    """The player resets [split.reset.choose, split.turn.must-reset]."""

    @property
    def text(self) -> str:
        """Record notation."""
        return "reset"


Action = ChooseDealer | Shuffle | Reshuffle | Bury | Move | Play | Aid | Reset
"""Any Split action."""

PLAYS: Final[tuple[Play, ...]] = tuple(Play(n) for n in range(DECK_SIZE))
"""The shared :class:`Play` of each card."""

BURIES: Final[tuple[Bury, ...]] = tuple(Bury(n) for n in range(DECK_SIZE))
"""The shared :class:`Bury` of each card."""

AIDS: Final[dict[int, Aid]] = {n: Aid(n) for n in AID_CARDS}
"""The shared :class:`Aid` of the 0 and the 100."""

MOVES: Final[tuple[Move, Move]] = (Move("left"), Move("right"))
"""The two moves of the middle card."""

RESET: Final = Reset()
"""The one reset action."""


def _one_number(verb: str, rest: str) -> int:
    tokens = rest.split()
    if len(tokens) != 1:
        raise MalformedInput(f"{verb!r} takes one card, got {len(tokens)}: {rest!r}")
    return parse_number(tokens[0])


def _order(verb: str, rest: str) -> tuple[int, ...]:
    order = tuple(parse_number(token) for token in rest.split())
    mask_of(order)  # a card given twice is malformed
    if not order:
        raise MalformedInput(f"{verb!r} needs the order of the cards")
    return order


def parse_action(text: str) -> Action:
    """Read an action from its record notation."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    if verb == "play":
        return PLAYS[_one_number(verb, rest)]
    if verb == "move":
        side = rest.lower()
        if side == "left":
            return MOVES[0]
        if side == "right":
            return MOVES[1]
        raise MalformedInput(f"'move' takes left or right, got {rest!r}")
    if verb == "reset":
        if rest:
            raise MalformedInput(f"'reset' takes nothing, got {rest!r}")
        return RESET
    if verb == "aid":
        card = _one_number(verb, rest)
        if card not in AIDS:
            raise MalformedInput(f"an aid is the 0 or the 100, not {card}")
        return AIDS[card]
    if verb == "under":
        return BURIES[_one_number(verb, rest)]
    if verb == "dealer":
        try:
            return ChooseDealer(int(rest))
        except ValueError:
            raise MalformedInput(f"'dealer' takes a seat number, got {rest!r}") from None
    if verb == "shuffle":
        order = _order(verb, rest)
        if len(order) not in (DECK_SIZE, DECK_SIZE - len(AID_CARDS)):
            raise MalformedInput(
                f"'shuffle' orders the whole deck ({DECK_SIZE} or {DECK_SIZE - len(AID_CARDS)} "
                f"cards), got {len(order)}"
            )
        return Shuffle(order)
    if verb == "reshuffle":
        return Reshuffle(_order(verb, rest))
    raise MalformedInput(f"unknown Split action {verb!r} in {text!r}")
