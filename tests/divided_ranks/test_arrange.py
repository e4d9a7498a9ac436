"""Auto-arrange and the census: optimal builds, ties, and the "exactly one best" claim."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.divided_ranks.arrange import (
    all_builds,
    arrange,
    arrangement_class,
    best_builds,
    best_value,
    build_value,
    score,
)
from cardlaw.engine.divided_ranks.census import census, rank_split
from cardlaw.engine.divided_ranks.evaluate import category, hand_key
from cardlaw.engine.divided_ranks.scoring import decide
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.constants import PACK, Category
from cardlaw.spec.divided_ranks.rules import RULEBOOK
from cardlaw.spec.errors import MalformedInput

holdings = st.lists(st.sampled_from(PACK), min_size=10, max_size=10, unique=True).map(
    lambda cards: sum(1 << c for c in cards)
)


def scoring_key(a: int, b: int) -> tuple[Category, Category, int, int]:
    """A build's standing, straight from the four steps of the scoring."""
    weak, strong = sorted((a, b), key=hand_key)
    return category(weak), category(strong), hand_key(weak), hand_key(strong)


def brute_force(holding: int) -> tuple[tuple[Category, Category, int, int], list[int]]:
    cards = [c for c in PACK if holding >> c & 1]
    builds = []
    for five in combinations(cards, 5):
        a = sum(1 << c for c in five)
        if a & -a == holding & -holding:  # each unordered build once
            builds.append((scoring_key(a, holding ^ a), a))
    assert len(builds) == 126
    best = max(key for key, _ in builds)
    return best, sorted(a for key, a in builds if key == best)


@pytest.mark.clauses("divided-ranks.ruling.best-build", "divided-ranks.score.order")
@given(holdings)
def test_auto_arrange_finds_every_best_build(holding: int) -> None:
    best, firsts = brute_force(holding)
    value, builds = best_builds(holding)
    assert score(value)[:2] == best[:2]
    assert sorted(w if w & -w == holding & -holding else s for w, s in builds) == firsts
    weaker, stronger = arrange(holding)
    assert scoring_key(weaker, stronger) == best and hand_key(weaker) <= hand_key(stronger)
    assert best_value(holding) == value == build_value(weaker, stronger)
    assert len({rank_split(b) for b in builds}) == 1  # ties differ only by equal-rank swaps


@pytest.mark.clauses("divided-ranks.ruling.best-build")
def test_arrangement_classes_share_their_answer() -> None:
    """Holdings of one class have the same best value and number of best builds."""
    rng = random.Random(2026)
    seen: dict[object, tuple[int, int]] = {}
    for _ in range(600):
        holding = sum(1 << c for c in rng.sample(PACK, 10))
        value, builds = best_builds(holding)
        answer = (value, len(builds))
        assert seen.setdefault(arrangement_class(holding), answer) == answer


@pytest.mark.clauses("divided-ranks.score.order", "divided-ranks.score.loser")
@given(holdings, holdings)
def test_build_values_order_builds_as_the_scoring_does(one: int, two: int) -> None:
    a = all_builds(one)[0]
    b = all_builds(two)[-1]
    va, vb = build_value(*a), build_value(*b)
    winner, _ = decide(va, vb)
    ka, kb = scoring_key(*a), scoring_key(*b)
    assert (winner == 0) == (ka > kb) and (winner == 1) == (ka < kb)
    assert (winner is None) == (ka == kb)


@pytest.mark.clauses("divided-ranks.build.two-hands")
def test_concentration_beats_balance() -> None:
    """The document's three examples of what ten cards make."""
    two_of_each = CardSet("10S 10H JS JH QS QH KC KD AC AD").mask
    assert score(best_value(two_of_each)).categories == ("straight", "straight")
    houses = CardSet("AS AH AD KS KH KD QS QH JS JH").mask
    assert score(best_value(houses)).categories == ("full house", "full house")
    quads = CardSet("AS AH AD AC KS KH KD KC QS JS").mask
    assert score(best_value(quads)).categories == ("four of a kind", "four of a kind")


@pytest.mark.clauses("divided-ranks.ruling.best-build")
def test_the_census_and_the_ruling_agree() -> None:
    """The whole census (about a second) and the numbers the ruling quotes."""
    result = census()
    assert result.holdings == 352_716 == sum(result.pairs.values())
    assert result.unique == 203_226 and result.several == 149_490
    assert sorted(result.best_counts) == [1, 2, 3, 4, 12, 16]
    assert result.several_rank_splits == 0
    text = RULEBOOK["divided-ranks.ruling.best-build"].text
    for figure in ("352,716", "203,226", "149,490", "2, 3, 4, 12 or 16"):
        assert figure in text
    example = CardSet("10S 10H JS JH QS QH KC KD AC AD").mask
    assert "10S 10H JS JH QS QH KC KD AC AD" in text and len(best_builds(example)[1]) == 16
    assert all(w != Category.PAIR for w, _ in result.pairs)  # a bare pair is never best


def test_a_holding_must_be_ten_cards_of_the_pack() -> None:
    with pytest.raises(MalformedInput):
        best_builds(CardSet("AS AH AD").mask)
    with pytest.raises(MalformedInput):
        all_builds(CardSet("2S AH AD AC KS KH KD KC QS JS").mask)
