"""Auto-arrange: the best builds of any ten cards [divided-ranks.ruling.best-build].

A *build* divides a ten-card holding into two five-card hands; there are
C(10, 5) / 2 = 126 of them.  Its *value* is an ``int`` that orders builds
exactly as the scoring does [divided-ranks.score.order]: by the weaker
hand's category, then the stronger hand's category, then the weaker hand in
full, then the stronger hand in full.  So one build beats another in the
scoring exactly when its value is larger, and they draw when the values are
equal.

The best builds are found by trying all 126.  :func:`best_value` memoises
the answer per *arrangement class*: holdings with the same number of cards
of each rank, the same Joker, and the same suits able to make a royal flush
have the same builds up to relabelling cards, so the same best value.

>>> from cardlaw.spec.cards import CardSet
>>> holding = CardSet("AS AH AD AC KS KH KD KC 10S JK").mask
>>> weaker, stronger = arrange(holding)
>>> describe_hand(weaker), describe_hand(stronger)
('four of a kind (K K K K 10)', 'four of a kind (A A A A JK)')
>>> score(build_value(weaker, stronger)).categories
('four of a kind', 'four of a kind')
>>> two_of_each = CardSet("10S 10H JS JH QS QH KC KD AC AD").mask
>>> len(all_builds(two_of_each)), len(best_builds(two_of_each)[1])  # 16 ways to two straights
(126, 16)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Final, NamedTuple

from cardlaw.engine.divided_ranks.evaluate import DENSE, STRENGTHS, category_of_key, describe_hand
from cardlaw.engine.picking import singles
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, HOLDING_SIZE, PACK_MASK, Category
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.trace import enforces

__all__ = [
    "BuildScore",
    "all_builds",
    "arrange",
    "arrangement_class",
    "best_builds",
    "best_value",
    "build_value",
    "check_holding",
    "describe_hand",
    "score",
]

_D: Final = len(STRENGTHS)
_CAT: Final[tuple[int, ...]] = tuple(int(category_of_key(k)) for k in STRENGTHS)


def _pair_table() -> list[int]:
    table = [0] * (_D * _D)
    for i in range(_D):
        for j in range(_D):
            w, s = (i, j) if i <= j else (j, i)
            table[i * _D + j] = ((_CAT[w] * 7 + _CAT[s]) * _D + w) * _D + s
    return table


_PAIR: Final[list[int]] = _pair_table()
"""Dense strengths of two hands -> the build's value (see :func:`build_value`)."""

_DENSE_ROW: Final[dict[int, int]] = {mask: d * _D for mask, d in DENSE.items()}


class BuildScore(NamedTuple):
    """A build's value, decoded: the four things the scoring compares, in order."""

    weaker_category: Category
    stronger_category: Category
    weaker_key: int
    stronger_key: int

    @property
    def categories(self) -> tuple[str, str]:
        """The two categories' labels, weaker first."""
        return (self.weaker_category.label, self.stronger_category.label)


@enforces("divided-ranks.score.order", "divided-ranks.build.weaker-stronger")
def build_value(a: int, b: int) -> int:
    """The value of the build with hands ``a`` and ``b`` (masks, in either order).

    >>> from cardlaw.spec.cards import CardSet
    >>> def value(one, two): return build_value(CardSet(one).mask, CardSet(two).mask)
    >>> two_straights = value("10S JS QH KH AD", "10C JC QD KC AH")
    >>> full_houses = value("AS AH AD KS KH", "KD KC QS QH QD")
    >>> two_straights < full_houses
    True
    """
    return _PAIR[_DENSE_ROW[a] + DENSE[b]]


def score(value: int) -> BuildScore:
    """Decode a build value.

    >>> from cardlaw.spec.cards import CardSet
    >>> score(build_value(CardSet("AS AH AD KS KH").mask, CardSet("10C JC QD KC AH").mask))[:2]
    (<Category.STRAIGHT: 3>, <Category.FULL_HOUSE: 4>)
    """
    rest, s = divmod(value, _D)
    rest, w = divmod(rest, _D)
    wc, sc = divmod(rest, 7)
    return BuildScore(Category(wc), Category(sc), STRENGTHS[w], STRENGTHS[s])


def check_holding(holding: int) -> None:
    """Raise :class:`~spec.errors.MalformedInput` unless ``holding`` is ten cards of the pack.

    >>> check_holding(CardSet("AS AH AD").mask)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: a holding is 10 cards of the Divided Ranks pack, not AS \
AH AD
    """
    if holding & ~PACK_MASK or holding.bit_count() != HOLDING_SIZE:
        raise MalformedInput(
            f"a holding is {HOLDING_SIZE} cards of the Divided Ranks pack, not {CardSet(holding)}"
        )


_REST_COMBOS: Final = tuple(combinations(range(1, HOLDING_SIZE), HAND_SIZE - 1))


def all_builds(holding: int) -> tuple[tuple[int, int], ...]:
    """Every build of a holding: 126 pairs of masks, the first holding the lowest card.

    >>> from cardlaw.spec.cards import CardSet
    >>> builds = all_builds(CardSet("10S JS QS KS AS 10H JH QH KH AH").mask)
    >>> len(builds), len({a for a, _ in builds})
    (126, 126)
    """
    check_holding(holding)
    cards = singles(holding)
    low = cards[0]
    out = []
    for i, j, k, m in _REST_COMBOS:
        a = low | cards[i] | cards[j] | cards[k] | cards[m]
        out.append((a, holding ^ a))
    return tuple(out)


def _search(holding: int) -> tuple[int, list[int]]:
    """The best value and the first hands (holding the lowest card) of the best builds."""
    c = singles(holding)
    c0 = c[0]
    row, dense, pair = _DENSE_ROW, DENSE, _PAIR
    best = -1
    found: list[int] = []
    for i in range(1, 7):
        mi = c0 | c[i]
        for j in range(i + 1, 8):
            mj = mi | c[j]
            for k in range(j + 1, 9):
                mk = mj | c[k]
                for m in range(k + 1, 10):
                    a = mk | c[m]
                    v = pair[row[a] + dense[holding ^ a]]
                    if v > best:
                        best = v
                        found = [a]
                    elif v == best:
                        found.append(a)
    return best, found


@enforces("divided-ranks.ruling.best-build", "divided-ranks.build.two-hands")
def best_builds(holding: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The best value and every build that reaches it, as (weaker, stronger) masks.

    >>> from cardlaw.spec.cards import CardSet
    >>> value, builds = best_builds(CardSet("AS AH AD KS KH KD QS QH JS JH").mask)
    >>> score(value).categories, len(builds)
    (('full house', 'full house'), 1)
    """
    check_holding(holding)
    best, found = _search(holding)
    out = []
    for a in found:
        b = holding ^ a
        out.append((a, b) if DENSE[a] <= DENSE[b] else (b, a))
    return best, tuple(out)


def arrange(holding: int) -> tuple[int, int]:
    """One best build of a holding, as (weaker hand, stronger hand) masks.

    When several builds tie for best, the first found is returned (the one
    whose hand holding the lowest card has the lowest remaining cards).

    >>> from cardlaw.spec.cards import CardSet
    >>> w, s = arrange(CardSet("10S 10H JS JH QS QH KC KD AC JK").mask)
    >>> describe_hand(w), describe_hand(s)
    ('straight ((A) K Q J 10)', 'straight (A K Q J 10)')
    """
    check_holding(holding)
    a = _first_best(holding, best_value(holding))
    b = holding ^ a
    return (a, b) if DENSE[a] <= DENSE[b] else (b, a)


def _first_best(holding: int, best: int) -> int:
    """The first hand (with the lowest card) of a build worth ``best``, as :func:`_search` goes."""
    c = singles(holding)
    c0 = c[0]
    row, dense, pair = _DENSE_ROW, DENSE, _PAIR
    for i in range(1, 7):
        mi = c0 | c[i]
        for j in range(i + 1, 8):
            mj = mi | c[j]
            for k in range(j + 1, 9):
                mk = mj | c[k]
                for m in range(k + 1, 10):
                    a = mk | c[m]
                    if pair[row[a] + dense[holding ^ a]] == best:
                        return a
    raise AssertionError("no build reaches the best value")


# Arrangement classes -------------------------------------------------------

_POP: Final = tuple(bin(i).count("1") for i in range(256))
_P0: Final = tuple(_POP[b & 15] | _POP[b >> 4] << 3 for b in range(256))
_P1: Final = tuple(_POP[b & 15] << 6 | _POP[b >> 4] << 9 for b in range(256))
_P2: Final = tuple(_POP[b & 15] << 12 | (b >> 4) << 15 for b in range(32))
_S: Final = tuple(sum(1 << 3 * (i % 4) for i in range(8) if b >> i & 1) for b in range(256))
_COMPRESS: Final[dict[int, int]] = {
    sum(1 << 4 * r for r in range(5) if m >> r & 1): m for m in range(32)
}


def _flush_suits(suits: int, joker: int) -> tuple[int, ...]:
    need = 4 if joker else 5
    return tuple(s for s in range(4) if (suits >> 3 * s) & 7 >= need)


_FLUSHY: Final = tuple(_flush_suits(i & 4095, i >> 12) for i in range(8192))


def arrangement_class(holding: int) -> int | tuple[int, tuple[int, ...]]:
    """A key shared by holdings that have the same best value and the same tie count.

    A way to share work between holdings (the census, :func:`best_value`), not
    a rule: the best builds themselves come from :func:`best_builds`.

    It is the count of each rank and the Joker, plus, for each suit that
    could make a royal flush (all five of its cards, or four and the Joker),
    which ranks of it are held.

    >>> from cardlaw.spec.cards import CardSet
    >>> a = arrangement_class(CardSet("AS AH KS KH QS QH JS JH 10S 10H").mask)
    >>> b = arrangement_class(CardSet("AC AD KC KD QC QD JC JD 10C 10D").mask)
    >>> a == b, arrangement_class(CardSet("AS KS QS JS 10S AH KH QH JH JK").mask)
    (True, (42129, (30, 31)))
    >>> arrangement_class(CardSet("AS AH AD KS KH KD QS QH JS JH").mask)
    13968
    """
    x = holding >> 32
    lo, mid, hi = x & 255, (x >> 8) & 255, x >> 16
    profile = _P0[lo] + _P1[mid] + _P2[hi]
    flushy = _FLUSHY[_S[lo] + _S[mid] + _S[hi & 15] | (hi >> 4) << 12]
    if not flushy:
        return profile
    return profile, tuple(sorted(_COMPRESS[(x >> s) & 0x11111] for s in flushy))


_BEST: dict[int | tuple[int, tuple[int, ...]], int] = {}
"""Arrangement class -> best value (about 1,500 classes at most)."""
_BY_MASK: dict[int, int] = {}
"""Holding -> best value, for holdings already seen (352,716 at most)."""


def best_value(holding: int) -> int:
    """The value of the best build of a holding (memoised by holding and by class).

    >>> from cardlaw.spec.cards import CardSet
    >>> score(best_value(CardSet("AS AH AD KS KH KD QS QH JS JH").mask)).categories
    ('full house', 'full house')
    """
    value = _BY_MASK.get(holding)
    if value is None:
        key = arrangement_class(holding)
        value = _BEST.get(key)
        if value is None:
            check_holding(holding)
            value = _BEST[key] = _search(holding)[0]
        _BY_MASK[holding] = value
    return value


def iter_holdings() -> Iterator[int]:
    """Every ten-card holding of the pack, as masks (352,716 of them).

    >>> holdings = iter_holdings()
    >>> str(CardSet(next(holdings)))
    'JS 10S JH 10H QD JD 10D QC JC 10C'
    """
    bits = [1 << c for c in range(32, 53)]
    for combo in combinations(bits, HOLDING_SIZE):
        yield sum(combo)
