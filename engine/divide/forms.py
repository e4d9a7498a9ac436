"""The form of Divide's events and result in a record, and of its position files.

Every event :mod:`engine.divide.events` derives has its kind here, with
each field's type and range; a record's events and result are checked
against them before anything is replayed (:mod:`engine.record`), and they
are published as JSON Schema (:mod:`engine.formats`).

>>> from cardlaw.spec.schema import problems
>>> [str(p) for p in problems(event(4), {"event": "trick", "winner": {}}, "e")][:2]
['e.round: missing', 'e.trick: missing']
"""

from __future__ import annotations

from typing import Final, get_args

from cardlaw.engine.divide.position import position_form
from cardlaw.engine.manifest import Forms
from cardlaw.spec.divide.state import DecidedBy
from cardlaw.spec.schema import Choice, Int, List, Object, Schema, Seat, Tagged, Text

__all__ = ["FORMS", "event", "result"]


def _per_seat(players: int | None, item: Schema, what: str) -> List:
    return List(item, players or 0, players, what=f"{what}, one per seat")


def _fields(players: int | None) -> dict[str, Schema]:
    """The fields of the result (and of the ``game-end`` event)."""
    seats = List(Seat(players), 1, players, what="a list of seats")
    return {
        "totals": _per_seat(players, Int(), "a list of points"),
        "winners": seats,
        "decided_by": Choice(*get_args(DecidedBy)),
        "tied": List(Seat(players), 0, players, what="a list of seats"),
    }


def result(players: int | None) -> Object:
    """The form of a Divide result for ``players`` seats."""
    return Object(_fields(players))


def event(players: int | None) -> Tagged:
    """The form of one Divide event for ``players`` seats."""
    seat = Seat(players)
    count = Int(min=1)
    cards = List(Text(nonempty=True), players or 0, players, what="the trick's cards, one per seat")
    return Tagged(
        "event",
        {
            "first-dealer": Object({"seat": seat}),
            "deal": Object({"round": count, "dealer": seat}),
            "trump": Object({"card": Text(nonempty=True), "rank": Text(nonempty=True)}),
            "trick": Object(
                {
                    "round": count,
                    "trick": count,
                    "leader": seat,
                    "cards": cards,
                    "winner": seat,
                    "card": Text(nonempty=True),
                    "token": Choice("suit", "bonus", "none"),
                    "points": Int(min=0),
                }
            ),
            "round-end": Object(
                {
                    "round": count,
                    "scores": _per_seat(players, Int(), "a list of points"),
                    "totals": _per_seat(players, Int(), "a list of points"),
                }
            ),
            "game-end": Object(_fields(players)),
        },
    )


FORMS: Final[Forms] = Forms(event=event, result=result, position=position_form)
"""Divide's forms, for its manifest."""
