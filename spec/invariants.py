"""Invariants: plain predicates over states, named and tied to clauses.

An :class:`Invariant` yields a description of every way a state breaks it
(nothing when the state is fine).  The same predicates run after every step
of the stateful tests and are what the proofs encode.

>>> positive = Invariant("demo.positive", "The value is positive.", ("demo.turn",),
...                      lambda n: [] if n > 0 else [f"{n} is not positive"])
>>> violations((positive,), 3), violations((positive,), -1)
([], ['demo.positive: -1 is not positive'])
>>> require_valid((positive,), -1)
Traceback (most recent call last):
...
spec.errors.InvalidState: invalid state: demo.positive: -1 is not positive
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from spec.errors import InvalidState

__all__ = ["Invariant", "StepInvariant", "require_valid", "step_violations", "violations"]

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Invariant(Generic[S]):
    """A named property every reachable state has."""

    id: str
    text: str
    clauses: tuple[str, ...]
    check: Callable[[S], Iterable[str]]


@dataclass(frozen=True, slots=True)
class StepInvariant(Generic[S]):
    """A named property relating a state to the state after one action."""

    id: str
    text: str
    clauses: tuple[str, ...]
    check: Callable[[S, S], Iterable[str]]


def step_violations(invariants: Iterable[StepInvariant[S]], before: S, after: S) -> list[str]:
    """Every problem of the step from ``before`` to ``after``."""
    return [f"{inv.id}: {p}" for inv in invariants for p in inv.check(before, after)]


def violations(invariants: Iterable[Invariant[S]], state: S) -> list[str]:
    """Every problem of ``state``, each prefixed with the invariant's id."""
    return [f"{inv.id}: {problem}" for inv in invariants for problem in inv.check(state)]


def require_valid(invariants: Iterable[Invariant[S]], state: S) -> None:
    """Raise :class:`InvalidState` listing every problem, if there is any."""
    problems = violations(invariants, state)
    if problems:
        raise InvalidState(problems)
