"""Euchre's obligation about scoring a hand: the whole scoring table, as the rules state it.

``euchre.score.one-team-scores``: whoever made trump, alone or not, for
every number of the five tricks the makers took, and (under the variant
lone-defender) with a defender alone or not, the hand scores exactly what
the rulebook's table says: the makers 1 for three or four tricks, 2 for a
march, 4 for a lone march; the defenders 2 for a euchre, a lone defender 4.
Exactly one team scores, and each entry is scored by some hand.  The table
is read from the rules (:class:`~spec.euchre.parameters.EuchreRules` and the
variant's flag), never from the encoding's parameters, which the mutants
change: a euchre worth 1 or 4, a march worth 4, a make worth 2 with a march
worth 1 are each refuted.  Every row of the table is put to the engine's
``hand_score`` when the witness is replayed.

>>> [(row.tricks, row.alone, row.scorer, row.points) for row in table(PRINTED_RULES)][:4]
[(0, False, 'defenders', 2), (0, True, 'defenders', 2), (1, False, 'defenders', 2), \
(1, True, 'defenders', 2)]
>>> [(row.tricks, row.alone, row.points, row.clause) for row in table(PRINTED_RULES)][-2:]
[(5, False, 2, 'euchre.score.march'), (5, True, 4, 'euchre.score.alone-march')]
>>> from cardlaw.proofs.euchre.support import REAL
>>> [m.id for m in obligations(REAL)[0].mutants]  # doctest: +NORMALIZE_WHITESPACE
['euchre.mutant.alone-march-2', 'euchre.mutant.maker-points-0', 'euchre.mutant.euchre-worth-1',
 'euchre.mutant.euchre-worth-4', 'euchre.mutant.march-worth-4', 'euchre.mutant.make-2-march-1']
"""

from __future__ import annotations

from functools import partial
from typing import Literal, NamedTuple

import z3

from cardlaw.engine.euchre import scoring as engine_scoring
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.support import Params, number_word, true, value
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["Row", "clause_of", "obligations", "table"]


class Row(NamedTuple):
    """One entry of the scoring table: a hand's tricks and who went alone, and its score."""

    tricks: int
    """Tricks the makers took."""
    alone: bool
    """The maker went alone."""
    defended: bool
    """A defender went alone (variant lone-defender)."""
    scorer: Literal["makers", "defenders"]
    points: int
    clause: str


def table(rules: EuchreRules, lone_defender: bool = False) -> tuple[Row, ...]:
    """The scoring table as the rulebook words it, under ``rules`` (and the variant's flag).

    Makers who take a majority but not every trick score MAKER_POINTS, alone
    or not [euchre.score.makers]; all the tricks, MARCH_POINTS, or alone
    ALONE_MARCH_POINTS [euchre.score.march, euchre.score.alone-march]; fewer
    than a majority, the defenders score EUCHRE_POINTS [euchre.score.euchred],
    a lone defender ALONE_MARCH_POINTS [euchre.ruling.lone-defender-score].
    """
    rows = []
    for tricks in range(rules.tricks + 1):
        for alone in (False, True):
            for defended in (False, True) if lone_defender else (False,):
                if tricks < rules.majority:
                    lone = "euchre.ruling.lone-defender-score"
                    rows.append(
                        Row(tricks, alone, defended, "defenders", rules.alone_march_points, lone)
                        if defended
                        else Row(tricks, alone, defended, "defenders", rules.euchre_points,
                                 "euchre.score.euchred")
                    )  # fmt: skip
                elif tricks < rules.tricks:
                    rows.append(
                        Row(tricks, alone, defended, "makers", rules.maker_points,
                            "euchre.score.makers")
                    )  # fmt: skip
                elif alone:
                    rows.append(
                        Row(tricks, alone, defended, "makers", rules.alone_march_points,
                            "euchre.score.alone-march")
                    )  # fmt: skip
                else:
                    rows.append(
                        Row(tricks, alone, defended, "makers", rules.march_points,
                            "euchre.score.march")
                    )  # fmt: skip
    return tuple(rows)


def clause_of(rules: EuchreRules, tricks: int, alone: bool, defended: bool = False) -> str:
    """The clause of the table's entry for a hand: how the rulebook scores it.

    >>> clause_of(PRINTED_RULES, 3, False), clause_of(PRINTED_RULES, 1, True, defended=True)
    ('euchre.score.makers', 'euchre.ruling.lone-defender-score')
    """
    row = _row_of(table(rules, lone_defender=True), tricks, alone, defended)
    return row.clause if row is not None else "euchre.score.one-team"


def _row_of(rows: tuple[Row, ...], tricks: int, alone: bool, defended: bool) -> Row | None:
    return next(
        (r for r in rows if (r.tricks, r.alone, r.defended) == (tricks, alone, defended)), None
    )


def _wanted(rules: EuchreRules) -> tuple[int, int, int]:
    """The points of making it, of a march and of a lone march: each must be scored."""
    return rules.maker_points, rules.march_points, rules.alone_march_points


def _one_team_scores(rules: EuchreRules, lone_defender: bool, p: Params) -> Problem:
    """Three independent hands, so that 1, 2 and 4 points can all be shown attained.

    The claims read the table from ``rules`` and the variant's flag (the
    reference); the hands are scored with ``p`` (which a mutant changes).
    """
    rows = table(rules, lone_defender)
    allowed = rules.hand_points
    premise: list[z3.BoolRef] = []
    claims: list[z3.BoolRef] = []
    hands = []
    for k in range(3):
        makers, tricks, alone = E.nat(f"makers{k}"), E.nat(f"tricks{k}"), z3.Bool(f"alone{k}")
        defended = z3.Bool(f"defended{k}")
        premise += [z3.ULE(makers, 1), z3.ULE(tricks, rules.tricks)]
        if not lone_defender:
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
        if k == 0:  # every entry of the table (the hands are alike: one stands for all)
            claims.append(
                z3.And(
                    *(
                        z3.Implies(
                            z3.And(tricks == r.tricks, alone == r.alone, defended == r.defended),
                            z3.And(
                                team == (makers if r.scorer == "makers" else 1 - makers),
                                points == r.points,
                            ),
                        )
                        for r in rows
                    )
                )
            )
        hands.append((makers, tricks, alone, defended, team, points))
    wanted = _wanted(rules)
    attained = z3.And(*(h[5] == v for h, v in zip(hands, wanted, strict=True)))

    def decode(m: z3.ModelRef) -> Witness:
        found = [
            (value(m, mk), value(m, tr), true(m, al), true(m, de), value(m, te), value(m, pt))
            for mk, tr, al, de, te, pt in hands
        ]
        parts = []
        for mk, tr, al, de, te, pt in found:
            text = (
                f"team {mk}{' alone' if al else ''} made it with {tr} tricks"
                f"{' against a lone defender' if de else ''}: team {te} scores {pt}"
            )
            row = _row_of(rows, tr, al, de)
            if row is not None:
                want = mk if row.scorer == "makers" else 1 - mk
                if (te, pt) != (want, row.points):
                    text += f" (the table: the {row.scorer} score {row.points} [{row.clause}])"
            parts.append(text)
        return Witness("; ".join(parts), data={"hands": tuple(found)})

    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _replay_score(rules: EuchreRules, lone_defender: bool, witness: Witness) -> Witness:
    """Ask the engine's scoring (under ``rules``) about each decoded hand and every table row."""
    rows = witness.data["hands"]
    hand_score = engine_scoring.hand_score  # through its module: a test may break it
    agrees = all(hand_score(mk, tr, al, rules, de) == (te, pt) for mk, tr, al, de, te, pt in rows)
    wrong = [
        f"{r.tricks} tricks{' alone' if r.alone else ''}"
        f"{' against a lone defender' if r.defended else ''} [{r.clause}]"
        for r in table(rules, lone_defender)
        for makers in (0, 1)
        if hand_score(makers, r.tricks, r.alone, rules, r.defended)
        != (makers if r.scorer == "makers" else 1 - makers, r.points)
    ]
    said = "; the engine's hand_score agrees, and scores every row of the table as it says"
    if not agrees or wrong:
        said = "; the engine's hand_score does NOT agree" + (
            f": it scores otherwise {', '.join(dict.fromkeys(wrong))}" if wrong else ""
        )
    return witness.replayed_as(said, agrees and not wrong)


def _listed(points: list[int], last: str) -> str:
    """``1, 2 or 4``: the points in words' order."""
    shown = [str(p) for p in points]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} {last} {shown[-1]}"


def _other(value: int, wrong: int) -> int:
    """``wrong``, or the next number if the rules already give it: a mutant changes a value."""
    return wrong if wrong != value else wrong + 1


def _mutants(rules: EuchreRules) -> tuple[Mutant, ...]:
    """A lone march worth another score, a hand that scores nothing, and four wrong tables."""
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
    low, high = _other(rules.euchre_points, 1), _other(rules.euchre_points, 4)
    march = _other(rules.march_points, 4)
    make, marched = _other(rules.maker_points, 2), _other(rules.march_points, 1)
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
        Mutant(
            f"euchre.mutant.euchre-worth-{low}", f"a euchre worth {low}", {"euchre_points": low}
        ),
        Mutant(
            f"euchre.mutant.euchre-worth-{high}", f"a euchre worth {high}", {"euchre_points": high}
        ),
        Mutant(
            f"euchre.mutant.march-worth-{march}", f"a march worth {march}", {"march_points": march}
        ),
        Mutant(
            f"euchre.mutant.make-{make}-march-{marched}",
            f"a make worth {make} and a march worth {marched}",
            {"maker_points": make, "march_points": marched},
        ),
    )


def obligations(
    real: Params, rules: EuchreRules = PRINTED_RULES, lone_defender: bool | None = None
) -> Obligations:
    """The obligations this module proves, in the order they are listed, under ``rules``.

    * ``euchre.score.one-team-scores``: every hand played scores by the table, for one team.

    ``real`` are the encoding's parameters of ``rules``; ``lone_defender`` the
    configuration's flag (by default ``real``'s, read once here: the reference).
    """
    lone = bool(real["lone_defender"]) if lone_defender is None else lone_defender
    points = _listed(sorted(rules.hand_points), "or")
    wanted = _listed(sorted(set(_wanted(rules))), "and")
    majority, tricks = number_word(rules.majority), number_word(rules.tricks)
    most = rules.tricks - 1
    between = (
        number_word(most)
        if most == rules.majority
        else f"{majority} or {number_word(most)}"
        if most == rules.majority + 1
        else f"{majority} to {number_word(most)}"
    )
    made = (
        f"makers who take {between} tricks score {rules.maker_points}, "
        if rules.makers_can_make_it
        else ""
    )
    lone_text = f", a lone defender {rules.alone_march_points}" if lone else ""
    every = "both" if rules.tricks == 2 else f"all {tricks}"
    scored = (
        f"{made}{every} {rules.march_points}, {every} alone "
        f"{rules.alone_march_points}; makers who take fewer than {majority} are euchred and "
        f"the defenders score {rules.euchre_points}{lone_text}"
    )
    return (
        claim(
            "euchre.score.one-team-scores",
            "Every hand that is played, whoever made trump, alone or not, and "
            f"whatever number of the {tricks} tricks the makers took"
            + (", with a defender alone or not" if lone else "")
            + f", scores by the table: {scored}. Exactly one team scores, the points are "
            f"{points}, and each of {wanted} is scored by some hand.",
            (
                "euchre.score.makers",
                "euchre.score.march",
                "euchre.score.alone-march",
                "euchre.score.euchred",
                "euchre.score.one-team",
                *(("euchre.ruling.lone-defender-score",) if lone else ()),
            ),
            partial(_one_team_scores, rules, lone),
            real,
            *_mutants(rules),
            replay=partial(_replay_score, rules, lone),
            engine=("engine.euchre.scoring.hand_score",),
        ),
    )
