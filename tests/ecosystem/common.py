"""What the adapter tests share: the configurations they run, and games walked at random.

Each game runs under its default configuration and one other: a variant, a
player count, or both (:data:`SETUPS`, as OpenSpiel parameters).  The
secrecy helpers are each game's own (``tests/<game>/test_observe.py``).  Each game's
setups and helpers are its test adapter's ``ECOSYSTEM``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, Final

from cardlaw.ecosystem.params import config_of
from cardlaw.ecosystem.spot import Spot
from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.engine.registry import get_game
from cardlaw.games import RECORDS
from tests.game_data import Ecosystem, Hidden, Swapped
from tests.games import ADAPTERS

GAMES: Final = tuple(RECORDS)
"""The games with game-AI adapters: every game of cardlaw's command line (each record of
:data:`cardlaw.games.RECORDS` has its binding).  Each one's test adapter must give its
``ECOSYSTEM``: a game without fails the collection (:func:`ecosystem`)."""


def ecosystem(name: str) -> Ecosystem:
    """Game ``name``'s data for these tests (its test adapter's ``ECOSYSTEM``)."""
    found = ADAPTERS[name].ECOSYSTEM
    if found is None:
        raise LookupError(f"{name} has a game-AI binding but its test adapter no ECOSYSTEM")
    return found


SETUPS: Final[dict[str, tuple[Mapping[str, Any], Mapping[str, Any]]]] = {
    name: ecosystem(name).setups for name in GAMES
}
"""Each game's default parameters and one other setup (a variant, a player count)."""

CASES: Final = [(name, dict(params)) for name in GAMES for params in SETUPS[name]]
"""(game, parameters): every game in both its setups."""

WIDER: Final = {name: ecosystem(name).wider for name in GAMES}
"""More setups for the cheap properties: variants, counts and changed rule numbers."""

ALL_CASES: Final = CASES + [(name, dict(params)) for name in GAMES for params in WIDER[name]]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    """A test id: the game and its parameters."""
    name, params = case
    return name + "".join(f"-{k}={v}" for k, v in sorted(params.items()))


def setup(name: str, params: dict[str, Any]) -> tuple[AnyGame, Any]:
    """The game and the configuration the parameters give."""
    game = get_game(name)
    return game, config_of(game, params)


def walk(game: AnyGame, config: Any, seed: int, limit: int = 4000) -> Iterator[Spot[Any]]:
    """The spots of one random game (whole shuffles, cardlaw's sampler), start to end."""
    rng = random.Random(seed)
    spot = Spot.start(game, config)
    yield spot
    for _ in range(limit):
        mover = spot.mover()
        if mover is None:
            return
        if mover == CHANCE:
            space = spot.space()
            spot = spot.after(space.outcome(rng.randrange(space.size)))
        else:
            spot = spot.after(rng.choice(game.legal_actions(spot.state)))
        yield spot


def deciding(game: AnyGame, config: Any, seed: int, count: int) -> list[Spot[Any]]:
    """``count`` spots of one random game where a seat decides, drawn at random."""
    spots = [s for s in walk(game, config, seed) if isinstance(s.mover(), int)]
    return random.Random(seed).sample(spots, min(count, len(spots)))


SECRECY: Final[dict[str, tuple[Hidden, Swapped]]] = {
    name: ecosystem(name).secrecy() for name in GAMES
}
"""Each game's cards hidden from a seat, and the swap of two cards in a state (its own tests')."""
