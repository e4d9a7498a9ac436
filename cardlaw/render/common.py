"""What the games' logs share: the types of a log's arguments, a seat's name, the steps.

>>> seat(2), seat(1, ["random", "greedy"])
('seat 2', 'seat 1 (greedy)')
>>> chosen("First dealer", 3)
'First dealer: seat 3 (chosen at random)'
>>> [(before, action, after) for before, action, after, _ in steps("abc", "xy", [[], []])]
[('a', 'x', 'b'), ('b', 'y', 'c')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from cardlaw.engine.jsonio import JSON
from cardlaw.spec.actions import SeatAction

__all__ = [
    "ActionLines",
    "EventLines",
    "Events",
    "LogLines",
    "Players",
    "chosen",
    "seat",
    "step_log",
    "steps",
]

S = TypeVar("S")
A = TypeVar("A")

Events = Sequence[Sequence[dict[str, JSON]]]
"""Each action's events, in the order of the actions."""

Players = Sequence[str] | None
"""The players' (bots') names by seat, when the log shows them."""

LogLines = Callable[[Sequence[Any], Sequence[Any], Events, Players], Iterator[str]]
"""A game's log: ``(states, actions, events, players)`` to lines of rich markup."""


def seat(p: int, players: Players = None) -> str:
    """How a log writes seat ``p``: with its player's name when ``players`` gives them."""
    return f"seat {p} ({players[p]})" if players else f"seat {p}"


def steps(
    states: Sequence[S], actions: Sequence[A], events: Events
) -> Iterator[tuple[S, A, S, Sequence[dict[str, JSON]]]]:
    """Each step of a replay: the state before, the action, the state after, its events."""
    return zip(states, actions, states[1:], events, strict=False)


def chosen(role: str, p: int, players: Players = None) -> str:
    """The line of a seat chosen at random for ``role`` (the first dealer, say)."""
    return f"{role}: {seat(p, players)} (chosen at random)"


ActionLines = Callable[[S, A, S, Players], Iterable[str]]
"""How a log writes an action: from the state before, the action, the state after, the players."""

EventLines = Callable[[dict[str, JSON], S], Iterable[str]]
"""How a log writes an event: from the event and the state after its action."""


def step_log(
    choice: type[SeatAction],
    role: str,
    action_lines: ActionLines[S, A],
    event_lines: EventLines[S],
) -> Callable[[Sequence[S], Sequence[A], Events, Players], Iterator[str]]:
    """A game's log written step by step: its ``log_lines``.

    An action of class ``choice`` (a seat chosen at random) is written as
    :func:`chosen` for ``role``; any other as ``action_lines`` writes it.
    Each action's events follow it, as ``event_lines`` writes them.
    """

    def log_lines(
        states: Sequence[S], actions: Sequence[A], events: Events, players: Players = None
    ) -> Iterator[str]:
        """The lines of the log, in rich markup."""
        for before, action, after, evs in steps(states, actions, events):
            if isinstance(action, choice):
                yield chosen(role, action.seat)
            else:
                yield from action_lines(before, action, after, players)
            for event in evs:
                yield from event_lines(event, after)

    return log_lines
