"""Reading record notation: the verb picks the reader, and shared readers give shared messages.

:func:`read_action` reads a record line through a game's table of verbs; the
other readers give the message every game uses for the same mistake.

>>> read_action(" DEALER 3", {"dealer": seat_argument}, "Demo")
3
>>> read_action("pass", {}, "Demo")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown Demo action 'pass' in 'pass'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from cardlaw.spec.errors import MalformedInput

__all__ = [
    "no_argument",
    "one_argument",
    "read_action",
    "seat_argument",
    "two_sides",
    "whole_order",
]

A = TypeVar("A")
C = TypeVar("C", bound=int)


def read_action(text: str, readers: Mapping[str, Callable[[str, str], A]], game: str) -> A:
    """Read a record line with the reader of its verb (given the verb and the rest)."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    reader = readers.get(verb)
    if reader is None:
        raise MalformedInput(f"unknown {game} action {verb!r} in {text!r}")
    return reader(verb, rest)


def one_argument(verb: str, rest: str) -> str:
    """The one card token after ``verb``.

    >>> one_argument("play", "7S 8S")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 'play' takes one card, got 2: '7S 8S'
    """
    tokens = rest.split()
    if len(tokens) != 1:
        raise MalformedInput(f"{verb!r} takes one card, got {len(tokens)}: {rest!r}")
    return tokens[0]


def seat_argument(verb: str, rest: str) -> int:
    """The seat number after ``verb``.

    >>> seat_argument("dealer", "north")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 'dealer' takes a seat number, got 'north'
    """
    try:
        return int(rest)
    except ValueError:
        raise MalformedInput(f"{verb!r} takes a seat number, got {rest!r}") from None


def no_argument(verb: str, rest: str) -> None:
    """Check that nothing follows ``verb``."""
    if rest.strip():
        raise MalformedInput(f"{verb!r} takes nothing, got {rest!r}")


def two_sides(verb: str, rest: str, what: str) -> tuple[str, str]:
    """The two sides of ``rest`` around its ``/`` (``what`` names them in the message).

    >>> two_sides("split", "AS AH", "two pairs")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 'split' needs two pairs separated by '/': 'AS AH'
    """
    left, slash, right = rest.partition("/")
    if not slash:
        raise MalformedInput(f"{verb!r} needs {what} separated by '/': {rest!r}")
    return left, right


def whole_order(order: tuple[C, ...], size: int) -> tuple[C, ...]:
    """``order``, checked to hold all ``size`` cards of a deck (as a shuffle does)."""
    if len(order) != size:
        raise MalformedInput(f"'shuffle' takes all {size} cards, got {len(order)}")
    return order
