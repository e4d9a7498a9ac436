"""Divided Ranks' rule fragments as Z3 terms, built from the spec's constants.

A five-card hand is a bit-vector mask over the pack: bit ``4 * r + s`` is
the card of the ``r``-th rank of the pack (from the lowest) in suit ``s``
(Clubs 0 to Spades 3, as in :mod:`spec.cards`), and the bit above them is the
Joker.  The real pack (Ten to Ace) makes 21-bit masks; a mutant pack with a
Nine makes 25-bit ones.  :func:`local_mask` maps an engine mask onto them.

:func:`strength` evaluates a hand as the rule document words it, in general
poker terms: a straight is five consecutive ranks (the Joker may stand for a
missing one) [divided-ranks.hands.joker-wild], a flush five cards of one suit,
and otherwise the hand is shaped by its groups of equal rank, the Joker
matching nothing and counting below the lowest rank
[divided-ranks.hands.joker-low].  The category is on the full poker ladder
(:data:`LADDER`, high card to straight flush), so a wrong pack can make a
high card or a plain flush.  :func:`compare` compares two hands step by step
[divided-ranks.ruling.card-for-card, divided-ranks.hands.joker-tiebreak];
:func:`strength_key` packs a strength exactly as
:func:`engine.divided_ranks.evaluate.reference_key` does, and
``tests/proofs/test_divided_ranks_conformance.py`` checks on hands drawn by
Hypothesis that it equals the engine's key.

The draft's structure is encoded too: :func:`splitter` (who splits round
``i``), :func:`reserve_first` (who takes the first reserve turn) and
:func:`candidates` (how many cards a player can narrow the opponent's hand
to after the draft [divided-ranks.info.candidates]).

>>> import z3
>>> p = spec_params()
>>> hand = z3.BitVecVal(local_mask(CardSet("10S JK QH KH AD").mask, p), width(p))
>>> s = strength(hand, p)
>>> LADDER[value(s.category)], [value(v) for v in s.values], value(s.joker)
('straight', [5, 4, 3, 2, 1], 1)
>>> from engine.divided_ranks.evaluate import hand_key
>>> value(strength_key(hand, p)) == hand_key(CardSet("10S JK QH KH AD").mask)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

import z3

from spec.cards import JOKER, CardSet
from spec.divided_ranks import constants as K

__all__ = [
    "ENGINE_CATEGORY",
    "LADDER",
    "Built",
    "Strength",
    "build",
    "candidates",
    "compare",
    "engine_category",
    "engine_mask",
    "is_hand",
    "local_mask",
    "popcount",
    "reserve_first",
    "saw_all",
    "showdown",
    "spec_params",
    "split_counts",
    "splitter",
    "strength",
    "strength_key",
    "unseen",
    "value",
    "width",
]

Params = Mapping[str, Any]

LADDER: Final[tuple[str, ...]] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "royal flush",
)
"""The poker ladder the encoding classifies on, weakest first (a straight flush to
the Ace is the royal flush; with this pack every straight flush is one)."""

ENGINE_CATEGORY: Final[dict[int, int]] = {
    1: int(K.Category.PAIR),
    2: int(K.Category.TWO_PAIR),
    3: int(K.Category.THREE_OF_A_KIND),
    4: int(K.Category.STRAIGHT),
    6: int(K.Category.FULL_HOUSE),
    7: int(K.Category.FOUR_OF_A_KIND),
    8: int(K.Category.ROYAL_FLUSH),
}
"""Ladder position -> :class:`~spec.divided_ranks.constants.Category` value.  High card
and plain flush have none: this pack never makes them (``divided-ranks.hands.no-high-card``)."""

_VALUE_BITS: Final = 3
_BV: Final = 8
"""Width of the small bit-vectors (counts, values, categories)."""


def spec_params(reserve_order: str = "fewer-splits") -> dict[str, Any]:
    """The rule parameters of the real rules, read from ``spec/divided_ranks``.

    >>> p = spec_params()
    >>> p["ranks"], p["hand_size"], p["rounds"], p["splits"]
    ((8, 9, 10, 11, 12), 5, 5, (3, 2))
    """
    return {
        "ranks": tuple(rank.index for rank in K.PACK_RANKS),
        "hand_size": K.HAND_SIZE,
        "joker_low": K.JOKER_LOW,
        "rounds": K.ROUNDS,
        "splits": K.SPLITS,
        "holding": K.HOLDING_SIZE,
        "pack_size": K.PACK_SIZE,
        # Structural choices of the rules, which mutants may flip:
        "joker_wild": True,  # divided-ranks.hands.joker-wild
        "joker_pairs": False,  # divided-ranks.hands.joker-low
        "joker_tiebreak": True,  # divided-ranks.hands.joker-tiebreak
        "card_for_card": "first-difference",  # divided-ranks.ruling.card-for-card
        "roles": "alternate",  # divided-ranks.draft.rounds
        "reserve_order": reserve_order,  # divided-ranks.reserve.order / variant
        "face_up_pair": True,  # divided-ranks.draft.split: one pair is laid face up
    }


def value(term: z3.ExprRef) -> int:
    """A closed term's value (Booleans as 0 or 1).

    >>> value(z3.BitVecVal(5, 8) + 1), value(z3.BoolVal(True))
    (6, 1)
    """
    result = z3.simplify(term)
    if z3.is_true(result):
        return 1
    if z3.is_false(result):
        return 0
    assert isinstance(result, z3.BitVecNumRef | z3.IntNumRef), result
    return int(result.as_long())


# --- the pack ------------------------------------------------------------------------


def width(p: Params) -> int:
    """Bits of a hand mask: four per rank of the pack, and the Joker.

    >>> width(spec_params())
    21
    """
    return 4 * len(p["ranks"]) + 1


def local_mask(mask: int, p: Params) -> int:
    """An engine card mask (:mod:`spec.cards` indices) as an encoding mask.

    >>> local_mask(CardSet("10C JK").mask, spec_params())
    1048577
    """
    low = p["ranks"][0] * 4
    out = 0
    for card in range(53):
        if mask >> card & 1:
            if card == JOKER:
                out |= 1 << (width(p) - 1)
            else:
                if not 0 <= card - low < width(p) - 1:
                    raise ValueError(f"{CardSet(1 << card)} is not in this pack")
                out |= 1 << (card - low)
    return out


def engine_mask(local: int, p: Params) -> int:
    """An encoding mask back as an engine card mask (the inverse of :func:`local_mask`).

    >>> p = spec_params()
    >>> CardSet(engine_mask(local_mask(CardSet("AS JK 10C").mask, p), p))
    CardSet('AS JK 10C')
    """
    low = p["ranks"][0] * 4
    out = 0
    for bit in range(width(p)):
        if local >> bit & 1:
            out |= 1 << (JOKER if bit == width(p) - 1 else bit + low)
    return out


def popcount(h: z3.BitVecRef) -> z3.BitVecRef:
    """The number of cards in a mask, as an 8-bit vector.

    >>> value(popcount(z3.BitVecVal(0b1011, 21)))
    3
    """
    total: z3.BitVecRef = z3.BitVecVal(0, _BV)
    for i in range(h.size()):
        total = total + z3.ZeroExt(_BV - 1, z3.Extract(i, i, h))
    return total


def is_hand(h: z3.BitVecRef, p: Params) -> z3.BoolRef:
    """``h`` holds exactly five cards of the pack [divided-ranks.build.two-hands].

    >>> value(is_hand(z3.BitVecVal(0b11111, 21), spec_params()))
    1
    """
    return popcount(h) == p["hand_size"]


def _bit(h: z3.BitVecRef, i: int) -> z3.BitVecRef:
    return z3.ZeroExt(_BV - 1, z3.Extract(i, i, h))


def _windows(p: Params) -> list[tuple[int, int]]:
    """Each run of ``hand_size`` consecutive ranks in the pack: (first position, top value)."""
    ranks = list(p["ranks"])
    size = p["hand_size"]
    out = []
    for start in range(len(ranks) - size + 1):
        if ranks[start + size - 1] - ranks[start] == size - 1:
            out.append((start, start + size))
    return out


# --- strength ---------------------------------------------------------------------------


class Strength(NamedTuple):
    """A hand's standing as the rules see it, as Z3 terms."""

    category: z3.BitVecRef
    """Position on :data:`LADDER`."""
    values: tuple[z3.BitVecRef, ...]
    """The cards lined up card for card: rank values (lowest rank 1), a low Joker 0."""
    joker: z3.BoolRef
    straight: z3.BoolRef
    flush: z3.BoolRef
    """Five cards of one suit (the Joker only if it completes a straight flush)."""
    no_pair: z3.BoolRef
    """No two cards of the same rank (the Joker matches nothing)."""


def _small(n: int) -> z3.BitVecRef:
    return z3.BitVecVal(n, _BV)


def _sort_desc(items: list[z3.BitVecRef]) -> list[z3.BitVecRef]:
    """Odd-even transposition sort, largest first (unsigned)."""
    xs = list(items)
    n = len(xs)
    for round_ in range(n):
        for i in range(round_ % 2, n - 1, 2):
            a, b = xs[i], xs[i + 1]
            xs[i] = z3.If(z3.UGE(a, b), a, b)
            xs[i + 1] = z3.If(z3.UGE(a, b), b, a)
    return xs


def strength(h: z3.BitVecRef, p: Params) -> Strength:
    """Evaluate a five-card hand by the rules (see the module docstring)."""
    n = len(p["ranks"])
    size = p["hand_size"]
    joker = z3.Extract(4 * n, 4 * n, h) == 1
    counts = [sum((_bit(h, 4 * r + s) for s in range(4)), _small(0)) for r in range(n)]
    occupied = [z3.UGT(c, 0) for c in counts]
    no_pair = z3.And(*(z3.ULE(c, 1) for c in counts))
    suited = h & z3.BitVecVal((1 << (4 * n)) - 1, h.size())
    one_suit = z3.Or(
        *(
            suited & ~z3.BitVecVal(sum(1 << (4 * r + s) for r in range(n)), h.size()) == 0
            for s in range(4)
        )
    )
    windows = _windows(p)
    fits = [
        z3.And(*(z3.Not(occupied[r]) for r in range(n) if not start <= r < start + size))
        for start, _ in windows
    ]
    wild_ok = z3.Or(z3.Not(joker), z3.BoolVal(bool(p["joker_wild"])))
    straight = z3.And(no_pair, wild_ok, z3.Or(*fits) if fits else z3.BoolVal(False))
    top: z3.BitVecRef = _small(0)
    for (_, top_value), fit in zip(windows, fits, strict=True):
        top = z3.If(fit, _small(top_value), top)
    # Groups of equal rank: (count, value) sorted by count, then rank, descending.
    keys = [(counts[r] << _VALUE_BITS) | _small(r + 1) for r in range(n)]
    ordered = _sort_desc(keys)
    group_counts = [z3.LShR(k, _VALUE_BITS) for k in ordered]
    group_values = [k & _small((1 << _VALUE_BITS) - 1) for k in ordered]
    if p["joker_pairs"]:  # mutant: the Joker joins the biggest group when it is not wild
        group_counts[0] = z3.If(
            z3.And(joker, z3.Not(straight)), group_counts[0] + 1, group_counts[0]
        )
    c1, c2 = group_counts[0], group_counts[1]
    cumulative = []
    running: z3.BitVecRef = _small(0)
    for c in group_counts[:size]:
        running = running + c
        cumulative.append(running)
    low = _small(p["joker_low"])
    grouped = []
    for k in range(size):
        term = low
        for cum, v in reversed(list(zip(cumulative, group_values[:size], strict=True))):
            term = z3.If(z3.ULT(_small(k), cum), v, term)
        grouped.append(term)
    values = tuple(z3.If(straight, top - k, grouped[k]) for k in range(size))
    flush = z3.And(one_suit, z3.Or(z3.Not(joker), straight))
    ladder = z3.If(
        z3.And(straight, one_suit),
        _small(8),
        z3.If(
            z3.UGE(c1, 4),
            _small(7),
            z3.If(
                z3.And(c1 == 3, z3.UGE(c2, 2)),
                _small(6),
                z3.If(
                    z3.And(one_suit, z3.Not(joker)),
                    _small(5),
                    z3.If(
                        straight,
                        _small(4),
                        z3.If(
                            c1 == 3,
                            _small(3),
                            z3.If(c1 == 2, z3.If(c2 == 2, _small(2), _small(1)), _small(0)),
                        ),
                    ),
                ),
            ),
        ),
    )
    return Strength(ladder, values, joker, straight, flush, no_pair)


def engine_category(category: z3.BitVecRef) -> z3.BitVecRef:
    """A ladder position as the engine's category number (high card and flush: 0 and 3).

    >>> value(engine_category(z3.BitVecVal(LADDER.index("full house"), 8)))
    4
    """
    term = _small(0)
    for ladder, engine in ENGINE_CATEGORY.items():
        term = z3.If(category == ladder, _small(engine), term)
    return z3.If(category == 5, _small(int(K.Category.STRAIGHT)), term)


def strength_key(h: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The engine's strength key of a hand (:func:`~engine.divided_ranks.evaluate.reference_key`).

    Category, the five card-for-card values three bits each, and a last bit
    for a hand without the Joker.
    """
    s = strength(h, p)
    key = z3.ZeroExt(32 - _BV, engine_category(s.category))
    for v in s.values:
        key = (key << _VALUE_BITS) | z3.ZeroExt(32 - _BV, v)
    return (key << 1) | z3.If(s.joker, z3.BitVecVal(0, 32), z3.BitVecVal(1, 32))


def _lexicographic(pairs: Sequence[tuple[z3.BitVecRef, z3.BitVecRef]]) -> z3.ArithRef:
    result: z3.ArithRef = z3.IntVal(0)
    for a, b in reversed(pairs):
        result = z3.If(z3.UGT(a, b), z3.IntVal(1), z3.If(z3.ULT(a, b), z3.IntVal(-1), result))
    return result


def compare(a: Strength, b: Strength, p: Params) -> z3.ArithRef:
    """1 if hand ``a`` is stronger, -1 if ``b`` is, 0 if equal, step by step.

    Category first [divided-ranks.hands.categories]; then card for card, the
    first difference deciding [divided-ranks.ruling.card-for-card]; then the
    Joker rule [divided-ranks.hands.joker-tiebreak].  Mutants: ``card_for_card``
    ``"majority"`` (the hand higher at more positions wins), ``joker_tiebreak``
    off.

    >>> p = spec_params()
    >>> def s(text): return strength(z3.BitVecVal(local_mask(CardSet(text).mask, p), 21), p)
    >>> value(compare(s("10S JD QH KH AD"), s("10C JK QS KD AH"), p))
    1
    >>> value(compare(s("10S JD QH KH AD"), s("10C JK QS KD AH"), {**p, "joker_tiebreak": False}))
    0
    """

    def no_joker(s: Strength) -> z3.BitVecRef:
        return z3.If(s.joker, _small(0), _small(1))

    tail: list[tuple[z3.BitVecRef, z3.BitVecRef]] = []
    if p["joker_tiebreak"]:
        tail.append((no_joker(a), no_joker(b)))
    if p["card_for_card"] == "first-difference":
        return _lexicographic(
            [(a.category, b.category), *zip(a.values, b.values, strict=True), *tail]
        )
    wins = z3.Sum(
        [
            z3.If(z3.UGT(x, y), z3.IntVal(1), z3.If(z3.ULT(x, y), z3.IntVal(-1), z3.IntVal(0)))
            for x, y in zip(a.values, b.values, strict=True)
        ]
    )
    by_cards = z3.If(wins > 0, z3.IntVal(1), z3.If(wins < 0, z3.IntVal(-1), z3.IntVal(0)))
    rest = _lexicographic(tail) if tail else z3.IntVal(0)
    by_category = _lexicographic([(a.category, b.category)])
    return z3.If(by_category != 0, by_category, z3.If(by_cards != 0, by_cards, rest))


# --- builds and the showdown ----------------------------------------------------------------


class Built(NamedTuple):
    """A build's two hands, weaker first [divided-ranks.build.weaker-stronger]."""

    weaker: z3.BitVecRef
    stronger: z3.BitVecRef
    weaker_strength: Strength
    stronger_strength: Strength
    weaker_key: z3.BitVecRef
    stronger_key: z3.BitVecRef


def _select(cond: z3.BoolRef, a: Strength, b: Strength) -> Strength:
    return Strength(
        *(
            tuple(z3.If(cond, x, y) for x, y in zip(fa, fb, strict=True))
            if isinstance(fa, tuple)
            else z3.If(cond, fa, fb)
            for fa, fb in zip(a, b, strict=True)
        )
    )


def build(a: z3.BitVecRef, b: z3.BitVecRef, p: Params) -> Built:
    """The build with hands ``a`` and ``b``: the lower by strength key is the weaker hand.

    >>> p = spec_params()
    >>> def h(text): return z3.BitVecVal(local_mask(CardSet(text).mask, p), 21)
    >>> built = build(h("AS AH AD KS KH"), h("QS QH QD JS JH"), p)
    >>> CardSet(engine_mask(value(built.weaker), p))
    CardSet('QS JS QH JH QD')
    """
    sa, sb = strength(a, p), strength(b, p)
    ka, kb = strength_key(a, p), strength_key(b, p)
    a_weaker = z3.ULE(ka, kb)
    return Built(
        z3.If(a_weaker, a, b),
        z3.If(a_weaker, b, a),
        _select(a_weaker, sa, sb),
        _select(a_weaker, sb, sa),
        z3.If(a_weaker, ka, kb),
        z3.If(a_weaker, kb, ka),
    )


def showdown(builds: Sequence[Built], p: Params) -> tuple[z3.ArithRef, z3.ArithRef]:
    """Two builds scored in four steps [divided-ranks.score.order].

    Returns the result (1 if seat 0 wins, -1 if seat 1 does, 0 for a draw)
    and the deciding step (1 to 4, 0 for a draw), as
    :func:`engine.divided_ranks.scoring.decide` decides them.

    >>> p = spec_params()
    >>> def h(text): return z3.BitVecVal(local_mask(CardSet(text).mask, p), 21)
    >>> one = build(h("KS KH KD JS QS"), h("QH QC QD JH JC"), p)
    >>> two = build(h("10S 10H 10D JD KC"), h("AS AH AD AC JK"), p)
    >>> [value(x) for x in showdown([one, two], p)]  # seat 1 wins at step 2
    [-1, 2]
    """
    zero, one = builds
    w0, s0 = zero.weaker_strength, zero.stronger_strength
    w1, s1 = one.weaker_strength, one.stronger_strength
    steps = [
        _lexicographic([(w0.category, w1.category)]),
        _lexicographic([(s0.category, s1.category)]),
        compare(w0, w1, p),
        compare(s0, s1, p),
    ]
    result: z3.ArithRef = z3.IntVal(0)
    step: z3.ArithRef = z3.IntVal(0)
    for number in range(len(steps), 0, -1):
        decided = steps[number - 1] != 0
        result = z3.If(decided, steps[number - 1], result)
        step = z3.If(decided, z3.IntVal(number), step)
    return result, step


# --- the draft ----------------------------------------------------------------------------


def splitter(first: z3.BitVecRef, round_index: int, p: Params) -> z3.BitVecRef:
    """The seat (1 bit) that splits round ``round_index`` (from 0) [divided-ranks.draft.rounds].

    Mirror of :func:`spec.divided_ranks.invariants.splitter_of`: the roles swap
    every round.  Mutant ``roles="pairs"``: they swap every second round.

    >>> p = spec_params()
    >>> [value(splitter(z3.BitVecVal(1, 1), i, p)) for i in range(5)]
    [1, 0, 1, 0, 1]
    """
    step = round_index if p["roles"] == "alternate" else round_index // 2
    return first ^ z3.BitVecVal(step & 1, 1)


def split_counts(first: z3.BitVecRef, p: Params) -> tuple[z3.ArithRef, z3.ArithRef]:
    """How many rounds seats 0 and 1 split.

    >>> [value(n) for n in split_counts(z3.BitVecVal(1, 1), spec_params())]
    [2, 3]
    """
    seats = [splitter(first, i, p) for i in range(p["rounds"])]
    zero = z3.Sum([z3.If(s == 0, z3.IntVal(1), z3.IntVal(0)) for s in seats])
    return zero, p["rounds"] - zero


def reserve_first(first: z3.BitVecRef, coin: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The seat (1 bit) that takes the first reserve turn [divided-ranks.reserve.order].

    The seat that split fewer rounds (the one that did not split first); with
    the coin-flip-reserve variant, the coin's seat.  Mutant
    ``reserve_order="more-splits"``: the seat that split three times.

    >>> p = spec_params()
    >>> value(reserve_first(z3.BitVecVal(0, 1), z3.BitVecVal(0, 1), p))
    1
    """
    if p["reserve_order"] == "coin":
        return coin
    zero, one = split_counts(first, p)
    fewer = z3.If(zero < one, z3.BitVecVal(0, 1), z3.BitVecVal(1, 1))
    return fewer if p["reserve_order"] == "fewer-splits" else ~fewer


def saw_all(
    first: z3.BitVecRef, took_up: Sequence[z3.BoolRef], viewer: int, p: Params
) -> z3.BoolRef:
    """Whether ``viewer`` has seen every card the opponent took in the draft.

    A splitter sees all four cards, so it knows the pair that crosses.  A
    chooser that takes the face-down pair leaves the face-up one, which it
    saw; one that takes the face-up pair lets the splitter keep two cards it
    never saw [divided-ranks.info.hidden].  Mutant ``face_up_pair`` off: both
    pairs are laid face down, so the pair a chooser leaves is never seen.

    >>> p, downs = spec_params(), [z3.BoolVal(False)] * 5
    >>> value(saw_all(z3.BitVecVal(0, 1), downs, 1, p))
    1
    >>> value(saw_all(z3.BitVecVal(0, 1), downs, 1, {**p, "face_up_pair": False}))
    0
    """
    return z3.And(
        *(
            z3.Or(
                splitter(first, i, p) == viewer,
                z3.And(z3.Not(up), z3.BoolVal(bool(p["face_up_pair"]))),
            )
            for i, up in enumerate(took_up)
        )
    )


def candidates(
    first: z3.BitVecRef, took_up: Sequence[z3.BoolRef], viewer: int, p: Params
) -> z3.ArithRef:
    """How many cards ``viewer`` can narrow the opponent's hand to once the stock is spent.

    The cards outside the viewer's hand are the opponent's ten and the
    reserve: eleven.  The viewer tells them apart only by having seen every
    card the opponent holds (:func:`saw_all`); then the candidates are the
    opponent's ten and the eleventh is the reserve [divided-ranks.info.candidates].

    >>> p = spec_params()
    >>> takes = [z3.BoolVal(False)] * 5
    >>> value(candidates(z3.BitVecVal(0, 1), takes, 1, p))
    10
    >>> value(candidates(z3.BitVecVal(0, 1), [z3.BoolVal(True)] * 5, 1, p))
    11
    """
    outside = p["pack_size"] - p["holding"]
    return z3.If(saw_all(first, took_up, viewer, p), z3.IntVal(p["holding"]), z3.IntVal(outside))


def unseen(
    first: z3.BitVecRef, took_up: Sequence[z3.BoolRef], viewer: int, p: Params
) -> z3.ArithRef:
    """How many of the opponent's cards ``viewer`` never saw, after the draft.

    Two for each round the viewer chose and left the face-down pair to the
    splitter [divided-ranks.info.hidden].

    >>> p = spec_params()
    >>> value(unseen(z3.BitVecVal(1, 1), [z3.BoolVal(True)] * 5, 0, p))
    6
    """
    shown = bool(p["face_up_pair"])
    return z3.Sum(
        [
            z3.If(
                z3.And(splitter(first, i, p) != viewer, z3.Or(up, not shown)),
                z3.IntVal(2),
                z3.IntVal(0),
            )
            for i, up in enumerate(took_up)
        ]
    )
