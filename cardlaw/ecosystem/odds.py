"""Chance's outcomes as OpenSpiel takes them: ``(id, probability)`` pairs, floats, made quickly.

A card dealt from a shuffle is one of the cards left, each equally likely
(:func:`deal_odds`, read from tables made once: :func:`odds_rows`); any
other chance event's outcomes are its space's, with its exact probabilities
as floats (:func:`space_odds`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter

from cardlaw.engine.chance import ChanceSpace, UniformChoice

__all__ = ["deal_odds", "odds_rows", "space_odds"]


@cache
def odds_rows(size: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Row ``n`` (1 to ``size``): each card id below ``size`` as an outcome ``(card, 1/n)``."""
    return ((),) + tuple(tuple((card, 1.0 / n) for card in range(size)) for n in range(1, size + 1))


def deal_odds(left: Sequence[int], size: int) -> list[tuple[int, float]]:
    """Chance's outcomes dealing one of the cards ``left`` (ascending), each equally likely.

    ``size`` is one past the highest card id: the pairs are read from a table
    made once (:func:`odds_rows`).

    >>> deal_odds((28, 30), 52), deal_odds((5,), 52)
    ([(28, 0.5), (30, 0.5)], [(5, 1.0)])
    """
    row = odds_rows(size)[len(left)]
    return list(itemgetter(*left)(row)) if len(left) > 1 else [row[card] for card in left]


def space_odds(
    space: ChanceSpace[object], id_of: Callable[[object], int]
) -> tuple[tuple[int, float], ...]:
    """Each outcome of ``space`` by its id (``id_of``), ascending, with its probability as a float.

    A :class:`~engine.chance.UniformChoice` gives each of its distinct
    outcomes ``1/size`` (the float of its exact ``Fraction``, with no
    ``Fraction`` made); any other space is asked each outcome's.

    >>> space_odds(UniformChoice(("a", "bb", "c")), len)
    ((1, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333))
    """
    outcomes = [space.outcome(i) for i in range(space.size)]
    if type(space) is UniformChoice:
        odds = 1.0 / len(outcomes)
        return tuple(sorted((id_of(action), odds) for action in outcomes))
    exact = ((id_of(action), space.probability(action)) for action in outcomes)
    return tuple(sorted((outcome, float(p)) for outcome, p in exact))
