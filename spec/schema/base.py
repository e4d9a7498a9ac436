"""The validator's core: problems, their paths, the base of every schema, and the checks.

See :mod:`spec.schema` for the whole picture and the schemas themselves.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import UnionType
from typing import ClassVar, Final, Literal

from cardlaw.spec.errors import MalformedInput, printable

__all__ = [
    "MAX_PROBLEMS",
    "SHOWN",
    "Found",
    "Kind",
    "Problem",
    "Schema",
    "SchemaError",
    "at",
    "forward",
    "kind_of",
    "problems",
    "shown",
    "validate",
]

MAX_PROBLEMS: Final = 100
"""The validator stops collecting after this many problems (a document can be huge)."""

SHOWN: Final = 10
"""How many problems a :class:`SchemaError`'s one-line message spells out."""

Kind = Literal["null", "bool", "int", "float", "text", "list", "object"]
"""The kinds of JSON value, as :func:`kind_of` names them."""

_KINDS: Final[frozenset[Kind]] = frozenset(
    {"null", "bool", "int", "float", "text", "list", "object"}
)
_PYTHON_KINDS: Final[tuple[tuple[type | UnionType, Kind], ...]] = (
    (bool, "bool"),
    (int, "int"),
    (float, "float"),
    (str, "text"),
    (list | tuple, "list"),
    (Mapping, "object"),
)
"""The kind of a non-null value: the first whose Python types it is an instance of (a ``bool``
is no ``int``)."""
_PLAIN_KEY: Final = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document: where (a field path) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class SchemaError(MalformedInput):
    """A document that does not fit its schema; ``problems`` lists every problem found.

    >>> str(SchemaError([Problem("a", "missing"), Problem("b[0]", "expected text, got 3")]))
    'a: missing; b[0]: expected text, got 3'
    """

    def __init__(self, found: Sequence[Problem]) -> None:
        self.problems = tuple(found)
        shown = "; ".join(str(p) for p in self.problems[:SHOWN])
        more = len(self.problems) - SHOWN
        if more > 0:
            shown += f"; and {more}{'+' if len(self.problems) >= MAX_PROBLEMS else ''} more"
        super().__init__(shown)


def at(path: str, key: str | int) -> str:
    """The path of a field (``str`` key) or list item (``int`` index) under ``path``.

    >>> at("record", "actions"), at("record.actions", 12), at("", "seed"), at("x", "two words")
    ('record.actions', 'record.actions[12]', 'seed', 'x["two words"]')
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not _PLAIN_KEY.match(key):
        return f"{path}[{printable(json.dumps(key, ensure_ascii=False))}]"
    return f"{path}.{key}" if path else key


def kind_of(value: object) -> Kind | None:
    """The JSON kind of a parsed value (``None`` for something JSON cannot hold).

    >>> kind_of(True), kind_of(1), kind_of([]), kind_of({}), kind_of(b"")
    ('bool', 'int', 'list', 'object', None)
    """
    if value is None:
        return "null"
    return next((kind for types, kind in _PYTHON_KINDS if isinstance(value, types)), None)


def shown(value: object) -> str:
    r"""A value as a problem message quotes it: short, on one line.

    >>> shown("x"), shown(True), shown(None), shown([1]), shown({"a": 1}), shown("y" * 50)
    ('"x"', 'true', 'null', 'a list', 'an object', '"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy..."')
    >>> print(shown("\ud800"))  # a lone surrogate, which no output could print, as its escape
    "\ud800"
    """
    kind = kind_of(value)
    if kind == "list":
        return "a list"
    if kind == "object":
        return "an object"
    if kind == "text":
        text = str(value)
        if len(text) > 30:
            return printable(json.dumps(text[:30], ensure_ascii=False))[:-1] + '..."'
        return printable(json.dumps(text, ensure_ascii=False))
    if kind is None:
        return type(value).__name__
    return json.dumps(value)


class Found:
    """The problems found so far (at most :data:`MAX_PROBLEMS`), as a check collects them."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[Problem] = []

    @property
    def full(self) -> bool:
        """Whether no more problems are collected."""
        return len(self.items) >= MAX_PROBLEMS

    def add(self, path: str, message: str) -> None:
        """Add a problem (unless full)."""
        if not self.full:
            self.items.append(Problem(path, message))


class Schema(ABC):
    """What a value may be.

    A subclass names the JSON kinds it accepts (``KINDS``, or ``_kinds``),
    says what it expects in words (``_describe``) and checks a value: simple
    ones with ``_ok``, containers by overriding ``_check``.
    """

    __slots__ = ()
    KINDS: ClassVar[frozenset[Kind]] = _KINDS

    def expected(self) -> str:
        """What this schema accepts, in words (``a whole number from 1 to 4``)."""
        return self._describe()

    def kinds(self) -> frozenset[Kind]:
        """The JSON kinds a matching value can be."""
        return self._kinds()

    @abstractmethod
    def _describe(self) -> str: ...

    def _kinds(self) -> frozenset[Kind]:
        return self.KINDS

    def _ok(self, value: object) -> bool:
        return kind_of(value) in self.KINDS

    def _check(self, value: object, path: str, found: Found) -> None:
        if not self._ok(value):
            self._wrong(value, path, found)

    def _wrong(self, value: object, path: str, found: Found) -> None:
        found.add(path, f"expected {self.expected()}, got {shown(value)}")


def forward(outer: Schema, inner: Schema, value: object, path: str, found: Found) -> None:
    """Check ``value`` against ``inner`` on behalf of ``outer``.

    Problems deeper down, and what a card parser or a refinement says, keep
    their words; a value of the wrong shape is worded with ``outer``'s
    expectation (``expected a whole number, or null``).
    """
    mine = problems(inner, value, path)
    if len(mine) == 1 and mine[0].path == path and mine[0].message.startswith("expected "):
        outer._wrong(value, path, found)
        return
    for problem in mine:
        found.add(problem.path, problem.message)


def problems(schema: Schema, value: object, path: str = "") -> list[Problem]:
    """Every problem of ``value`` against ``schema`` (at most :data:`MAX_PROBLEMS`).

    >>> from cardlaw.spec.schema import Int, Object
    >>> problems(Object({"n": Int()}), {"n": 1}), problems(Object({"n": Int()}), {"n": "1"})
    ([], [Problem(path='n', message='expected a whole number, got "1"')])
    """
    found = Found()
    schema._check(value, path, found)
    return found.items


def validate(schema: Schema, value: object, path: str = "") -> None:
    """Raise a :class:`SchemaError` naming every problem of ``value``, if it has any.

    >>> from cardlaw.spec.schema import Bool, List
    >>> validate(List(Bool(), max_length=1), [True, 1], "flags")
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: flags: expected a list of at most 1, got a list of 2; \
flags[1]: expected true or false, got 1
    """
    found = problems(schema, value, path)
    if found:
        raise SchemaError(found)
