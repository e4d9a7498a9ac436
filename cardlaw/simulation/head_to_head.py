"""Head-to-head strength of two bots: the same deals with the seats alternated.

Game ``i`` of a head-to-head of ``n`` games (``n`` even) is played twice
over, in effect: the first ``n / 2`` games seat bot ``a`` at seat 0 and bot
``b`` at seat 1, the other ``n / 2`` the other way round, each half from the
same master seed, so each deal is played once from each side (the chance
stream, which deals the cards, depends on the game's seed alone).  Each
share comes with its Wilson interval; the score counts a draw as ½.

>>> from cardlaw.engine.registry import get_game
>>> game = get_game("divided-ranks")
>>> report = head_to_head(game.name, game.config_to_json(game.config()), ("skilled", "random"),
...                       games=8, seed=1, workers=1)
>>> [s.name for s in report][:2]
['the skilled bot wins', 'the random bot wins']
>>> sum(s.estimate.value for s in report[:3]), report[0].estimate.n
(1.0, 8)
"""

from __future__ import annotations

from collections.abc import Callable

from cardlaw.engine.jsonio import JSON
from cardlaw.simulation import Lineup, run_games
from cardlaw.simulation.stats import Statistic, mean_estimate, wilson

__all__ = ["head_to_head"]


def head_to_head(
    game_name: str,
    config_json: dict[str, JSON],
    bots: tuple[str, str],
    *,
    games: int,
    seed: int,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> list[Statistic]:
    """``a``'s wins, ``b``'s wins, draws and ``a``'s score over ``games`` games, seats alternated.

    The game must report each game's ``winner`` (a seat, or ``None``) in its facts.
    """
    a, b = bots
    half = games // 2
    scores: list[float] = []
    for seats in ((a, b), (b, a)):
        facts = run_games(
            Lineup(game_name, config_json, seats),
            games=half,
            seed=seed,
            workers=workers,
            progress=progress,
        )
        seat_a = seats.index(a)
        for f in facts:
            winner = f["winner"]
            scores.append(0.5 if winner is None else float(winner == seat_a))
    n = len(scores)
    extra = {"bots": [a, b], "seed": seed, "seats": "alternated, each deal from both sides"}
    group = f"{a} v {b}"
    return [
        Statistic(f"the {a} bot wins", wilson(scores.count(1.0), n), group=group, extra=extra),
        Statistic(f"the {b} bot wins", wilson(scores.count(0.0), n), group=group, extra=extra),
        Statistic("drawn", wilson(scores.count(0.5), n), group=group, extra=extra),
        Statistic(
            f"the {a} bot's score (win 1, draw 1/2)",
            mean_estimate(scores),
            "score",
            group=group,
            extra=extra,
        ),
    ]
