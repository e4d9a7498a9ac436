"""The form of Euchre's events and result in a record, and of its position files.

Every event :mod:`engine.euchre.events` derives has its kind here, with
each field's type and range; a record's events and result are checked
against them before anything is replayed (:mod:`engine.record`), and they
are published as JSON Schema (:mod:`engine.formats`).

>>> from cardlaw.spec.schema import problems
>>> [str(p) for p in problems(result(4), {"scores": [10, 3], "winner": {}, "winners": [0, 2]})]
['winner: expected a whole number from 0 to 1, got an object']
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.euchre.position import schema
from cardlaw.engine.manifest import Forms
from cardlaw.spec.cards import Suit
from cardlaw.spec.schema import Bool, Choice, Int, List, Object, Schema, Seat, Tagged, Text

__all__ = ["FORMS", "event", "position", "result"]

_TEAM: Final = Int(min=0, max=1)
_SCORES: Final = List(Int(min=0), 2, 2, what="two scores, one per team")


def _fields(players: int | None) -> dict[str, Schema]:
    """The fields of the result (and of the ``game-end`` event)."""
    return {
        "scores": _SCORES,
        "winner": _TEAM,
        "winners": List(Seat(players), 1, players, what="a list of seats"),
    }


def result(players: int | None) -> Object:
    """The form of a Euchre result."""
    return Object(_fields(players))


def event(players: int | None) -> Tagged:
    """The form of one Euchre event."""
    seat = Seat(players)
    hand = Int(min=1)
    card = Text(nonempty=True)
    return Tagged(
        "event",
        {
            "first-dealer": Object({"seat": seat}),
            "deal": Object({"hand": hand, "dealer": seat, "upcard": card}),
            "bid": Object(
                {
                    "hand": hand,
                    "round": Choice(1, 2),
                    "maker": seat,
                    "makers": _TEAM,
                    "trump": Choice(*(suit.letter for suit in Suit)),
                    "alone": Bool(),
                }
            ),
            "defend-alone": Object({"hand": hand, "defender": seat, "sits_out": seat}),
            "thrown-in": Object({"hand": hand, "next_dealer": seat}),
            "trick": Object(
                {
                    "hand": hand,
                    "trick": Int(min=1),
                    "leader": seat,
                    "cards": List(card, 1, players, what="the trick's cards"),
                    "winner": seat,
                }
            ),
            "hand-end": Object(
                {
                    "hand": hand,
                    "makers": _TEAM,
                    "alone": Bool(),
                    "won": List(Int(min=0), 2, 2, what="two trick counts, one per team"),
                    "team": _TEAM,
                    "points": Int(min=0),
                    "scores": _SCORES,
                }
            ),
            "game-end": Object(_fields(players)),
        },
    )


def position(players: int | None) -> Object:
    """The form of a Euchre position (always four seats: ``players`` changes nothing)."""
    return schema()


FORMS: Final[Forms] = Forms(event=event, result=result, position=position)
"""Euchre's forms, for its manifest."""
