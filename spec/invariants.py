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
cardlaw.spec.errors.InvalidState: invalid state: demo.positive: -1 is not positive

The card games share two readings of a state: where its cards are
(:func:`placed_cards`) and which cards its tricks hold (:func:`trick_cards`).

Each game's ``spec/<game>/invariants.py`` declares ``INVARIANTS`` and
``STEP_INVARIANTS``; the state every game starts from breaks none of them:

>>> import cardlaw.spec.divide, cardlaw.spec.divided_ranks, cardlaw.spec.euchre, cardlaw.spec.split
>>> games = ((cardlaw.spec.divide, cardlaw.spec.divide.DivideConfig), (cardlaw.spec.divided_ranks,
...          cardlaw.spec.divided_ranks.DividedRanksConfig), (cardlaw.spec.euchre, cardlaw.spec.euchre.EuchreConfig),
...          (cardlaw.spec.split, cardlaw.spec.split.SplitConfig))
>>> [violations(game.INVARIANTS, game.initial_state(config())) for game, config in games]
[[], [], [], []]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from cardlaw.spec.errors import InvalidState

__all__ = [
    "Invariant",
    "StepInvariant",
    "placed_cards",
    "require_valid",
    "step_violations",
    "trick_cards",
    "violations",
]

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


def placed_cards(
    places: Iterable[tuple[str, int]], deck: int, outside: str
) -> tuple[list[str], int]:
    """The problems of the named places' card masks, and the mask of every card placed.

    A place holding a card outside ``deck`` (``outside`` names the deck in the
    message), or a card an earlier place holds, is a problem.

    >>> placed_cards([("hand 0", 0b0011), ("stock", 0b1110)], 0b0111, "the pack")
    (['stock holds a card outside the pack', 'stock shares a card with another place'], 15)
    """
    problems: list[str] = []
    seen = 0
    for name, mask in places:
        if mask & ~deck:
            problems.append(f"{name} holds a card outside {outside}")
        if seen & mask:
            problems.append(f"{name} shares a card with another place")
        seen |= mask
    return problems, seen


def trick_cards(tricks: Iterable[tuple[int, Iterable[int]]], trick: Iterable[int]) -> int:
    """The mask of the cards in finished ``tricks`` (leader, cards) and the current ``trick``.

    >>> bin(trick_cards([(0, (1, 2))], (5,)))
    '0b100110'
    """
    mask = 0
    for _, cards in tricks:
        for card in cards:
            mask |= 1 << card
    for card in trick:
        mask |= 1 << card
    return mask
