"""What ``cardlaw query divided-ranks`` can ask about: hands, two hands, builds and drafts.

Each domain is built from the same encodings the proofs use
(:mod:`proofs.divided_ranks.encoding`), so a query and a proof can never
disagree.  Hand categories are numbers (pair 0 up to royal flush 6); each
domain also names them (``pair``, ``two_pair``, ``three_of_a_kind``,
``straight``, ``full_house``, ``four_of_a_kind``, ``royal_flush``) so a query
can say ``weaker.category == royal_flush``.

>>> from cardlaw.proofs.query import answer
>>> answer("exists build: weaker.category == royal_flush", DOMAINS).verdict
'yes'

The draft domain reads the rules' ``ROUNDS`` and ``PAIR_SIZE``
(:func:`build_domains`); the others depend only on the fixed pack.

>>> from cardlaw.spec.divided_ranks.parameters import DividedRanksRules
>>> tens = build_domains(DividedRanksRules(rounds=10, pair_size=1))
>>> answer("exists draft: splits[0] == splits[1]", tens).verdict
'yes'
"""

from __future__ import annotations

from typing import Final

import z3

from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.support import REAL
from cardlaw.proofs.query import (
    Domain,
    Domains,
    Example,
    Instance,
    Options,
    Quantity,
    no,
    optimum,
    yes,
)
from cardlaw.proofs.terms import as_int
from cardlaw.proofs.terms import model_int as value
from cardlaw.proofs.terms import model_true as true
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.constants import Category
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules, count_word

__all__ = ["DOMAINS", "EXAMPLES", "build_domains"]

DOMAINS: Final = Domains()
"""Divided Ranks' query domains."""

_CATEGORY_NAMES: Final[dict[str, z3.ArithRef]] = {
    c.name.lower(): z3.IntVal(int(c)) for c in Category
}
_CATEGORY_TEXT: Final = "categories: " + ", ".join(f"{c.name.lower()} {int(c)}" for c in Category)


def _cards(m: z3.ModelRef, h: z3.BitVecRef) -> str:
    return CardSet(E.engine_mask(value(m, h), REAL)).pretty


def _hand_quantities(
    prefix: str, h: z3.BitVecRef, s: E.Strength, key: z3.BitVecRef | None = None
) -> dict[str, Quantity]:
    suited = h & z3.BitVecVal((1 << (E.width(REAL) - 1)) - 1, E.width(REAL))
    counts = [
        sum((z3.BV2Int(z3.Extract(4 * r + k, 4 * r + k, h)) for k in range(4)), z3.IntVal(0))
        for r in range(len(REAL["ranks"]))
    ]
    suits = [
        z3.Or(*(z3.Extract(4 * r + k, 4 * r + k, suited) == 1 for r in range(len(REAL["ranks"]))))
        for k in range(4)
    ]
    return {
        f"{prefix}category": as_int(E.engine_category(s.category)),
        f"{prefix}joker": s.joker,
        f"{prefix}value": [as_int(v) for v in s.values],
        f"{prefix}count": counts,
        f"{prefix}ranks": z3.Sum([z3.If(c > 0, 1, 0) for c in counts]),
        f"{prefix}suits": z3.Sum([z3.If(x, 1, 0) for x in suits]),
        f"{prefix}key": as_int(E.strength_key(h, REAL) if key is None else key),
        f"{prefix}high_card": s.category == 0,
        f"{prefix}flush": s.flush,
    }


def _hand_descriptions(prefix: str, what: str) -> dict[str, str]:
    return {
        f"{prefix}category": f"{what}'s category ({_CATEGORY_TEXT})",
        f"{prefix}joker": f"whether {what} holds the Joker",
        f"{prefix}value[k]": f"{what}'s cards lined up card for card (Ten 1 .. Ace 5, a low "
        "Joker 0)",
        f"{prefix}count[r]": f"how many cards of the r-th rank {what} holds (0 Ten .. 4 Ace)",
        f"{prefix}ranks / {prefix}suits": f"different ranks and suits among {what}'s cards "
        "(the Joker has neither)",
        f"{prefix}key": f"{what}'s strength key (larger is stronger)",
        f"{prefix}high_card / {prefix}flush": f"whether {what} is a mere high card, or five "
        "cards of one suit, as the rule document defines them",
    }


@DOMAINS.declare("hand", "one five-card hand of the pack")
def _hand(options: Options) -> Instance:
    h = z3.BitVec("hand", E.width(REAL))
    s = E.strength(h, REAL)

    def decode(m: z3.ModelRef) -> str:
        return f"{_cards(m, h)}: {E.LADDER[value(m, s.category)]}"

    return Instance(
        premise=[E.is_hand(h, REAL)],
        quantities={**_hand_quantities("", h, s), **_CATEGORY_NAMES},
        decode=decode,
        descriptions=_hand_descriptions("", "the hand"),
    )


@DOMAINS.declare("hands", "two five-card hands a and b at the table (no card in both)")
def _hands(options: Options) -> Instance:
    a, b = z3.BitVec("a", E.width(REAL)), z3.BitVec("b", E.width(REAL))
    sa, sb = E.strength(a, REAL), E.strength(b, REAL)
    result = E.compare(sa, sb, REAL)

    def decode(m: z3.ModelRef) -> str:
        verdict = {1: "a is stronger", -1: "b is stronger", 0: "they are equal"}
        return (
            f"a = {_cards(m, a)} ({E.LADDER[value(m, sa.category)]}), "
            f"b = {_cards(m, b)} ({E.LADDER[value(m, sb.category)]}): "
            f"{verdict[value(m, result)]}"
        )

    return Instance(
        premise=[E.is_hand(a, REAL), E.is_hand(b, REAL), a & b == 0],
        quantities={
            **_hand_quantities("a.", a, sa),
            **_hand_quantities("b.", b, sb),
            "compare": result,
            **_CATEGORY_NAMES,
        },
        decode=decode,
        descriptions={
            **_hand_descriptions("a.", "hand a"),
            "b.…": "the same for hand b",
            "compare": "1 if a is stronger, -1 if b is, 0 if they are equal",
        },
    )


@DOMAINS.declare(
    "build", "ten cards divided into two hands of five: the weaker and the stronger hand"
)
def _build(options: Options) -> Instance:
    a, b = z3.BitVec("one", E.width(REAL)), z3.BitVec("two", E.width(REAL))
    built = E.build(a, b, REAL)
    sw, ss = built.weaker_strength, built.stronger_strength

    def decode(m: z3.ModelRef) -> str:
        return (
            f"weaker hand {_cards(m, built.weaker)} ({E.LADDER[value(m, sw.category)]}), "
            f"stronger hand {_cards(m, built.stronger)} ({E.LADDER[value(m, ss.category)]})"
        )

    return Instance(
        premise=[E.is_hand(a, REAL), E.is_hand(b, REAL), a & b == 0],
        quantities={
            **_hand_quantities("weaker.", built.weaker, sw, built.weaker_key),
            **_hand_quantities("stronger.", built.stronger, ss, built.stronger_key),
            "joker": z3.Or(sw.joker, ss.joker),
            **_CATEGORY_NAMES,
        },
        decode=decode,
        descriptions={
            **_hand_descriptions("weaker.", "the weaker hand"),
            "stronger.…": "the same for the stronger hand",
            "joker": "whether the ten cards include the Joker",
        },
    )


@DOMAINS.declare("showdown", "two players' builds from one pack, scored in the four steps")
def _showdown(options: Options) -> Instance:
    raw = [z3.BitVec(f"hand{i}", E.width(REAL)) for i in range(4)]
    builds = [E.build(raw[0], raw[1], REAL), E.build(raw[2], raw[3], REAL)]
    result, step = E.showdown(builds, REAL)
    quantities: dict[str, Quantity] = {"result": result, "step": step, **_CATEGORY_NAMES}
    for seat, built in enumerate(builds):
        quantities.update(
            _hand_quantities(
                f"seat{seat}.weaker.", built.weaker, built.weaker_strength, built.weaker_key
            )
        )
        quantities.update(
            _hand_quantities(
                f"seat{seat}.stronger.",
                built.stronger,
                built.stronger_strength,
                built.stronger_key,
            )
        )

    def decode(m: z3.ModelRef) -> str:
        shown = [
            f"seat {seat}: weaker {_cards(m, b.weaker)}, stronger {_cards(m, b.stronger)}"
            for seat, b in enumerate(builds)
        ]
        outcome = {1: "seat 0 wins", -1: "seat 1 wins", 0: "a draw"}[value(m, result)]
        return f"{'; '.join(shown)}: {outcome} (step {value(m, step)})"

    return Instance(
        premise=[
            *(E.is_hand(h, REAL) for h in raw),
            *(raw[i] & raw[j] == 0 for i in range(4) for j in range(i + 1, 4)),
        ],
        quantities=quantities,
        decode=decode,
        descriptions={
            **_hand_descriptions("seat0.weaker.", "seat 0's weaker hand"),
            "seat0.stronger.… / seat1.weaker.… / seat1.stronger.…": "the same for the other hands",
            "result": "1 if seat 0 wins, -1 if seat 1 wins, 0 for a draw",
            "step": "the deciding step: 1 weaker categories, 2 stronger categories, 3 weaker "
            "hands in full, 4 stronger hands in full (0 for a draw)",
        },
    )


def _draft_domain(rules: DividedRanksRules) -> Domain:
    """The draft's domain under ``rules``."""

    def build(options: Options) -> Instance:
        return _draft(options, rules)

    return Domain(
        "draft",
        f"the {count_word(rules.rounds)} rounds of the draft: who splits, what each chooser "
        "takes, the reserve order",
        build,
        {"coin": (0, 1)},
    )


def _draft(options: Options, rules: DividedRanksRules) -> Instance:
    p = E.spec_params("coin" if options["coin"] else "fewer-splits", rules)
    first = z3.BitVec("first_splitter", 1)
    coin = z3.BitVec("coin", 1)
    took_up = [z3.Bool(f"took_up{i}") for i in range(p["rounds"])]
    seats = [E.splitter(first, i, p) for i in range(p["rounds"])]
    zero, one = E.split_counts(first, p)
    go_first = E.reserve_first(first, coin, p)
    unseen = [E.unseen(first, took_up, v, p) for v in (0, 1)]

    def decode(m: z3.ModelRef) -> str:
        rounds = ", ".join(
            f"{i + 1}: seat {value(m, seats[i])} splits, the chooser takes the "
            f"{'face-up' if true(m, up) else 'face-down'} pair"
            for i, up in enumerate(took_up)
        )
        return f"{rounds}; seat {value(m, go_first)} takes the first reserve turn"

    return Instance(
        premise=[z3.BoolVal(True)],
        quantities={
            "first_splitter": as_int(first),
            "splitter": [as_int(s) for s in seats],
            "took_up": took_up,
            "splits": [zero, one],
            "reserve_first": as_int(go_first),
            "unseen": unseen,
            "candidates": [E.candidates(first, took_up, v, p) for v in (0, 1)],
            "possible_reserves": [u + 1 for u in unseen],
        },
        decode=decode,
        descriptions={
            "first_splitter": "the seat that splits round 1",
            "splitter[i]": "the seat that splits round i+1",
            "took_up[i]": "whether round i+1's chooser took the face-up pair",
            "splits[p]": "how many rounds seat p split",
            "reserve_first": "the seat that takes the first reserve turn (coin=1: a coin decides)",
            "unseen[p]": "how many of the opponent's cards seat p never saw, after the draft",
            "candidates[p]": "how many cards seat p can narrow the opponent's hand to",
            "possible_reserves[p]": "how many cards seat p cannot place: the reserve is one "
            "of them, each equally likely",
        },
    )


DOMAINS["draft"] = _draft_domain(PRINTED_RULES)


def build_domains(rules: DividedRanksRules = PRINTED_RULES) -> dict[str, Domain]:
    """Divided Ranks' query domains under ``rules``: the draft's is rebuilt, the rest shared."""
    if rules == PRINTED_RULES:
        return dict(DOMAINS)
    return {**DOMAINS, "draft": _draft_domain(rules)}


EXAMPLES: Final[tuple[Example, ...]] = (
    no("exists hand: high_card"),
    no("exists hand: flush and category != royal_flush"),
    yes(
        "forall hand: (ranks == 5 or (joker and ranks == 4)) "
        "implies (category == straight or category == royal_flush)"
    ),
    no("exists hand: joker and category == full_house"),
    yes("exists hand: joker and category == four_of_a_kind"),
    no("exists hands: compare == 0 and a.joker"),
    yes("exists hands: compare == 0 and a.category == straight"),
    yes("exists build: weaker.category == royal_flush"),
    yes(
        "exists build: weaker.category == four_of_a_kind "
        "and stronger.category == four_of_a_kind and not joker"
    ),
    optimum("maximize build: weaker.category where stronger.category == four_of_a_kind", 5),
    optimum("minimize build: weaker.category where stronger.category == royal_flush", 0),
    optimum("minimize build: stronger.category", 0),
    no(
        "exists showdown: seat0.weaker.category == full_house and "
        "seat1.weaker.category == full_house and seat0.stronger.category == full_house "
        "and seat1.stronger.category == four_of_a_kind"
    ),
    yes(
        "exists showdown: result == -1 and step == 2 and "
        "seat0.weaker.category == seat1.weaker.category and seat0.weaker.key > seat1.weaker.key"
    ),
    no("exists draft: splits[0] == splits[1]"),
    yes("forall draft: reserve_first != first_splitter"),
    yes("exists draft (coin=1): reserve_first == first_splitter"),
    optimum("minimize draft: candidates[0]", 10),
    optimum("maximize draft: unseen[0]", 6),
    optimum("maximize draft: possible_reserves[1] where first_splitter == 1", 5),
)
"""Queries the rulebook shows with their answers; the tests check every one."""
