"""Euchre's scoring: the points of a hand, and the end of the game.

>>> hand_score(0, 3, alone=False), hand_score(0, 5, alone=False), hand_score(1, 5, alone=True)
((0, 1), (0, 2), (1, 4))
>>> hand_score(1, 2, alone=True)   # euchred: the defenders score two
(0, 2)
>>> add_points((8, 3), 0, 2), game_over((10, 3)), game_over((9, 9))
((10, 3), True, False)
"""

from __future__ import annotations

from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.trace import enforces

__all__ = ["add_points", "game_over", "hand_score"]


@enforces(
    "euchre.score.makers",
    "euchre.score.march",
    "euchre.score.alone-march",
    "euchre.score.euchred",
    "euchre.score.one-team",
    "euchre.ruling.lone-defender-score",
)
def hand_score(
    makers: int,
    tricks_won: int,
    alone: bool,
    rules: EuchreRules = PRINTED_RULES,
    lone_defender: bool = False,
) -> tuple[int, int]:
    """The (team, points) of a hand: ``makers`` is the makers' team, ``tricks_won`` their tricks.

    Under the printed ``rules``, makers with three or four tricks score 1,
    with all five 2, or 4 if the maker went alone; with fewer than three they
    are euchred and the defenders score 2, or a lone defender 4, a lone
    march's points (variant lone-defender).  Exactly one team scores.

    >>> [hand_score(1, tricks, alone=False) for tricks in range(6)]
    [(0, 2), (0, 2), (0, 2), (1, 1), (1, 1), (1, 2)]
    >>> [hand_score(1, tricks, False, EuchreRules(cards_each=4)) for tricks in range(5)]
    [(0, 2), (0, 2), (0, 2), (1, 1), (1, 2)]
    >>> hand_score(1, 2, False, lone_defender=True), hand_score(1, 3, False, lone_defender=True)
    ((0, 4), (1, 1))
    """
    if tricks_won < rules.majority:
        return 1 - makers, rules.alone_march_points if lone_defender else rules.euchre_points
    if tricks_won < rules.cards_each:
        return makers, rules.maker_points
    return makers, rules.alone_march_points if alone else rules.march_points


@enforces("euchre.score.one-team")
def add_points(scores: tuple[int, int], team: int, points: int) -> tuple[int, int]:
    """The game scores after ``team`` scores ``points``; the other team's score stays.

    >>> add_points((3, 4), 1, 2)
    (3, 6)
    """
    return (scores[0] + points, scores[1]) if team == 0 else (scores[0], scores[1] + points)


@enforces("euchre.end.ten", "euchre.ruling.end-at-once")
def game_over(scores: tuple[int, int], target: int = PRINTED_RULES.target) -> bool:
    """Whether a team has the ``target`` (ten points): the game ends after the hand that did it.

    >>> game_over((9, 12)), game_over((9, 8)), game_over((10, 3), EuchreRules(target=11).target)
    (True, False, False)
    """
    return scores[0] >= target or scores[1] >= target
