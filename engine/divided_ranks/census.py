"""The census: every ten-card holding's best build [divided-ranks.ruling.best-build].

Over all C(21, 10) = 352,716 holdings: the category pair of the best build
(weaker, stronger), how many holdings have more than one best build, how
many have best builds that differ by more than exchanging cards of equal
rank between the two hands, and examples.

Holdings are grouped by arrangement class (:func:`~engine.divided_ranks.arrange.arrangement_class`):
every holding of a class has the same best value and the same number of
best builds, so one search per class (about 1,500 of them) answers for all
352,716.  ``tests/divided_ranks/test_arrange.py`` checks that grouping
against a search of every single holding on a sample.

>>> result = census()
>>> result.holdings, result.several > 0
(352716, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from engine.api import JSON
from engine.divided_ranks.arrange import arrangement_class, best_builds, iter_holdings, score
from spec.cards import JOKER, CardSet, bits
from spec.divided_ranks.constants import Category

__all__ = ["Census", "census", "rank_split"]


def _ranks(mask: int) -> tuple[int, ...]:
    return tuple(sorted(13 if c == JOKER else c >> 2 for c in bits(mask)))


def rank_split(build: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ranks of a build's two hands (the Joker as 13), ignoring suits and order.

    Two builds with the same rank split differ only by exchanging cards of
    equal rank between the hands.

    >>> a = (CardSet("AS KH").mask, CardSet("AH KS").mask)
    >>> b = (CardSet("AH KH").mask, CardSet("AS KS").mask)
    >>> rank_split(a) == rank_split(b)
    True
    """
    one, two = _ranks(build[0]), _ranks(build[1])
    return (one, two) if one <= two else (two, one)


@dataclass(frozen=True, slots=True)
class Census:
    """What the census found (see the module docstring)."""

    holdings: int
    classes: int
    pairs: dict[tuple[Category, Category], int]
    """(weaker category, stronger category) of the best build -> holdings."""
    best_counts: dict[int, int]
    """Number of best builds -> holdings with that many."""
    several: int
    """Holdings with more than one best build."""
    several_rank_splits: int
    """Holdings whose best builds do not all share one rank split."""
    example_several: int
    """A holding with several best builds (the one with the most)."""
    example_rank_splits: int
    """A holding whose best builds differ in ranks, not only suits (0 if none)."""

    @property
    def unique(self) -> int:
        """Holdings with exactly one best build."""
        return self.best_counts.get(1, 0)

    @property
    def most(self) -> int:
        """The largest number of best builds any holding has."""
        return max(self.best_counts)

    def to_json(self) -> dict[str, JSON]:
        """The census as JSON."""
        pairs = sorted(self.pairs.items(), key=lambda item: (-item[1], item[0]))
        return {
            "holdings": self.holdings,
            "builds_per_holding": 126,
            "best_build_categories": [
                {"weaker": w.label, "stronger": s.label, "holdings": n} for (w, s), n in pairs
            ],
            "holdings_with_one_best_build": self.unique,
            "holdings_with_several_best_builds": self.several,
            "holdings_whose_best_builds_differ_in_ranks": self.several_rank_splits,
            "best_builds_per_holding": {str(k): v for k, v in sorted(self.best_counts.items())},
            "example_several": _example(self.example_several),
            "example_rank_splits": _example(self.example_rank_splits),
        }


def _example(holding: int) -> dict[str, JSON] | None:
    if not holding:
        return None
    _, builds = best_builds(holding)
    return {
        "holding": str(CardSet(holding)),
        "best_builds": [[str(CardSet(w)), str(CardSet(s))] for w, s in builds],
    }


@cache
def census() -> Census:
    """Count every holding's best builds (about a second; the result is cached).

    The evidence the ruling [divided-ranks.ruling.best-build] quotes, not code
    that applies it: auto-arrange (:func:`~engine.divided_ranks.arrange.best_builds`)
    does that.
    """
    members: Counter[int | tuple[int, tuple[int, ...]]] = Counter()
    first: dict[int | tuple[int, tuple[int, ...]], int] = {}
    for holding in iter_holdings():
        key = arrangement_class(holding)
        members[key] += 1
        if key not in first:
            first[key] = holding
    pairs: Counter[tuple[Category, Category]] = Counter()
    counts: Counter[int] = Counter()
    several = several_splits = 0
    example_several = example_splits = 0
    most = 0
    for key, holding in first.items():
        n = members[key]
        value, builds = best_builds(holding)
        decoded = score(value)
        pairs[(decoded.weaker_category, decoded.stronger_category)] += n
        counts[len(builds)] += n
        if len(builds) > 1:
            several += n
            if len(builds) > most:
                most, example_several = len(builds), holding
            if len({rank_split(b) for b in builds}) > 1:
                several_splits += n
                if not example_splits:
                    example_splits = holding
    return Census(
        holdings=sum(members.values()),
        classes=len(first),
        pairs=dict(pairs),
        best_counts=dict(counts),
        several=several,
        several_rank_splits=several_splits,
        example_several=example_several,
        example_rank_splits=example_splits,
    )
