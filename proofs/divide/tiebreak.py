"""Divide's end of the game: the tiebreakers always name exactly one winner.

>>> ob = always_resolves(4)
>>> ob.id, len(ob.clauses), [m.id for m in ob.mutants][0]
('divide.tiebreak.always-resolves.4p', 7, 'divide.mutant.tiebreak-ignores-eighth-trick')
"""

from __future__ import annotations

import z3

from cardlaw.engine.divide.scoring import decide_winner
from cardlaw.proofs.budget import HEAVY_BUDGET
from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.support import Params, model_value, symbolic_cards
from cardlaw.spec.cards import Card
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["always_resolves"]


def _tiebreak(p: Params) -> Problem:
    n = p["players"]
    real = E.spec_params(n, rules=p["rules"])
    most = real["rounds"] * E.most_points_in_a_round(real)
    totals = [z3.Int(f"total{q}") for q in range(n)]
    bonus = [z3.Int(f"bonus{q}") for q in range(n)]
    eighth, premise = symbolic_cards(n, "eighth")
    premise += [z3.And(t >= 0, t <= most) for t in totals]
    premise += [z3.And(b >= 0, b <= real["bonus_tokens"]) for b in bonus]
    winners = E.tiebreak_winners(totals, bonus, eighth, p)
    exactly_one = z3.And(
        z3.Or(*winners),
        *(z3.Not(z3.And(winners[i], winners[j])) for i in range(n) for j in range(i + 1, n)),
    )

    # The second tiebreaker is really needed somewhere: two top totals, equal most bonus tokens.
    def top_pair(i: int, j: int) -> z3.BoolRef:
        return z3.And(
            totals[i] == totals[j],
            bonus[i] == bonus[j],
            *(totals[i] >= t for t in totals),
            *(z3.Implies(totals[k] == totals[i], bonus[i] >= bonus[k]) for k in range(n)),
        )

    needs_cards = z3.Or(*(top_pair(i, j) for i in range(n) for j in range(i + 1, n)))

    def decode(m: z3.ModelRef) -> Witness:
        chosen = [q for q in range(n) if z3.is_true(m.eval(winners[q], model_completion=True))]
        rows = ", ".join(
            f"seat {q}: {model_value(m, totals[q])} points, {model_value(m, bonus[q])} bonus, "
            f"last card {Card(model_value(m, eighth[q])).pretty}"
            + (" (wins)" if q in chosen else "")
            for q in range(n)
        )
        data = {
            "totals": tuple(model_value(m, t) for t in totals),
            "bonus": tuple(model_value(m, b) for b in bonus),
            "eighth": tuple(model_value(m, c) for c in eighth),
            "winners": tuple(chosen),
        }
        return Witness(rows, data=data)

    return Problem(premise=premise, claim=exactly_one, attained=needs_cards, decode=decode)


def _replay_tiebreak(witness: Witness) -> Witness:
    """Ask the engine's tiebreaker about the decoded final standings."""
    d = witness.data
    winners, decided_by, _ = decide_winner(d["totals"], d["bonus"], d["eighth"])
    agrees = winners == d["winners"]
    return witness.replayed_as(
        f"; the engine names seat {', '.join(map(str, winners))} ({decided_by})", agrees
    )


def always_resolves(n: int, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.tiebreak.always-resolves.{n}p``: one winner, and the second tiebreaker matters."""
    return claim(
        f"divide.tiebreak.always-resolves.{n}p",
        f"With {n} players, whatever the totals, bonus tokens and last-trick "
        "cards, the tiebreakers name exactly one winner, so a shared victory is never "
        "reached; and the second tiebreaker is sometimes needed.",
        (
            "divide.end.highest-total",
            "divide.tiebreak.bonus",
            "divide.tiebreak.eighth-trick",
            "divide.tiebreak.share",
            "divide.ruling.share",
            "divide.ruling.tiebreak-group",
            "divide.ruling.eighth-trick-comparison",
        ),
        _tiebreak,
        E.spec_params(n, rules=rules),
        Mutant(
            "divide.mutant.tiebreak-ignores-eighth-trick",
            "a tiebreak that ignores the eighth trick",
            {"tiebreak_eighth_trick": False},
        ),
        Mutant(
            "divide.mutant.suit-order-tie",
            "a suit order in which Hearts and Diamonds tie",
            {"suit_strength": (0, 1, 1, 3)},
        ),
        replay=_replay_tiebreak,
        engine=("engine.divide.scoring.decide_winner",),
        budget=HEAVY_BUDGET,  # about 13 million units measured with 5 players
    )
