"""Divided Ranks' hand encodings held to the engine inside ``cardlaw verify`` (:mod:`proofs.link`).

* ``divided-ranks.link.hands`` — every five-card hand of the pack (20,349):
  the encoding's strength key is the engine's ``reference_key`` (the rules'
  own definition) and the key of its evaluation table (``hand_key``, what
  the game reads); its category and its Joker are the engine's
  (``category``); the cards lined up card for card of the first and the last
  hand of each strength class, with and without the Joker, are the engine's
  ``hand_order``; and the encoding's card count (``popcount``, ``is_hand``)
  of the encoding's masks of engine cards (``local_mask``) is the cards' own,
  on the empty set, the whole pack, every single card and a seeded sample of
  card sets.
* ``divided-ranks.link.compare`` — every ordered pair of the engine's 189
  strength classes (the first hand of each), each class's first hand against
  its last (two hands of one class, either way round), and a seeded sample
  of pairs: the encoding's comparison is the engine's ``compare_hands``.

:mod:`proofs.divided_ranks.links_builds` holds the showdown and best-build
links, :mod:`proofs.divided_ranks.links_draft` the draft's, and
:mod:`proofs.divided_ranks.trace` the trace links.  Each engine function is
called through its module, so a test can break it in-process.

>>> from cardlaw.proofs.core import check
>>> report = check(hands_link())
>>> report.status, report.cases > 20_349, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.divided_ranks import evaluate as EV
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.links_support import LOCAL, engine_cards, local, portable
from cardlaw.proofs.link import Columns, Table, columns, link, table
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import JOKER, CardSet
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, PACK, PACK_MASK, Category
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules

__all__ = ["compare_link", "hands_link", "obligations"]

PAIR_SAMPLE: Final = 1_000
"""Seeded random pairs of hands the comparison link checks besides the strength classes'."""

MASK_SAMPLE: Final = 1_000
"""Seeded random card sets of the pack whose count the mask table checks."""

LABELS: Final = {"JK": 0, "10": 1, "J": 2, "Q": 3, "K": 4, "A": 5}
"""``hand_order``'s labels as the encoding's card-for-card values (a low Joker 0)."""

HAND_CLAUSES: Final = (
    "divided-ranks.hands.categories",
    "divided-ranks.hands.no-high-card",
    "divided-ranks.hands.joker-wild",
    "divided-ranks.hands.joker-low",
    "divided-ranks.hands.joker-tiebreak",
    "divided-ranks.ruling.card-for-card",
)


def _ask(*hands: int) -> str:
    """The ``cardlaw ask`` line that shows hands (a hand alone: compared with itself)."""
    shown = [str(CardSet(h)) for h in hands]
    if len(shown) == 1:
        shown *= 2
    return "cardlaw ask divided-ranks compare " + " ".join(f'"{s}"' for s in shown)


@functools.cache
def _hands() -> tuple[int, ...]:
    """Every five-card hand of the pack (engine masks), in ``combinations`` order."""
    return tuple(sum(1 << c for c in combo) for combo in itertools.combinations(PACK, HAND_SIZE))


@functools.cache
def _locals() -> dict[int, int]:
    """Every hand's encoding mask, by its engine mask (``local_mask``, once a hand)."""
    return {mask: local(mask) for mask in _hands()}


@functools.cache
def _engine_hands() -> tuple[
    tuple[Columns, Columns], tuple[Columns, Columns], tuple[Columns, Columns]
]:
    """Inputs and the engine's values: the key by the rules, by table, the cards lined up.

    Cached for the process: the link and its mutants check the same cases.
    """
    rows, by_rules, by_table = [], [], []
    for mask in _hands():
        cards = tuple(c for c in range(53) if mask >> c & 1)
        rows.append((_locals()[mask],))
        by_rules.append((EV.reference_key(cards), mask >> JOKER & 1))
        by_table.append((EV.hand_key(mask), int(EV.category(mask))))
    ordered, order = [], []
    for mask in _class_hands():
        ordered.append((_locals()[mask],))
        order.append(tuple(LABELS[label.strip("()")] for label in EV.hand_order(mask)))
    return (
        (columns(rows, 1), columns(by_rules, 2)),
        (columns(rows, 1), columns(by_table, 2)),
        (columns(ordered, 1), columns(order, HAND_SIZE)),
    )


@functools.cache
def _class_hands() -> tuple[int, ...]:
    """The first and the last hand of each of the engine's strength classes (by hand_key).

    A hand's cards lined up (``hand_order``) follow from its key, and from
    which of its ranks the cards show (a wild Joker's rank is shown apart):
    both hands of each class, the Joker's and another where there are both.
    """
    first: dict[tuple[int, int], int] = {}
    last: dict[tuple[int, int], int] = {}
    for mask in _hands():
        kind = (EV.hand_key(mask), mask >> JOKER & 1)
        first.setdefault(kind, mask)
        last[kind] = mask
    return tuple(sorted({*first.values(), *last.values()}))


def _show_hand(case: tuple[int, ...]) -> Witness:
    mask = E.engine_mask(case[0], LOCAL)
    command = _ask(mask)
    return Witness(
        f"[{', '.join(HAND_CLAUSES)}] the hand {CardSet(mask).pretty} (`{command}`)",
        data={"hand": mask, "command": command},
    )


def _mask_table(p: Params) -> Table:
    """The encoding's count of cards, on the encoding's masks of engine card sets."""
    h, m = z3.BitVec("cards", E.width(p)), z3.BitVec("engine_cards", 64)
    rng = random.Random(21)
    pack = [int(c) for c in PACK]
    sets = {0, PACK_MASK, *(1 << c for c in pack)}
    for _ in range(MASK_SAMPLE):
        sets.add(sum(1 << c for c in rng.sample(pack, rng.randint(0, len(pack)))))
    return table(
        "proofs.divided_ranks.encoding.popcount",
        [h, m],
        portable([z3.BV2Int(E.popcount(h)), E.is_hand(h, p)]),
        ("the number of cards", "whether it is a five-card hand"),
        [(local(s), s) for s in sorted(sets)],
        lambda case: (case[1].bit_count(), int(case[1].bit_count() == HAND_SIZE)),
        lambda case: Witness(f"the cards {CardSet(case[1]).pretty or 'nothing'}"),
    )


def _hand_tables(p: Params) -> list[Table]:
    h = z3.BitVec("hand", E.width(p))
    s = E.strength(h, p)
    key, category, *values, joker = portable(
        [E.strength_key(h, p), E.engine_category(s.category), *s.values, s.joker]
    )
    by_rules, by_table, by_order = _engine_hands()
    labels = {"the category": lambda c: Category(c).label if 0 <= c < len(Category) else str(c)}
    return [
        Table(
            "proofs.divided_ranks.encoding.strength_key",
            (h,),
            (key, joker),
            ("the strength key", "whether it holds the Joker"),
            *by_rules,
            _show_hand,
        ),
        Table(
            "proofs.divided_ranks.encoding.strength",
            (h,),
            (key, category),
            ("the key of the evaluation table", "the category"),
            *by_table,
            _show_hand,
            labels=labels,
        ),
        Table(
            "proofs.divided_ranks.encoding.strength",
            (h,),
            tuple(values),
            tuple(f"card {i + 1} card for card" for i in range(HAND_SIZE)),
            *by_order,
            _show_hand,
        ),
        _mask_table(p),
    ]


def hands_link(rules: DividedRanksRules = PRINTED_RULES) -> Obligation:
    """``divided-ranks.link.hands``: every hand's strength is the engine's."""
    return link(
        "divided-ranks.link.hands",
        "For every one of the 20,349 five-card hands of the pack, the encoding's strength key "
        "is the engine's reference_key (the rules' definition) and the key of the engine's "
        "evaluation table (hand_key), its category and whether it holds the Joker the engine's "
        "category; on the first and the last hand of each strength class, with and without the "
        "Joker, its five cards lined up card for card are the engine's hand_order; and the "
        "encoding's count of cards is the engine's, on the empty set, the whole pack, every "
        f"card and {MASK_SAMPLE} seeded card sets of the pack.",
        HAND_CLAUSES,
        _hand_tables,
        E.spec_params(rules=rules),
        Mutant(
            "divided-ranks.mutant.link.joker-pairs",
            "the encoding's Joker pairs (it joins the biggest group of equal rank)",
            {"joker_pairs": True},
        ),
        Mutant(
            "divided-ranks.mutant.link.joker-never-wild",
            "the encoding's Joker is never wild, not even in a straight",
            {"joker_wild": False},
        ),
        engine=("engine.divided_ranks.evaluate.reference_key",),
    )


@functools.cache
def _pairs() -> tuple[Columns, Columns]:
    """The pairs of hands compared, as local masks, and the engine's ``compare_hands``."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for mask in _hands():
        key = EV.hand_key(mask)
        first.setdefault(key, mask)
        last[key] = mask
    pairs = set(itertools.product(first.values(), repeat=2))
    pairs |= {(first[k], last[k]) for k in first} | {(last[k], first[k]) for k in first}
    rng = random.Random(189)
    hands = _hands()
    wanted = len(pairs) + PAIR_SAMPLE
    while len(pairs) < wanted:
        pairs.add((rng.choice(hands), rng.choice(hands)))
    ordered = sorted(pairs)
    locals_ = _locals()
    rows = [(locals_[a], locals_[b]) for a, b in ordered]
    values = [(EV.compare_hands(a, b),) for a, b in ordered]
    return columns(rows, 2), columns(values, 1)


def _show_pair(case: tuple[int, ...]) -> Witness:
    a, b = (E.engine_mask(x, LOCAL) for x in case)
    command = _ask(a, b)
    return Witness(
        f"[divided-ranks.ruling.card-for-card, divided-ranks.hands.joker-tiebreak] "
        f"{CardSet(a).pretty} against {CardSet(b).pretty} (`{command}`)",
        data={"hands": (a, b), "command": command},
    )


def _compare_tables(p: Params) -> Sequence[Table]:
    a, b = z3.BitVec("a", E.width(p)), z3.BitVec("b", E.width(p))
    rows, values = _pairs()
    (term,) = portable([E.compare(E.strength(a, p), E.strength(b, p), p)])
    return [
        Table(
            "proofs.divided_ranks.encoding.compare",
            (a, b),
            (term,),
            ("the stronger hand (1: the first, -1: the second, 0: equal)",),
            rows,
            values,
            _show_pair,
            key=lambda case: tuple(engine_cards(x).mask for x in case),
        )
    ]


def compare_link(rules: DividedRanksRules = PRINTED_RULES) -> Obligation:
    """``divided-ranks.link.compare``: the encoding compares hands as the engine does."""
    return link(
        "divided-ranks.link.compare",
        "For every ordered pair of the engine's 189 strength classes (the first hand of each), "
        "each class's first hand against its last either way round, and "
        f"{PAIR_SAMPLE:,} seeded pairs of hands, the encoding's comparison (category, card for "
        "card with the first difference deciding, then the Joker) names the same stronger "
        "hand, or equality, as the engine's compare_hands.",
        (
            "divided-ranks.ruling.card-for-card",
            "divided-ranks.hands.categories",
            "divided-ranks.hands.joker-tiebreak",
        ),
        _compare_tables,
        E.spec_params(rules=rules),
        Mutant(
            "divided-ranks.mutant.link.card-for-card-majority",
            "the encoding compares card for card by a majority of positions",
            {"card_for_card": "majority"},
        ),
        Mutant(
            "divided-ranks.mutant.link.no-joker-tiebreak",
            "the encoding ignores the Joker tiebreak",
            {"joker_tiebreak": False},
        ),
        engine=("engine.divided_ranks.evaluate.reference_key",),
    )


def obligations(rules: DividedRanksRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """Divided Ranks' hand links, in the order ``cardlaw verify`` runs them."""
    return (hands_link(rules), compare_link(rules))
