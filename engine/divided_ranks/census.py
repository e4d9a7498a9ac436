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

The classes are counted, not dealt: a holding is four suits' rows of ranks
(and maybe the Joker), and relabelling suits keeps the class, so each
multiset of four rows (about 17,000) stands for all its orderings.  Each
class is then solved by sharing out its ranks between the two hands (a few
dozen ways instead of 126 builds).
``tests/divided_ranks/test_census.py`` checks both shortcuts against dealing
every holding and searching every class.

>>> result = census()
>>> result.holdings, result.several > 0
(352716, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product
from math import comb
from typing import Final, NamedTuple

from cardlaw.engine.api import JSON
from cardlaw.engine.divided_ranks.arrange import best_builds, build_value, score
from cardlaw.spec.cards import JOKER, CardSet, bits
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, HOLDING_SIZE, Category

__all__ = ["Census", "Tally", "census", "class_count", "combine", "rank_split", "tally"]


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


class _Class(NamedTuple):
    """An arrangement class: how many holdings it has and its first holding."""

    members: int
    first: int


_ROWS: Final = tuple(sorted(range(32), key=lambda row: f"{row:05b}"[::-1], reverse=True))
"""A suit's row: which of the five ranks (bit 0 the Ten) it holds.

Listed so that a row holding lower ranks comes first: four rows given to
the suits in this order make the holding dealt first (by
:func:`~engine.divided_ranks.arrange.iter_holdings`).
"""
_POP: Final = tuple(row.bit_count() for row in _ROWS)
_SPREAD: Final = tuple(sum(1 << 3 * r for r in range(5) if row >> r & 1) for row in _ROWS)
"""Row -> its cards counted per rank, three bits a rank (as in the class profile)."""
_PLACE: Final = tuple(
    tuple(sum(1 << 32 + 4 * r + suit for r in range(5) if row >> r & 1) for suit in range(4))
    for row in _ROWS
)
"""Row, suit -> the cards of that suit the row holds, as a mask."""
_ORDERINGS: Final = (24, 12, 12, 4, 12, 6, 4, 1)
"""Four rows r0 <= r1 <= r2 <= r3 -> how many ways to give them to the suits, by
which neighbours are equal (bit 0: r0 == r1, bit 1: r1 == r2, bit 2: r2 == r3)."""


def _classes() -> dict[tuple[int, int, tuple[int, ...]], _Class]:
    """Every arrangement class, in the order the holdings are dealt first meets them.

    Dealt: by :func:`~engine.divided_ranks.arrange.iter_holdings`.

    A holding is four rows (one per suit) and maybe the Joker; its class is
    the cards per rank, the Joker, and the rows of the suits that could make
    a royal flush (see :func:`~engine.divided_ranks.arrange.arrangement_class`).
    Relabelling suits keeps the class, so each multiset of four rows stands
    for all its orderings, and the first of them dealt gives the rows to the
    suits in :data:`_ROWS` order.
    """
    found: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
    by_pop = [[i for i in range(32) if _POP[i] == n] for n in range(6)]
    for joker in (0, 1):
        need = 5 - joker
        for i, j, k, m in _row_multisets(HOLDING_SIZE - joker, by_pop):
            flush = tuple(sorted(_ROWS[r] for r in (i, j, k, m) if _POP[r] >= need))
            holding = joker << JOKER | _PLACE[i][0] | _PLACE[j][1] | _PLACE[k][2] | _PLACE[m][3]
            key = (_SPREAD[i] + _SPREAD[j] + _SPREAD[k] + _SPREAD[m], joker, flush)
            orderings = _ORDERINGS[(i == j) | (j == k) << 1 | (k == m) << 2]
            entry = found.get(key)
            if entry is None:
                found[key] = [orderings, holding, _deal_order(holding)]
            else:
                entry[0] += orderings
                order = _deal_order(holding)
                if order < entry[2]:
                    entry[1:] = holding, order
    keys = sorted(found, key=lambda key: found[key][2])
    return {key: _Class(found[key][0], found[key][1]) for key in keys}


def _row_multisets(total: int, by_pop: list[list[int]]) -> Iterator[tuple[int, int, int, int]]:
    """Every four rows i <= j <= k <= m (places in :data:`_ROWS`) holding ``total`` cards."""
    for i in range(32):
        left_i = total - _POP[i]
        for j in range(i, 32):
            left_j = left_i - _POP[j]
            if not 0 <= left_j <= 10:
                continue
            for k in range(j, 32):
                left_k = left_j - _POP[k]
                if 0 <= left_k <= 5:
                    for m in by_pop[left_k]:
                        if m >= k:
                            yield i, j, k, m


_REVERSED: Final = tuple(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _deal_order(holding: int) -> int:
    """Where a holding comes in the deal: smaller is sooner.

    :func:`~engine.divided_ranks.arrange.iter_holdings` deals holdings in
    lexicographic order of their cards, lowest first; so a holding comes
    sooner when the lowest card it does not share with another is its own:
    when its bits read backwards are larger.
    """
    x = holding >> 32
    return -(_REVERSED[x & 255] << 13 | _REVERSED[x >> 8 & 255] << 5 | _REVERSED[x >> 16] >> 3)


_COMB: Final = tuple(tuple(comb(n, k) for k in range(5)) for n in range(5))
"""n, k -> C(n, k), for the cards of one rank."""


def _packed(counts: tuple[int, ...]) -> int:
    """Cards per rank, four bits a rank (Ten lowest)."""
    return sum(count << 4 * r for r, count in enumerate(counts))


class _Shape(NamedTuple):
    """A five-card rank shape: a hand of it not of one suit, and its royal flush if it has one."""

    hand: int
    royal: int
    """The shape's hand in one suit (clubs) if that is a royal flush, else 0."""
    ranks: int
    """The ranks a royal flush of this shape needs in its suit (bit 0 the Ten), else 0."""


def _shape(counts: tuple[int, ...], joker: int) -> _Shape:
    """The hands of ``counts[r]`` cards of each rank (and the Joker)."""
    hand = joker << JOKER
    card = 0
    for r, count in enumerate(counts):
        for _ in range(count):
            hand |= 1 << 32 + 4 * r + card % 4
            card += 1
    if max(counts) > 1:
        return _Shape(hand, 0, 0)
    ranks = sum(count << r for r, count in enumerate(counts))
    return _Shape(hand, _PLACE[_ROWS.index(ranks)][0] | joker << JOKER, ranks)


@cache
def _shapes() -> tuple[dict[int, _Shape], ...]:
    """For no Joker and for the Joker: packed five-card rank shape -> its hands."""
    shapes: tuple[dict[int, _Shape], ...] = ({}, {})
    for joker, table in enumerate(shapes):
        for counts in product(range(5), repeat=5):
            if sum(counts) + joker == HAND_SIZE:
                table[_packed(counts)] = _shape(counts, joker)
    return shapes


class _Sharing(NamedTuple):
    """One way to share a holding's ranks (and the Joker) out between its two hands."""

    one: _Shape
    two: _Shape
    builds: int
    """How many ordered pairs of hands share the ranks out this way."""
    value: int
    """Their build value when neither hand is a royal flush."""
    split: int
    """The way of sharing out (the first hand's ranks and Joker, packed)."""
    orders: int
    """2, for this way and the one with the hands swapped; 1 if that is the same way."""


@cache
def _sharings(held: int, joker: int) -> tuple[_Sharing, ...]:
    """Every way to share out ``held`` (packed cards per rank) and ``joker`` between two hands.

    Of a way and the way with the hands swapped, only one is listed: they
    stand for the same builds, so :attr:`_Sharing.orders` counts both.
    """
    shapes = _shapes()
    c0, c1, c2, c3, c4 = (held >> 4 * r & 15 for r in range(5))
    out = []
    for jk in range(joker + 1):
        ones, twos, need = shapes[jk], shapes[joker - jk], HAND_SIZE - jk
        for a0 in range(min(c0, need) + 1):
            left0 = need - a0
            for a1 in range(min(c1, left0) + 1):
                left1 = left0 - a1
                for a2 in range(min(c2, left1) + 1):
                    left2 = left1 - a2
                    for a3 in range(max(0, left2 - c4), min(c3, left2) + 1):
                        a4 = left2 - a3
                        packed = a0 | a1 << 4 | a2 << 8 | a3 << 12 | a4 << 16
                        rest = held - packed
                        split, other = packed << 1 | jk, rest << 1 | (joker - jk)
                        if split > other:
                            continue  # listed the other way round
                        one, two = ones[packed], twos[rest]
                        builds = (
                            _COMB[c0][a0] * _COMB[c1][a1] * _COMB[c2][a2] * _COMB[c3][a3]
                        ) * _COMB[c4][a4]
                        value = build_value(one.hand, two.hand)
                        orders = 1 if split == other else 2
                        out.append(_Sharing(one, two, builds, value, split, orders))
    return tuple(out)


def _solve(holding: int) -> tuple[int, int, int]:
    """A holding's best value, number of best builds, and number of their rank splits.

    A hand's strength is a matter of its ranks, and of whether it is a royal
    flush.  So the builds are gone through by how they share out the ranks
    (and the Joker) between the two hands, a few dozen ways instead of 126
    builds: each way stands for as many builds as there are ways to pick
    the cards, and of those, a hand is a royal flush in as many as there are
    suits holding all its ranks.  Ordered pairs of hands count each build twice.

    >>> from cardlaw.spec.cards import CardSet
    >>> value, builds = best_builds(CardSet("10S 10H JS JH QS QH KC KD AC AD").mask)
    >>> _solve(CardSet("10S 10H JS JH QS QH KC KD AC AD").mask) == (value, len(builds), 1)
    True
    """
    x = holding >> 32
    held = sum((x >> 4 * r & 15).bit_count() << 4 * r for r in range(5))
    rows = [sum((x >> 4 * r + suit & 1) << r for r in range(5)) for suit in range(4)]
    best, ways = -1, 0
    splits: set[int] = set()
    for one, two, builds, value, split, orders in _sharings(held, holding >> JOKER & 1):
        if not (one.ranks or two.ranks):
            if value >= best:
                if value > best:
                    best, ways, splits = value, 0, set()
                ways += builds * orders
                splits.add(split)
            continue
        royal_one = sum(row & one.ranks == one.ranks for row in rows) if one.ranks else 0
        royal_two = sum(row & two.ranks == two.ranks for row in rows) if two.ranks else 0
        both = royal_one * royal_two
        if both:
            union = one.ranks | two.ranks
            both -= sum(row & union == union for row in rows)
        for first, second, n in (
            (one.hand, two.hand, builds - royal_one - royal_two + both),
            (one.royal, two.hand, royal_one - both),
            (one.hand, two.royal, royal_two - both),
            (one.royal, two.royal, both),
        ):
            if n:
                royal = build_value(first, second)
                if royal >= best:
                    if royal > best:
                        best, ways, splits = royal, 0, set()
                    ways += n * orders
                    splits.add(split)
    return best, ways // 2, len(splits)


@cache
def _class_list() -> tuple[_Class, ...]:
    """Every arrangement class, in deal order (:func:`_classes`), computed once."""
    return tuple(_classes().values())


def class_count() -> int:
    """How many arrangement classes the census solves (to cut it into parts)."""
    return len(_class_list())


@dataclass(frozen=True, slots=True)
class Tally:
    """What the census found over a run of classes (:func:`tally`); :func:`combine` adds them."""

    holdings: int
    classes: int
    pairs: dict[tuple[Category, Category], int]
    best_counts: dict[int, int]
    several: int
    several_rank_splits: int
    most: int
    """The most best builds of a holding here, and :attr:`example_several` has them."""
    example_several: int
    example_rank_splits: int


def tally(start: int, stop: int) -> Tally:
    """The census of the classes ``start`` to ``stop`` (deal order), each solved by :func:`_solve`.

    >>> whole = combine([tally(0, class_count())])
    >>> combine([tally(0, 700), tally(700, class_count())]) == whole
    True
    """
    pairs: Counter[tuple[Category, Category]] = Counter()
    counts: Counter[int] = Counter()
    several = several_splits = 0
    example_several = example_splits = 0
    most = holdings = 0
    chosen = _class_list()[start:stop]
    for n, holding in chosen:
        holdings += n
        value, ways, splits = _solve(holding)
        decoded = score(value)
        pairs[(decoded.weaker_category, decoded.stronger_category)] += n
        counts[ways] += n
        if ways > 1:
            several += n
            if ways > most:
                most, example_several = ways, holding
            if splits > 1:
                several_splits += n
                if not example_splits:
                    example_splits = holding
    return Tally(
        holdings,
        len(chosen),
        dict(pairs),
        dict(counts),
        several,
        several_splits,
        most,
        example_several,
        example_splits,
    )


def combine(parts: list[Tally]) -> Census:
    """The census of consecutive runs of classes, in deal order: the examples as one run finds."""
    pairs: Counter[tuple[Category, Category]] = Counter()
    counts: Counter[int] = Counter()
    most = example_several = example_splits = 0
    for part in parts:
        pairs.update(part.pairs)
        counts.update(part.best_counts)
        if part.most > most:
            most, example_several = part.most, part.example_several
        if not example_splits:
            example_splits = part.example_rank_splits
    return Census(
        holdings=sum(part.holdings for part in parts),
        classes=sum(part.classes for part in parts),
        pairs=dict(pairs),
        best_counts=dict(counts),
        several=sum(part.several for part in parts),
        several_rank_splits=sum(part.several_rank_splits for part in parts),
        example_several=example_several,
        example_rank_splits=example_splits,
    )


@cache
def census() -> Census:
    """Count every holding's best builds (the result is cached).

    The evidence the ruling [divided-ranks.ruling.best-build] quotes, not code
    that applies it: auto-arrange (:func:`~engine.divided_ranks.arrange.best_builds`)
    does that.  Each arrangement class is solved once, on its first holding,
    by sharing out ranks (:func:`_solve`), which gives the answer searching
    its 126 builds would.  (:func:`tally` and :func:`combine` cut the same
    work into parts, for ``cardlaw ask divided-ranks census --scheduler``.)
    """
    return combine([tally(0, class_count())])
