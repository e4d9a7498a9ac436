"""Split's simulation statistics, competitive and cooperative.

**Competitive** (2 to 6 players): the first player's advantage (the seat
that plays the game's first turn after the opening), game length in turns,
resets per game, games drawn at the turn limit (and blocked).

**Cooperative** (3 to 5 players, with or without the aids): the share the
bots win seeing only their own hands (a lower bound on what the table can
do), and the share of deals the table could win with every hand and the
draw order known, from the solver (:mod:`engine.split.solver`) searching at
most :data:`SOLVER_BUDGET` positions per deal.  A deal the search leaves
undecided is counted as undecided, never as won or lost; the winnable share
is then an interval between its two readings (undecided as lost, undecided
as won), besides the Wilson interval on the decided deals.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> game = get_game("split")
>>> config = game.config(mode="cooperative", players=3)
>>> playout = play_game(game, config, make_bots(game, ["greedy"] * 3), seed=2)
>>> sorted(facts(game, config, playout, ["greedy"] * 3))
['explored', 'first', 'outcome', 'reason', 'resets', 'solvable', 'turns', 'winners']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, NotRequired, TypedDict, cast

from cardlaw.engine.api import AnyGame
from cardlaw.engine.split.solver import DEFAULT_MAX_STATES, solve
from cardlaw.sampling import Playout
from cardlaw.simulation.claims import Facts, Report
from cardlaw.simulation.replay import replay
from cardlaw.simulation.stats import (
    Estimate,
    Statistic,
    distribution,
    mean_t,
    median_interval,
    wilson,
)
from cardlaw.spec.split.actions import Action, Reset
from cardlaw.spec.split.state import SplitState, Stage

__all__ = ["SOLVER_BUDGET", "SplitFacts", "facts", "report"]


class SplitFacts(TypedDict):
    """What one game of Split contributes (:func:`facts`); cooperative: the solver's verdict too."""

    winners: list[int]
    outcome: str
    reason: str
    turns: int
    resets: int
    first: int
    solvable: NotRequired[bool | None]
    explored: NotRequired[int]


SOLVER_BUDGET: Final = DEFAULT_MAX_STATES
"""Positions the solver may search per cooperative deal before it answers "undecided".

The solver's own default: every deal of the stored findings was decided
well within it (see :data:`engine.split.solver.DEFAULT_MAX_STATES`).
"""

_DEALT: Final = (Stage.BURY, Stage.MOVE, Stage.PLAY)


def facts(
    game: AnyGame, config: object, playout: Playout[SplitState, Action], bot_names: Sequence[str]
) -> SplitFacts:
    """What one finished game contributes (cooperative: and the solver's verdict on its deal)."""
    result = game.result(playout.final)
    assert result is not None
    first = -1
    resets = 0
    dealt = None
    for before, action, _ in replay(game, config, playout.actions):
        if dealt is None and before.stage in _DEALT:
            dealt = before
        if first < 0 and before.stage in (Stage.MOVE, Stage.PLAY):
            first = before.actor
        resets += isinstance(action, Reset)
    out: SplitFacts = {
        "winners": list(result.winners),
        "outcome": result.outcome,
        "reason": result.reason,
        "turns": result.turns,
        "resets": resets,
        "first": first,
    }
    if playout.final.config.cooperative:
        solution = solve(dealt, max_states=SOLVER_BUDGET) if dealt is not None else None
        out["solvable"] = None if solution is None else solution.winnable
        out["explored"] = 0 if solution is None else solution.explored
    return out


def report(
    all_facts: Sequence[Facts], config: Mapping[str, object], bot_names: Sequence[str]
) -> Report:
    """The competitive or the cooperative statistics, as the configuration's mode says."""
    all_facts = cast("Sequence[SplitFacts]", all_facts)
    n = len(all_facts)
    turns = [f["turns"] for f in all_facts]
    resets = [f["resets"] for f in all_facts]
    reasons = [f["reason"] for f in all_facts]
    out = [
        Statistic(
            "game length (turns)",
            mean_t(turns),
            "mean",
            extra={"distribution": distribution(turns)},
        ),
        Statistic(
            "resets per game", mean_t(resets), "mean", extra={"distribution": distribution(resets)}
        ),
        Statistic("games drawn at the turn limit", wilson(reasons.count("turn-limit"), n)),
        Statistic(
            "games drawn blocked (no standard card to open)", wilson(reasons.count("blocked"), n)
        ),
    ]
    if config.get("mode") == "cooperative":
        return Report((*_cooperative(all_facts), *out))
    players = len(bot_names)
    out.insert(
        0,
        Statistic(
            f"the first player wins (1 in {players} by chance alone)",
            wilson(sum(f["first"] in f["winners"] for f in all_facts), n),
        ),
    )
    for seat in range(players):
        out.append(
            Statistic(
                f"seat {seat} wins",
                wilson(sum(seat in f["winners"] for f in all_facts), n),
                group="win share by seat",
            )
        )
    return Report(tuple(out))


def _cooperative(all_facts: Sequence[SplitFacts]) -> list[Statistic]:
    """The bots' win share and the solver's winnable share of the deals."""
    n = len(all_facts)
    won = sum(f["outcome"] == "win" for f in all_facts)
    answers = [f["solvable"] for f in all_facts]
    winnable = answers.count(True)
    undecided = answers.count(None)
    decided = n - undecided
    explored = [f["explored"] for f in all_facts]
    bounds = Estimate(winnable / n, winnable / n, (winnable + undecided) / n, n)
    return [
        Statistic(
            "the table wins, each bot seeing only its own hand (lower bound)", wilson(won, n)
        ),
        Statistic(
            "deals winnable with perfect information (solver, decided deals)",
            wilson(winnable, decided),
            extra={"undecided": undecided, "budget": SOLVER_BUDGET},
        ),
        Statistic(
            "deals winnable with perfect information (undecided counted lost .. won)",
            bounds,
            "bounds",
            extra={"undecided": undecided, "budget": SOLVER_BUDGET},
        ),
        Statistic("deals the solver left undecided", wilson(undecided, n)),
        Statistic(
            "positions the solver searched per deal (median)",
            median_interval(explored),
            "median",
            extra={
                "mean": round(sum(explored) / n, 1) if n else None,
                "max": max(explored) if n else None,
            },
        ),
    ]
