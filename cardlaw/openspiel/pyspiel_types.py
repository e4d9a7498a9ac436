"""OpenSpiel's Python objects as cardlaw uses them, declared once (OpenSpiel ships no types).

``pyspiel`` is a C++ extension without stubs and ``open_spiel.python`` has
no ``py.typed``: to mypy, everything they return is ``Any``.  Each object
cardlaw calls is declared here as a :class:`~typing.Protocol` of the methods
it calls, and the places that receive one from OpenSpiel are annotated with
it, so the rest of the code is typed.  Nothing here imports OpenSpiel: the
module loads without the ``openspiel`` extra.

Subclassing OpenSpiel's classes (:class:`~cardlaw.openspiel.games.CardlawGame`
of ``pyspiel.Game``, :class:`~cardlaw.openspiel.search.Rollouts` of
``mcts.Evaluator``) is the one other contact: each such class line carries a
``type: ignore[misc]`` naming the untyped base.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

__all__ = ["Search", "SpielGame", "SpielGameType", "SpielState"]

T = TypeVar("T")
"""A state of the search (cardlaw's own)."""


class SpielState(Protocol):
    """A ``pyspiel.State``: the calls cardlaw makes of any OpenSpiel game's state."""

    def current_player(self) -> int:
        """A seat, or one of ``pyspiel.PlayerId``'s negative ids (chance, terminal)."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def is_chance_node(self) -> bool:
        """Whether chance acts."""
        ...

    def legal_actions(self) -> list[int]:
        """The mover's legal action ids, ascending (chance's outcomes at a chance node)."""
        ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance's outcomes and their probabilities."""
        ...

    def apply_action(self, action: int) -> None:
        """Take the action of id ``action``."""
        ...

    def action_to_string(self, player: int, action: int) -> str:
        """The text of ``player``'s action of id ``action``."""
        ...

    def returns(self) -> list[float]:
        """Each seat's return."""
        ...


class SpielGameType(Protocol):
    """A ``pyspiel.GameType``: the names of a game."""

    @property
    def short_name(self) -> str:
        """The name OpenSpiel loads the game by."""
        ...

    @property
    def long_name(self) -> str:
        """The name in prose."""
        ...


class SpielGame(Protocol):
    """A ``pyspiel.Game``: what ``pyspiel.load_game`` returns."""

    def new_initial_state(self) -> SpielState:
        """The start of a game."""
        ...

    def num_players(self) -> int:
        """The seats."""
        ...

    def num_distinct_actions(self) -> int:
        """How many action ids there are."""
        ...

    def get_type(self) -> SpielGameType:
        """The game's type (its names)."""
        ...


class Search(Protocol[T]):
    """``open_spiel.python.algorithms.ismcts.ISMCTSBot``: the search of the ``mcts`` bot."""

    def step(self, state: T) -> int:
        """The id of the action the search finds best at ``state``."""
        ...

    def set_resampler(self, resampler: Callable[[T, int], T]) -> None:
        """How the search samples a world a seat cannot tell from ``state``."""
        ...
