"""The one Game API every cardlaw game implements.

A game is a set of pure functions over immutable states:

* ``new_game(config)`` — the state before anything has happened;
* ``to_move(state)`` — who acts next: a seat number, :data:`CHANCE`, or
  ``None`` when the game is over;
* ``legal_actions(state)`` — the decisions open to the seat to move (empty at
  chance nodes and at the end);
* ``chance_outcomes(state)`` — at a chance node, the exact distribution of
  chance's outcomes (:mod:`engine.chance`), otherwise ``None``;
* ``apply(state, action)`` — the next state; it never changes ``state`` and
  raises :class:`~spec.errors.IllegalAction` naming the broken clause;
* ``observe(state, seat)`` — exactly what that seat may know;
* ``result(state)`` — the outcome once the game is over, else ``None``.

``apply`` checks an action with the same function ``legal_actions`` is built
from, so the two always agree.  Besides the core, each game reads and writes
its actions, configuration, results and states as JSON for game records, and
derives the events a reader of a record wants (trick winners, scores).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from cardlaw.engine.chance import ChanceSpace
from cardlaw.spec.clauses import Rulebook
from cardlaw.spec.domain import SeatId
from cardlaw.spec.invariants import Invariant, StepInvariant

__all__ = ["CHANCE", "JSON", "AnyGame", "Draw", "Event", "Explanation", "Game", "Mover"]

CHANCE: Literal["chance"] = "chance"
"""``to_move`` returns this when chance acts next."""

Mover = int | Literal["chance"] | None
"""Who acts next: a seat, chance, or nobody (the game is over)."""

JSON = Any
"""A value that :func:`json.dumps` accepts."""

Event = dict[str, JSON]
"""A derived event for readers of a record: ``{"event": "trick", ...}``."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an action is legal or not: a verdict, the reasoning step by step, the clauses."""

    verdict: str
    steps: tuple[str, ...]
    clauses: tuple[str, ...]


C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
O_co = TypeVar("O_co", covariant=True)
R = TypeVar("R")


class Draw(Protocol):
    """A source of uniform choices, such as :class:`random.Random` (the rules never draw).

    ``randrange(n)`` is a whole number from 0 to ``n - 1``, each equally likely.
    """

    def randrange(self, stop: int, /) -> int:
        """A uniform whole number from 0 to ``stop - 1``."""
        ...


class Game(Protocol[C, S, A, O_co, R]):
    """What every game provides (see the module docstring)."""

    @property
    def name(self) -> str:
        """Short name used on the command line and in records (``divide``)."""
        ...

    @property
    def title(self) -> str:
        """The name in prose (``Divided Ranks``)."""
        ...

    @property
    def rulebook(self) -> Rulebook:
        """The game's clauses and rulings."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts of the default game."""
        ...

    @property
    def invariants(self) -> tuple[Invariant[S], ...]:
        """The state invariants (from the game's spec)."""
        ...

    @property
    def step_invariants(self) -> tuple[StepInvariant[S], ...]:
        """The step invariants (from the game's spec)."""
        ...

    @property
    def variants(self) -> Mapping[str, Mapping[str, JSON]]:
        """Named rule variants and the configuration options each sets."""
        ...

    @property
    def bench_unit(self) -> str:
        """What ``cardlaw bench`` counts (``hands``, ``rounds``, ``games``)."""
        ...

    def units_played(self, state: S) -> int:
        """How many bench units a finished game holds."""
        ...

    @property
    def turn_clause(self) -> str:
        """The clause broken by acting out of turn (cited by record replays)."""
        ...

    def config(self, **options: object) -> C:
        """A configuration from keyword options (unknown or bad ones raise)."""
        ...

    def new_game(self, config: C) -> S:
        """The state before anything has happened."""
        ...

    def to_move(self, state: S) -> Mover:
        """Who acts next."""
        ...

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The decisions open to the seat to move."""
        ...

    def sample_legal_action(self, state: S, rng: Draw) -> A:
        """A uniformly random legal action: ``legal_actions(state)[rng.randrange(n)]``.

        The same action and the same draw as ``rng.choice(legal_actions(state))``,
        without building the other actions.
        """
        ...

    def chance_outcomes(self, state: S) -> ChanceSpace[A] | None:
        """Chance's outcomes at a chance node, else ``None``."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises ``IllegalAction``."""
        ...

    def observe(self, state: S, seat: SeatId) -> O_co:
        """What ``seat`` may know."""
        ...

    def result(self, state: S) -> R | None:
        """The outcome of a finished game, else ``None``."""
        ...

    def violations(self, state: S) -> list[str]:
        """Every invariant the state breaks (empty for a reachable state)."""
        ...

    def step_violations(self, before: S, after: S) -> list[str]:
        """Every step invariant the transition breaks."""
        ...

    def events(self, state: S, action: A, after: S) -> list[Event]:
        """What a reader wants to know about one step (trick won, scores)."""
        ...

    def parse_action(self, text: str) -> A:
        """An action from its record notation."""
        ...

    def action_text(self, action: A) -> str:
        """The record notation of an action."""
        ...

    def config_to_json(self, config: C) -> dict[str, JSON]:
        """The configuration as JSON."""
        ...

    def config_from_json(self, data: Mapping[str, JSON]) -> C:
        """A configuration from JSON (unknown keys and bad values raise)."""
        ...

    def result_to_json(self, result: R) -> dict[str, JSON]:
        """A result as JSON."""
        ...

    def state_to_json(self, state: S) -> dict[str, JSON]:
        """A state as JSON."""
        ...

    def state_from_json(self, data: Mapping[str, JSON]) -> S:
        """A state from JSON."""
        ...

    def describe(self, state: S) -> str:
        """A one-line summary of a state, for error messages."""
        ...

    @property
    def judged(self) -> bool:
        """Whether the game reads position files and explains actions (``cardlaw ask``)."""
        ...

    @property
    def position_example(self) -> Mapping[str, JSON]:
        """A documented position file (only for a judged game)."""
        ...

    def position_from_json(self, data: Mapping[str, JSON]) -> S:
        """The state a position file describes, naming every problem (a judged game)."""
        ...

    def position_to_json(self, state: S) -> dict[str, JSON]:
        """A state as a position file (a judged game)."""
        ...

    def explain(self, state: S, action: A) -> tuple[bool, Explanation]:
        """Whether ``action`` is legal at ``state``, and why, step by step (a judged game)."""
        ...


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any type, as the registry hands them out."""
