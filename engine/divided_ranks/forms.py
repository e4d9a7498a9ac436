"""The form of Divided Ranks' events and result in a record, and of its position files.

Every event :mod:`engine.divided_ranks.events` derives has its kind here,
with each field's type and range; a record's events and result are checked
against them before anything is replayed (:mod:`engine.record`), and they
are published as JSON Schema (:mod:`engine.formats`).

>>> from cardlaw.spec.schema import problems
>>> [str(p) for p in problems(event(2), {"event": "reserve", "seat": 0, "swapped": "no"})]
['swapped: expected true or false, got "no"']
"""

from __future__ import annotations

from typing import Final, get_args

from cardlaw.engine.divided_ranks.position import position_form
from cardlaw.engine.manifest import Forms
from cardlaw.spec.divided_ranks.constants import Category
from cardlaw.spec.divided_ranks.state import DecidedBy
from cardlaw.spec.schema import (
    Bool,
    Choice,
    Int,
    List,
    Nullable,
    Object,
    Schema,
    Seat,
    Tagged,
    Text,
)

__all__ = ["FORMS", "event", "result"]

_CARDS: Final = Text(nonempty=True)


def _fields(players: int | None) -> dict[str, Schema]:
    """The fields of the result (and of the ``game-end`` event)."""
    category = Choice(*(kind.label for kind in Category))
    hand = Object(
        {
            "weaker": _CARDS,
            "weaker_category": category,
            "stronger": _CARDS,
            "stronger_category": category,
        }
    )
    return {
        "winner": Nullable(Seat(players)),
        "winners": List(Seat(players), 0, 1, what="a list of at most one seat"),
        "decided_by": Choice(*get_args(DecidedBy)),
        "hands": List(hand, players or 0, players, what="the builds, one per seat"),
    }


def result(players: int | None) -> Object:
    """The form of a Divided Ranks result."""
    return Object(_fields(players))


def event(players: int | None) -> Tagged:
    """The form of one Divided Ranks event."""
    seat = Seat(players)
    return Tagged(
        "event",
        {
            "first-splitter": Object({"seat": seat}),
            "reserve-first": Object({"seat": seat}),
            "round": Object(
                {
                    "round": Int(min=1),
                    "splitter": seat,
                    "chooser": seat,
                    "took": Choice("face-up", "face-down"),
                    "face_up": Text(),
                    "face_down": Text(),
                }
            ),
            "reserve": Object(
                {"seat": seat, "swapped": Bool()}, optional={"gave": _CARDS, "took": _CARDS}
            ),
            "game-end": Object(_fields(players)),
        },
    )


FORMS: Final[Forms] = Forms(event=event, result=result, position=position_form)
"""Divided Ranks' forms, for its manifest."""
