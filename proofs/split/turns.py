"""Split's obligations about a turn: a legal action always exists, and what the middle takes.

For every hand against every pair of piles: the player to act always has a
legal action and resets are open exactly when the rules say; every card
that may go into the middle comes from the hand and, when standard, lies
strictly between the piles; and counting the pile numbers as between would
change nothing.

>>> from cardlaw.proofs.split.support import REAL
>>> turn, middle, _ = obligations(REAL)
>>> turn.id, middle.clauses[:2]
('split.turn.legal-action-exists', ('split.turn.play-between', 'split.ruling.strictly-between'))
"""

from __future__ import annotations

import z3

from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.support import (
    AIDS,
    STANDARD,
    Params,
    card,
    cards,
    mask_var,
    mask_vars,
    piles,
    playable_card,
    strictly_between,
    true,
)

__all__ = ["obligations"]


# --- every turn has a legal action ---------------------------------------------------------------


def _legal_action_exists(p: Params) -> Problem:
    """Every turn of either game: any hand, piles, middle card and aids."""
    cooperative, moving = z3.Bool("cooperative"), z3.Bool("moving")
    hand, middle, aids = mask_vars("hand", "middle", "aids")
    left, right, premise = piles()
    premise += [
        hand != 0,
        hand & (left | right) == 0,
        z3.If(moving, z3.And(E.is_card(middle), middle & (hand | left | right) == 0), middle == 0),
        aids & ~AIDS == 0,
        aids & (left | right | middle) == 0,
        z3.If(cooperative, hand & AIDS == 0, aids == 0),
    ]
    turn = E.legal_turn(cooperative, moving, hand, left, right, aids, p)
    blocked = z3.And(z3.Not(moving), turn.plays == 0, turn.aids == 0)
    claims = [
        z3.Or(turn.moves, turn.plays != 0, turn.aids != 0, turn.reset),
        # A player who can play nothing must reset (and, cooperatively, loses).
        z3.Implies(blocked, turn.reset),
        # Cooperatively, a reset comes only when nothing else can be done.
        z3.Implies(z3.And(cooperative, turn.reset), blocked),
        # Competitively, a reset is open at any point of the turn before a card is played.
        z3.Implies(z3.Not(cooperative), turn.reset),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        mode = "cooperative" if true(m, cooperative) else "competitive"
        stage = f"moving the middle card {card(m, middle)}" if true(m, moving) else "playing a card"
        return Witness(
            f"{mode}, piles {card(m, left)} | {card(m, right)}, {stage}, hand "
            f"{cards(m, hand)}, aids {cards(m, aids)}: the rules as encoded allow "
            f"plays {cards(m, turn.plays)}, aids {cards(m, turn.aids)}, reset "
            f"{'yes' if true(m, turn.reset) else 'no'}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


# --- the middle card ----------------------------------------------------------------------------


def _middle_between(p: Params) -> Problem:
    """Every card a player may put in the middle, against every pair of piles."""
    hand, c, left, right, premise = playable_card(p)
    claims = [
        c & ~hand == 0,
        z3.Implies(c & STANDARD != 0, strictly_between(c, left, right)),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {card(m, left)} | {card(m, right)}, hand {cards(m, hand)}: the rules as "
            f"encoded let {card(m, c)} go into the middle"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


def _pile_numbers(p: Params) -> Problem:
    """Strictly between, or counting the pile numbers: the same cards, since numbers are unique."""
    hand = mask_var("hand")
    left, right, premise = piles()
    premise.append(hand != 0)
    if p["one_card_per_number"]:
        premise.append(hand & (left | right) == 0)
    low = z3.If(z3.ULT(left, right), left, right)
    high = z3.If(z3.ULT(left, right), right, left)
    inclusive = ((high << 1) - 1) & ~(low - 1)
    strict = E.playable_mask(hand, left, right, p) & STANDARD
    claim = strict == hand & STANDARD & inclusive

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {card(m, left)} | {card(m, right)}, hand {cards(m, hand)}: counting the "
            "pile numbers as between lets more cards be played"
        )

    return Problem(premise=premise, claim=claim, decode=decode)


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``split.turn.legal-action-exists``: a legal action always, and resets as the rules say.
    * ``split.turn.middle-between``: a card into the middle is held, and strictly between.
    * ``split.turn.pile-numbers-never-between``: strict or inclusive, the same cards.
    """
    return (
        claim(
            "split.turn.legal-action-exists",
            "In both games, for every hand, every pair of piles, any middle card and "
            "any aids, the player to act has a legal action; and resets are open exactly as the "
            "rules say: a player who can play nothing (no card, no aid) may reset, which "
            "cooperatively loses the game; cooperatively only such a player may reset; "
            "competitively a player may reset at any point of the turn before playing a card.",
            (
                "split.turn.must-reset",
                "split.reset.choose",
                "split.ruling.reset-timing",
                "split.coop.lose-on-reset",
                "split.ruling.coop-no-chosen-reset",
                "split.turn.move-middle",
                "split.coop.aid-use",
            ),
            _legal_action_exists,
            real,
            Mutant(
                "split.mutant.reset-only-before-moving",
                "a reset allowed only instead of moving the middle card",
                {"reset_after_move": False},
            ),
            Mutant(
                "split.mutant.cooperative-no-reset",
                "a cooperative game in which a blocked player has no reset (the loss)",
                {"cooperative_blocked_reset": False},
            ),
        ),
        claim(
            "split.turn.middle-between",
            "Every card a player may put into the middle is from their hand, and a "
            "standard card there lies strictly between the numbers of the two piles, "
            "whichever pile is the lower: for every hand and every pair of piles.",
            (
                "split.turn.play-between",
                "split.ruling.strictly-between",
                "split.wild.any-time",
            ),
            _middle_between,
            real,
            Mutant(
                "split.mutant.between-one-beyond",
                "between stretched to the higher pile's number and the one above it",
                {"between_above": 2},
            ),
        ),
        claim(
            "split.turn.pile-numbers-never-between",
            "Counting the pile numbers themselves as between would change nothing "
            "(the ruling's 'impossible anyway'): for every hand and every pair of piles, the "
            "standard cards the hand may play are the same whether between is strict or "
            "inclusive, because each number is on one card only.",
            ("split.ruling.strictly-between", "split.components.deck"),
            _pile_numbers,
            real,
            Mutant(
                "split.mutant.numbers-twice",
                "a deck in which a number may be on two cards (a hand may hold a pile's number)",
                {"one_card_per_number": False},
            ),
        ),
    )
