"""The schemas: scalars, seats, lists, objects, alternatives and cards.

See :mod:`spec.schema` for the whole picture.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Final, TypeGuard

from cardlaw.spec.schema.base import Found, Kind, Schema, at, forward, kind_of, problems, shown

__all__ = [
    "ANY",
    "Anything",
    "Bool",
    "Cards",
    "Choice",
    "Int",
    "List",
    "Nullable",
    "Object",
    "OneOf",
    "Refine",
    "Seat",
    "Tagged",
    "Text",
]


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Anything(Schema):
    """Any JSON value (its meaning is judged elsewhere)."""

    def _describe(self) -> str:
        return "any value"


ANY: Final = Anything()
"""The schema that accepts any JSON value."""


@dataclass(frozen=True, slots=True)
class Bool(Schema):
    """``true`` or ``false``."""

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"bool"})

    def _describe(self) -> str:
        return "true or false"


@dataclass(frozen=True, slots=True)
class Int(Schema):
    """A whole number, optionally from ``min`` to ``max``; a boolean is never one.

    >>> problems(Int(min=1, max=4), True), problems(Int(min=1, max=4), 4)
    ([Problem(path='', message='expected a whole number from 1 to 4, got true')], [])
    """

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"int"})
    min: int | None = None
    max: int | None = None

    def _describe(self) -> str:
        low, high = self.min, self.max
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None or high is not None:
            return (
                f"a whole number {low} or more"
                if high is None
                else f"a whole number {high} or less"
            )
        return "a whole number"

    def _ok(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (self.min is None or value >= self.min)
            and (self.max is None or value <= self.max)
        )


@dataclass(frozen=True, slots=True)
class Text(Schema):
    """A string; with ``nonempty``, one that is not blank."""

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"text"})
    nonempty: bool = False

    def _describe(self) -> str:
        return "non-empty text" if self.nonempty else "text"

    def _ok(self, value: object) -> bool:
        return isinstance(value, str) and not (self.nonempty and not value.strip())


@dataclass(frozen=True, slots=True, init=False)
class Choice(Schema):
    """One of a few fixed values (strings or numbers, compared with their type).

    >>> problems(Choice("up", "down"), "left")[0].message
    'expected "up" or "down", got "left"'
    >>> problems(Choice(1), True)[0].message
    'expected 1, got true'
    """

    values: tuple[str | int, ...]

    def __init__(self, *values: str | int) -> None:
        object.__setattr__(self, "values", values)

    def _describe(self) -> str:
        names = [json.dumps(v, ensure_ascii=False) for v in self.values]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    def _kinds(self) -> frozenset[Kind]:
        return frozenset(k for v in self.values if (k := kind_of(v)) is not None)

    def _ok(self, value: object) -> bool:
        return any(type(value) is type(v) and value == v for v in self.values)


@dataclass(frozen=True, slots=True)
class Seat(Schema):
    """A seat: a number from 0 to ``players - 1``, and with ``chance`` also ``"chance"``.

    ``players`` may be ``None`` (not known yet): then any seat number is one.
    """

    players: int | None
    chance: bool = False

    def _describe(self) -> str:
        seats = "a seat" if self.players is None else f"a seat 0–{self.players - 1}"
        return seats + (' or "chance"' if self.chance else "")

    def _kinds(self) -> frozenset[Kind]:
        return frozenset({"int", "text"} if self.chance else {"int"})

    def _ok(self, value: object) -> bool:
        if self.chance and value == "chance":
            return True
        return _whole(value) and 0 <= value < (self.players or value + 1)


@dataclass(frozen=True, slots=True)
class Nullable(Schema):
    """``null`` or what ``inner`` accepts."""

    inner: Schema

    def _describe(self) -> str:
        return f"{self.inner.expected()}, or null"

    def _kinds(self) -> frozenset[Kind]:
        return self.inner.kinds() | {"null"}

    def _check(self, value: object, path: str, found: Found) -> None:
        if value is None:
            return
        if kind_of(value) in self.inner.kinds():
            forward(self, self.inner, value, path, found)
        else:
            self._wrong(value, path, found)


@dataclass(frozen=True, slots=True)
class List(Schema):
    """A list of ``min_length`` to ``max_length`` items, each checked against ``item``.

    >>> problems(List(Int(), min_length=2, max_length=2, what="two numbers"), [1, "x", 3])
    [Problem(path='', message='expected two numbers, got a list of 3'), \
Problem(path='[1]', message='expected a whole number, got "x"')]
    """

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"list"})
    item: Schema
    min_length: int = 0
    max_length: int | None = None
    what: str = ""
    """How to name the list in messages (default: from the bounds and the item)."""

    def _describe(self) -> str:
        low, high = self.min_length, self.max_length
        if self.what or high is None:
            return self.what or (f"a list of {low} or more" if low else "a list")
        if low == high:
            return f"a list of {low}"
        return f"a list of {low} to {high}" if low else f"a list of at most {high}"

    def _check(self, value: object, path: str, found: Found) -> None:
        if not isinstance(value, list | tuple):
            self._wrong(value, path, found)
            return
        if len(value) < self.min_length or (
            self.max_length is not None and len(value) > self.max_length
        ):
            found.add(path, f"expected {self.expected()}, got a list of {len(value)}")
        for index, item in enumerate(value):
            if found.full:
                return
            self.item._check(item, at(path, index), found)


@dataclass(frozen=True, slots=True)
class Object(Schema):
    """An object with the ``required`` fields and any of the ``optional`` ones.

    Any other field is an error, unless ``extra`` is given: then other fields
    are allowed and their values checked against it.  Problems come in the
    order the fields are declared, then the unknown fields in document order.
    """

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"object"})
    required: Mapping[str, Schema] = field(default_factory=dict)
    optional: Mapping[str, Schema] = field(default_factory=dict)
    extra: Schema | None = None

    def _describe(self) -> str:
        return "an object"

    def _check(self, value: object, path: str, found: Found) -> None:
        if not isinstance(value, Mapping):
            self._wrong(value, path, found)
            return
        for name, schema in self.required.items():
            if name not in value:
                found.add(at(path, name), "missing")
            else:
                schema._check(value[name], at(path, name), found)
        for name, schema in self.optional.items():
            if name in value:
                schema._check(value[name], at(path, name), found)
        known = [*self.required, *self.optional]
        for name in value:
            if found.full:
                return
            if name in self.required or name in self.optional:
                continue
            where = at(path, str(name))
            if self.extra is not None:
                self.extra._check(value[name], where, found)
            else:
                found.add(where, f"unknown field (known: {', '.join(known) or 'none'})")


@dataclass(frozen=True, slots=True, init=False)
class OneOf(Schema):
    """A value one of several schemas accepts.

    When the value's kind fits exactly one of them, that schema's problems
    are reported (with their deeper paths); otherwise one problem names the
    alternatives.

    >>> either = OneOf(Int(min=0), List(Text()))
    >>> problems(either, ["a", 2]), problems(either, "a")[0].message
    ([Problem(path='[1]', message='expected text, got 2')], \
'expected a whole number 0 or more or a list, got "a"')
    """

    options: tuple[Schema, ...]

    def __init__(self, *options: Schema) -> None:
        object.__setattr__(self, "options", options)

    def _describe(self) -> str:
        return " or ".join(option.expected() for option in self.options)

    def _kinds(self) -> frozenset[Kind]:
        return frozenset().union(*(option.kinds() for option in self.options))

    def _check(self, value: object, path: str, found: Found) -> None:
        kind = kind_of(value)
        fitting = [option for option in self.options if kind in option.kinds()]
        for option in fitting:
            if not problems(option, value):
                return
        if len(fitting) == 1:
            forward(self, fitting[0], value, path, found)
        else:
            self._wrong(value, path, found)


@dataclass(frozen=True, slots=True)
class Cards(Schema):
    """Cards, as one string of tokens (``"AS KH"``, commas allowed) or a list of tokens.

    ``parse`` is the game's own card parser: it takes one token and raises a
    :class:`ValueError` (every cardlaw error is one) naming what is wrong.
    With ``numbers`` a list may hold whole numbers too (Split's cards), read
    as their decimal text.  ``count`` (or ``min_count``/``max_count``) bounds
    how many cards there are.

    >>> def parse(token: str) -> str:
    ...     if token not in ("AS", "KH", "7D"):
    ...         raise ValueError(f"{token} is not a card here")
    ...     return token
    >>> problems(Cards(parse, example="AS KH"), "AS, 7X")
    [Problem(path='', message='7X is not a card here')]
    >>> problems(Cards(parse, count=1, example="7D"), ["AS", "KH"])[0].message
    'expected 1 card, like "7D", got 2 cards'
    """

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"text", "list"})
    parse: Callable[[str], object]
    example: str = "AS KH"
    numbers: bool = False
    count: int | None = None
    min_count: int = 0
    max_count: int | None = None
    pattern: str = ""
    """A regular expression for one card's name (for :mod:`spec.schema.json_schema`; ``parse``
    is what cardlaw checks)."""

    def _bounds(self) -> tuple[int, int | None]:
        if self.count is not None:
            return self.count, self.count
        return self.min_count, self.max_count

    def _describe(self) -> str:
        low, high = self._bounds()
        like = f'like "{self.example}"'
        if low == high:
            return f"{low} card{'s' * (low != 1)}, {like}"
        return f"cards, {like}"

    def _check(self, value: object, path: str, found: Found) -> None:
        items: list[tuple[str, object]]  # (path, token)
        if isinstance(value, str):
            items = [(path, token) for token in value.replace(",", " ").split()]
        elif isinstance(value, list | tuple):
            items = [(at(path, index), item) for index, item in enumerate(value)]
        else:
            self._wrong(value, path, found)
            return
        for where, item in items:
            if found.full:
                return
            number = self.numbers and isinstance(item, int) and not isinstance(item, bool)
            token = str(item) if number else item
            if not isinstance(token, str):
                kind = "a card number or name" if self.numbers else "a card"
                found.add(where, f"expected {kind}, got {shown(item)}")
                continue
            try:
                self.parse(token.strip())
            except ValueError as error:
                found.add(where, str(error))
        low, high = self._bounds()
        count = len(items)
        if count < low or (high is not None and count > high):
            found.add(path, f"expected {self.expected()}, got {count} card{'s' * (count != 1)}")


@dataclass(frozen=True, slots=True)
class Refine(Schema):
    """What ``inner`` accepts and ``test`` passes: ``test`` returns a problem or ``None``.

    >>> even = Refine(Int(), lambda v: None if v % 2 == 0 else "expected an even number")
    >>> problems(even, 3), problems(even, "x")[0].message
    ([Problem(path='', message='expected an even number')], 'expected a whole number, got "x"')
    """

    inner: Schema
    test: Callable[[object], str | None]
    json: Mapping[str, object] | None = None
    """What ``test`` checks, as JSON Schema where it can be said (for
    :mod:`spec.schema.json_schema`); ``None``: left to cardlaw."""

    def _describe(self) -> str:
        return self.inner.expected()

    def _kinds(self) -> frozenset[Kind]:
        return self.inner.kinds()

    def _check(self, value: object, path: str, found: Found) -> None:
        before = len(found.items)
        self.inner._check(value, path, found)
        if len(found.items) == before:
            message = self.test(value)
            if message is not None:
                found.add(path, message)


@dataclass(frozen=True, slots=True)
class Tagged(Schema):
    """An object whose ``tag`` field names its kind, each kind an :class:`Object` of its own.

    The tag must be one of ``cases``' names; the object is then checked
    against that case's schema, which need not list the tag field itself
    (it is added, as that one value).

    >>> event = Tagged("event", {"deal": Object({"dealer": Seat(4)})})
    >>> problems(event, {"event": "deal", "dealer": 7})[0].message
    'expected a seat 0–3, got 7'
    >>> [str(p) for p in problems(event, {"event": "party"}, "e")]
    ['e.event: expected "deal", got "party"']
    """

    KINDS: ClassVar[frozenset[Kind]] = frozenset({"object"})
    tag: str
    cases: Mapping[str, Object]

    def _describe(self) -> str:
        return "an object"

    def tag_schema(self) -> Choice:
        """What the tag may be: one of the kinds' names."""
        return Choice(*self.cases)

    def kind_schema(self, name: str) -> Object:
        """The schema of the kind ``name``, with its tag field."""
        kind = self.cases[name]
        return Object(
            {self.tag: Choice(name), **kind.required}, optional=kind.optional, extra=kind.extra
        )

    def _check(self, value: object, path: str, found: Found) -> None:
        if not isinstance(value, Mapping):
            self._wrong(value, path, found)
            return
        if self.tag not in value:
            found.add(at(path, self.tag), "missing")
            return
        name = value[self.tag]
        if not isinstance(name, str) or name not in self.cases:
            self.tag_schema()._check(name, at(path, self.tag), found)
            return
        self.kind_schema(name)._check(value, path, found)
