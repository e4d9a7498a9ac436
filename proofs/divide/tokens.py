"""Divide's token supply: no stack and not the bonus supply ever runs out below zero.

>>> ob = supply_never_negative(5)
>>> ob.id, ob.params["players"], [m.id for m in ob.mutants]
('divide.tokens.supply-never-negative.5p', 5, ['divide.mutant.bonus-supply-4'])
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.scenarios import one_suit_sweep
from cardlaw.proofs.divide.support import Params, record_witness, sequence_text, trick_sequence
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState
from cardlaw.spec.parameters import spelled

__all__ = ["supply_never_negative"]


def _supply(p: Params) -> Problem:
    winners, suits, premise = trick_sequence(p)
    tokens = E.trick_tokens(suits, p)
    claim = z3.And(
        [z3.And(*(s >= 0 for s in row)) for row in tokens.stacks]
        + [b >= 0 for b in tokens.supply]
        + [z3.Not(e) for e in tokens.empty]
    )

    def decode(m: z3.ModelRef) -> Witness:
        empty = [k + 1 for k, e in enumerate(tokens.empty) if z3.is_true(m.eval(e))]
        if empty:
            first = "trick " + str(empty[0])
            return Witness(
                f"a round whose {first} finds the bonus supply empty: "
                + sequence_text(m, winners, suits)
            )
        return Witness("a round that takes every bonus token: " + sequence_text(m, winners, suits))

    return Problem(premise=premise, claim=claim, attained=tokens.supply[-1] == 0, decode=decode)


def _sweep_replay(players: int, rules: DivideRules) -> Callable[[Witness], Witness]:
    stack, supply, tricks = rules.suit_tokens, rules.bonus_tokens, rules.hand_size
    bonus_won = min(supply, max(0, tricks - stack))
    empty = max(0, tricks - stack - supply)
    points = min(stack, tricks) * rules.suit_points + bonus_won * rules.bonus_points

    def replay(witness: Witness) -> Witness:
        def shows(state: DivideState) -> bool:
            tokens = sum(state.taken) + sum(state.bonus_taken)
            return (
                sum(state.bonus_taken) == supply
                and state.bonus == 0
                and len(state.tricks) - tokens == empty
            )

        real = record_witness("", one_suit_sweep(players, rules), players, shows, rules)
        if not real.replayed:
            return Witness(
                f"{witness.text}.\nNo real round is built for these rules: the one-suit sweep that "
                "realises it is written for the printed deal and exchange sizes.",
                real.record,
                False,
            )
        nothing = ""
        if empty:
            tricks_find = "trick that finds" if empty == 1 else "tricks that find"
            nothing = (
                f", and {spelled(empty)} {tricks_find} the bonus supply empty and takes no token"
                " [divide.ruling.bonus-supply]"
            )
        text = (
            f"{witness.text}.\nRealised in a real round ({players} players): seat 0 secures A♠ K♠, "
            "gets Q♠ J♠ back from its offers and 10♠ 9♠, 8♠ 7♠ from its neighbours, a 2 is "
            f"trump, and seat 0 wins all {spelled(tricks)} tricks with Spades: "
            f"{spelled(min(stack, tricks))} Spade tokens and all {spelled(supply)} bonus tokens"
            f"{nothing}, {points} points."
        )
        return Witness(text, real.record, real.replayed)

    return replay


def supply_never_negative(n: int, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.tokens.supply-never-negative.{n}p``: the supplies never run out, tightly."""
    return claim(
        f"divide.tokens.supply-never-negative.{n}p",
        f"With {n} players, over every sequence of {spelled(rules.hand_size)} trick winners and "
        "winning suits, no suit stack and not the bonus supply ever goes below zero (no trick "
        "finds the bonus supply empty); and the bound is tight: a round can take all "
        f"{spelled(rules.bonus_tokens)} bonus tokens.",
        (
            "divide.components.tokens",
            "divide.score.suit-token",
            "divide.score.bonus-token",
            "divide.ruling.bonus-supply",
            "divide.trick.count",
        ),
        _supply,
        E.spec_params(n, rules=rules),
        Mutant("divide.mutant.bonus-supply-4", "a bonus supply of 4", {"bonus_tokens": 4}),
        replay=_sweep_replay(n, rules),
        engine=("engine.divide.play.apply_play", "engine.divide.scoring.take_token"),
    )
