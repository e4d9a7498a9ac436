"""The plumbing every game's Game API object shares, read from its spec.

A game class sets a few class attributes — its rulebook, invariants, codec
module, action parser and the stage that means "game over" — and inherits
the methods that only pass them through.  What differs between games (legal
actions, chance, apply, observe, results, events) stays in the game's own
``game.py``.

>>> from engine.divide.game import DIVIDE
>>> DIVIDE.rulebook.game, DIVIDE.action_text(DIVIDE.parse_action("play 7S"))
('divide', 'play 7S')
>>> DIVIDE.parse_action(7)
Traceback (most recent call last):
...
spec.errors.MalformedInput: an action must be text, not 7
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from engine.api import Mover
from spec.clauses import Rulebook
from spec.errors import IllegalAction, MalformedInput
from spec.invariants import Invariant, StepInvariant, step_violations, violations

__all__ = ["SpecGame"]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")


class SpecGame(Generic[C, S, A]):
    """Base of the game classes: the spec-driven parts of the Game API.

    Subclasses set ``RULEBOOK``, ``INVARIANTS``, ``STEP_INVARIANTS``,
    ``CODEC`` (a module with ``config_to_json``, ``config_from_json``,
    ``state_to_json`` and ``state_from_json``), ``PARSE_ACTION`` and
    ``OVER`` (the stage of a finished game; states have ``actor`` and
    ``stage`` fields, ``actor`` -1 when chance acts or the game is over).
    """

    RULEBOOK: ClassVar[Rulebook]
    INVARIANTS: ClassVar[tuple[Invariant[Any], ...]]
    STEP_INVARIANTS: ClassVar[tuple[StepInvariant[Any], ...]]
    CODEC: ClassVar[ModuleType]
    PARSE_ACTION: ClassVar[Callable[[str], Any]]
    OVER: ClassVar[int]
    EXPECTED: ClassVar[Mapping[Any, str]]
    """What each stage waits for, in words (``"play a card"``)."""
    OVER_CLAUSE: ClassVar[str]
    """The clause that ends the game (cited when someone acts after the end)."""

    @property
    def rulebook(self) -> Rulebook:
        """The game's clauses and rulings."""
        return self.RULEBOOK

    @property
    def invariants(self) -> tuple[Invariant[S], ...]:
        """The state invariants checked after every step."""
        return self.INVARIANTS

    @property
    def step_invariants(self) -> tuple[StepInvariant[S], ...]:
        """The step invariants checked across every step."""
        return self.STEP_INVARIANTS

    def config(self, **options: Any) -> C:
        """A configuration from keyword options (unknown or bad ones raise)."""
        config: C = self.CODEC.config_from_json(options)
        return config

    def to_move(self, state: S) -> Mover:
        """The seat to act, ``"chance"``, or ``None`` once the game is over."""
        actor: int = state.actor  # type: ignore[attr-defined]
        if actor >= 0:
            return actor
        return None if state.stage == self.OVER else "chance"  # type: ignore[attr-defined]

    def out_of_turn(self, state: S, action: object) -> IllegalAction:
        """The error for an action of the wrong kind for this moment of the game."""
        text = action.text if isinstance(getattr(action, "text", None), str) else repr(action)  # type: ignore[attr-defined]
        stage = state.stage  # type: ignore[attr-defined]
        if stage == self.OVER:
            return IllegalAction(
                f"the game is over; {text!r} cannot be played", clause=self.OVER_CLAUSE
            )
        actor = state.actor  # type: ignore[attr-defined]
        what = self.EXPECTED[stage]
        who = f"seat {actor} must {what}" if actor >= 0 else what
        return IllegalAction(
            f"{who} now, not {text!r}",
            clause=self.out_of_turn_clause(state, action),
            state=self.describe(state),
        )

    def out_of_turn_clause(self, state: S, action: object) -> str:
        """The clause an out-of-turn action breaks (the game's turn clause by default)."""
        # Each game declares its own ``turn_clause`` (a Final name of the Game API).
        clause: str = self.turn_clause  # type: ignore[attr-defined]
        return clause

    def describe(self, state: S) -> str:
        """A one-line summary of a state, for messages."""
        return repr(state)

    def violations(self, state: S) -> list[str]:
        """Every invariant ``state`` breaks (none for a reachable state)."""
        return violations(self.INVARIANTS, state)

    def step_violations(self, before: S, after: S) -> list[str]:
        """Every step invariant the transition breaks."""
        return step_violations(self.STEP_INVARIANTS, before, after)

    def parse_action(self, text: str) -> A:
        """An action from its record notation."""
        if not isinstance(text, str):
            raise MalformedInput(f"an action must be text, not {text!r}")
        action: A = type(self).PARSE_ACTION(text)
        return action

    def action_text(self, action: A) -> str:
        """The record notation of an action."""
        text: str = action.text  # type: ignore[attr-defined]
        return text

    def config_to_json(self, config: C) -> dict[str, Any]:
        """The configuration as JSON."""
        data: dict[str, Any] = self.CODEC.config_to_json(config)
        return data

    def config_from_json(self, data: Mapping[str, Any]) -> C:
        """A configuration from JSON; unknown keys and bad values raise."""
        config: C = self.CODEC.config_from_json(data)
        return config

    def state_to_json(self, state: S) -> dict[str, Any]:
        """A state as JSON (hidden cards included)."""
        data: dict[str, Any] = self.CODEC.state_to_json(state)
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """A state from JSON, checked against every invariant."""
        state: S = self.CODEC.state_from_json(data)
        return state
