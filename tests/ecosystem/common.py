"""What the adapter tests share: the configurations they run, and games walked at random.

Each game runs under its default configuration and one other: a variant, a
player count, or both (:data:`SETUPS`, as OpenSpiel parameters).  The
secrecy helpers are each game's own (``tests/<game>/test_observe.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Final

from cardlaw.ecosystem.params import config_of
from cardlaw.ecosystem.spot import Spot
from engine.api import CHANCE, AnyGame
from engine.registry import get_game
from spec.divided_ranks.constants import PACK
from tests.divide.test_observe import hidden_from as divide_hidden
from tests.divide.test_observe import swap as divide_swap
from tests.divided_ranks.test_observe import known_cards as divided_ranks_known
from tests.divided_ranks.test_observe import swap_cards as divided_ranks_swap
from tests.euchre.test_observe import hidden_from as euchre_hidden
from tests.euchre.test_observe import swap as euchre_swap
from tests.split.test_observe import hidden_from as split_hidden
from tests.split.test_observe import swap as split_swap

GAMES: Final = ("divide", "divided-ranks", "split", "euchre")
"""The games with adapters."""

SETUPS: Final[dict[str, tuple[dict[str, Any], dict[str, Any]]]] = {
    "divide": ({}, {"players": 5, "variant": "trump-rank-own-suit"}),
    "divided-ranks": ({}, {"variant": "face-up-swap+coin-flip-reserve"}),
    "split": ({}, {"variant": "cooperative", "players": 3}),
    "euchre": ({}, {"variant": "lone-defender+stick-the-dealer"}),
}
"""Each game's default parameters and one other setup (a variant, a player count)."""

CASES: Final = [(name, params) for name in GAMES for params in SETUPS[name]]
"""(game, parameters): every game in both its setups."""

WIDER: Final[dict[str, list[dict[str, Any]]]] = {
    "divide": [
        {"players": 5},
        {"bonus_tokens": 4, "rounds": 2},
        {"cards_dealt": 11, "secure_size": 4},
    ],
    "divided-ranks": [
        {"variant": "face-up-swap"},
        {"variant": "coin-flip-reserve"},
        {"pair_size": 1, "rounds": 10},
        {"reserve_turns": 5},
    ],
    "split": [
        {"players": 2},
        {"players": 6},
        {"variant": "cooperative-no-aids"},
        {"cards_dealt": 5, "reset_draw": 5},
    ],
    "euchre": [
        {"variant": "openspiel"},
        {"variant": "lone-defender"},
        {"cards_each": 4},
        {"variant": "keep-up-card"},
    ],
}
"""More setups for the cheap properties: variants, counts and changed rule numbers."""

ALL_CASES: Final = CASES + [(name, params) for name in GAMES for params in WIDER[name]]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    """A test id: the game and its parameters."""
    name, params = case
    return name + "".join(f"-{k}={v}" for k, v in sorted(params.items()))


def setup(name: str, params: dict[str, Any]) -> tuple[AnyGame, Any]:
    """The game and the configuration the parameters give."""
    game = get_game(name)
    return game, config_of(game, params)


def walk(game: AnyGame, config: Any, seed: int, limit: int = 4000) -> Iterator[Spot]:
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


def deciding(game: AnyGame, config: Any, seed: int, count: int) -> list[Spot]:
    """``count`` spots of one random game where a seat decides, drawn at random."""
    spots = [s for s in walk(game, config, seed) if isinstance(s.mover(), int)]
    return random.Random(seed).sample(spots, min(count, len(spots)))


def _divided_ranks_hidden(state: Any, seat: int) -> list[int]:
    return [c for c in PACK if not divided_ranks_known(state, seat) >> c & 1]


SECRECY: Final[
    dict[str, tuple[Callable[[Any, int], list[int]], Callable[[Any, int, int], Any]]]
] = {
    "divide": (divide_hidden, divide_swap),
    "divided-ranks": (_divided_ranks_hidden, divided_ranks_swap),
    "split": (split_hidden, split_swap),
    "euchre": (euchre_hidden, euchre_swap),
}
"""Each game's cards hidden from a seat, and the swap of two cards in a state (its own tests')."""
