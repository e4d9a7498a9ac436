"""What the games' logs share: the types of a log's arguments, a seat's name, the steps.

>>> seat(2), seat(1, ["random", "greedy"])
('seat 2', 'seat 1 (greedy)')
>>> [(before, action, after) for before, action, after, _ in steps("abc", "xy", [[], []])]
[('a', 'x', 'b'), ('b', 'y', 'c')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["Events", "Players", "seat", "steps"]

S = TypeVar("S")

Events = Sequence[Sequence[dict[str, Any]]]
"""Each action's events, in the order of the actions."""

Players = Sequence[str] | None
"""The players' (bots') names by seat, when the log shows them."""


def seat(p: int, players: Players = None) -> str:
    """How a log writes seat ``p``: with its player's name when ``players`` gives them."""
    return f"seat {p} ({players[p]})" if players else f"seat {p}"


def steps(
    states: Sequence[S], actions: Sequence[Any], events: Events
) -> Iterator[tuple[S, Any, S, Sequence[dict[str, Any]]]]:
    """Each step of a replay: the state before, the action, the state after, its events."""
    return zip(states, actions, states[1:], events, strict=False)
