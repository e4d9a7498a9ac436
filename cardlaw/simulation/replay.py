"""A finished simulation game walked again, state by state, for statistics that need its history.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> game = get_game("split")
>>> config = game.config()
>>> playout = play_game(game, config, make_bots(game, ["greedy"] * 4), seed=3)
>>> walked = list(replay(game, config, playout.actions))
>>> len(walked) == len(playout.actions) and walked[-1][2] == playout.final
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from cardlaw.engine.api import Game

__all__ = ["replay"]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741
R = TypeVar("R")


def replay(game: Game[C, S, A, O, R], config: C, actions: Sequence[A]) -> Iterator[tuple[S, A, S]]:
    """Each step of a game from its start: (state before, action, state after), the game's types."""
    state = game.new_game(config)
    for action in actions:
        after = game.apply(state, action)
        yield state, action, after
        state = after
