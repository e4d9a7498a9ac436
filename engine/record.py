"""Game records: the versioned JSON "PGN" of cardlaw, written and replayed.

A record holds the game, its configuration, the seed that drove the
sampler (if any), every action in order with its actor, and the events a
reader wants (derived from the actions: trick winners, tokens, scores,
the result).  Replaying a record applies its actions one by one; derived
events or a result that disagree with the replay make the record illegal.

Format, version 1::

    {
      "format": "cardlaw-record",
      "version": 1,
      "game": "divide",
      "config": {"players": 4, "trump_suit": "printed"},
      "seed": 7,
      "players": ["random", "greedy", "random", "greedy"],
      "actions": [
        {"actor": "chance", "action": "dealer 2", "events": [...]},
        {"actor": 3, "action": "offer 7S"},
        ...
      ],
      "result": {...}
    }

``seed``, ``players``, ``events`` and ``result`` are optional when reading;
when present they must agree with the replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.api import JSON, AnyGame
from engine.registry import get_game
from spec.errors import CardlawError, IllegalAction, MalformedInput

__all__ = [
    "FORMAT",
    "VERSION",
    "Replay",
    "ReplayError",
    "build_record",
    "dump_record",
    "load_record",
    "replay_record",
]

FORMAT: Final = "cardlaw-record"
VERSION: Final = 1


def build_record(
    game: AnyGame,
    config: Any,
    actions: Iterable[Any],
    *,
    seed: int | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, JSON]:
    """A record of ``actions`` played from the start, with derived events.

    Raises :class:`~spec.errors.IllegalAction` if an action is illegal.
    """
    state = game.new_game(config)
    entries: list[dict[str, JSON]] = []
    for action in actions:
        actor = game.to_move(state)
        after = game.apply(state, action)
        entry: dict[str, JSON] = {"actor": actor, "action": game.action_text(action)}
        events = game.events(state, action, after)
        if events:
            entry["events"] = events
        entries.append(entry)
        state = after
    result = game.result(state)
    record: dict[str, JSON] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "config": game.config_to_json(config),
        "seed": seed,
    }
    if players is not None:
        record["players"] = list(players)
    record["actions"] = entries
    record["result"] = None if result is None else game.result_to_json(result)
    return record


def dump_record(record: Mapping[str, JSON]) -> str:
    """The record as JSON text: one action per line, always the same bytes."""
    lines = ["{"]
    items = list(record.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "actions" and isinstance(value, list):
            lines.append('  "actions": [')
            for i, entry in enumerate(value):
                sep = "," if i < len(value) - 1 else ""
                lines.append("    " + json.dumps(entry, separators=(", ", ": ")) + sep)
            lines.append(f"  ]{comma}")
        else:
            lines.append(
                f"  {json.dumps(key)}: {json.dumps(value, separators=(', ', ': '))}{comma}"
            )
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_record(text: str) -> dict[str, JSON]:
    """Parse record text; anything but a JSON object is malformed.

    >>> load_record("[1, 2]")
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: a record must be a JSON object
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedInput(
            f"the record is not valid JSON ({error.msg}, line {error.lineno})"
        ) from None
    if not isinstance(data, dict):
        raise MalformedInput("a record must be a JSON object")
    return data


@dataclass(frozen=True, slots=True)
class ReplayError:
    """The first thing wrong with a well-formed record."""

    index: int
    """Position of the offending action (0-based), or -1 for the record as a whole."""
    actor: JSON
    action: str
    clause: str
    message: str

    def to_json(self) -> dict[str, JSON]:
        """The error as JSON."""
        return {
            "index": self.index,
            "actor": self.actor,
            "action": self.action,
            "clause": self.clause,
            "message": self.message,
        }

    def __str__(self) -> str:
        if self.index < 0:
            return f"{self.message} [{self.clause}]"
        who = "chance" if self.actor == "chance" else f"seat {self.actor}"
        return (
            f"action {self.index + 1} ({who}: {self.action!r}) is illegal: "
            f"{self.message} [{self.clause}]"
        )


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying a record."""

    game: AnyGame
    config: Any
    states: tuple[Any, ...]
    """Every state from the start to the last legal one."""
    actions: tuple[Any, ...]
    """The actions applied (all of them when the record is legal)."""
    error: ReplayError | None

    @property
    def legal(self) -> bool:
        """Whether every action was legal and every derived fact agreed."""
        return self.error is None

    @property
    def final(self) -> Any:
        """The last state reached."""
        return self.states[-1]

    @property
    def result(self) -> Any:
        """The game's result if it finished, else ``None``."""
        return self.game.result(self.final)

    def to_json(self) -> dict[str, JSON]:
        """``{"legal": ..., "result": ..., "error": ...}``."""
        result = self.result
        return {
            "legal": self.legal,
            "result": None if result is None else self.game.result_to_json(result),
            "error": None if self.error is None else self.error.to_json(),
        }


def _field(record: Mapping[str, JSON], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in record:
        raise MalformedInput(f"the record has no {key!r}")
    value = record[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise MalformedInput(f"the record's {key!r} has the wrong type")
    return value


def replay_record(record: Mapping[str, JSON]) -> Replay:
    """Replay a parsed record.

    Raises :class:`~spec.errors.MalformedInput` when the record cannot be
    read (wrong format, unknown game, bad config, an unreadable action); an
    illegal action or a disagreeing event is reported in the returned
    :class:`Replay`'s ``error``.
    """
    if record.get("format") != FORMAT:
        raise MalformedInput(f"not a cardlaw record (format must be {FORMAT!r})")
    if record.get("version") != VERSION:
        raise MalformedInput(f"unsupported record version {record.get('version')!r}")
    game = get_game(_field(record, "game", str))
    config = game.config_from_json(_field(record, "config", dict))
    entries = _field(record, "actions", list)
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise MalformedInput("the record's 'seed' must be a number or null")
    parsed = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or "action" not in entry or "actor" not in entry:
            raise MalformedInput(f"action {index + 1} needs an 'actor' and an 'action'")
        try:
            parsed.append(game.parse_action(entry["action"]))
        except CardlawError as error:
            raise MalformedInput(f"action {index + 1}: {error}") from None
    state = game.new_game(config)
    states = [state]
    done: list[Any] = []
    for index, (entry, action) in enumerate(zip(entries, parsed, strict=True)):
        actor = game.to_move(state)
        text = str(entry["action"])
        if entry["actor"] != actor:
            expected = "nobody (the game is over)" if actor is None else actor
            failure = ReplayError(
                index,
                entry["actor"],
                text,
                game.turn_clause,
                f"the record names actor {entry['actor']!r}, but {expected} is to act",
            )
            return Replay(game, config, tuple(states), tuple(done), failure)
        try:
            after = game.apply(state, action)
        except IllegalAction as illegal:
            failure = ReplayError(index, actor, text, illegal.clause, illegal.reason)
            return Replay(game, config, tuple(states), tuple(done), failure)
        derived = game.events(state, action, after)
        if "events" in entry and _normal(entry["events"]) != _normal(derived):
            failure = ReplayError(
                index,
                actor,
                text,
                "record.events-agree",
                f"the record's events {json.dumps(entry['events'])} disagree with the "
                f"replay's {json.dumps(derived)}",
            )
            return Replay(game, config, tuple(states), tuple(done), failure)
        state = after
        states.append(state)
        done.append(action)
    if "result" in record and record["result"] is not None:
        result = game.result(state)
        derived_result = None if result is None else game.result_to_json(result)
        if _normal(record["result"]) != _normal(derived_result):
            failure = ReplayError(
                -1,
                None,
                "",
                "record.result-agrees",
                f"the record's result {json.dumps(record['result'])} disagrees with the "
                f"replay's {json.dumps(derived_result)}",
            )
            return Replay(game, config, tuple(states), tuple(done), failure)
    return Replay(game, config, tuple(states), tuple(done), None)


def _normal(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)
