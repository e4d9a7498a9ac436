"""Several outputs of a link's table as one number, so each case is one comparison.

A link compares every output of every case with the engine's, and also has
Z3 itself evaluate a sample of cases output by output
(:func:`proofs.link.compare`): a table of one packed output costs a
fraction of one with seven.  A :class:`Packing` names its fields, packs the
encoding's terms into one bit-vector (``Concat``), the engine's values into
the same number, and prints a packed value field by field, so a
disagreement still reads as what it is.

>>> import z3
>>> seat = Packing("the bidding", (("the maker", 8), ("whether alone", 8)))
>>> term = seat.term([z3.BitVecVal(2, 8), z3.BoolVal(True)])
>>> seat.value([2, True]) == z3.simplify(term).as_long(), seat.show(seat.value([-1, False]))
(True, 'the maker none, whether alone 0')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import z3

__all__ = ["Packing", "byte", "none"]


def byte(term: z3.ExprRef) -> z3.BitVecRef:
    """A small value (a Boolean, or a bit-vector of 8 bits at most) as an 8-bit vector.

    >>> z3.simplify(byte(z3.BoolVal(True))), z3.simplify(byte(z3.BitVecVal(3, 2)))
    (1, 3)
    """
    if z3.is_bool(term):
        return z3.If(term, z3.BitVecVal(1, 8), z3.BitVecVal(0, 8))
    assert isinstance(term, z3.BitVecRef) and term.size() <= 8, term
    return z3.ZeroExt(8 - term.size(), term) if term.size() < 8 else term


def none(condition: z3.BoolRef, term: z3.BitVecRef) -> z3.BitVecRef:
    """``term`` where ``condition`` holds, else all ones (the engine's -1: "none").

    >>> z3.simplify(none(z3.BoolVal(False), z3.BitVecVal(3, 8)))
    255
    """
    return z3.If(condition, term, z3.BitVecVal(-1, term.size()))


@dataclass(frozen=True, slots=True)
class Packing:
    """Named fields of given widths, packed first field highest."""

    name: str
    """What the packed output is, as a table names it."""
    fields: tuple[tuple[str, int], ...]
    """Each field's name and width in bits; a field of all ones reads "none"."""
    renders: Mapping[str, Callable[[int], str]] = field(default_factory=dict)
    """How to print a field's value, by its name (default: the number)."""

    def term(self, terms: Sequence[z3.ExprRef]) -> z3.BitVecRef:
        """The encoding's terms (bit-vectors up to the fields' widths, or Booleans) as one."""
        parts = []
        for (name, width), t in zip(self.fields, terms, strict=True):
            bv = z3.If(t, z3.BitVecVal(1, width), z3.BitVecVal(0, width)) if z3.is_bool(t) else t
            if not isinstance(bv, z3.BitVecRef) or bv.size() > width:
                raise ValueError(f"{self.name}: {name} is not a term of {width} bits at most")
            parts.append(z3.ZeroExt(width - bv.size(), bv) if bv.size() < width else bv)
        return z3.Concat(*parts) if len(parts) > 1 else parts[0]

    def value(self, values: Sequence[int | bool]) -> int:
        """The engine's values (ints, -1 for none) as the packed number."""
        packed = 0
        for (_, width), v in zip(self.fields, values, strict=True):
            packed = packed << width | (int(v) & ((1 << width) - 1))
        return packed

    def show(self, packed: int) -> str:
        """A packed value, field by field."""
        parts = []
        shift = sum(width for _, width in self.fields)
        for name, width in self.fields:
            shift -= width
            v = packed >> shift & ((1 << width) - 1)
            render = self.renders.get(name)
            shown = "none" if v == (1 << width) - 1 else render(v) if render else str(v)
            parts.append(f"{name} {shown}")
        return ", ".join(parts)
