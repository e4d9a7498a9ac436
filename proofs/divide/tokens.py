"""Divide's token supply: no stack and not the bonus supply ever runs out below zero.

>>> ob = supply_never_negative(5)
>>> ob.id, ob.params["players"], [m.id for m in ob.mutants]
('divide.tokens.supply-never-negative.5p', 5, ['divide.mutant.bonus-supply-4'])
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from proofs.core import Mutant, Obligation, Problem, Witness, claim
from proofs.divide import encoding as E
from proofs.divide.scenarios import one_suit_sweep
from proofs.divide.support import Params, record_witness, sequence_text, trick_sequence
from spec.divide.state import DivideState

__all__ = ["supply_never_negative"]


def _supply(p: Params) -> Problem:
    winners, suits, premise = trick_sequence(p)
    _, stacks, bonuses = E.trick_tokens(suits, p)
    claim = z3.And([z3.And(*(s >= 0 for s in row)) for row in stacks] + [b >= 0 for b in bonuses])
    return Problem(
        premise=premise,
        claim=claim,
        attained=bonuses[-1] == 0,
        decode=lambda m: Witness(
            "a round that takes every bonus token: " + sequence_text(m, winners, suits)
        ),
    )


def _sweep_replay(players: int) -> Callable[[Witness], Witness]:
    def replay(witness: Witness) -> Witness:
        def shows(state: DivideState) -> bool:
            return sum(state.bonus_taken) == E.spec_params()["bonus_tokens"] and state.bonus == 0

        real = record_witness("", one_suit_sweep(players), players, shows)
        text = (
            f"{witness.text}.\nRealised in a real round ({players} players): seat 0 secures A♠ K♠, "
            "gets Q♠ J♠ back from its offers and 10♠ 9♠, 8♠ 7♠ from its neighbours, a 2 is "
            "trump, and seat 0 wins all eight tricks with Spades: three Spade tokens and all "
            "five bonus tokens, 31 points."
        )
        return Witness(text, real.record, real.replayed)

    return replay


def supply_never_negative(n: int) -> Obligation:
    """``divide.tokens.supply-never-negative.{n}p``: the supplies stay at zero or above, tightly."""
    return claim(
        f"divide.tokens.supply-never-negative.{n}p",
        f"With {n} players, over every sequence of eight trick winners and "
        "winning suits, no suit stack and not the bonus supply ever goes below zero; and "
        "the bound is tight: a round can take all five bonus tokens.",
        (
            "divide.components.tokens",
            "divide.score.suit-token",
            "divide.score.bonus-token",
            "divide.ruling.bonus-supply",
            "divide.trick.count",
        ),
        _supply,
        E.spec_params(n),
        Mutant("divide.mutant.bonus-supply-4", "a bonus supply of 4", {"bonus_tokens": 4}),
        replay=_sweep_replay(n),
    )
