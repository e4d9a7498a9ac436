"""Option values: one helper checks the value of every option of every command.

:func:`check_value` is the helper.  It runs as each value is read from the
command line, before the command starts (:func:`guard`, which
:class:`cardlaw.usage.Command` applies to every command's parameters):

* a number must be within its option's range, stated once in
  :data:`RANGES` (every number option of the command line has an entry,
  and a test fails for one that has none); a fraction must be finite: NaN
  and infinity are refused, whatever the range;
* a path may not be empty: ``--record ''`` names no file, not the current
  folder;
* the text options of :data:`NONEMPTY` may not be empty: ``--bots ''`` is
  no bot, not the default.

A refused value is malformed input (exit code 2), one line naming the option.

>>> check_value("--time-limit", float("nan"))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: --time-limit must be a finite number, not nan
>>> check_value("--workers", 0)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: --workers must be from 1 to 1,024, not 0
>>> check_value("--seed", 7), check_value("--bots", "greedy")
(None, None)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import PurePath
from types import MappingProxyType
from typing import Any, Final

import click

from cardlaw.spec.errors import MalformedInput

__all__ = ["INT", "NONEMPTY", "RANGES", "IntRange", "Range", "check_value", "guard"]


@dataclass(frozen=True, slots=True)
class Range:
    """The values a number option takes: from ``low`` to ``high`` (``None``: no bound).

    An option whose values depend on the game (a seat, a player count) has
    no bound here: the command checks it against the game, naming the rule.
    """

    low: int | float | None = None
    high: int | float | None = None
    checked_by: str = ""
    """Who checks the value further, for an option without bounds (documentation)."""

    def problem(self, value: float) -> str | None:
        """What is wrong with ``value``, or ``None``.

        >>> Range(1).problem(0), Range(None, 4).problem(5), Range(0.5, 2.0).problem(3.0)
        ('must be 1 or more', 'must be 4 or less', 'must be from 0.5 to 2')
        """
        low, high = self.low, self.high
        if (low is None or value >= low) and (high is None or value <= high):
            return None
        if low is not None and high is not None:
            return f"must be from {_number(low)} to {_number(high)}"
        if low is not None:
            return f"must be {_number(low)} or more"
        return f"must be {_number(high)} or less"


def _number(value: float | None) -> str:
    """A number as messages write it: ``1,024``, ``0.001``, ``1e+06``."""
    return f"{value:,}" if isinstance(value, int) else f"{value:,g}"


RANGES: Final[Mapping[str, Range]] = MappingProxyType(
    {
        "--seed": Range(0, 2**63 - 1),
        "--games": Range(1, 10**9),
        "--rounds": Range(1, 10**9),
        "--deals": Range(1, 10**9),
        "--workers": Range(1, 1024),
        "--budget": Range(1, 2**63 - 1),
        "--time-limit": Range(0.001, 1e6),
        "--max-states": Range(1, 10**12),
        "--players": Range(checked_by="the game's player counts"),
        "--leader": Range(checked_by="the seats of the game"),
        "--player": Range(checked_by="the seats of the position"),
        "--dealer": Range(checked_by="the seats of the position"),
        "--to-move": Range(checked_by="the seats of the position"),
        "--alone-seat": Range(checked_by="the seats of the game"),
        "--makers": Range(checked_by="the teams of the game"),
        "--makers-tricks": Range(checked_by="the tricks of a hand"),
        "--bonus": Range(checked_by="the bonus supply of the rules"),
        "--middle": Range(checked_by="the cards of the game"),
    }
)
"""The range of every number option, by its name (the same name means the same range)."""

NONEMPTY: Final = frozenset({"--bots", "--scheduler"})
"""Text options whose empty value is refused (rather than read as their default)."""


def check_value(option: str, value: object) -> None:
    """Raise :class:`~spec.errors.MalformedInput` unless ``value`` is a good value of ``option``.

    ``option`` is the option's name (``--workers``), or an argument's name.
    """
    if isinstance(value, float) and not math.isfinite(value):
        raise MalformedInput(f"{option} must be a finite number, not {value}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        limits = RANGES.get(option)
        if limits is None:
            raise MalformedInput(f"{option} has no stated range: a bug in cardlaw")
        problem = limits.problem(value)
        if problem is not None:
            raise MalformedInput(f"{option} {problem}, not {_number(value)}")
    elif isinstance(value, str) and option in NONEMPTY and not value.strip():
        raise MalformedInput(f"{option} is empty: give a value, or leave the option out")


class _Int(click.types.IntParamType):
    """Whole numbers, named ``int`` in errors (``'x' is not a valid int.``)."""

    name = "int"


INT: Final = _Int()
"""The type of every whole-number option and argument."""


class IntRange(click.IntRange):
    """Whole numbers within bounds, named ``int range`` in errors (``verify --workers``)."""

    name = "int range"


_NUMBERS: Final = (click.types.IntParamType, click.types.FloatParamType)
"""The parameter types that read numbers (their ranges derive from them)."""


class _Checked:
    """Mixed into a parameter type: what the type converts is then checked (:func:`check_value`)."""

    option: str = ""
    path: bool = False

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> object:
        """The type's own conversion of ``value``, then :func:`check_value`."""
        if self.path and isinstance(value, str) and not value:
            raise MalformedInput(f"{self.option} is an empty path, which names no file or folder")
        converted = super().convert(value, param, ctx)  # type: ignore[misc]  # a mixin: the base is a click type
        for item in converted if isinstance(converted, tuple) else (converted,):
            if not isinstance(item, PurePath):
                check_value(self.option, item)
        return converted


_CLASSES: dict[tuple[type, str], type] = {}


def _checked_class(kind: type, option: str) -> type:
    """The subclass of ``kind`` that checks the values of ``option`` (one per pair)."""
    checked = _CLASSES.get((kind, option))
    if checked is None:
        attributes = {"option": option, "path": issubclass(kind, click.Path)}
        checked = type(f"Checked{kind.__name__}", (_Checked, kind), attributes)
        _CLASSES[kind, option] = checked
    return checked


def guard(params: Iterable[click.Parameter]) -> None:
    """Make each parameter's values pass :func:`check_value` as they are read.

    Each parameter of a number, a path or a text of :data:`NONEMPTY` gets its
    own copy of its type, of a subclass that checks what the type converts;
    the type is the same otherwise.
    """
    for param in params:
        kind = param.type
        name = param.opts[0] if param.opts else str(param.name)
        if getattr(param, "param_type_name", "") == "argument":  # named as --help shows it
            name = str(param.metavar or param.name).upper()
        wanted = isinstance(kind, (*_NUMBERS, click.Path)) or name in NONEMPTY
        if not wanted or isinstance(kind, _Checked):
            continue
        checked: Any = object.__new__(_checked_class(type(kind), name))
        checked.__dict__.update(vars(kind))  # a copy of the type, of the checking class
        param.type = checked
