"""Divide's round points: the most and fewest a round and a player can score, all attained.

>>> point_bounds()
{'total-max': 31, 'total-min': 16, 'player-max': 31, 'player-min': 0}
>>> points("player-min", 0, 5).id
'divide.points.player-min.5p'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import z3

from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.scenarios import first_round_where, one_suit_sweep
from cardlaw.proofs.divide.support import Params, record_witness, sequence_text, trick_sequence
from cardlaw.spec.divide.invariants import round_points
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState

__all__ = ["point_bounds", "points"]

_WORDS: Final = {
    "total-max": "The most points a round can award in total is {b}",
    "total-min": "The fewest points a round can award in total is {b}",
    "player-max": "The most points one player can take in a round is {b}",
    "player-min": "The fewest points one player can take in a round is {b}",
}

_MUTANTS: Final = {
    "total-max": Mutant(
        "divide.mutant.four-tokens-per-suit", "four tokens per suit stack", {"suit_tokens": 4}
    ),
    "total-min": Mutant(
        "divide.mutant.suit-token-1", "suit tokens worth 1 point", {"suit_points": 1}
    ),
    "player-max": Mutant(
        "divide.mutant.four-tokens-per-suit", "four tokens per suit stack", {"suit_tokens": 4}
    ),
    "player-min": Mutant(
        "divide.mutant.bonus-penalty", "bonus tokens worth -5 points", {"bonus_points": -5}
    ),
}


def _points(kind: str, bound: int) -> Callable[[Params], Problem]:
    def build(p: Params) -> Problem:
        winners, suits, premise = trick_sequence(p)
        if kind.startswith("total"):
            # Every trick's token goes to exactly one seat, so the round's total is the sum of
            # the tricks' values: the seats need not be tracked.
            points = E.trick_values(suits, p)
        else:
            points, _ = E.round_points(winners, suits, p)
        total = z3.Sum(points)
        if kind == "total-max":
            claim, attained = total <= bound, total == bound
        elif kind == "total-min":
            claim, attained = total >= bound, total == bound
        elif kind == "player-max":
            claim = z3.And(*(x <= bound for x in points))
            attained = z3.Or(*(x == bound for x in points))
        else:
            claim = z3.And(*(x >= bound for x in points))
            attained = z3.Or(*(x == bound for x in points))
        return Problem(
            premise=premise,
            claim=claim,
            attained=attained,
            decode=lambda m: Witness(sequence_text(m, winners, suits)),
        )

    return build


def _points_replay(
    kind: str, bound: int, players: int, rules: DivideRules
) -> Callable[[Witness], Witness]:
    def replay(witness: Witness) -> Witness:
        def shows(state: DivideState) -> bool:
            row = round_points(state)
            if kind in ("total-max", "total-min"):
                return sum(row) == bound
            return bound in row

        if kind in ("total-max", "player-max"):
            actions = one_suit_sweep(players, rules)
        else:
            actions = first_round_where(shows, players, rules=rules) or []
        real = record_witness("", actions, players, shows, rules) if actions else Witness("")
        return Witness(
            f"abstract: {witness.text}.\nRealised in a real {players}-player round: "
            + ("yes, see the record" if real.replayed else "not found"),
            real.record,
            real.replayed,
        )

    return replay


def point_bounds(rules: DivideRules = PRINTED_RULES) -> dict[str, int]:
    """Each kind of bound and its value under ``rules``, in the order listed.

    The bounds are what the rules' numbers imply when every trick takes a
    token: one suit's stack, then bonus tokens.  Where a changed supply
    cannot pay every trick, the proof says so (the bound is not attained, or
    not a bound).
    """
    p = E.spec_params(rules=rules)
    tricks, stack = p["tricks"], min(p["suit_tokens"], p["tricks"])
    one_suit = stack * p["suit_points"] + (tricks - stack) * p["bonus_points"]
    return {
        "total-max": one_suit,
        "total-min": tricks * p["suit_points"],
        "player-max": one_suit,
        "player-min": 0,
    }


def points(kind: str, bound: int, n: int, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.points.{kind}.{n}p``: a round's points stay within ``bound``, which is attained."""
    return claim(
        f"divide.points.{kind}.{n}p",
        _WORDS[kind].format(b=bound) + f" ({n} players), and some round attains it.",
        (
            "divide.score.suit-token",
            "divide.score.bonus-token",
            "divide.score.round",
            "divide.trick.count",
        ),
        _points(kind, bound),
        E.spec_params(n, rules=rules),
        _MUTANTS[kind],
        replay=_points_replay(kind, bound, n, rules),
        engine=("engine.divide.play.apply_play", "engine.divide.scoring.take_token"),
    )
