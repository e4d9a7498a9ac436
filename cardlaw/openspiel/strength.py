"""How strong OpenSpiel's search is at cardlaw's games: the findings page's strength table.

``python -m cardlaw.openspiel.strength --out docs/findings/strength/search.json``
plays, for each game, the search bot (``mcts``, :mod:`cardlaw.openspiel.search`)
against ``random`` and against the game's strongest bot
(:func:`cardlaw.bots.default_bot`), and writes each match as JSON: how often
the search's side won, with its 95% Wilson interval, beside what a side of
equal strength would win (its share of the seats).

* Two players (Divided Ranks): the search in one seat, the seats alternating
  game by game; a draw counts as half a win.
* Euchre: the search as a team (seats 0 and 2, or 1 and 3, alternating).
* Divide and Split: the search in one seat (seat ``i mod n`` in game ``i``),
  the opponent in every other; a Split draw counts for nobody.

Game ``i`` of a match is dealt from seed ``game_seed(seed, i)``, so a match is
the same for the same seed and simulations, whatever the worker count.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from typing import TypedDict

from cardlaw.bots import AnyBot, default_bot, make_bots
from cardlaw.engine.registry import get_game
from cardlaw.openspiel.search import SearchBot
from cardlaw.sampling import play_game
from cardlaw.simulation.stats import game_seed, wilson

__all__ = ["Match", "MatchReport", "main", "match_game", "run_match"]


@dataclass(frozen=True, slots=True)
class Match:
    """One match: the game, the opponent, the games played, the search's wins."""

    game: str
    opponent: str
    games: int
    simulations: int
    seed: int


class MatchReport(TypedDict):
    """One match's figures as JSON: the search's share of the games with its 95% interval."""

    game: str
    search: str
    opponent: str
    games: int
    seed: int
    share: float
    low: float
    high: float
    equal_share: float
    seconds: float


def _search_seats(game: str, players: int, index: int) -> tuple[int, ...]:
    if game == "euchre":
        return (0, 2) if index % 2 == 0 else (1, 3)
    return (index % players,)


def match_game(match: Match, index: int) -> float:
    """The search's share of game ``index`` of ``match``: 1 a win, 0.5 a two-player draw."""
    game = get_game(match.game)
    config = game.config()
    mine = _search_seats(match.game, config.players, index)
    bots: list[AnyBot] = make_bots(game, [match.opponent] * config.players)
    for seat in mine:
        bots[seat] = SearchBot(simulations=match.simulations)
    final = play_game(game, config, bots, seed=game_seed(match.seed, index)).final
    result = game.result(final)
    winners = tuple(getattr(result, "winners", ()) or ())
    if match.game == "divided-ranks":
        winner = result.winner  # type: ignore[union-attr]  # a finished game: a result
        return 0.5 if winner is None else float(winner in mine)
    return float(bool(set(winners) & set(mine)))


def _play(job: tuple[Match, int]) -> float:
    return match_game(*job)


def run_match(match: Match, workers: int) -> MatchReport:
    """Play ``match``; its figures as JSON."""
    start = time.perf_counter()
    jobs = [(match, i) for i in range(match.games)]
    if workers > 1:
        # spawned, not forked: a process forked after OpenSpiel has started can hang
        with get_context("spawn").Pool(workers) as pool:
            shares = pool.map(_play, jobs, chunksize=1)
    else:
        shares = [match_game(*job) for job in jobs]
    players = get_game(match.game).config().players
    estimate = wilson(sum(shares), len(shares))
    equal = 0.5 if match.game in ("euchre", "divided-ranks") else 1 / players
    return {
        "game": match.game,
        "search": f"mcts ({match.simulations} simulations)",
        "opponent": match.opponent,
        "games": match.games,
        "seed": match.seed,
        "share": round(estimate.value, 4),
        "low": round(estimate.low, 4),
        "high": round(estimate.high, 4),
        "equal_share": round(equal, 4),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    """The command line: every game against random and its strongest bot, as JSON."""
    parser = argparse.ArgumentParser(prog="python -m cardlaw.openspiel.strength")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    rows = []
    for name in args.game or ["divide", "divided-ranks", "split", "euchre"]:
        for opponent in ("random", default_bot(get_game(name))):
            match = Match(name, opponent, args.games, args.simulations, args.seed)
            rows.append(run_match(match, args.workers))
            print(json.dumps(rows[-1]), flush=True)
    given = list(sys.argv[1:] if argv is None else argv)
    kept = []  # the command as it decides the figures: --out and --workers change nothing
    for word, before in zip(given, [None, *given], strict=False):
        if word not in ("--out", "--workers") and before not in ("--out", "--workers"):
            kept.append(word)
    command = "python -m cardlaw.openspiel.strength " + " ".join(kept)
    report = {"command": command.strip(), "matches": rows}
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
