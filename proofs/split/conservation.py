"""Split's obligation that every card is always in exactly one place.

The deal splits the deck into the hands and a draw pile; then every play,
aid, reset and card put under, from any position, keeps each card in
exactly one place, and lays down or draws the number of cards the rules say.

>>> from cardlaw.proofs.split.support import REAL
>>> [m.id for m in obligations(REAL)[0].mutants]
['split.mutant.reset-draws-two', 'split.mutant.played-card-stays', 'split.mutant.aids-in-deck']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

import z3

from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.support import (
    AID_MASK,
    AIDS,
    STANDARD,
    Params,
    cards,
    disjoint,
    mask_vars,
    piles,
    union,
    value,
)
from cardlaw.spec.split.cards import DECK_MASK
from cardlaw.spec.split.constants import COMPETITIVE_PLAYERS, COOPERATIVE_PLAYERS, DECK_SIZE

__all__ = ["obligations"]

Places = tuple[z3.BitVecRef, ...]
"""Hand, the other hands, draw pile, discard pile, table, aids beside the table."""

_STEPS = ("a play", "an aid", "a reset", "a card put under")
"""The steps of a turn, by their ``kind``."""


@dataclass(frozen=True, slots=True)
class _Position:
    """Every place of every card before one step, and the cards the step may move."""

    cooperative: z3.BoolRef
    kind: z3.BitVecRef
    """The step: 0 a play, 1 an aid, 2 a reset, 3 a card put under."""
    hand: z3.BitVecRef
    others: z3.BitVecRef
    draw: z3.BitVecRef
    discard: z3.BitVecRef
    table: z3.BitVecRef
    aside: z3.BitVecRef
    left: z3.BitVecRef
    right: z3.BitVecRef
    card: z3.BitVecRef
    aid: z3.BitVecRef
    under: z3.BitVecRef
    top: z3.BitVecRef

    def places(self) -> Places:
        """The places of the cards, in the order of :data:`Places`."""
        return (self.hand, self.others, self.draw, self.discard, self.table, self.aside)


def _position() -> tuple[_Position, list[z3.BoolRef]]:
    """Fresh variables for a position and a step; the premise that the piles are two cards."""
    cooperative, kind = z3.Bool("cooperative"), z3.BitVec("kind", 2)
    hand, others, draw, discard, table, aside = mask_vars(
        "hand", "others", "draw", "discard", "table", "aside"
    )
    left, right, premise = piles()
    c, aid, under, top = mask_vars("card", "aid", "under", "top")
    places = (hand, others, draw, discard, table, aside)
    return _Position(cooperative, kind, *places, left, right, c, aid, under, top), premise


def _before(t: _Position) -> list[z3.BoolRef]:
    """Every card in exactly one place; the piles on the table; aids only cooperatively."""
    places = t.places()
    return [
        *disjoint(*places),
        union(*places) == E.mask(DECK_MASK),
        t.hand != 0,
        (t.left | t.right) & ~t.table == 0,
        z3.If(
            t.cooperative,
            z3.And(t.aside & ~AIDS == 0, t.discard == 0, t.kind != 2, t.kind != 3),
            z3.And(t.aside == 0, t.kind != 1),
        ),
    ]


def _steps(t: _Position, p: Params) -> tuple[list[z3.BoolRef], dict[int, Places], E.DrawStep]:
    """Each step's premise, the places after each step, and a reset's draw."""
    kind = t.kind
    # A play: a card the rules allow goes from the hand into the middle.
    premise = [
        z3.Implies(
            kind == 0,
            z3.And(E.is_card(t.card), t.card & E.playable_mask(t.hand, t.left, t.right, p) != 0),
        )
    ]
    played = t.hand & ~t.card if p["played_leaves_hand"] else t.hand
    # An aid: the 0 or the 100 from beside the table goes into the middle.
    premise.append(z3.Implies(kind == 1, z3.And(E.is_card(t.aid), t.aid & t.aside != 0)))
    aided = t.aside & ~t.aid if p["aids_spent"] else t.aside
    # A reset: the table to the discard pile, three cards drawn, new piles opened.
    step = E.draw_step(t.draw, t.discard, t.table, "drawn", p)
    premise.append(z3.Implies(kind == 2, z3.And(*step.premise)))
    drawn_hand = t.hand | step.drawn
    ok, low, high = E.opening_cards(drawn_hand, p)
    # A card put under: any card of an opener short of standard cards, for the top card.
    premise.append(
        z3.Implies(
            kind == 3,
            z3.And(
                z3.Not(E.at_least(t.hand & STANDARD, 2)),
                E.is_card(t.under),
                t.under & t.hand != 0,
                E.is_card(t.top),
                t.top & t.draw != 0,
            ),
        )
    )
    hand, others, draw, discard, table, aside = t.places()
    after: dict[int, Places] = {
        0: (played, others, draw, discard, table | t.card, aside),
        1: (hand, others, draw, discard, table | t.aid, aided),
        2: (
            z3.If(ok, drawn_hand & ~(low | high), drawn_hand),
            others,
            step.draw,
            step.discard,
            z3.If(ok, low | high, E.mask(0)),
            aside,
        ),
        3: (hand & ~t.under | t.top, others, draw & ~t.top | t.under, discard, table, aside),
    }
    return premise, after, step


def _kept(t: _Position, after: Mapping[int, Places]) -> list[z3.BoolRef]:
    """After every step each card is again in exactly one place."""
    return [
        z3.Implies(
            t.kind == k,
            z3.And(*disjoint(*places_after), union(*places_after) == E.mask(DECK_MASK)),
        )
        for k, places_after in after.items()
    ]


def _counts(
    t: _Position, played: z3.BitVecRef, step: E.DrawStep, reset_draw: int
) -> list[z3.BoolRef]:
    """The counts the rules name: a play lays down one card; a reset draws three.

    Or all there are in the draw and discard piles [split.reset.draw-three,
    split.ruling.short-draw].
    """
    available = t.draw | t.discard | t.table
    return [
        z3.Implies(t.kind == 0, z3.And(played | t.card == t.hand, played & t.card == 0)),
        z3.Implies(
            t.kind == 2,
            z3.If(
                E.at_least(available, reset_draw),
                E.exactly(step.drawn, reset_draw),
                step.drawn == available,
            ),
        ),
    ]


def _deal(p: Params) -> list[z3.BoolRef]:
    """The deal: 101 cards (99 cooperatively, the 0 and 100 beside the table) for every hand.

    The hands and a draw pile that is never negative.
    """
    cooperative_deck = DECK_MASK & ~AID_MASK if p["cooperative_deck_without_aids"] else DECK_MASK
    return [
        z3.BoolVal(cooperative_deck & AID_MASK == 0 and cooperative_deck | AID_MASK == DECK_MASK),
        z3.BoolVal(
            all(n * p["cards_dealt"] + p["dealer_extra"] <= DECK_SIZE for n in COMPETITIVE_PLAYERS)
            and all(
                n * p["cards_dealt"] + p["dealer_extra"] <= cooperative_deck.bit_count()
                for n in COOPERATIVE_PLAYERS
            )
        ),
    ]


def _short_deal(p: Params) -> str | None:
    """The first table the deal of ``p`` does not fit, in words (None: every table fits)."""
    cooperative = DECK_MASK & ~AID_MASK if p["cooperative_deck_without_aids"] else DECK_MASK
    for players, deck in (
        *((n, DECK_SIZE) for n in COMPETITIVE_PLAYERS),
        *((n, cooperative.bit_count()) for n in COOPERATIVE_PLAYERS),
    ):
        need = players * p["cards_dealt"] + p["dealer_extra"]
        if need > deck:
            return (
                f"{players} players dealt {p['cards_dealt']} cards each and the dealer's "
                f"{p['dealer_extra']} extra need {need} cards, but only {deck} are shuffled"
            )
    return None


def _decoder(
    t: _Position, after: Mapping[int, Places], short: str | None
) -> Callable[[z3.ModelRef], Witness]:
    """How a counterexample reads: the step, the places before, the hand and table after."""

    def decode(m: z3.ModelRef) -> Witness:
        if short is not None:
            return Witness(f"the deal does not fit the deck: {short}")
        k = value(m, t.kind)
        return Witness(
            f"{_STEPS[k]} from hand {cards(m, t.hand)}, draw pile {cards(m, t.draw)}, discard "
            f"pile {cards(m, t.discard)}, table {cards(m, t.table)}: afterwards the hand is "
            f"{cards(m, after[k][0])} and the table {cards(m, after[k][4])}"
        )

    return decode


def _conservation(p: Params) -> Problem:
    """Every place of every card, before and after any one step of a turn."""
    t, premise = _position()
    premise += _before(t)
    steps, after, step = _steps(t, p)
    premise += steps
    claims = [*_kept(t, after), *_counts(t, after[0][0], step, p["rules"].reset_draw), *_deal(p)]
    return Problem(premise=premise, claim=claims, decode=_decoder(t, after, _short_deal(p)))


_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(n: int) -> str:
    """``n`` as the rulebook writes it: a word up to nine, else digits.

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``split.cards.conservation``: every card always in exactly one place.
    """
    draw = real["rules"].reset_draw
    return (
        claim(
            "split.cards.conservation",
            "Every card is always in exactly one place: the deal splits the 101 cards "
            "(99 in cooperative play, with the 0 and the 100 beside the table) into the hands "
            "and a draw pile; and every play, aid, reset (the table to the discard pile, a "
            "draw, new piles, reshuffling the discard pile when the draw pile runs out) and "
            "card put under keeps every card in exactly one place. A play lays down one card, "
            f"and a reset draws {number_word(draw)} cards, or all there are in the draw and "
            "discard piles.",
            (
                "split.components.deck",
                "split.coop.aids-aside",
                "split.deal.seven",
                "split.deal.dealer-extra",
                "split.deal.draw-pile",
                "split.reset.discard",
                "split.reset.draw-three",
                "split.ruling.empty-draw-pile",
                "split.ruling.short-draw",
                "split.open.put-under",
            ),
            _conservation,
            real,
            Mutant(
                f"split.mutant.reset-draws-{number_word(draw - 1)}",
                f"a reset that draws {draw - 1}",
                {"reset_draw": draw - 1},
            ),
            Mutant(
                "split.mutant.played-card-stays",
                "a played card that also stays in the hand",
                {"played_leaves_hand": False},
            ),
            Mutant(
                "split.mutant.aids-in-deck",
                "a cooperative deal that shuffles the 0 and the 100 in as well",
                {"cooperative_deck_without_aids": False},
            ),
        ),
    )
