"""The form of a game record: the schema every record is checked against before its replay.

:func:`record_schema` is the form of a record (its fields, each of its kind
and range; each game's events and result by the game's
:class:`~engine.manifest.Forms`), for the number of seats
:func:`record_players` reads from the record's configuration.
:mod:`engine.record` checks records with it; :mod:`engine.formats` publishes
it as JSON Schema.

>>> from cardlaw.spec.schema import problems
>>> [str(p) for p in problems(record_schema(2), {"format": "cardlaw-record"}, "record")]
['record.version: missing', 'record.game: missing', 'record.config: missing', \
'record.actions: missing', 'record.result: missing']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.engine.api import AnyGame
from cardlaw.engine.manifest import Forms, Manifest
from cardlaw.spec.schema import ANY, Choice, Int, List, Nullable, Object, Schema, Seat, Text

__all__ = [
    "FIELDS",
    "FORMAT",
    "SEED",
    "VERSION",
    "forms_of",
    "names",
    "record_players",
    "record_schema",
]

FORMAT: Final = "cardlaw-record"
VERSION: Final = 1
FIELDS: Final = ("format", "version", "game", "config", "seed", "players", "actions", "result")
"""A record's fields, in the order they are written."""


SEED: Final = Nullable(Int(min=0))
"""The form of a record's seed."""


def names(players: int | None) -> List:
    """The form of a record's ``players``: one non-empty name per seat."""
    return List(
        Text(nonempty=True),
        min_length=players or 0,
        max_length=players,
        what="a list of names" if players is None else f"a list of {players} names, one per seat",
    )


def record_schema(
    players: int | None, forms: Forms | None = None, game: str | None = None
) -> Object:
    """The form of a record of a game for ``players`` seats (``None``: not known).

    ``forms`` gives the form of the game's events and result (without it, any
    object is one); ``game`` its name (without it, any text is one).

    >>> from cardlaw.spec.schema import problems
    >>> [str(p) for p in problems(record_schema(2), {"format": "cardlaw-record"}, "record")]
    ['record.version: missing', 'record.game: missing', 'record.config: missing', \
'record.actions: missing', 'record.result: missing']
    """
    event: Schema = Object(extra=ANY) if forms is None else forms.event(players)
    result: Schema = Object(extra=ANY) if forms is None else forms.result(players)
    entry = Object(
        {"actor": Seat(players, chance=True), "action": Text()},
        optional={"events": List(event, what="a list of events (objects)")},
    )
    return Object(
        {
            "format": Choice(FORMAT),
            "version": Choice(VERSION),
            "game": Text() if game is None else Choice(game),
            "config": Object(extra=ANY),
            "actions": List(entry),
            "result": Nullable(result),
        },
        optional={"seed": SEED, "players": names(players)},
    )


def record_players(game: AnyGame, config: object) -> int | None:
    """The number of seats a record's form is checked for, read from its ``config`` alone.

    The config's ``players`` when it is one of the game's player counts; the
    game's default count when the config names none; else ``None`` (any seat
    is a seat).  The published JSON Schema (:mod:`engine.formats`) reads it
    the same way, so the two agree on every record.

    >>> from cardlaw.engine.registry import get_game
    >>> divide = get_game("divide")
    >>> record_players(divide, {"players": 5}), record_players(divide, {}), \
record_players(divide, {"players": "5"})
    (5, 4, None)
    """
    if not isinstance(config, Mapping):
        return None
    if "players" not in config:
        return int(game.config().players)
    count = config["players"]
    if isinstance(count, int) and not isinstance(count, bool) and count in game.player_counts:
        return count
    return None


def forms_of(game: AnyGame) -> Forms | None:
    """The forms of ``game``'s events, result and positions (:class:`~engine.manifest.Forms`)."""
    manifest = getattr(game, "manifest", None)
    return manifest.forms if isinstance(manifest, Manifest) else None
