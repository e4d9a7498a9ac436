"""What ``cardlaw query split`` can ask about: turns, openings and cooperative turns.

Each domain is built from the same encodings the proofs use
(:mod:`proofs.split.encoding`), so a query and a proof can never disagree.
Card numbers are 0 to 100; ``left``/``right`` are the numbers on the piles,
``low``/``high`` the lower and the higher of them.

>>> from cardlaw.proofs.query import answer
>>> answer("maximize opening: gap", DOMAINS).value
95
"""

from __future__ import annotations

from functools import partial
from typing import Final

import z3

from cardlaw.proofs.query import Domain, Domains, Example, Instance, Options, no, optimum, yes
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.support import AIDS, REAL, STANDARD, WILD
from cardlaw.proofs.terms import model_int as value
from cardlaw.spec.split.cards import DECK_MASK, NumberSet
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules

__all__ = ["DOMAINS", "EXAMPLES", "build_domains"]

DOMAINS: Final = Domains()
"""Split's query domains."""


class _Counts:
    """Card counts as integer variables, each defined by its own constraint.

    The solver handles arithmetic over named counts far better than over the
    sums themselves; :attr:`definitions` must join the premise.
    """

    def __init__(self) -> None:
        self.definitions: list[z3.BoolRef] = []

    def __call__(self, m: z3.BitVecRef) -> z3.ArithRef:
        count = z3.Int(f"count{len(self.definitions)}")
        bits = [z3.If(z3.Extract(i, i, m) == 1, 1, 0) for i in range(E.WIDTH)]
        self.definitions.append(count == z3.Sum(bits))
        return count


def _cards(m: z3.ModelRef, term: z3.ExprRef) -> str:
    return NumberSet(value(m, term) & DECK_MASK).pretty


def _number(name: str) -> tuple[z3.BitVecRef, z3.BitVecRef, z3.BoolRef]:
    n = z3.BitVec(name, E.NUMBER_BITS)
    return n, E.onehot(n), z3.ULE(n, 100)


def _piles() -> tuple[z3.BitVecRef, z3.BitVecRef, dict[str, z3.ArithRef], list[z3.BoolRef]]:
    left_n, left, left_ok = _number("left")
    right_n, right, right_ok = _number("right")
    low = z3.If(z3.ULT(left_n, right_n), left_n, right_n)
    high = z3.If(z3.ULT(left_n, right_n), right_n, left_n)
    numbers = _pile_numbers(left_n, right_n, low, high)
    return left, right, numbers, [left_ok, right_ok, left_n != right_n]


def _pile_numbers(
    left: z3.BitVecRef, right: z3.BitVecRef, low: z3.BitVecRef, high: z3.BitVecRef
) -> dict[str, z3.ArithRef]:
    """The numbers on the piles, the lower and the higher of them, and the gap between."""
    return {
        "left": z3.BV2Int(left),
        "right": z3.BV2Int(right),
        "low": z3.BV2Int(low),
        "high": z3.BV2Int(high),
        "gap": z3.BV2Int(high) - z3.BV2Int(low) - 1,
    }


_PILE_WORDS: Final = {
    "left / right": "the numbers on the left and right piles",
    "low / high": "the lower and the higher of the two pile numbers",
    "gap": "how many numbers lie strictly between the piles (high - low - 1)",
}


@DOMAINS.declare(
    "turn", "a competitive turn after the middle card is moved: a hand against two piles"
)
def _turn(options: Options) -> Instance:
    hand = z3.BitVec("hand", E.WIDTH)
    left, right, numbers, premise = _piles()
    premise += [hand != 0, hand & (left | right) == 0]
    playable = E.playable_mask(hand, left, right, REAL)
    fits = hand & STANDARD & E.between_mask(left, right, REAL)
    count = _Counts()
    size, standard, wilds = count(hand), count(hand & STANDARD), count(hand & WILD)
    n_fits, n_playable = count(fits), count(playable)
    premise += count.definitions
    # Facts true by construction, stated for the solver's sake (counting is hard for it).
    premise += [standard + wilds == size, n_fits <= n_playable, n_playable <= size]

    def decode(m: z3.ModelRef) -> str:
        return (
            f"piles {value(m, numbers['left'])} | {value(m, numbers['right'])}; hand "
            f"{_cards(m, hand)}; may play: {_cards(m, playable)}"
        )

    return Instance(
        premise=premise,
        quantities={
            **numbers,
            "size": size,
            "standard": standard,
            "wilds": wilds,
            "fits": n_fits,
            "playable": n_playable,
            "can_play": playable != 0,
            "must_reset": playable == 0,
        },
        decode=decode,
        descriptions={
            **_PILE_WORDS,
            "size / standard / wilds": "cards in the hand, its standard and its wild cards",
            "fits": "standard cards of the hand strictly between the piles",
            "playable": "cards the hand may play (a wild card never as the last card)",
            "can_play / must_reset": "whether it may play a card, or must reset",
        },
    )


_OPENING_WORDS: Final = {
    "low / high (= left / right)": "the new piles: the lowest and highest standard cards",
    "gap": "how many numbers lie strictly between the new piles",
    "room": "how many standard cards exist strictly between them",
    "held / drawn / size": "cards held before the reset, drawn, and then held",
    "kept / wilds": "cards the opener keeps after opening, and its wild cards",
    "inside / outside": "kept standard cards between the new piles, and outside them",
}
"""What the quantities of the ``opening`` domain mean."""


def _opening(rules: SplitRules, options: Options) -> Instance:
    held = z3.BitVec("held", E.WIDTH)
    drawn = E.mask(0) if options["deal"] else z3.BitVec("drawn", E.WIDTH)
    hand = held if options["deal"] else held | drawn
    count = _Counts()
    n_held = count(held)
    n_drawn: z3.ArithRef = z3.IntVal(0) if options["deal"] else count(drawn)
    premise = [held & drawn == 0]
    if options["deal"]:
        premise += [n_held == rules.dealer_hand]
    else:
        # A reset: the player held a card or more and draws RESET_DRAW cards, or two when
        # only the two cards of the table just cleared are left [split.ruling.short-draw].
        premise += [n_held >= 1, n_drawn >= 2, n_drawn <= rules.reset_draw]
    ok, low, high = E.opening_cards(hand, REAL)
    low_n, low_card, low_ok = _number("low")
    high_n, high_card, high_ok = _number("high")
    premise += [ok, low_ok, high_ok, low_card == low, high_card == high]
    kept = hand & ~(low | high)
    between = E.between_mask(low, high, REAL)
    # The held and drawn cards are apart, and the two opening cards come from the hand:
    # the sizes follow by arithmetic (which the solver handles far better than counting).
    size = n_held + n_drawn
    n_kept = size - 2
    wilds = count(kept & WILD)
    inside, outside = count(kept & STANDARD & between), count(kept & STANDARD & ~between)
    room = count(between & STANDARD)
    premise += count.definitions
    premise.append(inside + outside + wilds == n_kept)  # true by construction, for the solver

    def decode(m: z3.ModelRef) -> str:
        where = "dealt" if options["deal"] else f"held {_cards(m, held)}, drew"
        return (
            f"the opener {where} {_cards(m, drawn if not options['deal'] else held)}; "
            f"opens {value(m, low_n)} | {value(m, high_n)} and keeps {_cards(m, kept)}"
        )

    return Instance(
        premise=premise,
        quantities={
            **_pile_numbers(low_n, high_n, low_n, high_n),
            "room": room,
            "held": n_held,
            "drawn": n_drawn,
            "size": size,
            "kept": n_kept,
            "wilds": wilds,
            "inside": inside,
            "outside": outside,
        },
        decode=decode,
        descriptions=_OPENING_WORDS,
    )


def _coop(rules: SplitRules, options: Options) -> Instance:
    hand, aids = z3.BitVec("hand", E.WIDTH), z3.BitVec("aids", E.WIDTH)
    left, right, numbers, premise = _piles()
    premise += [
        hand != 0,
        z3.Not(E.at_least(hand, rules.most_held + 1)),
        hand & (left | right | AIDS) == 0,
        aids & ~AIDS == 0,
        aids & (left | right) == 0,
    ]
    turn = E.legal_turn(z3.BoolVal(True), z3.BoolVal(False), hand, left, right, aids, REAL)
    count = _Counts()
    size, wilds, n_playable, n_aids = (
        count(hand),
        count(hand & WILD),
        count(turn.plays),
        count(turn.aids),
    )
    premise += count.definitions
    premise.append(n_playable <= size)  # true by construction; it helps the solver

    def decode(m: z3.ModelRef) -> str:
        return (
            f"piles {value(m, numbers['left'])} | {value(m, numbers['right'])}; hand "
            f"{_cards(m, hand)}; aids {_cards(m, aids)}; may play {_cards(m, turn.plays)}"
            + ("; must reset: the table loses" if z3.is_true(m.eval(turn.reset)) else "")
        )

    return Instance(
        premise=premise,
        quantities={
            **numbers,
            "size": size,
            "wilds": wilds,
            "playable": n_playable,
            "aids": n_aids,
            "loses": turn.reset,
            "can_play": turn.plays != 0,
        },
        decode=decode,
        descriptions={
            **_PILE_WORDS,
            "size / wilds": f"cards in the hand (1 to {rules.most_held}) and its wild cards",
            "playable": "cards of the hand that may be played",
            "aids": "aids (the 0, the 100) still usable",
            "loses": "whether the player must reset, which loses the game",
            "can_play": "whether a card from hand may be played",
        },
    )


def _domains(rules: SplitRules) -> dict[str, Domain]:
    """The domains that depend on ``rules``: the opening and the cooperative turn."""
    return {
        "opening": Domain(
            "opening",
            "new piles after a reset (deal=1: the dealer's opening), before any card is put under",
            partial(_opening, rules),
            {"deal": (0, 1)},
        ),
        "coop": Domain(
            "coop",
            f"a cooperative turn: a hand of up to {rules.most_held} cards, two piles and the aids"
            " left",
            partial(_coop, rules),
        ),
    }


DOMAINS.update(_domains(PRINTED_RULES))


def build_domains(rules: SplitRules = PRINTED_RULES) -> dict[str, Domain]:
    """Split's query domains under ``rules``: the competitive turn's is shared, the others rebuilt.

    >>> from cardlaw.proofs.query import answer
    >>> answer("minimize opening (deal=1): kept", build_domains(SplitRules(cards_dealt=8))).value
    8
    """
    if rules == PRINTED_RULES:
        return dict(DOMAINS)
    return {**DOMAINS, **_domains(rules)}


EXAMPLES: Final[tuple[Example, ...]] = (
    yes("exists turn: size == 5 and playable == 0"),
    no("exists turn: size >= 2 and wilds >= 1 and playable == 0"),
    no("exists turn: size == 1 and wilds == 1 and can_play"),
    yes("forall turn: must_reset implies (wilds == 0 or size == 1)"),
    optimum("maximize turn: playable where size == 7", 7),
    optimum("minimize turn: gap where fits >= 1", 1),
    optimum("maximize opening: gap", 95),
    optimum("maximize opening: room", 86),
    optimum("minimize opening: gap", 0),
    no("exists opening: outside >= 1"),
    no("exists opening: kept == 0"),
    optimum("minimize opening: kept where held == 1", 1),
    optimum("maximize opening: kept where held == 1", 2),
    optimum("minimize opening (deal=1): kept", 7),
    no("exists coop: aids >= 1 and loses"),
    yes("exists coop: size == 7 and loses"),
)
"""Queries the rulebook shows with their answers; the tests check every one."""
