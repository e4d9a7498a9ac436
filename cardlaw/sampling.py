"""Samplers: the only place chance outcomes are drawn (the rules never draw).

A game is driven by one seed.  Chance and each seat get their own stream,
derived from the seed, so the same seed deals the same cards whichever bots
play, and the same seed and bots give the same game, action for action.

>>> from engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> game = get_game("divide")
>>> config = game.config(players=4)
>>> one = play_game(game, config, make_bots(game, ["random"] * 4), seed=7)
>>> two = play_game(game, config, make_bots(game, ["random"] * 4), seed=7)
>>> one.actions == two.actions and game.result(one.final) is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.api import CHANCE, AnyGame
from engine.chance import ChanceSpace

__all__ = ["Playout", "play_game", "sample_chance", "streams"]

A = TypeVar("A")


def sample_chance(space: ChanceSpace[A], rng: random.Random) -> A:
    """Draw one chance outcome, each with its exact probability."""
    return space.outcome(rng.randrange(space.size))


def streams(seed: int, seats: int) -> tuple[random.Random, list[random.Random]]:
    """The chance stream and one stream per seat, all derived from ``seed``."""
    chance = random.Random(f"cardlaw:{seed}:chance")
    return chance, [random.Random(f"cardlaw:{seed}:seat:{seat}") for seat in range(seats)]


@dataclass(frozen=True, slots=True)
class Playout:
    """A finished (or stopped) game: its actions and final state."""

    actions: tuple[Any, ...]
    final: Any


def play_game(
    game: AnyGame,
    config: Any,
    bots: Sequence[Any],
    *,
    seed: int,
    max_actions: int | None = None,
) -> Playout:
    """Play a game with one bot per seat, from ``seed``.

    Each bot sees only ``game.observe(state, seat)`` and the legal actions.
    ``max_actions`` stops a game that could go on for ever.
    """
    chance, seat_rngs = streams(seed, len(bots))
    state = game.new_game(config)
    actions: list[Any] = []
    while max_actions is None or len(actions) < max_actions:
        mover = game.to_move(state)
        if mover is None:
            break
        if mover == CHANCE:
            space = game.chance_outcomes(state)
            assert space is not None
            action = sample_chance(space, chance)
        else:
            legal = game.legal_actions(state)
            action = bots[mover].choose(game.observe(state, mover), legal, seat_rngs[mover])
        state = game.apply(state, action)
        actions.append(action)
    return Playout(tuple(actions), state)
