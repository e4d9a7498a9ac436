"""What every game's position loader shares: replaying the plays a judge wrote down.

A position lists the tricks of the current hand (finished ones and the one
in progress).  Replaying them through the game's own ``apply`` from the
hands the seats must have held shows whether the rules could have led here,
and names the first play that breaks a rule.

>>> from engine.divide.position import EXAMPLE, position_from_json
>>> position_from_json(EXAMPLE).actor
3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from spec.cards import Card
from spec.errors import IllegalAction

__all__ = ["replay_tricks"]

S = TypeVar("S")


def replay_tricks(
    state: S,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    finished: int,
    play: Callable[[S, Card], S],
) -> tuple[S, list[str]]:
    """Play ``tricks`` (leader, cards in play order) from ``state``.

    The first ``finished`` tricks are finished, the last may be in progress.
    Returns the state reached and the problems found (empty when every play
    was legal and every trick was led by the seat whose turn it was); it
    stops at the first problem.  ``state`` needs ``leader`` and ``actor``.
    """
    current: Any = state
    for number, (leader, cards) in enumerate(tricks, start=1):
        label = f"trick {number}" if number <= finished else "the current trick"
        if leader != current.leader:
            why = "leads the first trick" if number == 1 else "won the last trick"
            return current, [f"{label} is led by seat {leader}, but seat {current.leader} {why}"]
        for card in cards:
            try:
                current = play(current, card)
            except IllegalAction as illegal:
                return current, [
                    f"in {label}, seat {current.actor}'s {card.pretty} breaks a rule: {illegal}"
                ]
    return current, []
