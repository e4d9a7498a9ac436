"""Perft: count the action sequences of a given length from a state.

Like chess engines' perft, a count that any change to the legal-move rules
changes, so golden counts from fixed positions catch regressions.  Chance
nodes on the way are expanded outcome by outcome (only small ones: a
shuffle cannot be enumerated and stops the count with an error).

>>> from cardlaw.engine.registry import get_game
>>> game = get_game("divide")
>>> state = game.new_game(game.config(players=4))
>>> perft(game, state, 1)
4
"""

from __future__ import annotations

from cardlaw.engine.api import CHANCE, AnyGame

__all__ = ["perft"]

MAX_CHANCE_FANOUT = 1000


def perft(game: AnyGame, state: object, depth: int) -> int:
    """The number of distinct action sequences of length ``depth`` (fewer at the end)."""
    if depth == 0:
        return 1
    mover = game.to_move(state)
    if mover is None:
        return 1
    if mover == CHANCE:
        space = game.chance_outcomes(state)
        assert space is not None
        if space.size > MAX_CHANCE_FANOUT:
            raise ValueError(f"perft cannot expand a chance node with {space.size} outcomes")
        actions = [space.outcome(i) for i in range(space.size)]
    else:
        actions = list(game.legal_actions(state))
    if depth == 1:
        return len(actions)
    return sum(perft(game, game.apply(state, action), depth - 1) for action in actions)
