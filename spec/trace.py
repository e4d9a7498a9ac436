"""Traceability: which code enforces which clause.

Engine functions that enforce a rule are decorated with :func:`enforces`;
the decorator records the clause ids against the function's qualified name
and returns the function unchanged (no cost at call time).  The rulebook's
traceability page reads :data:`ENFORCEMENT`.

A tag belongs on code through which cardlaw applies the rule: a step of the
Game API, a judge's explanation of a position, the reading of a record (or a
service the rule itself is about, such as Divided Ranks' auto-arrange), never
on a helper nothing calls nor on code that only measures or checks a rule.
``tests/spec/test_reachable.py`` drives every game through those entry points
and fails naming each tagged function that none of them reaches.

>>> @enforces("demo.turn")
... def act() -> None:
...     '''Take a turn.'''
>>> ENFORCEMENT["demo.turn"][-1].endswith("act")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from cardlaw.spec.clauses import CLAUSE_ID

__all__ = ["ENFORCEMENT", "enforces"]

F = TypeVar("F", bound=Callable[..., object])

ENFORCEMENT: dict[str, list[str]] = {}
"""Clause id -> qualified names of the functions that enforce it."""


def _layered(module: str) -> str:
    """A module's name relative to the layers (``cardlaw.engine.x``: ``engine.x``)."""
    head, _, rest = module.partition(".")
    layered = head == "cardlaw" and rest.startswith(("spec.", "engine.", "proofs."))
    return rest if layered else module


def enforces(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as enforcing the given clauses."""
    for clause_id in clause_ids:
        if not CLAUSE_ID.match(clause_id):
            raise ValueError(f"bad clause id {clause_id!r}")

    def mark(function: F) -> F:
        name = f"{_layered(function.__module__)}.{function.__qualname__}"
        for clause_id in clause_ids:
            names = ENFORCEMENT.setdefault(clause_id, [])
            if name not in names:
                names.append(name)
        return function

    return mark
