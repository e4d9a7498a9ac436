"""Rule parameters: the constants a designer may change, each with its clause and range.

A game's ``spec/<game>/parameters.py`` declares its rules as a frozen
dataclass (``DivideRules``, ...), one field per constant a designer may
change, declared with :func:`parameter`: the constant's name in
``constants.py``, its default (the constant itself), the clause it belongs
to, and its valid range.  The game's configuration carries one instance as
``rules``; the engine, the proofs and the simulations read the rules from
there, never from the constants, so one override (``cardlaw ... --set
BONUS_TOKENS=4``) changes them all.  Rules that tie several parameters
together (the cards dealt must fit the deck) are checked by the
configuration, which knows the player count too.

>>> @dataclass(frozen=True, slots=True, kw_only=True, repr=False)
... class DemoRules(RuleNumbers):
...     tokens: int = parameter(5, name="TOKENS", clause="demo.tokens", low=0, high=9,
...                             summary="Tokens in the supply.")
>>> [p.name for p in parameters(DemoRules)]
['TOKENS']
>>> rules_from_json(DemoRules, {"tokens": 4}, "demo")
DemoRules(tokens=4)
>>> rules_to_json(DemoRules(tokens=4)), rules_to_json(DemoRules())
({'TOKENS': 4}, {})
>>> DemoRules(tokens=12)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: TOKENS must be from 0 to 9, not 12 [demo.tokens]
>>> rules_from_json(DemoRules, {"TOKEN": 4}, "demo")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown demo rule parameter 'TOKEN' (known: TOKENS)
>>> parse_sets(["bonus-tokens=4", "ROUNDS=2"])
{'BONUS_TOKENS': 4, 'ROUNDS': 2}
>>> parse_sets(["BONUS_TOKENS=four"])
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: --set BONUS_TOKENS=four: the value must be a whole number
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypeVar

from cardlaw.spec.errors import MalformedInput

__all__ = [
    "Parameter",
    "RuleNumbers",
    "check_ranges",
    "constant_name",
    "overrides",
    "parameter",
    "parameters",
    "parse_sets",
    "rules_from_json",
    "rules_repr",
    "rules_to_json",
    "rules_with",
    "spelled",
]

R = TypeVar("R")

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*([_-][A-Za-z0-9]+)*$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Parameter:
    """One constant of the rules that a designer may change.

    Attributes:
        name: the constant's name in ``spec/<game>/constants.py``
            (``BONUS_TOKENS``); ``--set`` also accepts ``bonus-tokens``.
        field: the attribute of the game's rules dataclass (``bonus_tokens``).
        default: its value in the unchanged rules.
        clause: the id of the clause it belongs to.
        low: the smallest value it may take.
        high: the largest value it may take.
        summary: what it is, in one line.
    """

    name: str
    field: str
    default: int
    clause: str
    low: int
    high: int
    summary: str

    def to_json(self) -> dict[str, object]:
        """The parameter as JSON (``cardlaw games --json``)."""
        return {
            "name": self.name,
            "option": self.name.lower().replace("_", "-"),
            "default": self.default,
            "low": self.low,
            "high": self.high,
            "clause": self.clause,
            "summary": self.summary,
        }


class RuleNumbers:
    """The base of every game's rules dataclass: ranges checked, and a repr of what changed.

    A game declares ``@dataclass(frozen=True, slots=True, kw_only=True, repr=False)``
    over it, with its fields made by :func:`parameter`.
    """

    __slots__ = ()

    def __post_init__(self) -> None:
        check_ranges(self)

    def __repr__(self) -> str:
        return rules_repr(self)


def parameter(default: int, *, name: str, clause: str, low: int, high: int, summary: str) -> int:
    """A field of a rules dataclass: the constant ``name``, its default, clause and range."""
    meta = {"parameter": (name, default, clause, low, high, summary)}
    return field(default=default, metadata=meta)


def parameters(rules: type[Any] | object) -> tuple[Parameter, ...]:
    """The parameters of a rules dataclass (or of an instance's class), in declaration order."""
    out = []
    for f in fields(rules):  # type: ignore[arg-type]  # a dataclass type or instance
        name, default, clause, low, high, summary = f.metadata["parameter"]
        out.append(Parameter(name=name, field=f.name, default=default, clause=clause,
                             low=low, high=high, summary=summary))  # fmt: skip
    return tuple(out)


def check_ranges(rules: object) -> None:
    """Raise :class:`MalformedInput` for the first parameter that is not a whole number in range.

    A rules dataclass calls it from its ``__post_init__``.
    """
    for p in parameters(rules):
        value = getattr(rules, p.field)
        if not isinstance(value, int) or isinstance(value, bool):
            raise MalformedInput(f"{p.name} must be a whole number, not {value!r} [{p.clause}]")
        if not p.low <= value <= p.high:
            raise MalformedInput(
                f"{p.name} must be from {p.low} to {p.high}, not {value} [{p.clause}]"
            )


def constant_name(name: str) -> str:
    """The constant's name for ``BONUS_TOKENS``, ``bonus-tokens`` or ``bonus_tokens``.

    >>> constant_name("bonus-tokens")
    'BONUS_TOKENS'
    """
    return name.strip().upper().replace("-", "_")


def rules_from_json(rules_type: type[R], data: object, game: str) -> R:
    """The rules ``data`` gives (``{"BONUS_TOKENS": 4}``): the defaults with those overrides.

    Names are matched as :func:`constant_name` reads them; an unknown name, a
    value that is not a whole number, or one out of range is malformed.
    """
    if not isinstance(data, Mapping):
        raise MalformedInput(f"{game} 'rules' must be a JSON object of NAME: number")
    known = {p.name: p for p in parameters(rules_type)}
    values: dict[str, int] = {}
    for key, value in data.items():
        name = constant_name(key) if isinstance(key, str) else ""
        p = known.get(name)
        if p is None:
            listed = ", ".join(known) or "none"
            raise MalformedInput(f"unknown {game} rule parameter {key!r} (known: {listed})")
        if not isinstance(value, int) or isinstance(value, bool):
            raise MalformedInput(f"{p.name} must be a whole number, not {value!r} [{p.clause}]")
        values[p.field] = value
    return rules_type(**values)


def rules_to_json(rules: object) -> dict[str, int]:
    """The parameters of ``rules`` that differ from the unchanged rules, by constant name."""
    return {name: value for name, value in overrides(rules)}


def overrides(rules: object) -> tuple[tuple[str, int], ...]:
    """The ``(NAME, value)`` of every parameter that differs from its default, in order."""
    out = []
    for p in parameters(rules):
        value = getattr(rules, p.field)
        if value != p.default:
            out.append((p.name, value))
    return tuple(out)


def rules_repr(rules: object) -> str:
    """``DivideRules(bonus_tokens=4)``: the class, and the parameters that are not the default."""
    changed = ", ".join(
        f"{p.field}={getattr(rules, p.field)!r}"
        for p in parameters(rules)
        if getattr(rules, p.field) != p.default
    )
    return f"{type(rules).__name__}({changed})"


def rules_with(rules: R, changes: Mapping[str, int], game: str) -> R:
    """``rules`` with the parameters named in ``changes`` (constant names) set."""
    known = {p.name: p for p in parameters(rules)}
    values = {}
    for key, value in changes.items():
        p = known.get(constant_name(key))
        if p is None:
            listed = ", ".join(known) or "none"
            raise MalformedInput(f"unknown {game} rule parameter {key!r} (known: {listed})")
        values[p.field] = value
    return replace(rules, **values)  # type: ignore[type-var]  # a dataclass instance


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")  # fmt: skip


def spelled(n: int) -> str:
    """``n`` in words up to twelve, else in digits: messages read as the printed rules' do.

    >>> spelled(5), spelled(12), spelled(13)
    ('five', 'twelve', '13')
    """
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def parse_sets(items: Sequence[str]) -> dict[str, int]:
    """The ``--set NAME=VALUE`` options as ``{NAME: value}``, names as constants (last wins)."""
    out: dict[str, int] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not _NAME.match(name.strip()):
            raise MalformedInput(f"--set {item}: expected NAME=VALUE, such as BONUS_TOKENS=4")
        try:
            value = int(text.strip(), 10)
        except ValueError:
            raise MalformedInput(f"--set {item}: the value must be a whole number") from None
        out[constant_name(name)] = value
    return out
