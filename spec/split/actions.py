"""Split's actions: one decision of the rules is one action [split.ruling.one-decision].

Every action has a text form used in game records (``play 57``) and a
``repr`` that pastes back as Python.  :func:`parse_action` reads the text.

>>> Play(57).text, Move("left").text, Reset().text, Aid(100).text
('play 57', 'move left', 'reset', 'aid 100')
>>> parse_action("play 57")
Play(card=57)
>>> parse_action("under 40"), parse_action("move right")
(Bury(card=40), Move(side='right'))
>>> parse_action("move up")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 'move' takes left or right, got 'up'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

from cardlaw.spec.actions import CardAction, OrderAction, SeatAction, VerbAction, action
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.notation import no_argument, one_argument, read_action, seat_argument
from cardlaw.spec.split.cards import mask_of, parse_number
from cardlaw.spec.split.constants import AID_CARDS, DECK_SIZE

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


@action("dealer")
class ChooseDealer(SeatAction):
    """Chance: the seat of the dealer [split.ruling.first-dealer]."""


@action("shuffle")
class Shuffle(OrderAction[int]):
    """Chance: the order of the shuffled deck, top card first [split.deal.shuffle].

    The deal follows from it [split.ruling.deal-order].
    """


@action("reshuffle")
class Reshuffle(OrderAction[int]):
    """Chance: the discard pile shuffled under the draw pile, top card first.

    [split.ruling.empty-draw-pile, split.ruling.put-under-exhausted]
    """


@action("under")
class Bury(CardAction[int]):
    """The opener puts a card under the draw pile and draws [split.open.put-under]."""


@action("move")
class Move(VerbAction):
    """The middle card goes onto the ``left`` or ``right`` pile [split.turn.move-middle]."""

    side: Side


@action("play")
class Play(CardAction[int]):
    """A card from hand goes into the middle [split.turn.play-between]."""


@action("aid")
class Aid(CardAction[int]):
    """Cooperative: the 0 or the 100 from beside the table goes into the middle.

    [split.coop.aid-use]
    """


@action("reset")
class Reset(VerbAction):
    """The player resets [split.reset.choose, split.turn.must-reset]."""


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
    return parse_number(one_argument(verb, rest))


def _order(verb: str, rest: str) -> tuple[int, ...]:
    order = tuple(parse_number(token) for token in rest.split())
    mask_of(order)  # a card given twice is malformed
    if not order:
        raise MalformedInput(f"{verb!r} needs the order of the cards")
    return order


def _move(verb: str, rest: str) -> Move:
    side = rest.strip().lower()
    if side == "left":
        return MOVES[0]
    if side == "right":
        return MOVES[1]
    raise MalformedInput(f"'move' takes left or right, got {rest.strip()!r}")


def _reset(verb: str, rest: str) -> Reset:
    no_argument(verb, rest.strip())
    return RESET


def _aid(verb: str, rest: str) -> Aid:
    card = _one_number(verb, rest.strip())
    if card not in AIDS:
        raise MalformedInput(f"an aid is the 0 or the 100, not {card}")
    return AIDS[card]


def _shuffle(verb: str, rest: str) -> Shuffle:
    order = _order(verb, rest)
    if len(order) not in (DECK_SIZE, DECK_SIZE - len(AID_CARDS)):
        raise MalformedInput(
            f"'shuffle' orders the whole deck ({DECK_SIZE} or {DECK_SIZE - len(AID_CARDS)} "
            f"cards), got {len(order)}"
        )
    return Shuffle(order)


_READERS: Final[dict[str, Callable[[str, str], Action]]] = {
    "play": lambda verb, rest: PLAYS[_one_number(verb, rest.strip())],
    "move": _move,
    "reset": _reset,
    "aid": _aid,
    "under": lambda verb, rest: BURIES[_one_number(verb, rest.strip())],
    "dealer": lambda verb, rest: ChooseDealer(seat_argument(verb, rest.strip())),
    "shuffle": _shuffle,
    "reshuffle": lambda verb, rest: Reshuffle(_order(verb, rest)),
}
"""The reader of each verb of the record notation."""


def parse_action(text: str) -> Action:
    """Read an action from its record notation."""
    return read_action(text, _READERS, "Split")
