"""Euchre's obligations about tricks: a legal play always, one winner, the bowers.

For every hand of 1 to 5 cards and every trump: some card is legal and the
legal cards are exactly those the rules name; every trick of four (or, a
lone maker's, three) has exactly one winner, the engine's; and the bowers
win as the trump order says.  Each witness is put to the engine's own
function.

>>> from cardlaw.proofs.euchre.support import REAL
>>> [m.id for m in obligations(REAL)[2].mutants]
['euchre.mutant.left-bower-not-promoted', 'euchre.mutant.bowers-swapped']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import z3

from cardlaw.engine.euchre.tricks import legal_plays, trick_winner
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.support import (
    DECK_CARDS,
    REAL,
    SUITS,
    Params,
    card_vars,
    true,
    value,
)
from cardlaw.proofs.playout import trick_replay
from cardlaw.proofs.terms import Play
from cardlaw.spec.cards import Card, CardSet

__all__ = ["obligations"]


# --- legal plays ---------------------------------------------------------------------------


def _as_worded(t: Play, legal: z3.BitVecRef) -> z3.BoolRef:
    """The legal cards are exactly those the rules name.

    The rule as worded: a card follows when its suit is the led card's suit,
    the left bower (the other Jack of trump's colour) counting as a trump
    [euchre.cards.left-bower].
    """

    def rule_suit(card: z3.BitVecRef) -> z3.BitVecRef:
        return E.effective_suit(card, t.trump, REAL)

    def held(card: Card) -> z3.BoolRef:
        return t.hand & z3.BitVecVal(1 << card, E.MASK_BITS) != 0

    def follows(card: Card) -> z3.BoolRef:
        return rule_suit(z3.BitVecVal(int(card), E.CARD_BITS)) == rule_suit(t.led)

    can_follow = z3.Or(*(z3.And(held(c), follows(c)) for c in DECK_CARDS))
    return z3.And(
        *(
            (legal & z3.BitVecVal(1 << c, E.MASK_BITS) != 0)
            == z3.And(held(c), z3.Or(t.leading, follows(c), z3.Not(can_follow)))
            for c in DECK_CARDS
        )
    )


def _legal_decoder(t: Play, legal: z3.BitVecRef) -> Callable[[z3.ModelRef], Witness]:
    """How a model reads: the hand, the trump, the situation and the cards allowed."""

    def decode(m: z3.ModelRef) -> Witness:
        cards = CardSet(value(m, t.hand))
        is_leading = true(m, t.leading)
        situation = "leading" if is_leading else f"after {Card(value(m, t.led)).pretty} is led"
        allowed = CardSet(value(m, legal))
        return Witness(
            f"hand {cards.pretty}, trump {SUITS[value(m, t.trump)]}, {situation}: the rules "
            f"as encoded allow {allowed.pretty or 'nothing'}",
            data={
                "hand": cards.mask,
                "led": -1 if is_leading else value(m, t.led),
                "trump": value(m, t.trump),
                "legal": allowed.mask,
            },
        )

    return decode


def _legal_play_exists(ref: Params, p: Params) -> Problem:
    """Every hand of 1 to 5 cards (``ref``'s cards each), every trump, leading or following."""
    t = E.any_play(ref)
    legal = t.legal(p)
    return Problem(
        premise=t.premise,
        claim=[legal != 0, legal & ~t.hand == 0, _as_worded(t, legal)],
        decode=_legal_decoder(t, legal),
    )


def _replay_legal(witness: Witness) -> Witness:
    """Ask the engine's own function about the decoded hand."""
    d = witness.data
    legal = legal_plays(d["hand"], d["led"], d["trump"])
    return witness.replayed_as(
        f"; the engine allows {CardSet(legal).pretty or 'nothing'}", legal == d["legal"]
    )


# --- the winner of a trick ---------------------------------------------------------------------


def _trick_text(m: z3.ModelRef, cards: Sequence[z3.BitVecRef], trump: z3.BitVecRef) -> str:
    played = " ".join(Card(value(m, c)).pretty for c in cards)
    return f"trump {SUITS[value(m, trump)]}, the trick from the leader: {played}"


def _unique_winner(p: Params) -> Problem:
    """Tricks of four cards and of three (a lone maker's), under every trump."""
    trump = z3.BitVec("trump", 2)
    premise: list[z3.BoolRef] = []
    claims: list[z3.BoolRef] = []
    tricks = []
    for n in (4, 3):
        cards, valid = card_vars(n, f"card{n}_")
        premise += valid
        wins = [
            z3.And(*(E.beats(cards[i], cards[j], cards[0], trump, p) for j in range(n) if j != i))
            for i in range(n)
        ]
        position, _ = E.trick_winner(cards, trump, p)
        claims.append(
            z3.And(
                z3.Or(*wins),
                *(z3.Not(z3.And(wins[i], wins[j])) for i in range(n) for j in range(i + 1, n)),
            )
        )
        claims.append(z3.Or(*(z3.And(position == i, wins[i]) for i in range(n))))
        tricks.append(cards)

    def decode(m: z3.ModelRef) -> Witness:
        bad = next(
            (
                cards
                for k, cards in enumerate(tricks)
                if not (true(m, claims[2 * k]) and true(m, claims[2 * k + 1]))
            ),
            tricks[0],
        )
        return Witness(
            f"{_trick_text(m, bad, trump)}: not exactly one card beats all the others",
            data={"trick": tuple(value(m, c) for c in bad), "trump": value(m, trump)},
        )

    return Problem(premise=premise, claim=claims, decode=decode)


def _bowers(p: Params) -> Problem:
    """The right bower wins every trick it is in; the left bower every trick without it."""
    trump = z3.BitVec("trump", 2)
    cards, premise = card_vars(4, "card")
    position, _ = E.trick_winner(cards, trump, p)
    right, left = E.right_bower(trump, REAL), E.left_bower(trump, REAL)
    right_in = z3.Or(*(c == right for c in cards))
    right_wins = z3.And(*(z3.Implies(cards[i] == right, position == i) for i in range(4)))
    left_wins = z3.And(
        *(z3.Implies(z3.And(cards[i] == left, z3.Not(right_in)), position == i) for i in range(4))
    )

    def decode(m: z3.ModelRef) -> Witness:
        winner = value(m, position)
        return Witness(
            f"{_trick_text(m, cards, trump)}: the rules as encoded name "
            f"{Card(value(m, cards[winner])).pretty}",
            data={"trick": tuple(value(m, c) for c in cards), "trump": value(m, trump)},
        )

    return Problem(premise=premise, claim=[right_wins, left_wins], decode=decode)


_replay_trick = trick_replay(trick_winner, "trump")
"""Ask the engine who wins the decoded trick."""


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed, under ``real``.

    * ``euchre.trick.legal-play-exists``: a legal card always, exactly those the rules name.
    * ``euchre.trick.unique-winner``: one card beats all the others, and the engine names it.
    * ``euchre.trick.bowers``: the right bower always wins, the left bower but to the right.
    """
    return (
        claim(
            "euchre.trick.legal-play-exists",
            f"For every hand of 1 to {real['cards_each']} of the 24 cards, every trump suit "
            "and every "
            "situation (leading, or following any led card), some card of the hand is legal; "
            "and the legal cards are exactly those the rules name: any card when leading, "
            "else the cards of the led card's suit if the hand holds one, else any card, the "
            "left bower counting as a trump and not as its printed suit.",
            (
                "euchre.trick.follow-suit",
                "euchre.trick.void",
                "euchre.trick.play-from-hand",
                "euchre.cards.left-bower",
            ),
            partial(_legal_play_exists, real),
            real,
            Mutant(
                "euchre.mutant.left-bower-printed-suit",
                "the left bower counted in its printed suit for following suit",
                {"left_bower_is_trump": False},
            ),
            Mutant(
                "euchre.mutant.no-void-rule",
                "a player who cannot follow suit may play nothing",
                {"void_plays_any": False},
            ),
            replay=_replay_legal,
            engine=("engine.euchre.tricks.legal_plays",),
        ),
        claim(
            "euchre.trick.unique-winner",
            "Every trick of four distinct cards, and every trick of three (a lone "
            "maker's), under every trump suit, has exactly one card that beats all the others "
            "as the rules word it, and the engine's winner is that card.",
            (
                "euchre.trick.winner",
                "euchre.cards.trump-order",
                "euchre.cards.plain-order",
                "euchre.cards.left-bower",
            ),
            _unique_winner,
            real,
            Mutant(
                "euchre.mutant.bowers-tie",
                "a trump order in which the right and the left bower tie",
                {"trump_order": (("right", "left"), *REAL["trump_order"][2:])},
            ),
            Mutant(
                "euchre.mutant.plain-order-tie",
                "a plain suit order in which the Ace and the King tie",
                {
                    "plain_order": (REAL["plain_order"][0] + REAL["plain_order"][1],)
                    + REAL["plain_order"][2:]
                },
            ),
            replay=_replay_trick,
            engine=("engine.euchre.tricks.trick_winner",),
        ),
        claim(
            "euchre.trick.bowers",
            "In every trick under every trump suit, the right bower (the Jack of "
            "trump) wins whenever it is played, and the left bower (the other Jack of trump's "
            "colour) wins whenever it is played without the right bower: the engine names them.",
            (
                "euchre.cards.trump-order",
                "euchre.cards.left-bower",
                "euchre.trick.winner",
            ),
            _bowers,
            real,
            Mutant(
                "euchre.mutant.left-bower-not-promoted",
                "the left bower not promoted: it stays a plain Jack of its printed suit",
                {"left_bower_is_trump": False},
            ),
            Mutant(
                "euchre.mutant.bowers-swapped",
                "a trump order with the left bower above the right",
                {"trump_order": (("left",), ("right",), *REAL["trump_order"][2:])},
            ),
            replay=_replay_trick,
            engine=("engine.euchre.tricks.trick_winner",),
        ),
    )
