"""What the games' actions share: record notation from a verb.

An action is a frozen dataclass whose ``text`` is its record notation: a
verb, then what the action names.  The bases here write that notation for
the shapes the games use (a seat, a card, a set of cards, an order of cards,
nothing), so a game's action only names its verb.  Each game keeps its own
classes: an action of one game is never an action of another.  Reading the
notation back is :mod:`spec.notation`'s.

>>> @action("pick")
... class Pick(SeatAction):
...     '''Demo.'''
>>> Pick(2).text, Pick(2), Pick(2) == SeatAction(2)
('pick 2', Pick(seat=2), False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import ClassVar, Generic, TypeVar, dataclass_transform

from cardlaw.spec.cards import CardSet

__all__ = [
    "CardAction",
    "CardsAction",
    "OrderAction",
    "SeatAction",
    "VerbAction",
    "action",
    "field_names",
]

C = TypeVar("C", bound=int)


@dataclass(frozen=True, slots=True)
class VerbAction:
    """An action written as its verb, then its fields (a tuple as its items).

    Two or more fields are written with ``between`` between them.
    """

    verb: ClassVar[str] = ""
    between: ClassVar[str] = " "

    @property
    def text(self) -> str:
        """Record notation."""
        values = [_written(getattr(self, name)) for name in field_names(type(self))]
        return f"{self.verb} {self.between.join(values)}" if values else self.verb


_NAMES: dict[type, tuple[str, ...]] = {}
"""Each dataclass's field names, in order (``dataclasses.fields``, asked once a class)."""


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of the dataclass ``cls``, in the order it declares them.

    Asked of :func:`dataclasses.fields` once a class (an action's text and an
    observation's are written field by field, many times a game).

    >>> from cardlaw.spec.split.actions import Play
    >>> field_names(Play)
    ('card',)
    """
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(field.name for field in fields(cls))
    return names


def _written(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, tuple) else str(value)


V = TypeVar("V", bound=VerbAction)


@dataclass_transform(frozen_default=True)
def action(verb: str, *, between: str = " ") -> Callable[[type[V]], type[V]]:
    """Make a class a game's action: a frozen dataclass written with ``verb``.

    >>> @action("give", between=" to ")
    ... class Give(VerbAction):
    ...     '''Demo.'''
    ...     card: int
    ...     seat: int
    >>> Give(7, 2).text
    'give 7 to 2'
    """

    def make(cls: type[V]) -> type[V]:
        cls.verb, cls.between = verb, between
        return dataclass(frozen=True, slots=True)(cls)

    return make


@dataclass(frozen=True, slots=True)
class SeatAction(VerbAction):
    """An action naming a seat: ``VERB SEAT``."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardAction(VerbAction, Generic[C]):
    """An action naming one card: ``VERB CARD``."""

    card: C


@dataclass(frozen=True, slots=True)
class CardsAction(VerbAction):
    """An action naming a set of cards: ``VERB CARDS``."""

    cards: CardSet


@dataclass(frozen=True, slots=True)
class OrderAction(VerbAction, Generic[C]):
    """An action naming an order of cards, top card first: ``VERB CARD CARD ...``."""

    order: tuple[C, ...]
