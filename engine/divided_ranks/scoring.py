"""Scoring: compare the two builds in the document's four steps.

>>> from cardlaw.engine.divided_ranks.arrange import build_value
>>> from cardlaw.spec.cards import CardSet
>>> def build(one, two): return build_value(CardSet(one).mask, CardSet(two).mask)
>>> houses = build("AS AH AD KS KH", "QS QH QD JS JH")
>>> quads = build("10S 10H 10D JD JC", "KD KC KS KH JK")  # the lower weaker full house
>>> decide(houses, quads)  # both weaker hands are full houses: four of a kind wins
(1, 'stronger-category')
>>> decide(houses, houses)
(None, 'draw')
"""

from __future__ import annotations

from cardlaw.engine.divided_ranks.arrange import build_value, score
from cardlaw.engine.divided_ranks.evaluate import KEY
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.state import DecidedBy, DividedRanksResult, DividedRanksState, Stage
from cardlaw.spec.trace import enforces

__all__ = ["decide", "result"]

_STEPS: tuple[DecidedBy, ...] = (
    "weaker-category",
    "stronger-category",
    "weaker-hand",
    "stronger-hand",
)


@enforces(
    "divided-ranks.score.order",
    "divided-ranks.score.loser",
    "divided-ranks.score.draw",
    "divided-ranks.ruling.goal-and-scoring",
    "divided-ranks.build.weaker-stronger",
)
def decide(value0: int, value1: int) -> tuple[int | None, DecidedBy]:
    """The winner (``None`` for a draw) of builds with these values, and the deciding step."""
    s0, s1 = score(value0), score(value1)
    for step, a, b in zip(_STEPS, s0, s1, strict=True):
        if a != b:
            return (0 if a > b else 1), step
    return None, "draw"


def result(state: DividedRanksState) -> DividedRanksResult | None:
    """The result of a finished game; ``None`` before the end.

    >>> from cardlaw.spec.cards import CardSet
    >>> from cardlaw.spec.divided_ranks import DividedRanksConfig, Stage, initial_state
    >>> def hands(text): return CardSet(text).mask
    >>> over = initial_state(DividedRanksConfig())._replace(stage=Stage.OVER, builds=(
    ...     (hands("AS AH AD KS KH"), hands("QS QH QD JS JH")),
    ...     (hands("10S JD QC KD AC"), hands("KC QH JK 10H 10D"))))
    >>> final = result(over)
    >>> final.winner, final.decided_by, final.categories[1][0].label
    (0, 'weaker-category', 'pair')
    >>> result(initial_state(DividedRanksConfig())) is None
    True
    """
    if state.stage != Stage.OVER:
        return None
    weaker, stronger, cats, values = [], [], [], []
    for a, b in state.builds:
        value = build_value(a, b)
        decoded = score(value)
        w, s = (a, b) if _weaker_first(a, b, decoded.weaker_key) else (b, a)
        weaker.append(CardSet(w))
        stronger.append(CardSet(s))
        cats.append((decoded.weaker_category, decoded.stronger_category))
        values.append(value)
    winner, decided_by = decide(values[0], values[1])
    return DividedRanksResult(
        winner=winner,
        decided_by=decided_by,
        weaker=(weaker[0], weaker[1]),
        stronger=(stronger[0], stronger[1]),
        categories=(cats[0], cats[1]),
    )


def _weaker_first(a: int, b: int, weaker_key: int) -> bool:
    return KEY[a] == weaker_key
