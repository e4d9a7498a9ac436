"""Divided Ranks' showdown: the document's full-house example, and the Goal against the Scoring.

The full-house showdown cannot happen; the Goal's "the single weakest hand
loses" is not what the Scoring decides.

>>> p = E.spec_params()
>>> obligations(p)[0].clauses
('divided-ranks.score.order', 'divided-ranks.cards.pack')
"""

from __future__ import annotations

import z3

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.support import Params, decoded_cards, symbolic_hand, with_nines
from cardlaw.proofs.terms import model_int
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import Build
from cardlaw.spec.divided_ranks.state import Stage

__all__ = ["obligations"]


def _full_house_example(p: Params) -> Problem:
    """Four disjoint hands: seat 0's two full houses against seat 1's full house and quads."""
    hands = [symbolic_hand(name, p) for name in ("weaker0", "stronger0", "weaker1", "stronger1")]
    masks = [h for h, _, _ in hands]
    premise: list[z3.BoolRef] = [ok for _, _, ok in hands]
    premise += [masks[i] & masks[j] == 0 for i in range(4) for j in range(i + 1, 4)]
    keys = [E.strength_key(h, p) for h in masks]
    premise += [z3.ULE(keys[0], keys[1]), z3.ULE(keys[2], keys[3])]
    full, quads = E.LADDER.index("full house"), E.LADDER.index("four of a kind")
    (_, w0, _), (_, s0, _), (_, w1, _), (_, s1, _) = hands
    example = z3.And(
        w0.category == full, s0.category == full, w1.category == full, s1.category == quads
    )

    def decode(m: z3.ModelRef) -> Witness:
        shown = [decoded_cards(m, h, p).pretty for h in masks]
        return Witness(
            f"seat 0 builds {shown[0]} / {shown[1]}, seat 1 builds {shown[2]} / {shown[3]}"
        )

    return Problem(premise=premise, claim=z3.Not(example), decode=decode)


def _weakest_hand_loses(p: Params) -> Problem:
    """Two builds from one pack: the seat holding the single weakest of the four hands loses."""
    hands = [symbolic_hand(name, p) for name in ("hand0", "hand1", "hand2", "hand3")]
    masks = [h for h, _, _ in hands]
    premise: list[z3.BoolRef] = [ok for _, _, ok in hands]
    premise += [masks[i] & masks[j] == 0 for i in range(4) for j in range(i + 1, 4)]
    builds = [E.build(masks[0], masks[1], p), E.build(masks[2], masks[3], p)]
    result, step = E.showdown(builds, p)
    weaker = E.compare(builds[0].weaker_strength, builds[1].weaker_strength, p)
    goal = z3.And(z3.Implies(weaker == -1, result == -1), z3.Implies(weaker == 1, result == 1))

    def decode(m: z3.ModelRef) -> Witness:
        shown = [(decoded_cards(m, b.weaker, p), decoded_cards(m, b.stronger, p)) for b in builds]
        weakest = 1 if model_int(m, weaker) == 1 else 0  # the seat with the weakest hand
        won = "seat 0" if model_int(m, result) == 1 else "seat 1"
        at = model_int(m, step)
        return Witness(
            f"seat 0 builds {shown[0][0].pretty} / {shown[0][1].pretty}, seat 1 builds "
            f"{shown[1][0].pretty} / {shown[1][1].pretty}: seat {weakest} holds the single "
            f"weakest hand, {shown[weakest][0].pretty}, and {won} wins at step {at}",
            data={"builds": tuple((w.mask, s.mask) for w, s in shown), "weakest": weakest},
        )

    return Problem(premise=premise, claim=goal, decode=decode)


def _replay_weakest(witness: Witness) -> Witness:
    """Play the two builds in a real game state; the engine's result must name the same winner."""
    (w0, s0), (w1, s1) = witness.data["builds"]
    state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config())._replace(
        stage=Stage.BUILD, actor=0, reserve_first=0, hands=(w0 | s0, w1 | s1)
    )
    state = DIVIDED_RANKS.apply(state, Build(CardSet(w0), CardSet(s0)))
    state = DIVIDED_RANKS.apply(state, Build(CardSet(w1), CardSet(s1)))
    result = DIVIDED_RANKS.result(state)
    agrees = result is not None and result.winner == witness.data["weakest"]
    said = (
        f"; the engine scores it: seat {result.winner} wins, by {result.decided_by}"
        if result
        else ""
    )
    return witness.replayed_as(said, agrees)


def obligations(p: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``divided-ranks.score.full-house-example-unreachable``: the document's showdown is not.
    * ``divided-ranks.score.weakest-hand-loses``: the Goal's sentence, refuted by the Scoring.
    """
    return (
        claim(
            "divided-ranks.score.full-house-example-unreachable",
            "The document illustrates the scoring with both weaker hands full houses "
            "and one stronger hand four of a kind against a stronger full house. That "
            "showdown never happens: over every two builds made from one pack (four disjoint "
            "hands), there are not enough cards for three full houses and four of a kind at "
            "once. The principle it illustrates does hold, for example with three of a kind "
            "as both weaker hands (see cardlaw query divided-ranks).",
            ("divided-ranks.score.order", "divided-ranks.cards.pack"),
            _full_house_example,
            p,
            Mutant(
                "divided-ranks.mutant.pack-with-nines",
                "a pack with the Nines (Nine to Ace): enough cards for that showdown",
                {"ranks": with_nines(p)},
            ),
        ),
        claim(
            "divided-ranks.score.weakest-hand-loses",
            "The Goal's sentence: whoever holds the single weakest of the four hands loses. "
            "False under the Scoring, which compares the categories of both hands before the "
            "weaker hands in full: when the weaker hands share a category, the better stronger "
            "category wins even for the player whose weaker hand is the weakest at the table. "
            "The Scoring decides [divided-ranks.ruling.goal-and-scoring].",
            ("divided-ranks.ruling.goal-and-scoring", "divided-ranks.score.order"),
            _weakest_hand_loses,
            p,
            Mutant(
                "divided-ranks.mutant.weaker-in-full-first",
                "a scoring that compares the weaker hands in full first, then the stronger",
                {"score_steps": "weaker-in-full-first"},
            ),
            expected="fails",
            replay=_replay_weakest,
            engine=(
                "engine.divided_ranks.build.apply_build",
                "engine.divided_ranks.scoring.decide",
            ),
        ),
    )
