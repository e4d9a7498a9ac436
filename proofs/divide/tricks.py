"""Divide's tricks: the legal plays are exactly the rules', and every trick has one winner.

>>> [legal_play_exists(v).id for v in ("printed", "own")]
['divide.trick.legal-play-exists', 'divide.trick.legal-play-exists.own-suit']
>>> unique_winner(5).budget == HEAVY_BUDGET
True
"""

from __future__ import annotations

from functools import partial

import z3

from cardlaw.engine.divide import tricks as T
from cardlaw.engine.divide.tricks import trick_winner
from cardlaw.proofs.budget import HEAVY_BUDGET
from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.support import Params, model_value, rank_label, symbolic_cards
from cardlaw.proofs.playout import trick_replay
from cardlaw.proofs.terms import Play
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["legal_play_exists", "unique_winner"]

# --- legal plays -----------------------------------------------------------------


def _as_worded(ref: Params, t: Play, legal: z3.BitVecRef) -> z3.BoolRef:
    """The legal cards are exactly those the rules name, card by card, read from the spec.

    Leading, a card of the hand may be led unless it is of the Trump Rank and
    the hand holds a card that is not [divide.trick.lead-restriction].
    Following, a card may be played if it follows the led card, or if no card
    of the hand does [divide.trick.follow-suit, divide.trick.void]; a card
    follows when it is of the led card's suit, or, under the variant
    trump-rank-own-suit, when both are Trump Rank cards or both are of the
    same suit and neither is [divide.ruling.trump-rank-suit].  ``ref`` is the
    variant the claim is stated for (never a mutant's parameters).
    """
    cards = [Card(c) for c in range(52)]
    own = ref["trump_suit"] == "own"

    def held(card: Card) -> z3.BoolRef:
        return t.hand & z3.BitVecVal(1 << int(card), E.MASK_BITS) != 0

    def trump(card: Card) -> z3.BoolRef:
        return t.trump == card.rank.index

    led_suit, led_trump = E.suit(t.led), E.rank(t.led) == t.trump

    def follows(card: Card) -> z3.BoolRef:
        same_suit = led_suit == int(card.suit)
        if not own:
            return same_suit
        return z3.If(led_trump, trump(card), z3.And(same_suit, z3.Not(trump(card))))

    all_trump = z3.And(*(z3.Implies(held(c), trump(c)) for c in cards))
    can_follow = z3.Or(*(z3.And(held(c), follows(c)) for c in cards))
    return z3.And(
        *(
            (legal & z3.BitVecVal(1 << int(c), E.MASK_BITS) != 0)
            == z3.And(
                held(c),
                z3.If(
                    t.leading,
                    z3.Or(z3.Not(trump(c)), all_trump),
                    z3.Or(follows(c), z3.Not(can_follow)),
                ),
            )
            for c in cards
        )
    )


def _excused_by_trump(t: Play) -> z3.BoolRef:
    """Following, the hand holds a card of the led suit and a Trump Rank card of another suit.

    The rule document's own example (Trump Rank 7, Hearts led, K♥ and 7♠ in
    hand: only K♥ may be played): the situation in which holding a trump must
    not excuse following suit.
    """
    led_suit = E.suit(t.led)
    return z3.And(
        z3.Not(t.leading),
        E.rank(t.led) != t.trump,
        t.hand & E.suit_mask(led_suit) & ~E.rank_mask(t.trump) != 0,
        t.hand & E.rank_mask(t.trump) & ~E.suit_mask(led_suit) != 0,
    )


def _legal_play_exists(ref: Params, p: Params) -> Problem:
    play = E.any_play(p, "trump_rank")
    hand, trump, led, leading, premise = play.hand, play.trump, play.led, play.leading, play.premise
    legal = play.legal(p)
    claim = [legal != 0, legal & ~hand == 0, _as_worded(ref, play, legal)]

    def decode(m: z3.ModelRef) -> Witness:
        cards = CardSet(model_value(m, hand))
        is_leading = z3.is_true(m.eval(leading, model_completion=True))
        situation = "leading" if is_leading else f"after {Card(model_value(m, led)).pretty} is led"
        allowed = CardSet(model_value(m, legal))
        return Witness(
            f"hand {cards.pretty}, Trump Rank {rank_label(m, trump)}, {situation}: the rules as "
            f"encoded allow {allowed.pretty or 'nothing'}",
            data={
                "hand": cards.mask,
                "trick": () if is_leading else (model_value(m, led),),
                "trump_rank": model_value(m, trump),
                "own_suit": ref["trump_suit"] == "own",
                "legal": allowed.mask,
            },
        )

    return Problem(premise=premise, claim=claim, attained=_excused_by_trump(play), decode=decode)


def _replay_legal(witness: Witness) -> Witness:
    """Ask the engine's own function about the decoded hand: are its legal cards the same."""
    d = witness.data
    legal = T.legal_plays(d["hand"], d["trick"], d["trump_rank"], d["own_suit"])
    agrees = legal == d["legal"]
    rule = "divide.trick.follow-suit" if d["trick"] else "divide.trick.lead-restriction"
    return witness.replayed_as(
        f"; the engine allows {CardSet(legal).pretty or 'nothing'}"
        + ("" if agrees else f", which breaks the rule [{rule}]"),
        agrees,
    )


def legal_play_exists(variant: str, rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.trick.legal-play-exists``: the legal cards are exactly the rules'.

    The claim reads the variant from ``variant`` (the spec's flag), never
    from the parameters a mutant changes.
    """
    own = variant != "printed"
    ref = E.spec_params(4, variant, rules)
    reading = (
        "the Trump Rank cards forming a suit of their own (a led Trump Rank card asks for "
        "Trump Rank cards, and a Trump Rank card never follows its printed suit)"
        if own
        else "a Trump Rank card keeping its printed suit"
    )
    other = "printed" if own else "own"
    return claim(
        "divide.trick.legal-play-exists" + (".own-suit" if own else ""),
        f"For every hand of 1 to {rules.hand_size} cards, every Trump Rank and every situation "
        "(leading, or following any led card), some card of the hand is legal, and the legal "
        "cards are exactly those the rules name: leading, any card but a Trump Rank card unless "
        "every card of the hand is of the Trump Rank; following, the cards that follow the led "
        f"card if the hand holds one, else any card; {reading}. The rule document's example is "
        "attained: a hand that can follow suit and holds a Trump Rank card of another suit may "
        "not play that trump.",
        (
            "divide.trick.lead-restriction",
            "divide.trick.follow-suit",
            "divide.trick.void",
            "divide.trick.play-from-hand",
            "divide.ruling.trump-rank-suit",
        ),
        partial(_legal_play_exists, ref),
        ref,
        Mutant(
            "divide.mutant.strict-lead-restriction",
            "a lead restriction that forbids leading trump even from an all-trump hand",
            {"all_trump_may_lead": False},
        ),
        Mutant(
            "divide.mutant.trump-excuses-follow",
            "a Trump Rank card may be played even when the hand can follow suit",
            {"trump_excuses_follow": True},
        ),
        Mutant(
            f"divide.mutant.trump-suit-{other}",
            "the other reading of a Trump Rank card's suit",
            {"trump_suit": other},
        ),
        variant="trump-rank-own-suit" if own else "",
        replay=_replay_legal,
        engine=("engine.divide.tricks.legal_plays", "engine.divide.tricks.led_mask"),
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
        engine=("engine.divide.tricks.trick_winner",),
        budget=HEAVY_BUDGET,  # about 15 million units measured with 5 players
    )
