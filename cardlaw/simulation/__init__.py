"""Simulations: many bot games, played in parallel, reduced to statistics with 95% intervals.

``cardlaw simulate GAME`` plays ``--games`` games between bots and prints a
game's statistics: its :class:`Statistics` (``facts`` per game, ``rows`` for
the table, written in ``cardlaw/simulation/<package>.py``) listed in
:data:`STATISTICS`, keyed by game name.  Each game's seed is derived from the
master seed and the game's index alone (:mod:`cardlaw.simulation.stats`), so
the results are the same for any number of worker processes.

>>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
True
>>> wilson(59, 100).interval()
(0.492, 0.681)
>>> statistics("divided-ranks").rows is divided_ranks.rows
True
>>> statistics("euchre")
Traceback (most recent call last):
...
spec.errors.MalformedInput: cardlaw simulate has no statistics for euchre
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from types import MappingProxyType
from typing import Any, Final

from cardlaw.bots import make_bots
from cardlaw.sampling import play_game
from cardlaw.simulation import divided_ranks
from cardlaw.simulation.stats import Estimate, Row, game_seed, mean_estimate, wilson
from engine.api import AnyGame
from engine.registry import get_game
from spec.errors import MalformedInput

__all__ = [
    "STATISTICS",
    "Estimate",
    "Row",
    "Statistics",
    "game_seed",
    "mean_estimate",
    "run_games",
    "statistics",
    "wilson",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Statistics:
    """What a game measures in a simulation.

    Attributes:
        facts: a finished game (the game, its final state, the bots by seat)
            reduced to a few JSON facts.
        rows: the facts of every game (with the configuration as JSON and
            the bots) turned into the table's rows.
    """

    facts: Callable[[AnyGame, Any, Sequence[str]], dict[str, Any]]
    rows: Callable[[Sequence[dict[str, Any]], dict[str, Any], Sequence[str]], list[Row]]


STATISTICS: Final[Mapping[str, Statistics]] = MappingProxyType(
    {"divided-ranks": Statistics(facts=divided_ranks.facts, rows=divided_ranks.rows)}
)
"""Game name -> the statistics ``cardlaw simulate`` measures for it."""


def statistics(game_name: str) -> Statistics:
    """The statistics of game ``game_name``; a game without any is malformed input."""
    found = STATISTICS.get(game_name)
    if found is None:
        raise MalformedInput(f"cardlaw simulate has no statistics for {game_name}")
    return found


def play_chunk(
    game_name: str,
    config_json: dict[str, Any],
    bot_names: Sequence[str],
    master: int,
    indices: Sequence[int],
) -> list[tuple[int, dict[str, Any]]]:
    """Play the games ``indices`` of a simulation; each game's facts, by index."""
    game = get_game(game_name)
    config = game.config_from_json(config_json)
    stats = statistics(game_name)
    bots = make_bots(game, bot_names)
    out = []
    for index in indices:
        playout = play_game(game, config, bots, seed=game_seed(master, index))
        out.append((index, stats.facts(game, playout.final, bot_names)))
    return out


def run_games(
    game_name: str,
    config_json: dict[str, Any],
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games and return each game's facts, in game order.

    With ``workers`` > 1 the games run in that many separate processes, in
    chunks; ``progress`` is told how many games each finished chunk held.
    """
    if workers <= 1:
        results: list[tuple[int, dict[str, Any]]] = []
        step = max(1, min(50, games // 100 or 1))
        for start in range(0, games, step):
            part = play_chunk(
                game_name, config_json, bot_names, seed, range(start, min(games, start + step))
            )
            results += part
            if progress is not None:
                progress(len(part))
        return [facts for _, facts in results]
    size = max(1, min(100, games // (workers * 8) or 1))
    chunks = [list(range(i, min(games, i + size))) for i in range(0, games, size)]
    collected: list[tuple[int, dict[str, Any]]] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        futures = [
            pool.submit(play_chunk, game_name, config_json, list(bot_names), seed, chunk)
            for chunk in chunks
        ]
        for future in as_completed(futures):
            part = future.result()
            collected += part
            if progress is not None:
                progress(len(part))
    collected.sort(key=lambda item: item[0])
    return [facts for _, facts in collected]
