"""Samplers: the only place chance outcomes are drawn (the rules never draw).

A game is driven by one seed.  Chance and each seat get their own stream,
derived from the seed, so the same seed deals the same cards whichever bots
play, and the same seed and bots give the same game, action for action.

>>> from cardlaw.engine.registry import get_game
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
from collections.abc import Callable, Sequence
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeAlias, TypeVar

from cardlaw.engine.api import CHANCE, Game
from cardlaw.engine.chance import ChanceSpace

__all__ = [
    "AnyPlayout",
    "Chooser",
    "Playout",
    "next_action",
    "play_game",
    "sample_chance",
    "streams",
]

A = TypeVar("A")
"""A game's action."""
C = TypeVar("C")
S = TypeVar("S")
O = TypeVar("O")  # noqa: E741
R = TypeVar("R")
Obs_contra = TypeVar("Obs_contra", contravariant=True)
"""What a seat may know: a game's observation."""


class Chooser(Protocol[Obs_contra, A]):
    """What plays a seat here: a bot (:class:`cardlaw.bots.base.Bot`) or anything that chooses.

    Declared here rather than imported: this module is compiled on its own
    (the compiled build), without the command line's packages.
    """

    def choose(self, observation: Obs_contra, legal: Sequence[A], rng: random.Random) -> A:
        """One of ``legal``."""
        ...


def sample_chance(space: ChanceSpace[A], rng: random.Random) -> A:
    """Draw one chance outcome, each with its exact probability."""
    return space.outcome(rng.randrange(space.size))


def streams(seed: int, seats: int) -> tuple[random.Random, list[random.Random]]:
    """The chance stream and one stream per seat, all derived from ``seed``."""
    chance = random.Random(f"cardlaw:{seed}:chance")
    return chance, [random.Random(f"cardlaw:{seed}:seat:{seat}") for seat in range(seats)]


def next_action(
    game: Game[C, S, A, O, R],
    state: S,
    mover: int | Literal["chance"],
    chance: random.Random,
    choose: Callable[[S, int, Sequence[A]], A],
) -> A:
    """The action taken in ``state``, where ``mover`` is to move (chance, or a seat).

    Chance's is drawn from ``chance`` (:func:`sample_chance`); a seat's is
    ``choose(state, mover, legal)`` among its legal actions.
    """
    if mover == CHANCE:
        space = game.chance_outcomes(state)
        assert space is not None
        return sample_chance(space, chance)
    return choose(state, mover, game.legal_actions(state))


class Playout(NamedTuple, Generic[S, A]):
    """A finished (or stopped) game: its actions and final state, of the game's own types.

    A named tuple, not a frozen dataclass: the compiled build (mypyc) cannot load a
    dataclass that is generic (its class's ``__dict__`` cannot be written), and a named
    tuple is as immutable.
    """

    actions: tuple[A, ...]
    final: S


AnyPlayout: TypeAlias = Playout[Any, Any]
"""The playout of a game of any type (a registry's: :data:`~engine.api.AnyGame`)."""


def play_game(
    game: Game[C, S, A, O, R],
    config: C,
    bots: Sequence[Chooser[O, A]],
    *,
    seed: int,
    max_actions: int | None = None,
) -> Playout[S, A]:
    """Play a game with one bot per seat, from ``seed``.

    Each bot sees only ``game.observe(state, seat)`` and the legal actions.
    A bot with a ``sit(game, config, seat)`` method (the search bot, which
    plays out worlds of its own) is told its game and seat before the start.
    ``max_actions`` stops a game that could go on for ever.
    """
    chance, seat_rngs = streams(seed, len(bots))
    for seat, bot in enumerate(bots):  # a bot that wants to know its game is told it
        sit = getattr(bot, "sit", None)
        if sit is not None:
            sit(game, config, seat)

    def choose(state: S, seat: int, legal: Sequence[A]) -> A:
        return bots[seat].choose(game.observe(state, seat), legal, seat_rngs[seat])

    state = game.new_game(config)
    actions: list[A] = []
    while max_actions is None or len(actions) < max_actions:
        mover = game.to_move(state)
        if mover is None:
            break
        action = next_action(game, state, mover, chance, choose)
        state = game.apply(state, action)
        actions.append(action)
    return Playout(tuple(actions), state)
