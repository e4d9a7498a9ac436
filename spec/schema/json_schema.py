r"""The schemas as JSON Schema (draft 2020-12), for other programs that read or write the files.

:func:`to_json_schema` writes any schema of :mod:`spec.schema` as the JSON
Schema that accepts the same documents, with one difference JSON Schema
cannot avoid: it compares numbers by value, so it takes ``1.0`` for the
whole number ``1`` (which cardlaw refuses: a whole number is written
without a fraction).

What a schema checks by running code is written as far as JSON Schema can
say it: a card field (:class:`~spec.schema.Cards`) as the pattern of its
cards' names (``pattern``, when the schema gives one) and its count, a
refinement (:class:`~spec.schema.Refine`) as its own ``json`` when it gives
one, else as the schema it refines, with the check left to cardlaw.

>>> from cardlaw.spec.schema import Int, Nullable, Object, Seat
>>> written = to_json_schema(Object({"seat": Seat(4)}, optional={"seed": Nullable(Int(min=0))}))
>>> written["properties"]["seed"], written["required"], written["additionalProperties"]
({'anyOf': [{'type': 'null'}, {'type': 'integer', 'minimum': 0}]}, ['seat'], False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardlaw.spec.schema.base import Schema
from cardlaw.spec.schema.types import (
    Anything,
    Bool,
    Cards,
    Choice,
    Int,
    List,
    Nullable,
    Object,
    OneOf,
    Refine,
    Seat,
    Tagged,
    Text,
)

__all__ = ["DRAFT", "to_json_schema"]

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of the documents written here."""

JsonSchema = dict[str, Any]

_SEPARATORS: Final = r"[\s,]"
"""What separates the cards of a card field written as one string."""


def _int(low: int | None, high: int | None) -> JsonSchema:
    out: JsonSchema = {"type": "integer"}
    if low is not None:
        out["minimum"] = low
    if high is not None:
        out["maximum"] = high
    return out


def _anything(schema: Anything) -> JsonSchema:
    return {}


def _bool(schema: Bool) -> JsonSchema:
    return {"type": "boolean"}


def _integer(schema: Int) -> JsonSchema:
    return _int(schema.min, schema.max)


def _text(schema: Text) -> JsonSchema:
    return {"type": "string", "pattern": r"\S"} if schema.nonempty else {"type": "string"}


def _choice(schema: Choice) -> JsonSchema:
    values = list(schema.values)
    return {"const": values[0]} if len(values) == 1 else {"enum": values}


def _seat(schema: Seat) -> JsonSchema:
    players = schema.players
    seat = _int(0, None if players is None else players - 1)
    return {"anyOf": [seat, {"const": "chance"}]} if schema.chance else seat


def _nullable(schema: Nullable) -> JsonSchema:
    return {"anyOf": [{"type": "null"}, to_json_schema(schema.inner)]}


def _list(schema: List) -> JsonSchema:
    out: JsonSchema = {"type": "array", "items": to_json_schema(schema.item)}
    if schema.min_length:
        out["minItems"] = schema.min_length
    if schema.max_length is not None:
        out["maxItems"] = schema.max_length
    return out


def _object(schema: Object) -> JsonSchema:
    fields = {**schema.required, **schema.optional}
    out: JsonSchema = {"type": "object"}
    if fields:
        out["properties"] = {name: to_json_schema(field) for name, field in fields.items()}
    if schema.required:
        out["required"] = list(schema.required)
    out["additionalProperties"] = False if schema.extra is None else to_json_schema(schema.extra)
    if out["additionalProperties"] == {}:
        del out["additionalProperties"]
    return out


def _one_of(schema: OneOf) -> JsonSchema:
    return {"anyOf": [to_json_schema(option) for option in schema.options]}


def _tagged(schema: Tagged) -> JsonSchema:
    cases = [
        {
            "if": {"properties": {schema.tag: {"const": name}}, "required": [schema.tag]},
            "then": to_json_schema(schema.kind_schema(name)),
        }
        for name in schema.cases
    ]
    return {
        "type": "object",
        "properties": {schema.tag: _choice(schema.tag_schema())},
        "required": [schema.tag],
        "allOf": cases,
    }


def _repeat(token: str, low: int, high: int | None) -> str:
    """A pattern of ``low`` to ``high`` tokens, separated by commas or spaces."""
    more = f"{{{max(low - 1, 0)},{'' if high is None else high - 1}}}"
    some = f"{token}(?:{_SEPARATORS}+{token}){more}"
    body = some if low >= 1 else f"(?:{some})?"
    return f"^{_SEPARATORS}*{body}{_SEPARATORS}*$"


def _cards(schema: Cards) -> JsonSchema:
    token = f"(?:{schema.pattern})" if schema.pattern else r"[^\s,]+"
    low, high = (
        (schema.count, schema.count)
        if schema.count is not None
        else (
            schema.min_count,
            schema.max_count,
        )
    )
    if high == 0:
        text: JsonSchema = {"type": "string", "pattern": r"^[\s,]*$"}
    else:
        text = {"type": "string", "pattern": _repeat(token, low, high)}
    item: JsonSchema = {"type": "string", "pattern": rf"^\s*{token}\s*$"}
    if schema.numbers:
        item = {"anyOf": [item, {"type": "integer", "minimum": 0}]}
    listed: JsonSchema = {"type": "array", "items": item}
    if low:
        listed["minItems"] = low
    if high is not None:
        listed["maxItems"] = high
    return {"anyOf": [text, listed]}


def _refine(schema: Refine) -> JsonSchema:
    inner = to_json_schema(schema.inner)
    if schema.json is None:
        return inner
    return {"allOf": [inner, dict(schema.json)]} if inner else dict(schema.json)


_WRITERS: Final[dict[type, Callable[[Any], JsonSchema]]] = {
    Anything: _anything,
    Bool: _bool,
    Int: _integer,
    Text: _text,
    Choice: _choice,
    Seat: _seat,
    Nullable: _nullable,
    List: _list,
    Object: _object,
    OneOf: _one_of,
    Tagged: _tagged,
    Cards: _cards,
    Refine: _refine,
}
"""One writer per kind of schema (a kind with none is a bug, reported when it is met)."""


def to_json_schema(schema: Schema) -> JsonSchema:
    r"""``schema`` as a JSON Schema (draft 2020-12) object.

    >>> from cardlaw.spec.schema import List, Text
    >>> to_json_schema(List(Text(nonempty=True), 1, 2))
    {'type': 'array', 'items': {'type': 'string', 'pattern': '\\S'}, 'minItems': 1, 'maxItems': 2}
    """
    writer = _WRITERS.get(type(schema))
    if writer is None:
        raise TypeError(f"no JSON Schema is written for {type(schema).__name__}")
    return writer(schema)
