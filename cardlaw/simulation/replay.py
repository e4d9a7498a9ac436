"""A finished simulation game walked again, state by state, for statistics that need its history.

>>> from engine.registry import get_game
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
from typing import Any

from engine.api import AnyGame

__all__ = ["replay"]


def replay(
    game: AnyGame, config: object, actions: Sequence[object]
) -> Iterator[tuple[Any, object, Any]]:
    """Each step of a game from its start: (state before, action, state after).

    The states are the game's own (``Any``: each game's statistics read them as its state).
    """
    state = game.new_game(config)
    for action in actions:
        after = game.apply(state, action)
        yield state, action, after
        state = after
