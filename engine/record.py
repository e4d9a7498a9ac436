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

Fields (any other field, at any level, makes the record malformed):

``format``, ``version``
    Exactly ``"cardlaw-record"`` and the whole number ``1``.
``game``, ``config``
    A registered game's name, and an object the game's own configuration
    reader accepts.
``seed`` (optional)
    A whole number 0 or more, or ``null``: the seed whose sampler drew the
    chance outcomes (``cardlaw replay`` checks that it did,
    [record.seed-true]); ``null`` or absent for a game entered by hand.
``players`` (optional)
    One non-empty name per seat (the bots that played).
``actions``
    One object per action: ``actor`` (a seat ``0``..``n-1`` or
    ``"chance"``), ``action`` (its text) and, optionally, ``events`` (a
    list of objects, exactly the events the replay derives).
``result``
    The result of the finished game, or ``null`` for a game that is not
    finished; it must be the replay's [record.result-agrees].  It is
    required: a record says whether its game finished.

Events and results have each game's own form (:class:`~engine.manifest.Forms`:
every kind of event with its fields, the result's fields), checked like
the rest of the record.  The form of a record of each game is published as
a JSON Schema document (:mod:`engine.formats`).

A record is checked in full before anything is replayed: every problem of
form is reported at once, each by its field path (``record.actions[12].actor``,
counting actions from 0), as a :class:`~spec.errors.MalformedInput` (exit
code 2 on the command line).  Only a well-formed record is replayed; then
a wrong actor, an illegal action or a disagreeing event or result is a
broken rule, reported in the :class:`Replay` (exit code 1).

>>> replay_record({"format": "cardlaw-record", "version": True, "game": "divide",
...                "config": {}, "actions": [{"actor": "x", "action": "dealer 0"}],
...                "result": None})
Traceback (most recent call last):
...
cardlaw.spec.schema.base.SchemaError: record.version: expected 1, got true; \
record.actions[0].actor: expected a seat 0–3 or "chance", got "x"
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cardlaw.engine.api import JSON, AnyGame
from cardlaw.engine.documents import parse_json, read_text
from cardlaw.engine.manifest import Seated
from cardlaw.engine.record_form import (
    FIELDS,
    FORMAT,
    SEED,
    VERSION,
    forms_of,
    names,
    record_players,
    record_schema,
)
from cardlaw.engine.registry import GAMES, get_game
from cardlaw.spec.errors import IllegalAction, MalformedInput, printable
from cardlaw.spec.schema import MAX_PROBLEMS, Problem, SchemaError, at, problems, validate
from cardlaw.spec.schema.base import shown
from cardlaw.spec.trace import enforces

__all__ = [
    "FIELDS",
    "FORMAT",
    "VERSION",
    "Replay",
    "ReplayError",
    "build_record",
    "check_record",
    "dump_record",
    "forms_of",
    "load_record",
    "read_record",
    "record_players",
    "record_schema",
    "replay_record",
]


def build_record(
    game: AnyGame,
    config: object,
    actions: Iterable[object],
    *,
    seed: int | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, JSON]:
    """A record of ``actions`` played from the start, with derived events.

    Raises :class:`~spec.errors.IllegalAction` if an action is illegal, and
    :class:`~spec.errors.MalformedInput` for anything a record cannot hold
    (a seed that is not a whole number 0 or more, a name per seat missing):
    what it returns is a record :func:`replay_record` reads.

    >>> from cardlaw.engine.registry import get_game
    >>> build_record(get_game("divide"), get_game("divide").config(), [], seed="x")
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: seed: expected a whole number 0 or more, or null, got "x"
    """
    name = getattr(game, "name", None)
    api = ("new_game", "to_move", "apply", "events", "action_text", "result", "config_to_json")
    # A stand-in for a registered game (a test's deliberately broken engine) writes its record too.
    if not (isinstance(name, str) and name in GAMES) or not all(
        callable(getattr(game, method, None)) for method in api
    ):
        raise MalformedInput(f"build_record needs a game of the registry, not {shown(game)}")
    if isinstance(actions, str | bytes) or not isinstance(actions, Iterable):
        raise MalformedInput(f"build_record needs actions in order, not {shown(actions)}")
    state = game.new_game(config)
    validate(SEED, seed, "seed")
    if players is not None:
        given = list(players) if isinstance(players, list | tuple) else players
        validate(names(int(state.config.players)), given, "players")
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


def _json(value: object) -> str:
    """``value`` as strict JSON on one line (no NaN); anything else is malformed."""
    try:
        return json.dumps(value, separators=(", ", ": "), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise MalformedInput(f"a record holds only JSON values ({error})") from None


def dump_record(record: Mapping[str, JSON]) -> str:
    """The record as JSON text: one action per line, always the same bytes.

    >>> dump_record({"seed": float("nan")})
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: a record holds only JSON values (Out of range float values \
are not JSON compliant)
    """
    if not isinstance(record, Mapping):
        raise MalformedInput(f"a record must be a mapping of its fields, not {shown(record)}")
    lines = ["{"]
    items = list(record.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if not isinstance(key, str):
            raise MalformedInput(f"a record's fields are named by text, not {shown(key)}")
        if key == "actions" and isinstance(value, list):
            lines.append('  "actions": [')
            for i, entry in enumerate(value):
                sep = "," if i < len(value) - 1 else ""
                lines.append("    " + _json(entry) + sep)
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {_json(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_record(text: str) -> dict[str, JSON]:
    """Parse record text (within :mod:`engine.documents`' bounds); it must be an object.

    >>> load_record("[1, 2]")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: a record must be a JSON object
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedInput("the record is not UTF-8 text") from None
    if not isinstance(text, str):
        raise MalformedInput(f"a record is read from text, not {shown(text)}")
    data = parse_json(text, "the record")
    if not isinstance(data, dict):
        raise MalformedInput("a record must be a JSON object")
    return data


def read_record(path: Path) -> dict[str, JSON]:
    """Read and parse a record file (at most :data:`engine.documents.MAX_BYTES`)."""
    return load_record(read_text(path))


def _complaint(game: AnyGame, data: Mapping[str, JSON]) -> str | None:
    try:
        game.config_from_json(data)
    except (ValueError, TypeError) as error:
        return str(error)
    return None


def _blame(game: AnyGame, data: Mapping[str, JSON], complaint: str) -> str | None:
    """The configuration key a complaint is about, when one can be told.

    A key is to blame when its value alone draws the same complaint, or when
    the rest of the configuration is fine without it.
    """
    if len(data) > 16:
        return None
    for key in data:
        if _complaint(game, {key: data[key]}) == complaint:
            return key
    for key in data:
        if _complaint(game, {k: v for k, v in data.items() if k != key}) is None:
            return key
    return None


def _order(problem: Problem) -> int:
    top = problem.path.removeprefix("record.").split(".")[0].split("[")[0]
    return FIELDS.index(top) if top in FIELDS else len(FIELDS)


@enforces("record.well-formed")
def check_record(record: object) -> tuple[AnyGame, object, list[object]]:
    """The game, configuration and parsed actions of a well-formed record.

    Raises :class:`~spec.schema.SchemaError` (a
    :class:`~spec.errors.MalformedInput`) naming every problem of form, each
    by its path: a field missing, unknown or of the wrong type or range, an
    unknown game, a configuration the game rejects, an action that cannot
    be read.  Nothing is replayed.
    """
    if not isinstance(record, Mapping):
        raise MalformedInput("a record must be a JSON object")
    found: list[Problem] = []
    game: AnyGame | None = None
    config: Seated | None = None
    name = record.get("game")
    if isinstance(name, str):
        if name in GAMES:
            game = get_game(name)
        else:
            found.append(
                Problem("record.game", f"unknown game {name!r} (known: {', '.join(GAMES)})")
            )
    data = record.get("config")
    if game is not None and isinstance(data, Mapping):
        complaint = _complaint(game, data)
        if complaint is None:
            config = game.config_from_json(data)
        else:
            key = _blame(game, data, complaint)
            found.append(Problem(at("record.config", key) if key else "record.config", complaint))
    players = None if game is None else record_players(game, data)
    forms = None if game is None else forms_of(game)
    found += problems(record_schema(players, forms), record, "record")
    parsed: list[object] = []
    entries = record.get("actions")
    if game is not None and isinstance(entries, list):
        for index, entry in enumerate(entries):
            if len(found) >= MAX_PROBLEMS:
                break
            text = entry.get("action") if isinstance(entry, Mapping) else None
            if isinstance(text, str):
                try:
                    parsed.append(game.parse_action(text))
                except ValueError as error:
                    found.append(Problem(f"record.actions[{index}].action", str(error)))
    if found:
        raise SchemaError(sorted(found, key=_order))
    assert game is not None
    return game, config, parsed


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
        """The error as JSON: its fields, in order."""
        return asdict(self)

    def __str__(self) -> str:
        if self.index < 0:
            return f"{self.message} [{self.clause}]"
        who = "chance" if self.actor == "chance" else f"seat {self.actor}"
        words = self.action.split()
        text = self.action if len(words) <= 4 else " ".join([*words[:3], "..."])
        return f"action {self.index + 1} ({who}: {text!r}): {self.message} [{self.clause}]"


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying a record."""

    game: AnyGame
    config: object
    states: tuple[Any, ...]
    """Every state from the start to the last legal one."""
    actions: tuple[object, ...]
    """The actions applied (all of them when the record is legal)."""
    error: ReplayError | None
    seed: int | None = None
    """The record's seed (``None`` for a game entered by hand)."""

    @property
    def legal(self) -> bool:
        """Whether every action was legal and every derived fact agreed."""
        return self.error is None

    @property
    def seeded(self) -> bool:
        """Whether the record names the seed its chance outcomes were drawn from."""
        return self.seed is not None

    @property
    def final(self) -> Any:
        """The last state reached."""
        return self.states[-1]

    @property
    def result(self) -> object:
        """The game's result if it finished, else ``None``."""
        return self.game.result(self.final)

    @property
    def finished(self) -> bool:
        """Whether the last state reached ends the game."""
        return self.result is not None

    def to_json(self) -> dict[str, JSON]:
        """``{"legal", "seeded", "finished", "result", "error"}``."""
        result = self.result
        return {
            "legal": self.legal,
            "seeded": self.seeded,
            "finished": result is not None,
            "result": None if result is None else self.game.result_to_json(result),
            "error": None if self.error is None else self.error.to_json(),
        }


@enforces("record.actions-replay", "record.events-agree", "record.result-agrees")
def replay_record(record: Mapping[str, JSON]) -> Replay:
    """Check a parsed record (:func:`check_record`), then replay it.

    Raises :class:`~spec.errors.MalformedInput` when the record is not well
    formed; an action taken by the wrong actor or against the rules, or a
    disagreeing event or result, is reported in the returned
    :class:`Replay`'s ``error``.  (Whether the seed drew the chance outcomes
    is checked by the sampler's side: :func:`cardlaw.judge.judge_record`.)
    """
    game, config, parsed = check_record(record)
    entries: list[Mapping[str, JSON]] = record["actions"]
    seed: int | None = record.get("seed")
    state = game.new_game(config)
    states = [state]
    done: list[object] = []

    def stop(failure: ReplayError | None) -> Replay:
        return Replay(game, config, tuple(states), tuple(done), failure, seed)

    for index, (entry, action) in enumerate(zip(entries, parsed, strict=True)):
        actor = game.to_move(state)
        text = str(entry["action"])
        if entry["actor"] != actor:
            expected = "nobody (the game is over)" if actor is None else actor
            return stop(
                ReplayError(
                    index,
                    entry["actor"],
                    text,
                    game.turn_clause,
                    f"the record names actor {entry['actor']!r}, but {expected} is to act",
                )
            )
        try:
            after = game.apply(state, action)
        except IllegalAction as illegal:
            return stop(ReplayError(index, actor, text, illegal.clause, illegal.reason))
        derived = game.events(state, action, after)
        if "events" in entry and _normal(entry["events"]) != _normal(derived):
            return stop(
                ReplayError(
                    index,
                    actor,
                    text,
                    "record.events-agree",
                    f"the record's events {_short(entry['events'])} disagree with the "
                    f"replay's {_short(derived)}",
                )
            )
        state = after
        states.append(state)
        done.append(action)
    failure = _result_error(game, state, record["result"])
    return stop(failure)


def _result_error(game: AnyGame, state: object, stated: JSON) -> ReplayError | None:
    """What is wrong with the result a record states for the game it replays to, if anything."""
    result = game.result(state)
    derived = None if result is None else game.result_to_json(result)
    if _normal(stated) == _normal(derived):
        return None
    if derived is None:
        message = f"the record states the result {_short(stated)}, but the game is not finished"
    elif stated is None:
        message = f"the record states no result (null), but the game ends with {_short(derived)}"
    else:
        message = (
            f"the record's result {_short(stated)} disagrees with the replay's {_short(derived)}"
        )
    return ReplayError(-1, None, "", "record.result-agrees", message)


def _normal(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


def _short(value: JSON, limit: int = 300) -> str:
    text = printable(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= limit else text[: limit - 3] + "..."
