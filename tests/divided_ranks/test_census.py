"""The census's two shortcuts against the long way: deal every holding, search every class."""

from __future__ import annotations

from collections import Counter
from functools import cache

from cardlaw.engine.divided_ranks.arrange import (
    arrangement_class,
    best_builds,
    iter_holdings,
    score,
)
from cardlaw.engine.divided_ranks.census import _classes, _solve, census, rank_split
from cardlaw.spec.divided_ranks.constants import Category


@cache
def dealt() -> tuple[Counter[object], dict[object, int]]:
    """Every arrangement class met dealing all 352,716 holdings: its size and first holding."""
    members: Counter[object] = Counter()
    first: dict[object, int] = {}
    for holding in iter_holdings():
        key = arrangement_class(holding)
        members[key] += 1
        first.setdefault(key, holding)
    return members, first


def test_the_classes_counted_are_the_classes_dealt() -> None:
    members, first = dealt()
    counted = list(_classes().values())
    assert [c.first for c in counted] == list(first.values())  # same first holdings, same order
    assert [c.members for c in counted] == [members[key] for key in first]


def test_sharing_out_ranks_solves_every_class_as_searching_its_builds_does() -> None:
    for c in _classes().values():
        value, builds = best_builds(c.first)
        assert _solve(c.first) == (value, len(builds), len({rank_split(b) for b in builds}))


def test_the_census_is_the_one_of_searching_every_class() -> None:
    """The census as it was first written: every holding dealt, every class searched."""
    members, first = dealt()
    pairs: Counter[tuple[Category, Category]] = Counter()
    counts: Counter[int] = Counter()
    several = several_splits = example_several = example_splits = most = 0
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
                example_splits = example_splits or holding
    result = census()
    assert (result.holdings, result.classes) == (sum(members.values()), len(first))
    assert (result.pairs, result.best_counts) == (dict(pairs), dict(counts))
    assert (result.several, result.several_rank_splits) == (several, several_splits)
    assert (result.example_several, result.example_rank_splits) == (example_several, example_splits)
