"""Declarative schemas for JSON-like documents, and one validator for them all.

A schema says what a document may hold: objects with required and optional
fields (any other field is an error), whole numbers in a range (``true`` is
never a number), enumerated values, seats, lists with length bounds, cards
read by a game's own card parser, nullable values and alternatives.
:func:`problems` walks a parsed document (JSON or TOML) against a schema and
collects *every* problem, each named by its field path; :func:`validate`
raises them all at once as one :class:`SchemaError`, a
:class:`~spec.errors.MalformedInput` whose message stays on one line.

>>> entry = Object(
...     {"actor": Seat(4, chance=True), "action": Text()},
...     optional={"events": List(Object(extra=ANY))},
... )
>>> record = Object({"seed": Nullable(Int(min=0)), "actions": List(entry)})
>>> for problem in problems(record, {"seed": -1, "actions": [{"actor": "x"}]}, "record"):
...     print(problem)
record.seed: expected a whole number 0 or more, or null, got -1
record.actions[0].actor: expected a seat 0–3 or "chance", got "x"
record.actions[0].action: missing
>>> validate(record, {"seed": 7, "actions": [], "colour": "red"}, "record")
Traceback (most recent call last):
...
cardlaw.spec.schema.base.SchemaError: record.colour: unknown field (known: seed, actions)

Paths name object fields with dots and list items by their 0-based index in
brackets (``actions[12]`` is the thirteenth action); the root is named by
the caller (``record``, ``position``).  The validator only checks presence,
type and range; what a value means (a card given twice, a hand of the wrong
size, an illegal play) is judged by the code that reads the document next.
"""

from __future__ import annotations

from cardlaw.spec.schema import types
from cardlaw.spec.schema.base import (
    MAX_PROBLEMS,
    Problem,
    Schema,
    SchemaError,
    at,
    problems,
    validate,
)
from cardlaw.spec.schema.types import *  # noqa: F403  (the schemas: every name in types.__all__)

__all__ = ["MAX_PROBLEMS", "Problem", "Schema", "SchemaError", "at", "problems", "validate"]
__all__ += types.__all__
