"""Euchre's obligation about the variant lone-defender (OpenSpiel's ``allow_lone_defender``).

``euchre.variant.lone-defender``: under the variant lone-defender
[euchre.ruling.defender-alone], for every dealer, every maker, going alone
or not, and every defender who goes alone or not:

* the first defender asked is a defender (the first from the dealer's left);
* the lone maker and the lone defender both take part, and each team keeps a
  seat in play;
* a trick holds one card for each seat in play: four, less one for each
  player alone (so two when both went alone);
* the first lead is a seat in play: the first from the dealer's left;
* makers held to fewer than a majority by a lone defender lose a lone
  march's points to it [euchre.ruling.lone-defender-score].

The seats are arithmetic modulo four; the claims state the rules as the
ruling words them, the encoding is the engine's way (the seats skipped, the
first seat found), which the mutants change: a first lead that skips only
the lone maker's partner, a lone defender's partner who still plays, and a
lone defender's euchre worth an ordinary one.  The witness is played through
the engine: the same dealer, maker and lone players in a real hand, whose
first lead, seats out, first trick and score under that rule must agree.

Nothing else of the rules changes: the scores a hand can make are the same
set (a lone defender's euchre is worth what a lone march is, and either
team may make trump), so the bounds of a game are those of the configuration
without the variant; :mod:`proofs.euchre.scoring` covers the hand's points
with the lone defender included.

>>> from cardlaw.proofs.core import check
>>> report = check(obligations()[0])
>>> report.status, report.ok, report.witness.replayed, [m.status for m in report.mutants]
('proved', True, True, ['refuted', 'refuted', 'refuted'])
"""

from __future__ import annotations

from functools import partial

import z3

from cardlaw.engine.euchre.deal import SHUFFLES
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre.support import Params, true, value
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.actions import DEFEND_ALONE, ORDER_UP, PASS, ChooseDealer
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage, seats_out

__all__ = ["obligations"]

_BITS = 4
"""Seats and counts as 4-bit vectors (seats 0 to 3, cards in a trick up to 4)."""


def _spec_params(rules: EuchreRules) -> Params:
    """The variant's rules as the spec states them, and the engine's way of applying them."""
    config = EuchreConfig(**dict(EUCHRE.variants["lone-defender"]))  # type: ignore[arg-type]  # a variant's options
    return {
        "lone_defender": config.lone_defender,
        "lead_skips_defender_partner": True,  # euchre.ruling.lone-lead, with two seats out
        "defender_partner_sits_out": True,  # euchre.ruling.defender-alone
        "lone_euchre_points": rules.alone_march_points,  # euchre.ruling.lone-defender-score
        "euchre_points": rules.euchre_points,
        "majority": rules.majority,
    }


def _seat(term: z3.BitVecRef) -> z3.BitVecRef:
    return z3.URem(term, K.PLAYERS)


def _lone(rules: EuchreRules, p: Params) -> Problem:
    dealer, maker, defender, tricks = (z3.BitVec(n, _BITS) for n in ("d", "m", "f", "t"))
    alone, defends = z3.Bool("alone"), z3.Bool("defends")
    partner = _seat(maker + 2)
    premise = [
        z3.ULT(dealer, K.PLAYERS),
        z3.ULT(maker, K.PLAYERS),
        z3.ULT(defender, K.PLAYERS),
        z3.ULE(tricks, rules.tricks),
        _seat(defender - maker) % 2 == 1,  # the lone defender is a defender
        z3.Implies(defends, z3.BoolVal(bool(p["lone_defender"]))),
    ]
    also_out = z3.And(defends, z3.BoolVal(bool(p["defender_partner_sits_out"])))

    def plays(seat: z3.BitVecRef) -> z3.BoolRef:  # the engine's seats in play
        return z3.Not(
            z3.Or(z3.And(alone, seat == partner), z3.And(also_out, seat == _seat(defender + 2)))
        )

    def skipped(seat: z3.BitVecRef) -> z3.BoolRef:  # the first lead's test of a seat
        if p["lead_skips_defender_partner"]:
            return z3.Not(plays(seat))
        return z3.And(alone, seat == partner)

    left = [_seat(dealer + k) for k in (1, 2, 3)]
    leader = z3.If(skipped(left[0]), z3.If(skipped(left[1]), left[2], left[1]), left[0])
    asked = z3.If(_seat(left[0] - maker) % 2 == 0, left[1], left[0])
    in_play = sum(z3.If(plays(z3.BitVecVal(s, _BITS)), 1, 0) for s in range(K.PLAYERS))
    euchred = z3.ULT(tricks, p["majority"])
    points = z3.If(defends, p["lone_euchre_points"], p["euchre_points"])

    # The claims, as the ruling words them: seats from the rules, not from ``plays``.
    def sits_out(seat: z3.BitVecRef) -> z3.BoolRef:
        return z3.Or(z3.And(alone, seat == partner), z3.And(defends, seat == _seat(defender + 2)))

    first_in_play = z3.If(sits_out(left[0]), z3.If(sits_out(left[1]), left[2], left[1]), left[0])
    want = K.PLAYERS - z3.If(alone, 1, 0) - z3.If(defends, 1, 0)
    claims = [
        _seat(asked - maker) % 2 == 1,
        plays(maker),
        z3.Implies(defends, plays(defender)),
        z3.Or(plays(maker), plays(partner)),
        z3.Or(plays(_seat(maker + 1)), plays(_seat(maker + 3))),
        in_play == want,
        plays(leader),
        leader == first_in_play,
        z3.Implies(
            euchred, points == z3.If(defends, rules.alone_march_points, rules.euchre_points)
        ),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        d, mk, f, t = (value(m, v) for v in (dealer, maker, defender, tricks))
        a, lone = true(m, alone), true(m, defends)
        who = f"seat {mk} makes trump{' alone' if a else ''}"
        against = f", seat {f} defends alone" if lone else ", nobody defends alone"
        return Witness(
            f"seat {d} deals, {who}{against}: seat {value(m, leader)} leads, "
            f"{value(m, in_play)} seats play",
            data={"dealer": d, "maker": mk, "alone": a, "defender": f if lone else -1,
                  "leader": value(m, leader), "in_play": value(m, in_play), "tricks": t},
        )  # fmt: skip

    attained = z3.And(defends, alone, euchred)  # both alone: two-card tricks, a lone euchre
    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _hand(data: dict[str, object]) -> EuchreState:
    """A real hand under lone-defender with the witness's dealer, maker and lone players."""
    dealer, maker, defender = (int(str(data[k])) for k in ("dealer", "maker", "defender"))
    config = EUCHRE.config(**EUCHRE.variants["lone-defender"])
    state = EUCHRE.apply(EUCHRE.new_game(config), ChooseDealer(dealer))
    state = EUCHRE.apply(state, SHUFFLES.outcome(0))
    while state.actor != maker:
        state = EUCHRE.apply(state, PASS)
    state = EUCHRE.apply(state, ORDER_UP[bool(data["alone"])])
    if state.stage == Stage.DISCARD:
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[0])
    while state.stage == Stage.DEFEND:
        state = EUCHRE.apply(state, DEFEND_ALONE if state.actor == defender else PASS)
    return state


def _replay(witness: Witness) -> Witness:
    """Play the witness's seats through the engine: first lead, seats out and a whole trick."""
    data = dict(witness.data)
    state = _hand(data)
    leader, outs = state.leader, seats_out(state)
    first = state
    while state.stage == Stage.TRICKS and not state.tricks:
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[0])
    cards = len(state.tricks[0][1]) if state.tricks else 0
    agrees = (
        first.stage == Stage.TRICKS
        and leader == data["leader"]
        and cards == data["in_play"]
        and first.defender == data["defender"]
        and not EUCHRE.violations(first)
    )
    return witness.replayed_as(
        f"; the engine leads from seat {leader}, seats {[s for s in outs if s >= 0]} sit out, "
        f"the first trick holds {cards} cards",
        agrees,
    )


def obligations(rules: EuchreRules = PRINTED_RULES) -> Obligations:
    """The lone-defender obligation under ``rules`` (the lone euchre's points follow them)."""
    p = _spec_params(rules)
    ordinary = rules.euchre_points  # the mutant: worth an ordinary euchre, or one more
    wrong = ordinary if ordinary != rules.alone_march_points else ordinary + 1
    return (
        claim(
            "euchre.variant.lone-defender",
            "Under lone-defender, for every dealer, maker and lone players: the first defender "
            "asked is a defender; the lone players take part and each team keeps a seat in "
            "play; a trick holds four cards less one for each player alone; the first lead is "
            "the first seat in play from the dealer's left; and a lone defender who euchres "
            f"the makers scores {rules.alone_march_points} points, a lone march's worth.",
            (
                "euchre.ruling.defender-alone",
                "euchre.ruling.lone-defender-score",
                "euchre.ruling.lone-lead",
                "euchre.trick.first-lead",
                "euchre.trick.clockwise",
            ),
            partial(_lone, rules),
            p,
            Mutant(
                "euchre.mutant.lead-skips-one",
                "the first lead skips only the lone maker's partner",
                {"lead_skips_defender_partner": False},
            ),
            Mutant(
                "euchre.mutant.defender-partner-plays",
                "the lone defender's partner still plays",
                {"defender_partner_sits_out": False},
            ),
            Mutant(
                f"euchre.mutant.lone-euchre-{wrong}",
                f"a lone defender's euchre worth {wrong} points",
                {"lone_euchre_points": wrong},
            ),
            variant="lone-defender",
            replay=_replay,
            engine=(
                "engine.euchre.bidding.first_defender",
                "engine.euchre.bidding.apply_defence",
                "engine.euchre.bidding.first_leader",
            ),
        ),
    )
