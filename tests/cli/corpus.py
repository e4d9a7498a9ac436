"""The malformed records the fuzz suite draws (:mod:`tests.cli.test_fuzz`).

Shared with :mod:`tests.engine.test_formats`, which checks that the
published JSON Schema rejects exactly these where :mod:`spec.schema` does.
Each is a record played by bots, with one defect drawn from a kind: cut
short, binary, too deep, a field of the wrong type or unknown, a scalar for
a record, or one field of an event or of the result broken (issue 31's
``"winner": {}``, ``"round": "x"``, ``"": 1``, a lone surrogate among them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import strategies as st

from cardlaw.engine.registry import GAMES
from tests.games import played_record

__all__ = ["KINDS", "bad_record", "bad_record_of", "get_at", "set_at"]

Draw = st.DataObject


@cache
def _records() -> dict[str, str]:
    return {name: played_record(name, 11) for name in GAMES}


WRONG_TYPED = [None, True, 1.5, -3, "x", [], {}, [1, "2"], {"a": 1}, 10**20]

_NULLABLE = frozenset({("seed",), ("result",), ("config", "aids")})
"""Where null is a value, not a wrong type: a seedless record, an unfinished one, and
Split's aids (``null``: the mode's own aids, as ``engine/split/codec.py`` reads them)."""


def _wrong_type(value: Any) -> list[Any]:
    """Values of a different JSON type than ``value``."""

    def kind(v: Any) -> str:
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, int | float):
            return "number"
        return type(v).__name__

    return [w for w in WRONG_TYPED if kind(w) != kind(value)]


def _structural_paths(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The places of a record whose type the record format fixes."""
    paths: list[tuple[Any, ...]] = [(key,) for key in data]
    paths += [("config", key) for key in data["config"]]
    paths += [("players", i) for i in range(len(data.get("players") or []))]
    for i, entry in enumerate(data["actions"]):
        paths += [("actions", i), ("actions", i, "actor"), ("actions", i, "action")]
        if "events" in entry:
            paths += [("actions", i, "events")]
            paths += [("actions", i, "events", j) for j in range(len(entry["events"]))]
    return paths


def get_at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    get_at(data, path[:-1])[path[-1]] = value


FORM_EDITS: list[Callable[[dict[str, Any], str], None]] = [
    lambda doc, key: doc.__setitem__(key, {}),  # "winner": {}
    lambda doc, key: doc.__setitem__(key, "x"),  # "round": "x"
    lambda doc, key: doc.__setitem__("", 1),  # "": 1
    lambda doc, key: doc.__setitem__(key, "\ud800"),  # a lone surrogate
    lambda doc, key: doc.__setitem__(key, [1, "2"]),
    lambda doc, key: doc.pop(key),
]
"""Edits of one field of an event or of the result (issue 31's reproducers among them)."""


def _not_text(doc: dict[str, Any]) -> list[str]:
    """The fields of an event or a result that do not hold text (so "x" is no value of them)."""
    return [key for key, value in doc.items() if key != "event" and not isinstance(value, str)]


def _bad_form(draw: Draw, data: dict[str, Any], kind: str) -> None:
    """Break one field of an event (``event``) or of the result (``result``) of ``data``."""
    if kind == "result":
        doc = data["result"]
    else:
        events = [e for entry in data["actions"] for e in entry.get("events", []) if _not_text(e)]
        doc = draw.draw(st.sampled_from(events), label="event")
    key = draw.draw(st.sampled_from(_not_text(doc)), label="field")
    draw.draw(st.sampled_from(FORM_EDITS), label="edit")(doc, key)


KINDS = ["truncated", "binary", "deep", "wrong-type", "unknown-field", "scalar", "event", "result"]
"""The kinds of malformed record drawn, each as likely."""


def bad_record(draw: Draw) -> str:
    """A malformed record's text."""
    return bad_record_of(draw)[1]


def bad_record_of(draw: Draw) -> tuple[str, str]:
    """A malformed record: the game it was played as, and its text."""
    name = draw.draw(st.sampled_from(list(GAMES)))
    return name, _malformed(draw, name, _records()[name])


def _malformed(draw: Draw, name: str, text: str) -> str:
    kind = draw.draw(st.sampled_from(KINDS))
    if kind == "truncated":
        cut = draw.draw(st.integers(0, len(text) - 3))
        return text[:cut]
    if kind == "binary":
        junk = draw.draw(st.binary(min_size=1, max_size=64))
        return (text[:20].encode() + b"\xff\xfe" + junk).decode("latin-1")
    if kind == "deep":
        depth = draw.draw(st.sampled_from([65, 200, 5_000, 100_000]))
        opener = draw.draw(st.sampled_from(["[", '{"a":']))
        return opener * depth
    if kind == "scalar":
        return draw.draw(st.sampled_from(["", "null", "7", '"record"', "[]", "true", "[{}]"]))
    data = json.loads(text)
    if kind in ("event", "result"):
        _bad_form(draw, data, kind)
        return json.dumps(data)
    if kind == "unknown-field":
        holders: list[tuple[Any, ...]] = [(), ("config",)]
        holders += [("actions", i) for i in range(len(data["actions"]))]
        holder = draw.draw(st.sampled_from(holders))
        get_at(data, holder)[draw.draw(st.sampled_from(["extra", "Seed", "comment", ""]))] = 1
        return json.dumps(data)
    path = draw.draw(st.sampled_from(_structural_paths(data)))
    value = get_at(data, path)
    wrong = _wrong_type(value)
    if path in _NULLABLE:
        wrong = [w for w in wrong if w is not None]
    if path[-1] == "actor" or path[:1] == ("players",):
        wrong = [*wrong, 99, -1] if not isinstance(value, str) else [*wrong, "x", ""]
    set_at(data, path, draw.draw(st.sampled_from(wrong)))
    return json.dumps(data)
