"""Divide's tricks: a legal play always exists, and every trick has exactly one winner.

>>> [legal_play_exists(v).id for v in ("printed", "own")]
['divide.trick.legal-play-exists', 'divide.trick.legal-play-exists.own-suit']
>>> unique_winner(5).budget == HEAVY_BUDGET
True
"""

from __future__ import annotations

import z3

from engine.divide.tricks import legal_plays, trick_winner
from proofs.budget import HEAVY_BUDGET
from proofs.core import Mutant, Obligation, Problem, Witness, claim
from proofs.divide import encoding as E
from proofs.divide.support import Params, model_value, rank_label, symbolic_cards
from proofs.playout import trick_replay
from spec.cards import Card, CardSet
from spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["legal_play_exists", "unique_winner"]

# --- legal plays -----------------------------------------------------------------


def _legal_play_exists(p: Params) -> Problem:
    play = E.any_play(p, "trump_rank")
    hand, trump, led, leading, premise = play.hand, play.trump, play.led, play.leading, play.premise
    legal = play.legal(p)
    claim = z3.And(legal != 0, legal & ~hand == 0)

    def decode(m: z3.ModelRef) -> Witness:
        cards = CardSet(model_value(m, hand))
        is_leading = z3.is_true(m.eval(leading, model_completion=True))
        situation = "leading" if is_leading else f"after {Card(model_value(m, led)).pretty} is led"
        return Witness(
            f"hand {cards.pretty}, Trump Rank {rank_label(m, trump)}, {situation}: no legal play",
            data={
                "hand": cards.mask,
                "trick": () if is_leading else (model_value(m, led),),
                "trump_rank": model_value(m, trump),
                "own_suit": p["trump_suit"] == "own",
            },
        )

    return Problem(premise=premise, claim=claim, decode=decode)


def _replay_legal(witness: Witness) -> Witness:
    """Ask the engine's own function about the decoded hand."""
    d = witness.data
    legal = legal_plays(d["hand"], d["trick"], d["trump_rank"], d["own_suit"])
    return witness.replayed_as(
        f"; the engine allows {CardSet(legal).pretty or 'nothing'}", legal == 0
    )


def legal_play_exists(variant: str, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.trick.legal-play-exists``: some card is always legal (``own``: own-suit variant)."""
    return claim(
        "divide.trick.legal-play-exists" + ("" if variant == "printed" else ".own-suit"),
        f"For every hand of 1 to {rules.hand_size} cards, every Trump Rank and every situation "
        "(leading, or following any led card), some card of the hand is legal: the lead "
        "restriction never blocks a player.",
        (
            "divide.trick.lead-restriction",
            "divide.trick.follow-suit",
            "divide.trick.void",
            "divide.ruling.trump-rank-suit",
        ),
        _legal_play_exists,
        E.spec_params(4, variant, rules),
        Mutant(
            "divide.mutant.strict-lead-restriction",
            "a lead restriction that forbids leading trump even from an all-trump hand",
            {"all_trump_may_lead": False},
        ),
        variant="" if variant == "printed" else "trump-rank-own-suit",
        replay=_replay_legal,
    )


# --- trick winner ------------------------------------------------------------------


def _unique_winner(p: Params) -> Problem:
    n = p["players"]
    cards, premise = symbolic_cards(n, "card")
    trump = z3.BitVec("trump_rank", 4)
    premise.append(z3.ULT(trump, 13))
    wins = [
        z3.And(*(E.beats(cards[i], cards[j], cards[0], trump, p) for j in range(n) if j != i))
        for i in range(n)
    ]
    position, _ = E.trick_winner(cards, trump, p)
    exactly_one = z3.And(
        z3.Or(*wins), *(z3.Not(z3.And(wins[i], wins[j])) for i in range(n) for j in range(i + 1, n))
    )
    engine_agrees = z3.Or(*(z3.And(position == i, wins[i]) for i in range(n)))

    def decode(m: z3.ModelRef) -> Witness:
        played = tuple(model_value(m, c) for c in cards)
        names = " ".join(Card(c).pretty for c in played)
        return Witness(
            f"Trump Rank {rank_label(m, trump)}, trick {names}: not exactly one winner",
            data={"trick": played, "trump_rank": model_value(m, trump)},
        )

    return Problem(premise=premise, claim=z3.And(exactly_one, engine_agrees), decode=decode)


_replay_trick = trick_replay(trick_winner, "trump_rank")
"""Ask the engine who wins the decoded trick."""


def unique_winner(n: int, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.trick.unique-winner.{n}p``: one card beats all others, and the engine agrees."""
    return claim(
        f"divide.trick.unique-winner.{n}p",
        f"Every trick of {n} distinct cards under every Trump Rank has exactly "
        "one card that beats all the others as the rules word it, and the engine's "
        "winner is that card.",
        (
            "divide.trick.winner-trump",
            "divide.trick.winner-led-suit",
            "divide.trick.off-suit",
            "divide.cards.suit-order",
            "divide.cards.rank-order",
        ),
        _unique_winner,
        E.spec_params(n, rules=rules),
        Mutant(
            "divide.mutant.suit-order-tie",
            "a suit order in which Hearts and Diamonds tie",
            {"suit_strength": (0, 1, 1, 3)},
        ),
        Mutant(
            "divide.mutant.rank-order-tie",
            "a rank order in which the King and the Ace tie",
            {"rank_strength": (*range(12), 11)},
        ),
        replay=_replay_trick,
        budget=HEAVY_BUDGET,  # about 15 million units measured with 5 players
    )
