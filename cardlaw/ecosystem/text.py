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

from dataclasses import fields, is_dataclass
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from cardlaw.ecosystem.spot import Spot

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
    """
    if value is None:
        return "-"
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, str | int):
        text = str(value)
        return text if text else "-"
    if isinstance(value, tuple):
        return "(" + ",".join(value_text(item) for item in value) + ")"
    if is_dataclass(value) and not isinstance(value, type):
        return "{" + " ".join(_pairs(value)) + "}"
    text = str(value)
    return text if text else "-"


def _pairs(observation: DataclassInstance) -> list[str]:
    return [f"{f.name}={value_text(getattr(observation, f.name))}" for f in fields(observation)]


def observation_text(observation: DataclassInstance) -> str:
    """Every field of ``observation``, ``name=value``, in the order the type declares them."""
    return " ".join(_pairs(observation))


def _changes(before: DataclassInstance, after: DataclassInstance) -> str:
    """The fields of ``after`` that differ from ``before``, as text."""
    return " ".join(
        f"{f.name}={value_text(getattr(after, f.name))}"
        for f in fields(after)
        if getattr(after, f.name) != getattr(before, f.name)
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
