"""Regenerate the stored simulation reports ``docs/findings/<game>.json``.

``python -m cardlaw.simulation.regenerate [--game GAME] [--workers N] [--out DIR]``
plays every run of :data:`RUNS` and writes one file per game.  Each file is
the ``cardlaw simulate GAME --json`` report of the game's first run, with
its command (``command``), and more fields beside it:

* ``runs``: the same report for each of the game's other runs (other player
  counts, variants and bots), each with its command;
* Divided Ranks only: ``head_to_head`` (:mod:`cardlaw.simulation.head_to_head`:
  the exact bot against the old expert and the skilled bot, seats
  alternated) and ``claims_by_bots`` (each document claim with its verdict
  for every bot pairing that measured it, under the conditions the claim is
  about, one run per pairing; the headline is the document's own Expert,
  :data:`HEADLINE`, where it measured the claim).

Every run names its seed, games and bots, so each file is reproduced
exactly, but for the ``seconds`` taken; ``--cached DIR`` reads a run's report
from a ``cardlaw simulate --json`` output already in ``DIR`` (any file of
the same game, configuration, bots, games and seed) instead of playing it.

>>> [run.command() for run in RUNS["divide"]][:1]
['cardlaw simulate divide --players 4 --bots greedy --games 1000 --seed 1 --json']
>>> sorted(RUNS) == sorted(["divide", "divided-ranks", "euchre", "split"])
True
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NotRequired, TypedDict, cast

from cardlaw.engine.files import folder, read_text, write_file
from cardlaw.engine.jsonio import JSON
from cardlaw.options import game_config, seat_bots
from cardlaw.simulation import Lineup, run_games, statistics
from cardlaw.simulation.claims import ReportJSON
from cardlaw.simulation.head_to_head import head_to_head

__all__ = [
    "HEADLINE",
    "HEAD_TO_HEAD",
    "RUNS",
    "ClaimByBots",
    "ClaimVerdict",
    "Run",
    "RunJSON",
    "claims_by_bots",
    "main",
    "run_report",
]


class RunJSON(ReportJSON):
    """A run's report, as ``cardlaw simulate --json`` prints it (and the command, in a file)."""

    game: str
    config: dict[str, JSON]
    bots: list[str]
    games: int
    seed: int
    workers: int
    seconds: float
    command: NotRequired[str]


class ClaimVerdict(TypedDict):
    """A claim's verdict for one bot pairing (:func:`claims_by_bots`)."""

    bots: str
    config: str
    conditions: str
    command: str
    measured: float | None
    ci: list[float | None] | None
    n: int | None
    verdict: str | None
    reason: str | None
    games_to_settle: int | None


class _Claim(TypedDict):
    claim: str
    document: str
    document_value: float | None
    document_games: int | None
    verdicts: dict[str, ClaimVerdict]


class ClaimByBots(TypedDict):
    """A claim with its verdict for every bot pairing that measured it, headline first."""

    claim: str
    document: str
    document_value: float | None
    document_games: int | None
    verdicts: list[ClaimVerdict]
    headline: str
    verdict: str | None
    summary: str


@dataclass(frozen=True, slots=True)
class Run:
    """One ``cardlaw simulate`` run: the game, players, variants, bots, games and seed."""

    game: str
    players: int | None
    variants: tuple[str, ...]
    bots: str
    games: int
    seed: int = 1

    def command(self) -> str:
        """The command line that prints this run's report."""
        parts = ["cardlaw simulate", self.game]
        if self.players is not None:
            parts.append(f"--players {self.players}")
        parts += [f"--variant {v}" for v in self.variants]
        parts += [f"--bots {self.bots}", f"--games {self.games}", f"--seed {self.seed}", "--json"]
        return " ".join(parts)


def _dr(variants: tuple[str, ...], bots: str) -> Run:
    return Run("divided-ranks", None, variants, bots, 10_000)


_DR_CONDITIONS: Final = ((), ("coin-flip-reserve",), ("face-up-swap", "coin-flip-reserve"))
"""Divided Ranks' runs, by variants: the conditions the claims are about (the printed rules,
the reserve order by a coin flip, and the face-up swap with it;
:data:`cardlaw.simulation.divided_ranks.CONDITIONS`)."""

HEADLINE: Final = "expert v expert"
"""The pairing whose verdict heads each claim: the document's figures came from its Expert."""


RUNS: Final[dict[str, tuple[Run, ...]]] = {
    "divide": (
        Run("divide", 4, (), "greedy", 1000),
        Run("divide", 5, (), "greedy", 1000),
        Run("divide", 4, ("trump-rank-own-suit",), "greedy", 1000),
    ),
    "divided-ranks": tuple(
        _dr(variants, bots)
        for variants in _DR_CONDITIONS
        for bots in ("expert", "exact", "skilled")
    ),
    "euchre": tuple(
        Run("euchre", 4, variants, "simple", 1000)
        for variants in (
            (),
            ("stick-the-dealer",),
            ("keep-up-card",),
            ("sitting-dealer-discards",),
            ("openspiel",),
        )
    ),
    "split": (
        *(Run("split", p, (), "greedy", 1000) for p in (4, 2, 3, 5, 6)),
        *(
            Run("split", p, (variant,), "greedy", 200)
            for variant in ("cooperative", "cooperative-no-aids")
            for p in (3, 4, 5)
        ),
    ),
}
"""Every stored run, by game (the first is the file's own report)."""

HEAD_TO_HEAD: Final = ((("exact", "expert"), 2000), (("exact", "skilled"), 2000))
"""Divided Ranks' head-to-head pairings and their games (seed 1, blind swap)."""


def run_report(run: Run, workers: int) -> RunJSON:
    """What ``run.command()`` prints, as JSON (``workers`` only changes the time taken)."""
    game, config = game_config(run.game, run.players, run.variants)
    names = seat_bots(run.bots, config.players)
    config_json = game.config_to_json(config)
    start = time.perf_counter()
    facts = run_games(
        Lineup(game.name, config_json, tuple(names)),
        games=run.games,
        seed=run.seed,
        workers=workers,
    )
    seconds = time.perf_counter() - start
    report = statistics(game.name).report(facts, config_json, names).to_json()
    return {
        "game": game.name,
        "config": config_json,
        "bots": names,
        "games": run.games,
        "seed": run.seed,
        "workers": workers,
        "seconds": round(seconds, 3),
        "statistics": report["statistics"],
        "claims": report["claims"],
    }


def _same_run(data: Mapping[str, object], run: Run) -> bool:
    game, config = game_config(run.game, run.players, run.variants)
    return (
        data.get("game") == game.name
        and data.get("config") == game.config_to_json(config)
        and data.get("bots") == seat_bots(run.bots, config.players)
        and data.get("games") == run.games
        and data.get("seed") == run.seed
    )


def _cached(run: Run, cache: Path | None) -> RunJSON | None:
    if cache is None:
        return None
    for path in sorted(cache.glob("*.json")):
        try:
            data = json.loads(read_text(path))
        except ValueError:  # not a regular file, too large, not JSON: not a report
            continue
        if isinstance(data, dict) and _same_run(data, run):
            return cast(RunJSON, data)  # a report of this run, as simulate --json wrote it
    return None


def claims_by_bots(reports: Sequence[RunJSON]) -> list[ClaimByBots]:
    """Each claim with its verdict for every bot pairing that measured it, headline first.

    A run measures a claim only under the conditions the claim is about, so each
    pairing has one verdict per claim (should two runs of a pairing measure it, the one
    with more observations counts).  The headline is :data:`HEADLINE`'s verdict where
    it measured the claim, else the first pairing's; ``summary`` sorts the pairings by
    verdict.

    >>> one = {"config": {}, "command": "c1", "games": 9, "claims": [
    ...     {"claim": "c", "document": "d", "document_value": 0.5, "document_games": None,
    ...      "measured": 0.5, "ci": [0.4, 0.6], "n": 9, "bots": "expert v expert",
    ...      "verdict": "confirmed", "reason": "r", "games_to_settle": None}]}
    >>> other = {**one["claims"][0], "bots": "exact v exact", "verdict": "refuted"}
    >>> entry = claims_by_bots([one, {**one, "command": "c2", "claims": [other]}])[0]
    >>> entry["headline"], entry["verdict"], entry["summary"]
    ('expert v expert', 'confirmed', 'confirmed for expert v expert; refuted for exact v exact')
    """
    table: dict[str, _Claim] = {}
    for data in reports:
        config: Mapping[str, object] = data.get("config", {})
        variant = ", ".join(f"{k}={v}" for k, v in sorted(config.items()) if k != "rules")
        for claim in data.get("claims", []):
            entry = table.setdefault(
                claim["claim"],
                {
                    "claim": claim["claim"],
                    "document": claim["document"],
                    "document_value": claim.get("document_value"),
                    "document_games": claim.get("document_games"),
                    "verdicts": {},
                },
            )
            found: ClaimVerdict = {
                "bots": claim["bots"],
                "config": variant,
                "conditions": _conditions(config),
                "command": data.get("command", ""),
                "measured": claim.get("measured"),
                "ci": claim.get("ci"),
                "n": claim.get("n"),
                "verdict": claim.get("verdict"),
                "reason": claim.get("reason"),
                "games_to_settle": claim.get("games_to_settle"),
            }
            known = entry["verdicts"].get(claim["bots"])
            if known is None or _more(found["n"], known["n"]):
                entry["verdicts"][claim["bots"]] = found
    out: list[ClaimByBots] = []
    for entry in table.values():
        verdicts = list(entry["verdicts"].values())
        head = next((v for v in verdicts if v["bots"] == HEADLINE), verdicts[0])
        verdicts.sort(key=lambda v: v is not head)
        parts = []
        for word in ("confirmed", "refuted", "undecided"):
            named = [v["bots"] for v in verdicts if v["verdict"] == word]
            if named:
                parts.append(f"{word} for {', '.join(named)}")
        out.append(
            {
                "claim": entry["claim"],
                "document": entry["document"],
                "document_value": entry["document_value"],
                "document_games": entry["document_games"],
                "verdicts": verdicts,
                "headline": head["bots"],
                "verdict": head["verdict"],
                "summary": "; ".join(parts),
            }
        )
    return out


def _more(n: int | None, than: int | None) -> bool:
    """Whether ``n`` observations are more than ``than`` (as the reports' numbers compare)."""
    assert n is not None and than is not None, (n, than)
    return n > than


def _conditions(config: Mapping[str, object]) -> str:
    """The conditions of a Divided Ranks run, in words (``""`` for another game's).

    >>> _conditions({"players": 2, "swap": "blind", "reserve_order": "coin"})
    'the blind swap, the reserve order by a coin flip'
    """
    from cardlaw.simulation.divided_ranks import CONDITION_WORDS, condition  # noqa: PLC0415

    return CONDITION_WORDS.get(condition(config), "")


def _head_to_head(workers: int) -> list[dict[str, object]]:
    from cardlaw.engine.registry import get_game  # noqa: PLC0415

    game = get_game("divided-ranks")
    config_json = game.config_to_json(game.config())
    out = []
    for bots, games in HEAD_TO_HEAD:
        stats = head_to_head(game.name, config_json, bots, games=games, seed=1, workers=workers)
        out.append(
            {
                "bots": list(bots),
                "games": games,
                "seed": 1,
                "command": "python -m cardlaw.simulation.regenerate --game divided-ranks",
                "statistics": [s.to_json() for s in stats],
            }
        )
    return out


def regenerate(game: str, out: Path, workers: int, cache: Path | None) -> Path:
    """Play (or read from ``cache``) every run of ``game`` and write its findings file."""
    reports: list[RunJSON] = []
    for run in RUNS[game]:
        data = _cached(run, cache) or run_report(run, workers)
        reports.append({**data, "command": run.command()})
        print(f"{run.command()}: done", file=sys.stderr)
    top: dict[str, object] = {**reports[0]}
    top["runs"] = reports[1:]
    top["regenerate"] = f"python -m cardlaw.simulation.regenerate --game {game}"
    if game == "divided-ranks":
        top["head_to_head"] = _head_to_head(workers)
        top["claims_by_bots"] = claims_by_bots(reports)
    path = folder(out) / f"{game}.json"
    write_file(path, json.dumps(top, indent=1) + "\n")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: regenerate one game's findings file, or every game's."""
    parser = argparse.ArgumentParser(prog="python -m cardlaw.simulation.regenerate")
    parser.add_argument("--game", choices=sorted(RUNS), help="one game (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/findings"))
    parser.add_argument("--cached", type=Path, help="a folder of cardlaw simulate --json outputs")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else sorted(RUNS):
        print(regenerate(game, args.out, max(1, args.workers), args.cached))
    return 0


if __name__ == "__main__":
    sys.exit(main())
