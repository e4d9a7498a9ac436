"""Small Z3 helpers every game's encodings, obligations and query domains share.

Reading a model (:func:`model_int`, :func:`model_true`), reading a closed term
(:func:`closed_value`), counting the cards of a mask (:func:`popcount64`),
turning a bit-vector into an integer term (:func:`as_int`) and the quantities
the trick and hand domains of trick-taking games share (:func:`trick_quantities`,
:func:`play_quantities`).

>>> s = z3.Solver()
>>> x, b = z3.BitVec("x", 8), z3.Bool("b")
>>> s.add(x == 5, b)
>>> s.check(), model_int(s.model(), x + 1), model_true(s.model(), b)
(sat, 6, True)
>>> closed_value(z3.BitVecVal(5, 8) + 1), closed_value(z3.BoolVal(False))
(6, 0)
>>> z3.simplify(popcount64(z3.BitVecVal(0b1011, 24))), z3.simplify(as_int(z3.BitVecVal(7, 4)))
(3, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import z3

from cardlaw.proofs.reads import Params

__all__ = [
    "CardBits",
    "LegalPlays",
    "Params",
    "Play",
    "as_int",
    "closed_value",
    "model_int",
    "model_true",
    "play_quantities",
    "popcount64",
    "trick_quantities",
]

LegalPlays = Callable[[z3.BitVecRef, z3.BitVecRef | None, z3.BitVecRef, Params], z3.BitVecRef]
"""A game's encoded ``legal_plays(hand, led, trump, p)`` (``led`` None when leading)."""


def as_int(bv: z3.BitVecRef) -> z3.ArithRef:
    """A bit-vector term as an unsigned integer term."""
    return z3.BV2Int(bv)


def model_int(model: z3.ModelRef, term: z3.ExprRef) -> int:
    """The integer a model gives a bit-vector or integer term (unconstrained terms complete)."""
    found = model.eval(term, model_completion=True)
    assert isinstance(found, z3.BitVecNumRef | z3.IntNumRef), found
    return int(found.as_long())


def model_true(model: z3.ModelRef, term: z3.ExprRef) -> bool:
    """Whether a model makes a Boolean term true (unconstrained terms complete)."""
    return bool(z3.is_true(model.eval(term, model_completion=True)))


def closed_value(term: z3.ExprRef) -> int:
    """A closed term's value, simplified (Booleans as 0 or 1)."""
    result = z3.simplify(term)
    if z3.is_true(result):
        return 1
    if z3.is_false(result):
        return 0
    assert isinstance(result, z3.BitVecNumRef | z3.IntNumRef), result
    return int(result.as_long())


def popcount64(m: z3.BitVecRef) -> z3.BitVecRef:
    """The number of cards in a mask of up to 64 bits, as an 8-bit vector.

    The classic SWAR count (pairs, nibbles, bytes, then shifted adds), done in
    the mask's own width (at least 8 bits) and with no multiply: a narrower
    circuit, and adders bit-blast to a far smaller one than a multiplier.

    >>> [z3.simplify(popcount64(z3.BitVecVal(v, w))).as_long()
    ...  for v, w in ((0, 1), (1, 1), (0b101, 3), (0x1FF, 9), (2**45 - 1, 45), (2**64 - 1, 64))]
    [0, 1, 2, 9, 45, 64]
    """
    width: int = m.size()
    if width > 64:
        raise ValueError("popcount handles masks of up to 64 bits")
    size = max(width, 8)
    x = z3.ZeroExt(size - width, m) if width < size else m
    ones = (1 << size) - 1

    def spread(pattern: int) -> int:
        return pattern & ones

    x = x - (z3.LShR(x, 1) & spread(0x5555555555555555))
    x = (x & spread(0x3333333333333333)) + (z3.LShR(x, 2) & spread(0x3333333333333333))
    x = (x + z3.LShR(x, 4)) & spread(0x0F0F0F0F0F0F0F0F)
    shift = 8
    while shift < size:
        x = x + z3.LShR(x, shift)
        shift *= 2
    return z3.Extract(7, 0, x)


@dataclass(frozen=True, slots=True)
class Play:
    """A hand about to play a card, leading or following the led card, under some trump.

    Fresh variables and the premise that they are a real situation of the
    game (its ``any_play`` builds them); ``rule`` is its ``legal_plays``.
    """

    hand: z3.BitVecRef
    trump: z3.BitVecRef
    led: z3.BitVecRef
    leading: z3.BoolRef
    size: z3.BitVecRef
    premise: list[z3.BoolRef]
    rule: LegalPlays

    def legal(self, p: Params) -> z3.BitVecRef:
        """The cards the hand may play under the rules ``p``."""
        return z3.If(
            self.leading,
            self.rule(self.hand, None, self.trump, p),
            self.rule(self.hand, self.led, self.trump, p),
        )


CardBits = tuple[Callable[[z3.BitVecRef], z3.BitVecRef], Callable[[z3.BitVecRef], z3.BitVecRef]]
"""A game's encoded ``(rank, suit)`` of a card (rank indices 0 for the Two)."""


def _trump(trump: z3.BitVecRef, trump_is_rank: bool) -> z3.ArithRef:
    return as_int(trump) + 2 if trump_is_rank else as_int(trump)


def trick_quantities(
    cards: Sequence[z3.BitVecRef],
    trump: tuple[z3.BitVecRef, bool],
    position: z3.ArithRef,
    best: z3.BitVecRef,
    card_bits: CardBits,
) -> dict[str, z3.ArithRef | list[z3.ArithRef]]:
    """The quantities of a ``trick`` domain up to ``led.rank``, in the order domains list them.

    ``cards`` are the trick from the leader, ``trump`` the trump term and
    whether it is a rank (then counted from 2, like every rank here),
    ``position`` and ``best`` the winner's position and card, ``card_bits``
    the game's ``(rank, suit)``.
    """
    rank, suit = card_bits
    return {
        "card": [as_int(c) for c in cards],
        "rank": [as_int(rank(c)) + 2 for c in cards],
        "suit": [as_int(suit(c)) for c in cards],
        "trump": _trump(*trump),
        "winner": position,
        "winner.card": as_int(best),
        "winner.rank": as_int(rank(best)) + 2,
        "winner.suit": as_int(suit(best)),
        "led.rank": as_int(rank(cards[0])) + 2,
    }


def play_quantities(
    play: Play,
    legal: z3.BitVecRef,
    trump_is_rank: bool,
    rank: Callable[[z3.BitVecRef], z3.BitVecRef],
) -> dict[str, z3.ArithRef | z3.BoolRef]:
    """The quantities of a ``hand`` domain up to ``led.rank``, in the order domains list them.

    ``legal`` is the mask of the hand's legal plays, ``trump_is_rank`` whether
    the trump is a rank (then counted from 2), ``rank`` the game's encoded rank.
    """
    return {
        "size": as_int(play.size),
        "legal": as_int(popcount64(legal)),
        "leading": play.leading,
        "trump": _trump(play.trump, trump_is_rank),
        "led.rank": as_int(rank(play.led)) + 2,
    }
