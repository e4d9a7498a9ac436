"""Divided Ranks' draft as Z3 terms: who splits, who goes first at the reserve, what is seen.

:func:`splitter` (who splits round ``i``), :func:`reserve_first` (who takes
the first reserve turn) and :func:`candidates` (how many cards a player can
narrow the opponent's hand to after the draft [divided-ranks.info.candidates]).
The names are re-exported by :mod:`proofs.divided_ranks.encoding`.
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from cardlaw.proofs.divided_ranks.encoding_pack import Params

__all__ = ["candidates", "reserve_first", "saw_all", "split_counts", "splitter", "unseen"]


def splitter(first: z3.BitVecRef, round_index: int, p: Params) -> z3.BitVecRef:
    """The seat (1 bit) that splits round ``round_index`` (from 0) [divided-ranks.draft.rounds].

    Mirror of :func:`spec.divided_ranks.invariants.splitter_of`: the roles swap
    every round.  Mutant ``roles="pairs"``: they swap every second round.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import spec_params, value
    >>> p = spec_params()
    >>> [value(splitter(z3.BitVecVal(1, 1), i, p)) for i in range(5)]
    [1, 0, 1, 0, 1]
    """
    step = round_index if p["roles"] == "alternate" else round_index // 2
    return first ^ z3.BitVecVal(step & 1, 1)


def split_counts(first: z3.BitVecRef, p: Params) -> tuple[z3.ArithRef, z3.ArithRef]:
    """How many rounds seats 0 and 1 split.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import spec_params, value
    >>> [value(n) for n in split_counts(z3.BitVecVal(1, 1), spec_params())]
    [2, 3]
    """
    seats = [splitter(first, i, p) for i in range(p["rounds"])]
    zero = z3.Sum([z3.If(s == 0, z3.IntVal(1), z3.IntVal(0)) for s in seats])
    return zero, p["rounds"] - zero


def reserve_first(first: z3.BitVecRef, coin: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The seat (1 bit) that takes the first reserve turn [divided-ranks.reserve.order].

    The seat that split fewer rounds (the one that did not split first); with
    the coin-flip-reserve variant, the coin's seat.  Mutant
    ``reserve_order="more-splits"``: the seat that split three times.  When
    both split as many rounds (an even ``ROUNDS``), the seat that did not
    split first [divided-ranks.ruling.equal-splits]; the mutant then picks
    the first splitter.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import spec_params, value
    >>> p = spec_params()
    >>> value(reserve_first(z3.BitVecVal(0, 1), z3.BitVecVal(0, 1), p))
    1
    """
    if p["reserve_order"] == "coin":
        return coin
    zero, one = split_counts(first, p)
    fewer = z3.If(zero < one, z3.BitVecVal(0, 1), z3.BitVecVal(1, 1))
    if p["splits"][0] == p["splits"][1]:
        fewer = ~first
    return fewer if p["reserve_order"] == "fewer-splits" else ~fewer


def saw_all(
    first: z3.BitVecRef, took_up: Sequence[z3.BoolRef], viewer: int, p: Params
) -> z3.BoolRef:
    """Whether ``viewer`` has seen every card the opponent took in the draft.

    A splitter sees all four cards, so it knows the pair that crosses.  A
    chooser that takes the face-down pair leaves the face-up one, which it
    saw; one that takes the face-up pair lets the splitter keep two cards it
    never saw [divided-ranks.info.hidden].  Mutant ``face_up_pair`` off: both
    pairs are laid face down, so the pair a chooser leaves is never seen.

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import spec_params, value
    >>> p, downs = spec_params(), [z3.BoolVal(False)] * 5
    >>> value(saw_all(z3.BitVecVal(0, 1), downs, 1, p))
    1
    >>> value(saw_all(z3.BitVecVal(0, 1), downs, 1, {**p, "face_up_pair": False}))
    0
    """
    return z3.And(
        *(
            z3.Or(
                splitter(first, i, p) == viewer,
                z3.And(z3.Not(up), z3.BoolVal(bool(p["face_up_pair"]))),
            )
            for i, up in enumerate(took_up)
        )
    )


def candidates(
    first: z3.BitVecRef, took_up: Sequence[z3.BoolRef], viewer: int, p: Params
) -> z3.ArithRef:
    """How many cards ``viewer`` can narrow the opponent's hand to once the stock is spent.

    The cards outside the viewer's hand are the opponent's ten and the
    reserve: eleven.  The viewer tells them apart only by having seen every
    card the opponent holds (:func:`saw_all`); then the candidates are the
    opponent's ten and the eleventh is the reserve [divided-ranks.info.candidates].

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import spec_params, value
    >>> p = spec_params()
    >>> takes = [z3.BoolVal(False)] * 5
    >>> value(candidates(z3.BitVecVal(0, 1), takes, 1, p))
    10
    >>> value(candidates(z3.BitVecVal(0, 1), [z3.BoolVal(True)] * 5, 1, p))
    11
    """
    outside = p["pack_size"] - p["holding"]
    return z3.If(saw_all(first, took_up, viewer, p), z3.IntVal(p["holding"]), z3.IntVal(outside))


def unseen(
    first: z3.BitVecRef, took_up: Sequence[z3.BoolRef], viewer: int, p: Params
) -> z3.ArithRef:
    """How many of the opponent's cards ``viewer`` never saw, after the draft.

    Two (``PAIR_SIZE``) for each round the viewer chose and left the
    face-down pair to the splitter [divided-ranks.info.hidden].

    >>> from cardlaw.proofs.divided_ranks.encoding_pack import spec_params, value
    >>> p = spec_params()
    >>> value(unseen(z3.BitVecVal(1, 1), [z3.BoolVal(True)] * 5, 0, p))
    6
    """
    shown = bool(p["face_up_pair"])
    return z3.Sum(
        [
            z3.If(
                z3.And(splitter(first, i, p) != viewer, z3.Or(up, not shown)),
                z3.IntVal(p["pair_size"]),
                z3.IntVal(0),
            )
            for i, up in enumerate(took_up)
        ]
    )
