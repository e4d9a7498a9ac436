"""Split's turn order as Z3 terms: seats, the direction of play, who plays next.

A seat is a 3-bit vector (0 to 5; :data:`NO_SEAT`, all ones, stands for the
engine's -1), the player count a 3-bit vector too (2 to 6), so one term
covers every table; the direction is a Boolean, true for clockwise (towards
the next seat number).  In cooperative play the seats that still hold cards
are a mask (:data:`HOLDING_BITS` bits, bit ``s`` for seat ``s``): turns pass
over the others.

Every function mirrors an engine function (named in its docstring), and
:mod:`proofs.split.encoding` re-exports them all.  The structural choices
(a wild card reverses, two players keep the direction, empty seats are
passed over, play restarts clockwise after a reset) are rule parameters of
:func:`proofs.split.encoding.spec_params`, which mutants flip.

>>> from cardlaw.proofs.split.encoding import spec_params
>>> p = spec_params()
>>> cw, nxt = after_opening(seat(3), z3.BoolVal(False), seat(4), p)
>>> z3.simplify(cw), concrete_seat(nxt)
(True, 0)
>>> concrete_seat(next_seat(seat(0), z3.BoolVal(False), seat(4), holding(0b0101), p))
2
"""

from __future__ import annotations

from typing import Final

import z3

from cardlaw.proofs.terms import Params

__all__ = [
    "HOLDING_BITS",
    "MAX_SEATS",
    "NO_SEAT",
    "SEAT_BITS",
    "after_opening",
    "concrete_seat",
    "dealers",
    "holding",
    "holds",
    "neighbour",
    "next_seat",
    "seat",
]

SEAT_BITS: Final = 3
"""Bits of a seat number and of a player count."""

NO_SEAT: Final = (1 << SEAT_BITS) - 1
"""The seat term's value for the engine's -1 (nobody: every hand is empty)."""

MAX_SEATS: Final = 6
"""The most seats at any table (the competitive game's six)."""

HOLDING_BITS: Final = 8
"""Bits of the mask of seats that hold cards."""


def seat(number: int) -> z3.BitVecRef:
    """A concrete seat (or player count); -1 is :data:`NO_SEAT`.

    >>> seat(-1).as_long(), seat(4).size()
    (7, 3)
    """
    return z3.BitVecVal(number % (1 << SEAT_BITS), SEAT_BITS)


def holding(mask: int) -> z3.BitVecRef:
    """A concrete mask of the seats that hold cards (bit ``s`` for seat ``s``)."""
    return z3.BitVecVal(mask, HOLDING_BITS)


def concrete_seat(term: z3.ExprRef) -> int:
    """A concrete seat term as the engine writes it (-1 for :data:`NO_SEAT`).

    >>> concrete_seat(seat(5)), concrete_seat(seat(-1))
    (5, -1)
    """
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef), value
    number = int(value.as_long())
    return -1 if number == NO_SEAT else number


def holds(held: z3.BitVecRef, s: z3.BitVecRef) -> z3.BoolRef:
    """Seat ``s`` holds cards, by the mask ``held``.

    >>> z3.simplify(holds(holding(0b100), seat(2))), z3.simplify(holds(holding(0b100), seat(1)))
    (True, False)
    """
    shifted = z3.LShR(held, z3.ZeroExt(HOLDING_BITS - SEAT_BITS, s))
    return z3.Extract(0, 0, shifted) == 1


def neighbour(s: z3.BitVecRef, clockwise: z3.BoolRef, players: z3.BitVecRef) -> z3.BitVecRef:
    """The seat next to ``s`` in the direction of play, round a table of ``players`` seats.

    Clockwise is towards the next seat number [split.setup.seating].

    >>> [concrete_seat(neighbour(seat(s), z3.BoolVal(c), seat(3))) for s, c in
    ...  ((2, True), (0, False), (1, False))]
    [0, 2, 0]
    """
    up = z3.If(s + 1 == players, seat(0), s + 1)
    down = z3.If(s == 0, players - 1, s - 1)
    return z3.If(clockwise, up, down)


def next_seat(
    s: z3.BitVecRef,
    clockwise: z3.BoolRef,
    players: z3.BitVecRef,
    held: z3.BitVecRef | None,
    p: Params,
) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.piles.next_seat`: the seat that plays after ``s``.

    Competitive (``held`` is ``None``): the neighbour in the direction of
    play [split.turn.order].  Cooperative: the first seat in that direction
    that holds cards, ``s`` itself when nobody else does, :data:`NO_SEAT`
    when nobody does [split.ruling.coop-empty-hand].

    >>> from cardlaw.proofs.split.encoding import spec_params
    >>> p = spec_params()
    >>> concrete_seat(next_seat(seat(1), z3.BoolVal(True), seat(3), holding(0b010), p))
    1
    """
    first = neighbour(s, clockwise, players)
    if held is None or not p["skip_empty"]:
        return first
    seats = [first]
    for _ in range(MAX_SEATS - 1):
        seats.append(neighbour(seats[-1], clockwise, players))
    out: z3.BitVecRef = seat(-1)
    for i in reversed(range(MAX_SEATS)):  # the seat i + 1 steps on, if the table has one
        out = z3.If(z3.And(z3.ULT(seat(i), players), holds(held, seats[i])), seats[i], out)
    return out


def after_opening(
    opener: z3.BitVecRef, clockwise: z3.BoolRef, players: z3.BitVecRef, p: Params
) -> tuple[z3.BoolRef, z3.BitVecRef]:
    """Mirror of the turn order set by :func:`engine.split.opening.continue_opening`.

    Once the piles are open, after the deal or a reset: (the direction, the
    next player).  Play goes clockwise again from the opener's left
    neighbour [split.open.first-player, split.reset.fresh-start,
    split.ruling.after-reset]; ``clockwise`` is the direction before.
    """
    direction = z3.BoolVal(True) if p["reopen_clockwise"] else clockwise
    return direction, neighbour(opener, direction, players)


def dealers(players: z3.BitVecRef) -> z3.BitVecRef:
    """Mirror of :func:`engine.split.deal.dealer_outcomes`: the seats that may deal.

    Every seat, each as likely as any other [split.setup.first-dealer,
    split.ruling.first-dealer], as a mask of :data:`HOLDING_BITS` bits.

    >>> z3.simplify(dealers(seat(3)))
    7
    """
    return (holding(1) << z3.ZeroExt(HOLDING_BITS - SEAT_BITS, players)) - 1
