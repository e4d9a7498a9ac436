"""Euchre's obligation about scoring a hand: exactly one team scores, 1, 2 or 4 points.

Whoever made trump, alone or not, and whatever number of the five tricks
the makers took (under the variant lone-defender, with a defender alone or
not); each witness is put to the engine's ``hand_score``.

>>> from proofs.euchre.support import REAL
>>> [m.changes for m in obligations(REAL)[0].mutants]
[{'alone_march_points': 2}, {'maker_points': 0}]
>>> [m.changes for m in obligations(REAL, EuchreRules(march_points=4))[0].mutants]
[{'alone_march_points': 5}, {'maker_points': 0}]
"""

from __future__ import annotations

from functools import partial

import z3

from engine.euchre.scoring import hand_score
from proofs.core import Mutant, Obligations, Problem, Witness, claim
from proofs.euchre import encoding as E
from proofs.euchre.support import Params, number_word, true, value
from spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["obligations"]


def _wanted(rules: EuchreRules) -> tuple[int, int, int]:
    """The points of making it, of a march and of a lone march: each must be scored."""
    return rules.maker_points, rules.march_points, rules.alone_march_points


def _one_team_scores(rules: EuchreRules, p: Params) -> Problem:
    """Three independent hands, so that 1, 2 and 4 points can all be shown attained.

    The claim reads the table from ``rules`` (the reference), the hands are
    scored with ``p`` (which a mutant changes).
    """
    allowed = rules.hand_points
    premise: list[z3.BoolRef] = []
    claims: list[z3.BoolRef] = []
    hands = []
    for k in range(3):
        makers, tricks, alone = E.nat(f"makers{k}"), E.nat(f"tricks{k}"), z3.Bool(f"alone{k}")
        defended = z3.Bool(f"defended{k}")
        premise += [z3.ULE(makers, 1), z3.ULE(tricks, rules.tricks)]
        if not p["lone_defender"]:
            premise.append(z3.Not(defended))
        makers_score, points = E.hand_score(tricks, alone, p, defended)
        team = z3.If(makers_score, makers, 1 - makers)
        gains = [z3.If(team == t, points, E.count(0)) for t in (0, 1)]
        claims += [
            # Exactly one team scores, and a score is 1, 2 or 4 [euchre.score.one-team].
            z3.Or(z3.And(gains[0] != 0, gains[1] == 0), z3.And(gains[1] != 0, gains[0] == 0)),
            z3.Or(*(points == v for v in sorted(allowed))),
            # The makers score exactly when they take a majority [euchre.score.euchred].
            (team == makers) == z3.UGE(tricks, rules.majority),
        ]
        hands.append((makers, tricks, alone, defended, team, points))
    wanted = _wanted(rules)
    attained = z3.And(*(h[5] == v for h, v in zip(hands, wanted, strict=True)))

    def decode(m: z3.ModelRef) -> Witness:
        rows = [
            (value(m, mk), value(m, tr), true(m, al), true(m, de), value(m, te), value(m, pt))
            for mk, tr, al, de, te, pt in hands
        ]
        text = "; ".join(
            f"team {mk}{' alone' if al else ''} made it with {tr} tricks"
            f"{' against a lone defender' if de else ''}: team {te} scores {pt}"
            for mk, tr, al, de, te, pt in rows
        )
        return Witness(text, data={"hands": tuple(rows)})

    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _replay_score(rules: EuchreRules, witness: Witness) -> Witness:
    """Ask the engine's scoring (under ``rules``) about each decoded hand."""
    rows = witness.data["hands"]
    agrees = all(hand_score(mk, tr, al, rules, de) == (te, pt) for mk, tr, al, de, te, pt in rows)
    return witness.replayed_as(
        "; the engine's hand_score agrees" + ("" if agrees else " NOT"), agrees
    )


def _listed(points: list[int], last: str) -> str:
    """``1, 2 or 4``: the points in words' order."""
    shown = [str(p) for p in points]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} {last} {shown[-1]}"


def _mutants(rules: EuchreRules) -> tuple[Mutant, Mutant]:
    """A lone march worth another score, and a hand that scores nothing."""
    others = {rules.maker_points, rules.march_points, rules.euchre_points}
    if rules.march_points != rules.alone_march_points and rules.alone_march_points not in others:
        wrong = rules.march_points  # no hand scores the lone march's points any more
    else:  # a score outside the table
        wrong = max(rules.hand_points) + 1
    zeroed = "maker_points" if rules.makers_can_make_it else "euchre_points"
    who = (
        "makers who take three or four tricks"
        if rules.makers_can_make_it and (rules.majority, rules.tricks) == (3, 5)
        else "makers who make it without a march"
        if rules.makers_can_make_it
        else "defenders who euchre the makers"
    )
    return (
        Mutant(
            f"euchre.mutant.alone-march-{wrong}",
            f"a march alone worth {wrong} points",
            {"alone_march_points": wrong},
        ),
        Mutant(
            f"euchre.mutant.{zeroed.removesuffix('_points').replace('_', '-')}-points-0",
            f"{who} score nothing",
            {zeroed: 0},
        ),
    )


def obligations(real: Params, rules: EuchreRules = PRINTED_RULES) -> Obligations:
    """The obligations this module proves, in the order they are listed, under ``rules``.

    * ``euchre.score.one-team-scores``: every hand played gives points to exactly one team.

    ``real`` are the encoding's parameters of ``rules``.
    """
    points = _listed(sorted(rules.hand_points), "or")
    wanted = _listed(sorted(set(_wanted(rules))), "and")
    return (
        claim(
            "euchre.score.one-team-scores",
            "Every hand that is played, whoever made trump, alone or not, and "
            f"whatever number of the {number_word(rules.tricks)} tricks the makers took, gives "
            "points to exactly one team: the makers when they took "
            f"{number_word(rules.majority)} or more, else the defenders; the points are "
            f"{points}, and each of {wanted} is scored by some hand.",
            (
                "euchre.score.makers",
                "euchre.score.march",
                "euchre.score.alone-march",
                "euchre.score.euchred",
                "euchre.score.one-team",
            ),
            partial(_one_team_scores, rules),
            real,
            *_mutants(rules),
            replay=partial(_replay_score, rules),
        ),
    )
