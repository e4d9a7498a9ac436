"""What the adapters need to know of a game beyond the Game API: one :class:`Binding` each.

A binding is data and small functions of the configuration: the action ids
(:mod:`cardlaw.ecosystem.ids`), the tensor and its encoder
(:mod:`cardlaw.ecosystem.layout`), what each seat is paid at the end
(:class:`Utility`, ``returns``), the longest a game can be, and a sampler
of the hidden cards a seat cannot see (``determinize``, for the search
bots).  The rules stay in the engine: a binding never decides what is legal
or who won, it only translates.

>>> shares((2,), 4)
(-0.3333333333333333, -0.3333333333333333, 1.0, -0.3333333333333333)
>>> shares((), 3), shares((0, 1), 2)
((0.0, 0.0, 0.0), (0.0, 0.0))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeAlias, TypeVar

from cardlaw.ecosystem.ids import Codec, Deck
from cardlaw.ecosystem.layout import Layout, Writer
from cardlaw.engine.manifest import Seated

__all__ = ["AnyBinding", "Binding", "Config", "Utility", "shares"]

C = TypeVar("C")
"""A game's configuration."""
S = TypeVar("S")
"""A game's state."""
A = TypeVar("A")
"""A game's action."""
O = TypeVar("O")  # noqa: E741
"""A game's observation."""
R = TypeVar("R")
"""A game's result."""


class Config(Seated, Hashable, Protocol):
    """A configuration as the adapters hold it, whatever its game: its seats, and hashable.

    Every game's configuration is a frozen dataclass, so games and codecs
    made for one are cached by it.
    """


UtilityKind = Literal["zero-sum", "identical", "general-sum"]


@dataclass(frozen=True, slots=True)
class Utility:
    """What the returns of a game add up to, and their bounds."""

    kind: UtilityKind
    low: float
    high: float
    total: float | None
    """The sum of every seat's return (``None`` when it varies)."""


def shares(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """Zero-sum returns: a lone winner 1, every loser ``-1/(n-1)``; nobody or all: 0 each.

    ``k`` winners share ``(n - k)/(n - 1)`` between them; the losers each
    pay ``1/(n - 1)``.
    """
    k = len(winners)
    if k in (0, players):
        return (0.0,) * players
    win = (players - k) / (k * (players - 1))
    lose = -1 / (players - 1)
    return tuple(win if seat in winners else lose for seat in range(players))


@dataclass(frozen=True, slots=True)
class Binding(Generic[C, S, A, O, R]):
    """One game, as the adapters see it (every function takes the configuration first).

    Attributes:
        name: the game's cardlaw name.
        deck: every card of the game, each at its tensor position.
        codec: the action ids.
        layout: the tensor's pieces.
        encode: write one observation into a :class:`Writer`.
        returns: each seat's return for cardlaw's result.
        utility: the returns' kind and bounds.
        max_decisions: the most decisions a game can take (OpenSpiel's
            ``max_game_length``).
        max_chance_nodes: the most chance nodes, a card dealt being one.
        determinize: a state ``observe`` shows to the seat exactly as the
            observation given, the cards it cannot see placed at random.
        bound_note: what the bounds do not cover (a game that may never end).
        quick_ids: given the configuration, a reader of a state's legal ids
            straight from the engine's mask of the legal cards
            (:mod:`cardlaw.ecosystem.masks`), ``None`` at a state where the
            engine keeps none (its legal actions are then listed); the same
            ids, with no action made.
    """

    name: str
    deck: Deck
    codec: Callable[[C], Codec[S, A]]
    layout: Callable[[C], Layout]
    encode: Callable[[C, O, Writer], None]
    returns: Callable[[C, R], tuple[float, ...]]
    utility: Callable[[C], Utility]
    max_decisions: Callable[[C], int]
    max_chance_nodes: Callable[[C], int]
    determinize: Callable[[C, O, random.Random], S]
    bound_note: str = ""
    quick_ids: Callable[[C], Callable[[S], tuple[int, ...] | None]] | None = None


AnyBinding: TypeAlias = Binding[Any, Any, Any, Any, Any]
"""The binding of a game of any type, as :func:`cardlaw.ecosystem.binding` hands them out.

Each game's own binding is typed by its configuration, state, action,
observation and result; code over every game (a spot, the adapters) takes
them from a registry by name, so the types are unknown there, as the
engine's :data:`~engine.api.AnyGame`."""
