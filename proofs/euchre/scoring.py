"""Euchre's obligation about scoring a hand: exactly one team scores, 1, 2 or 4 points.

Whoever made trump, alone or not, and whatever number of the five tricks
the makers took; each witness is put to the engine's ``hand_score``.

>>> from proofs.euchre.support import REAL
>>> [m.changes for m in obligations(REAL)[0].mutants]
[{'alone_march_points': 2}, {'maker_points': 0}]
"""

from __future__ import annotations

import z3

from engine.euchre.scoring import hand_score
from proofs.core import Mutant, Obligations, Problem, Witness, claim
from proofs.euchre import encoding as E
from proofs.euchre.support import Params, true, value
from spec.euchre import constants as K

__all__ = ["obligations"]


def _one_team_scores(p: Params) -> Problem:
    """Three independent hands, so that 1, 2 and 4 points can all be shown attained."""
    allowed = {K.MAKER_POINTS, K.MARCH_POINTS, K.ALONE_MARCH_POINTS, K.EUCHRE_POINTS}
    premise: list[z3.BoolRef] = []
    claims: list[z3.BoolRef] = []
    hands = []
    for k in range(3):
        makers, tricks, alone = E.nat(f"makers{k}"), E.nat(f"tricks{k}"), z3.Bool(f"alone{k}")
        premise += [z3.ULE(makers, 1), z3.ULE(tricks, K.TRICKS_PER_HAND)]
        makers_score, points = E.hand_score(tricks, alone, p)
        team = z3.If(makers_score, makers, 1 - makers)
        gains = [z3.If(team == t, points, E.count(0)) for t in (0, 1)]
        claims += [
            # Exactly one team scores, and a score is 1, 2 or 4 [euchre.score.one-team].
            z3.Or(z3.And(gains[0] != 0, gains[1] == 0), z3.And(gains[1] != 0, gains[0] == 0)),
            z3.Or(*(points == v for v in sorted(allowed))),
            # The makers score exactly when they take a majority [euchre.score.euchred].
            (team == makers) == z3.UGE(tricks, K.MAJORITY),
        ]
        hands.append((makers, tricks, alone, team, points))
    wanted = (K.MAKER_POINTS, K.MARCH_POINTS, K.ALONE_MARCH_POINTS)
    attained = z3.And(*(h[4] == v for h, v in zip(hands, wanted, strict=True)))

    def decode(m: z3.ModelRef) -> Witness:
        rows = [
            (value(m, mk), value(m, tr), true(m, al), value(m, te), value(m, pt))
            for mk, tr, al, te, pt in hands
        ]
        text = "; ".join(
            f"team {mk}{' alone' if al else ''} made it with {tr} tricks: team {te} scores {pt}"
            for mk, tr, al, te, pt in rows
        )
        return Witness(text, data={"hands": tuple(rows)})

    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _replay_score(witness: Witness) -> Witness:
    """Ask the engine's scoring about each decoded hand."""
    rows = witness.data["hands"]
    agrees = all(hand_score(mk, tr, al) == (te, pt) for mk, tr, al, te, pt in rows)
    return witness.replayed_as(
        "; the engine's hand_score agrees" + ("" if agrees else " NOT"), agrees
    )


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``euchre.score.one-team-scores``: every hand played gives points to exactly one team.
    """
    return (
        claim(
            "euchre.score.one-team-scores",
            "Every hand that is played, whoever made trump, alone or not, and "
            "whatever number of the five tricks the makers took, gives points to exactly one "
            "team: the makers when they took three or more, else the defenders; the points are "
            "1, 2 or 4, and each of 1, 2 and 4 is scored by some hand.",
            (
                "euchre.score.makers",
                "euchre.score.march",
                "euchre.score.alone-march",
                "euchre.score.euchred",
                "euchre.score.one-team",
            ),
            _one_team_scores,
            real,
            Mutant(
                "euchre.mutant.alone-march-2",
                "a march alone worth 2 points",
                {"alone_march_points": 2},
            ),
            Mutant(
                "euchre.mutant.maker-points-0",
                "makers who take three or four tricks score nothing",
                {"maker_points": 0},
            ),
            replay=_replay_score,
        ),
    )
