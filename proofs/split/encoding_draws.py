"""A reset's draw in Split, as a relation between the piles before and after.

:func:`draw_step` follows the draw pile and the discard pile as the engine
does; :func:`supply_draw` abstracts their order into one *supply* of cards
that can still be drawn.  :mod:`proofs.split.encoding` re-exports both.

>>> from cardlaw.proofs.split.encoding import concrete_mask, spec_params
>>> step = supply_draw(mask(1 << 7), mask(0), mask(1 << 12), "drawn", spec_params())
>>> s = z3.Solver()
>>> s.add(*step.premise)
>>> s.check(), concrete_mask(s.model().eval(step.drawn)) == 1 << 7 | 1 << 12
(sat, True)
"""

from __future__ import annotations

from typing import NamedTuple

import z3

from cardlaw.proofs.split.encoding_masks import WIDTH, at_least, exactly, mask
from cardlaw.proofs.terms import Params

__all__ = ["DrawStep", "SupplyDraw", "draw_step", "supply_draw"]


class DrawStep(NamedTuple):
    """A reset's draw as a relation between the piles before and after.

    ``drawn`` is a fresh variable: any cards the premise allows (the order of
    the draw pile is abstracted away: any cards of it may be on top).
    """

    drawn: z3.BitVecRef
    draw: z3.BitVecRef
    discard: z3.BitVecRef
    premise: list[z3.BoolRef]


def _take(drawn: z3.BitVecRef, pool: z3.BitVecRef, k: int) -> z3.BoolRef:
    """``drawn`` is ``k`` cards of ``pool``, or all of it when it holds fewer."""
    return z3.And(drawn & ~pool == 0, z3.If(at_least(pool, k), exactly(drawn, k), drawn == pool))


def draw_step(
    draw: z3.BitVecRef, discard: z3.BitVecRef, table: z3.BitVecRef, name: str, p: Params
) -> DrawStep:
    """The cards a reset draws, after the table goes to the discard pile.

    Mirrors the drawing of :func:`engine.split.opening.apply_reset` and
    :func:`engine.split.opening.continue_opening`: three cards from the draw
    pile; when it runs short the discard pile is shuffled and drawn from
    [split.ruling.empty-draw-pile], and with too few cards in both the player
    draws what there is [split.ruling.short-draw].  Without reshuffles (a
    mutant) the discard pile is never drawn again.

    >>> from cardlaw.proofs.split.encoding import concrete_mask, spec_params
    >>> from cardlaw.spec.split.cards import NumberSet
    >>> step = draw_step(mask(1 << 7), mask(0), mask(1 << 12 | 1 << 88), "drawn", spec_params())
    >>> s = z3.Solver()
    >>> s.add(*step.premise, step.drawn == mask(1 << 7 | 1 << 12 | 1 << 88))
    >>> s.check(), NumberSet(concrete_mask(z3.substitute(step.draw, (step.drawn, mask(0)))))
    (sat, NumberSet('7 12 88'))
    """
    k = p["reset_draw"]
    drawn = z3.BitVec(name, WIDTH)
    discarded = discard | table
    enough = at_least(draw, k)
    if p["reshuffle"]:
        pool = draw | discarded
        return DrawStep(
            drawn=drawn,
            draw=z3.If(enough, draw & ~drawn, pool & ~drawn),
            discard=z3.If(enough, discarded, mask(0)),
            premise=[
                z3.If(
                    enough,
                    _take(drawn, draw, k),
                    z3.And(drawn & draw == draw, _take(drawn, pool, k)),
                )
            ],
        )
    return DrawStep(
        drawn=drawn,
        draw=draw & ~drawn,
        discard=discarded,
        premise=[_take(drawn, draw, k)],
    )


class SupplyDraw(NamedTuple):
    """A reset's draw with the order of the piles abstracted away (see :func:`supply_draw`)."""

    drawn: z3.BitVecRef
    supply: z3.BitVecRef
    dead: z3.BitVecRef
    premise: list[z3.BoolRef]


def supply_draw(
    supply: z3.BitVecRef, dead: z3.BitVecRef, table: z3.BitVecRef, name: str, p: Params
) -> SupplyDraw:
    """A reset's draw over the *supply*: every card that can still be drawn.

    The draw pile and the discard pile together are the supply, since the
    discard pile is shuffled under the draw pile whenever it runs out
    [split.ruling.empty-draw-pile]; a reset adds the table to it and draws
    three of its cards, or all of them when fewer are left
    [split.ruling.short-draw].  Which three is abstracted: any of them, as
    shuffles can bring any card to the top.  Without reshuffles (a mutant)
    the discarded table is out of play for good (``dead``).  An
    over-approximation of :func:`draw_step`: every draw the engine makes is
    one of these (checked by the conformance tests).

    >>> from cardlaw.proofs.split.encoding import concrete_mask, spec_params
    >>> from cardlaw.spec.split.cards import NumberSet
    >>> no_reshuffle = {**spec_params(), "reshuffle": False}
    >>> step = supply_draw(mask(1 << 7), mask(0), mask(1 << 12 | 1 << 88), "drawn", no_reshuffle)
    >>> NumberSet(concrete_mask(step.dead))  # the table is out of play for good
    NumberSet('12 88')
    """
    k = p["reset_draw"]
    drawn = z3.BitVec(name, WIDTH)
    if p["reshuffle"]:
        pool, gone = supply | table, dead
    else:
        pool, gone = supply, dead | table
    return SupplyDraw(drawn, pool & ~drawn, gone, [_take(drawn, pool, k)])
