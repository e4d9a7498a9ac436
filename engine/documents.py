"""Reading JSON and TOML documents (records, positions) within fixed bounds.

Every document cardlaw reads from a user goes through here (its file read
by :func:`engine.files.read_text`, which refuses anything but a regular
file before reading it), so a file that is not a regular file, too large,
nested too deeply or not valid JSON/TOML is always a clean
:class:`~spec.errors.MalformedInput` (exit code 2 on the command line),
never a ``RecursionError`` or an exhausted memory:

* at most :data:`MAX_BYTES` bytes (32 MiB: a record of the longest game
  cardlaw plays is well under 1 MiB);
* at most :data:`MAX_DEPTH` levels of nested lists and objects (64: a
  record or a position needs fewer than ten);
* strict JSON: no ``NaN`` or ``Infinity``, and no field given twice in one
  object (which one would count?).

>>> parse_json('{"a": [1, {"b": null}]}', "the record")
{'a': [1, {'b': None}]}
>>> parse_json("[" * 100_000, "the record")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: the record is nested too deeply (more than 64 levels)
>>> parse_json('{"seed": 1, "seed": 2}', "the record")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: the record is not valid JSON (field 'seed' is given twice)
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Final

from cardlaw.engine import files
from cardlaw.engine.files import read_text
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "check_depth",
    "load_document",
    "parse_json",
    "parse_toml",
    "read_text",
]

MAX_BYTES: Final = files.MAX_BYTES
"""The largest document read, in bytes (32 MiB)."""

MAX_DEPTH: Final = 64
"""The deepest nesting of lists and objects a document may have."""


class _Duplicate(ValueError):
    """A field given twice in one JSON object."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _Duplicate(f"field {key!r} is given twice")
        data[key] = value
    return data


def _no_constant(name: str) -> object:
    raise _Duplicate(f"{name} is not a JSON number")


def _check_size(text: str, what: str) -> None:
    # A character takes one to four bytes in UTF-8: count them only when it matters.
    if len(text) * 4 > MAX_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_BYTES:
            raise MalformedInput(
                f"{what} is too large ({size:,} bytes; at most {MAX_BYTES:,} are read)"
            )


def check_depth(value: object, what: str) -> None:
    """Raise unless ``value`` nests lists and objects at most :data:`MAX_DEPTH` deep.

    The walk uses its own stack, so no depth can overflow Python's.

    >>> check_depth([[[]]], "x")
    >>> check_depth(eval("[" * 70 + "]" * 70), "the position")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: the position is nested too deeply (more than 64 levels)
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth + 1 > MAX_DEPTH:
            raise MalformedInput(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")
        stack.extend((child, depth + 1) for child in children)


def parse_json(text: str, what: str) -> object:
    """Parse JSON text within the bounds; ``what`` names the document in messages."""
    _check_size(text, what)
    try:
        data: object = json.loads(
            text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant
        )
    except json.JSONDecodeError as error:
        raise MalformedInput(
            f"{what} is not valid JSON ({error.msg}, line {error.lineno})"
        ) from None
    except RecursionError:
        raise MalformedInput(
            f"{what} is nested too deeply (more than {MAX_DEPTH} levels)"
        ) from None
    except ValueError as error:  # a duplicate field, NaN, a number with too many digits
        raise MalformedInput(f"{what} is not valid JSON ({error})") from None
    check_depth(data, what)
    return data


def parse_toml(text: str, what: str) -> object:
    """Parse TOML text within the bounds; ``what`` names the document in messages.

    >>> parse_toml("a = [[[1]]]", "the position")
    {'a': [[[1]]]}
    >>> parse_toml("a = " + "[" * 5000, "the position")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: the position is nested too deeply (more than 64 levels)
    """
    _check_size(text, what)
    try:
        data: object = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MalformedInput(f"{what} is not valid TOML ({error})") from None
    except RecursionError:
        raise MalformedInput(
            f"{what} is nested too deeply (more than {MAX_DEPTH} levels)"
        ) from None
    except ValueError as error:  # a number with too many digits
        raise MalformedInput(f"{what} is not valid TOML ({error})") from None
    check_depth(data, what)
    return data


def load_document(path: Path, what: str) -> object:
    """A document from a file: TOML when the name ends in ``.toml``, else JSON.

    ``what`` names it in messages (``the record``, ``position: spot.json``).  The file is
    read by :func:`engine.files.read_text`: a regular file of at most :data:`MAX_BYTES`.
    """
    text = read_text(path)
    if path.suffix.lower() == ".toml":
        return parse_toml(text, what)
    return parse_json(text, what)
