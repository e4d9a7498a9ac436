"""The form of Split's events and result in a record, and of its position files.

Every event :mod:`engine.split.events` derives has its kind here, with
each field's type and range; a record's events and result are checked
against them before anything is replayed (:mod:`engine.record`), and they
are published as JSON Schema (:mod:`engine.formats`).

>>> from cardlaw.spec.schema import problems
>>> [str(p) for p in problems(event(4), {"event": "reverse", "direction": "up"}, "e")]
['e.direction: expected "clockwise" or "counterclockwise", got "up"']
"""

from __future__ import annotations

from typing import Final, get_args

from cardlaw.engine.manifest import Forms
from cardlaw.engine.split.spot import position_form
from cardlaw.spec.schema import Bool, Choice, Int, List, Object, Schema, Seat, Tagged
from cardlaw.spec.split.constants import Mode
from cardlaw.spec.split.state import Outcome, Reason

__all__ = ["FORMS", "event", "result"]


def _fields(players: int | None) -> dict[str, Schema]:
    """The fields of the result (and of the ``game-end`` event)."""
    return {
        "mode": Choice(*get_args(Mode)),
        "outcome": Choice(*get_args(Outcome)),
        "winners": List(Seat(players), 0, players, what="a list of seats"),
        "reason": Choice(*get_args(Reason)),
        "turns": Int(min=0),
    }


def result(players: int | None) -> Object:
    """The form of a Split result for ``players`` seats."""
    return Object(_fields(players))


def event(players: int | None) -> Tagged:
    """The form of one Split event for ``players`` seats."""
    seat = Seat(players)
    card = Int(min=0)
    return Tagged(
        "event",
        {
            "dealer": Object({"seat": seat}),
            "deal": Object({"dealer": seat}),
            "reshuffle": Object({"cards": Int(min=0)}),
            "reset": Object({"seat": seat, "forced": Bool()}),
            "reverse": Object({"direction": Choice("clockwise", "counterclockwise")}),
            "open": Object({"seat": seat, "left": card, "right": card}),
            "game-end": Object(_fields(players)),
        },
    )


FORMS: Final[Forms] = Forms(event=event, result=result, position=position_form)
"""Split's forms, for its manifest."""
