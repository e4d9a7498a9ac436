"""Observation strings: a seat's cardlaw observation as text, and its whole history.

:func:`observation_text` writes every field of the observation ``observe``
gives (``field=value``, cards by name); :func:`recall_text` writes what the
seat saw over the whole game, perfect recall: the first observation in full,
then at each later step where the seat's observation changed, the fields that
changed, ``|`` before each step.  Both are made from ``observe`` alone.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.ecosystem.spot import Spot
>>> game = get_game("euchre")
>>> spot = Spot.start(game, game.config()).after_id(0)
>>> observation_text(spot.observation(1)).split(' upcard')[0]
'seat=1 stage=DEAL deal=0 dealer=0 to_move=chance hand=-'
>>> spot = spot.after(game.chance_outcomes(spot.state).outcome(0))
>>> recall_text(spot, 1).split(" | ")[1:]  # the dealer chosen, then the deal
['stage=DEAL dealer=0', 'stage=ORDER_UP deal=1 to_move=1 hand=9H QD 9D QC 9C upcard=AC \
hand_sizes=(5,5,5,5)']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import is_dataclass
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from cardlaw.ecosystem.spot import Spot
from cardlaw.spec.actions import field_names

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["observation_text", "recall_text", "value_text"]

S = TypeVar("S")
"""A game's state."""


def value_text(value: object) -> str:
    """One value as text: cards by name, enums by name, nothing as ``-``.

    >>> from cardlaw.spec.cards import Card, CardSet
    >>> value_text(CardSet("AS 7H")), value_text(None), value_text((1, Card("7S")))
    ('AS 7H', '-', '(1,7S)')
    >>> from enum import IntEnum
    >>> Seat = IntEnum("Seat", "NORTH")
    >>> [value_text(v) for v in (True, 0, "", Seat.NORTH, Fraction(1, 2), ())]
    ['yes', '0', '-', 'NORTH', '1/2', '()']
    """
    writer = _WRITERS.get(type(value))
    if writer is None:
        writer = _WRITERS[type(value)] = _writer(value)
    return writer(value)


def _nothing(value: object) -> str:
    return "-"


def _enum(value: object) -> str:
    assert isinstance(value, Enum)
    return value.name


def _bool(value: object) -> str:
    return "yes" if value else "no"


def _plain(value: object) -> str:
    text = str(value)
    return text if text else "-"


def _tuple(value: object) -> str:
    assert isinstance(value, tuple)
    return "(" + ",".join([value_text(item) for item in value]) + ")"


def _record(value: object) -> str:
    return "{" + " ".join(_pairs(value)) + "}"  # type: ignore[arg-type]  # a dataclass


def _writer(value: object) -> Callable[[object], str]:
    """How :func:`value_text` writes a value of ``value``'s type.

    What it writes depends on the type alone, so it is chosen once a type.
    """
    if value is None:
        return _nothing
    if isinstance(value, Enum):
        return _enum
    if isinstance(value, bool):
        return _bool
    if isinstance(value, Fraction):
        return str
    if isinstance(value, str | int):
        return _plain
    if isinstance(value, tuple):
        return _tuple
    if is_dataclass(value) and not isinstance(value, type):
        return _record
    return _plain


_WRITERS: dict[type, Callable[[object], str]] = {}
""":func:`_writer` of each type met, by type."""


def _pairs(observation: DataclassInstance) -> list[str]:
    return [
        f"{name}={value_text(getattr(observation, name))}"
        for name in field_names(type(observation))
    ]


def observation_text(observation: DataclassInstance) -> str:
    """Every field of ``observation``, ``name=value``, in the order the type declares them."""
    return " ".join(_pairs(observation))


def _changes(before: DataclassInstance, after: DataclassInstance) -> str:
    """The fields of ``after`` that differ from ``before``, as text."""
    return " ".join(
        [
            f"{name}={value_text(getattr(after, name))}"
            for name in field_names(type(after))
            if getattr(after, name) != getattr(before, name)
        ]
    )


def recall_text(spot: Spot[S], seat: int) -> str:
    """Everything ``seat`` has seen from the first spot of ``spot``'s line to ``spot``.

    Each spot keeps the part it adds (made once, when first asked), so the
    whole text is a join of those parts.
    """
    parts: list[str] = []
    for current in spot.lineage():
        memo = current.memo()
        key = ("recall", seat)
        part = memo.get(key)
        if part is None:
            seen = current.observation(seat)
            if current.parent is None:
                part = observation_text(seen)
            else:
                part = _changes(current.parent.observation(seat), seen)
            memo[key] = part
        if part:
            parts.append(part)  # type: ignore[arg-type]  # the memo's ("recall", seat) is a str
    parts.reverse()
    return " | ".join(parts)
