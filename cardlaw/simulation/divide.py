"""Divide's simulation statistics: seat and first-player advantage, points, tiebreaks, trump.

Each finished game is walked again (:mod:`cardlaw.simulation.replay`) to
read every round as it ended, before the next deal clears the table.  The
"first player" is the seat that made the game's first Trump Offering (the
dealer's left neighbour); seats are also counted from it ("position 0" is
the first player).  The document states no figures, so there are no claims.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> game = get_game("divide")
>>> config = game.config(players=4)
>>> playout = play_game(game, config, make_bots(game, ["greedy"] * 4), seed=1)
>>> one = facts(game, config, playout, ["greedy"] * 4)
>>> one["winners"], one["decided_by"], len(one["rounds"])
([0], 'score', 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict, cast

from cardlaw.engine.api import AnyGame
from cardlaw.sampling import Playout
from cardlaw.simulation.claims import Facts, Report
from cardlaw.simulation.replay import replay
from cardlaw.simulation.stats import Statistic, distribution, mean_t, wilson
from cardlaw.spec.cards import Card, Rank
from cardlaw.spec.divide.actions import Action
from cardlaw.spec.divide.state import DivideState, Stage

__all__ = ["DivideFacts", "DivideRound", "facts", "report"]


class DivideRound(TypedDict):
    """A round as it ended: each seat's points, bonus tokens taken, the Trump Rank, its offerer."""

    points: list[int]
    bonus: int
    trump_rank: int
    offerer: int


class DivideFacts(TypedDict):
    """What one game of Divide contributes (:func:`facts`)."""

    winners: list[int]
    decided_by: str
    first: int
    rounds: list[DivideRound]


def facts(
    game: AnyGame, config: object, playout: Playout[DivideState, Action], bot_names: Sequence[str]
) -> DivideFacts:
    """What one finished game contributes: the result and each round as it ended."""
    result = game.result(playout.final)
    assert result is not None
    first = -1
    rounds: list[DivideRound] = []
    for before, _, after in replay(game, config, playout.actions):
        state: DivideState = after
        if first < 0 and state.stage == Stage.OFFERING:
            first = state.actor
        if before.stage == Stage.TRICKS and state.stage != Stage.TRICKS:
            offerer = state.offerings.index(state.trump) if state.trump in state.offerings else -1
            rounds.append(
                {
                    "points": list(state.scores[-1]),
                    "bonus": sum(state.bonus_taken),
                    "trump_rank": int(Card(state.trump).rank),
                    "offerer": offerer,
                }
            )
    return {
        "winners": list(result.winners),
        "decided_by": result.decided_by,
        "first": first,
        "rounds": rounds,
    }


def report(
    all_facts: Sequence[Facts], config: Mapping[str, object], bot_names: Sequence[str]
) -> Report:
    """Win shares, points and bonus tokens per round, tiebreaks and trump-rank effects."""
    all_facts = cast("Sequence[DivideFacts]", all_facts)
    n = len(all_facts)
    players = len(bot_names)
    out: list[Statistic] = []
    for seat in range(players):
        wins = sum(seat in f["winners"] for f in all_facts)
        out.append(Statistic(f"seat {seat} wins", wilson(wins, n), group="win share by seat"))
    for position in range(players):
        wins = sum((f["first"] + position) % players in f["winners"] for f in all_facts)
        name = "the first player" if position == 0 else f"{position} after the first player"
        out.append(Statistic(f"{name} wins", wilson(wins, n), group="win share by first player"))
    decided = [f["decided_by"] for f in all_facts]
    for how in ("score", "bonus-tokens", "eighth-trick", "shared"):
        out.append(
            Statistic(f"game decided by {how}", wilson(decided.count(how), n), group="tiebreak")
        )
    rounds = [r for f in all_facts for r in f["rounds"]]
    points = [p for r in rounds for p in r["points"]]
    out.append(
        Statistic(
            "points per round (each player)",
            mean_t(points),
            "mean",
            extra={"distribution": distribution(points)},
        )
    )
    bonus = [r["bonus"] for r in rounds]
    out.append(
        Statistic(
            "bonus tokens taken per round (all players)",
            mean_t(bonus),
            "mean",
            extra={"distribution": distribution(bonus)},
        )
    )
    out.append(Statistic("rounds per game", mean_t([len(f["rounds"]) for f in all_facts]), "mean"))
    out += _trump_statistics(rounds, players)
    return Report(tuple(out))


def _trump_statistics(rounds: Sequence[DivideRound], players: int) -> list[Statistic]:
    """Trump-rank effects: the edge of the seat whose offering became trump, overall and by rank."""
    offered = [r for r in rounds if r["offerer"] >= 0]
    mine = [r["points"][r["offerer"]] for r in offered]
    others = [p for r in offered for seat, p in enumerate(r["points"]) if seat != r["offerer"]]
    out = [
        Statistic("points per round of the seat whose offering became trump", mean_t(mine), "mean"),
        Statistic("points per round of the other seats", mean_t(others), "mean"),
    ]
    for rank in sorted({r["trump_rank"] for r in rounds}):
        these = [r for r in rounds if r["trump_rank"] == rank]
        share = wilson(len(these), len(rounds))
        out.append(
            Statistic(
                f"Trump Rank {Rank(rank).name.lower()}: points per round of the trump's offerer",
                mean_t([r["points"][r["offerer"]] for r in these if r["offerer"] >= 0]),
                "mean",
                group="trump rank",
                extra={"rounds_share": round(share.value, 4)},
            )
        )
    return out
