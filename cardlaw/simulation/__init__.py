"""Simulations: many bot games, played in parallel, reduced to statistics with 95% intervals.

``cardlaw simulate GAME`` plays ``--games`` games between bots and prints a
game's statistics: its :class:`Statistics` (``facts`` per game, ``report``
for all of them, written in ``cardlaw/simulation/<package>.py``) named by
the game's record (:data:`cardlaw.games.RECORDS`, ``statistics``).  Each
game's seed is derived from the master seed and the game's index alone
(:mod:`cardlaw.simulation.stats`), so the results are the same for any number of worker processes.

>>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
True
>>> wilson(59, 100).interval()
(0.492, 0.681)
>>> from cardlaw.simulation import divided_ranks
>>> statistics("divided-ranks").report is divided_ranks.report
True
>>> statistics("chess")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: cardlaw simulate has no statistics for chess
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from cardlaw.bots import make_bots
from cardlaw.cluster import Pool
from cardlaw.engine.jsonio import JSON
from cardlaw.engine.registry import get_game
from cardlaw.sampling import play_game
from cardlaw.simulation.claims import Claim, Facts, Report, Statistics
from cardlaw.simulation.stats import Estimate, Statistic, game_seed, mean_estimate, mean_t, wilson
from cardlaw.spec.errors import MalformedInput

if TYPE_CHECKING:
    from cardlaw.cluster import Backend

__all__ = [
    "Claim",
    "Estimate",
    "Lineup",
    "Report",
    "Statistic",
    "Statistics",
    "game_seed",
    "mean_estimate",
    "mean_t",
    "run_games",
    "statistics",
    "wilson",
]


def statistics(game_name: str) -> Statistics:
    """The statistics of game ``game_name``; a game without any is malformed input."""
    from cardlaw.games import record  # noqa: PLC0415

    found = record(game_name)
    if found is None:
        raise MalformedInput(f"cardlaw simulate has no statistics for {game_name}")
    return found.statistics()


@dataclass(frozen=True, slots=True)
class Lineup:
    """What every game of a simulation shares (sent as is to each worker process).

    Attributes:
        game_name: the game's registered name.
        config_json: its configuration, as JSON.
        bot_names: the bots by seat.
    """

    game_name: str
    config_json: dict[str, JSON]
    bot_names: tuple[str, ...]


def play_chunk(lineup: Lineup, master: int, indices: Sequence[int]) -> list[tuple[int, Facts]]:
    """Play the games ``indices`` of a simulation; each game's facts, by index."""
    game = get_game(lineup.game_name)
    config = game.config_from_json(lineup.config_json)
    stats = statistics(lineup.game_name)
    bots = make_bots(game, lineup.bot_names)
    out = []
    for index in indices:
        playout = play_game(game, config, bots, seed=game_seed(master, index))
        out.append((index, stats.facts(game, config, playout, lineup.bot_names)))
    return out


def run_games(
    lineup: Lineup,
    *,
    games: int,
    seed: int,
    workers: int,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> list[Facts]:
    """Play ``games`` games and return each game's facts, in game order.

    The games are played in chunks, on a ``backend`` (:mod:`cardlaw.cluster`:
    a Dask cluster, sized by its slots) or else in ``workers`` local
    processes (:class:`cardlaw.cluster.Pool`), chunks small enough that no
    worker is left with much to do after the others.  ``progress`` is told
    how many games each finished chunk held.
    """
    where = backend if backend is not None else Pool(workers)
    slots = where.slots
    if slots <= 1:
        size = max(1, min(50, games // 100 or 1))
    else:
        size = max(1, min(50, games // (slots * 16) or 1))
    chunks = [range(i, min(games, i + size)) for i in range(0, games, size)]
    play = partial(play_chunk, lineup, seed)
    told = None if progress is None else (lambda part: progress(len(part)))
    return [facts for part in where.map(play, chunks, told) for _, facts in part]
