"""Evaluating an encoding's Z3 terms over many concrete inputs at once, with Z3's own semantics.

``cardlaw verify`` holds every encoding to the engine function it mirrors
(:mod:`proofs.link`): the encoding is applied once to symbolic inputs, and
the resulting terms are evaluated over every case of a domain (a million
Euchre tricks, every five-card hand of Divided Ranks).  Asking Z3 to
simplify each case costs about a quarter of a millisecond; a
:class:`Compiled` term costs well under a microsecond a case, because it
runs each operation of the term once over whole columns of inputs (numpy
arrays; Python integers where a bit-vector is wider than 64 bits).

Each operation follows the SMT-LIB semantics Z3 gives it (bit-vectors wrap
at their width, a shift by the width or more gives zero, unsigned division
by zero gives all ones, integer division and remainder are Euclidean).  A
term with an operation not implemented here is refused
(:class:`Unsupported`), never guessed at; and :func:`agrees_with_z3` checks
a compiled term against Z3's own simplification case by case, which
``cardlaw verify`` does on a sample of every domain it evaluates.

>>> x, y = z3.BitVec("x", 8), z3.BitVec("y", 8)
>>> term = Compiled([x, y], [x + y, z3.If(z3.ULT(x, y), x, y), z3.LShR(x, y)])
>>> [column.tolist() for column in term([[250, 3, 7], [10, 4, 9]])]
[[4, 7, 16], [10, 3, 7], [0, 0, 0]]
>>> agrees_with_z3(term, [(250, 10), (3, 4), (7, 9)])
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeAlias

import numpy as np
import z3

from cardlaw.proofs import z3_raw as raw

__all__ = ["Column", "Compiled", "Unsupported", "agrees_with_z3", "z3_values"]

Column: TypeAlias = Any
"""A numpy array of one value per case (``uint64``, ``int64``, ``bool`` or Python ints)."""

CHUNK: Final = 1 << 16
"""Cases evaluated at once: bounds the memory of a term's intermediate columns."""

_WORD: Final = 64
_LIMIT: Final = 1 << 62
"""Integers stay far from int64's edge, or the evaluation is refused."""


class Unsupported(ValueError):
    """A term this evaluator cannot evaluate exactly (an operation or a value out of its range)."""


def _mask(width: int) -> int:
    return (1 << width) - 1


def _kind(expr: z3.ExprRef) -> tuple[str, int]:
    """``("bool", 0)``, ``("bv", width)`` or ``("int", 0)``."""
    sort = expr.sort()
    if z3.is_bool(expr):
        return "bool", 0
    if isinstance(sort, z3.BitVecSortRef):
        return "bv", sort.size()
    if sort.kind() == z3.Z3_INT_SORT:
        return "int", 0
    raise Unsupported(f"a term of sort {sort} cannot be evaluated")


_SORTS: Final = {z3.Z3_BOOL_SORT: "bool", z3.Z3_BV_SORT: "bv", z3.Z3_INT_SORT: "int"}


def _raw_node(
    ctx: z3.Context, ast: Any, children: list[int]
) -> tuple[tuple[Any, ...], tuple[str, int]]:
    """:meth:`Compiled._node` and :func:`_kind` of a raw term, by Z3's C API where it can.

    The same node and kind as the two give (they are asked whenever the term
    is not a Boolean, bit-vector or integer application or numeral).
    """
    ref = ctx.ref()
    kind = z3.Z3_get_ast_kind(ref, ast)
    sort = z3.Z3_get_sort(ref, ast)
    sort_kind = _SORTS.get(z3.Z3_get_sort_kind(ref, sort))
    if sort_kind is None or kind not in (z3.Z3_APP_AST, z3.Z3_NUMERAL_AST):
        expr = raw.expr(ctx, ast)
        return Compiled._node(expr, children), _kind(expr)
    shape = (sort_kind, z3.Z3_get_bv_sort_size(ref, sort) if sort_kind == "bv" else 0)
    if kind == z3.Z3_NUMERAL_AST and sort_kind != "bool":
        return ("const", int(z3.Z3_get_numeral_string(ref, ast))), shape
    decl = z3.Z3_get_app_decl(ref, ast)
    op = z3.Z3_get_decl_kind(ref, decl)
    if sort_kind == "bool" and op in (z3.Z3_OP_TRUE, z3.Z3_OP_FALSE):
        return ("const", op == z3.Z3_OP_TRUE), shape
    if op == z3.Z3_OP_UNINTERPRETED or op not in SUPPORTED:
        return Compiled._node(raw.expr(ctx, ast), children), shape  # raises Unsupported, as it says
    params = (
        [z3.Z3_get_decl_int_parameter(ref, decl, i) for i in range(2)]
        if op == z3.Z3_OP_EXTRACT
        else []
    )
    return ("op", op, params, children), shape


def _bv(values: Column, width: int) -> Column:
    """Values as a column of a ``width``-bit vector: uint64 up to 64 bits, else Python ints."""
    if width <= _WORD:
        return np.asarray(values).astype(np.uint64)
    return np.asarray(values).astype(object)


def _wrap(values: Column, width: int) -> Column:
    """Values reduced modulo ``2**width`` (they are already in the column's representation)."""
    if values.dtype == object:
        return values & _mask(width)
    if width >= _WORD:
        return values
    return values & np.uint64(_mask(width))


def _checked_int(values: Column) -> Column:
    if values.dtype != object and values.size and int(np.max(np.abs(values))) >= _LIMIT:
        raise Unsupported("an integer term leaves the evaluator's range")
    return values


def _shift(values: Column, amount: Column, width: int, left: bool) -> Column:
    in_range = amount < width
    safe = np.where(in_range, amount, 0)
    if width <= _WORD:
        safe = safe.astype(np.uint64)
    shifted = (values << safe) if left else (values >> safe)
    zero = _bv(0, width)
    return np.where(in_range, _wrap(shifted, width), zero)


def _signed(values: Column, width: int) -> Column:
    as_int = values.astype(object) if width >= _WORD - 1 else values.astype(np.int64)
    sign = 1 << (width - 1)
    return np.where(as_int >= sign, as_int - (1 << width), as_int)


def _ext(kind: int, width: int, params: list[int], args: list[Column], widths: list[int]) -> Column:
    """The bit-vector operations (``width`` is the result's)."""
    a = args[0]
    if kind == z3.Z3_OP_BADD:
        out = a
        for b in args[1:]:
            out = _wrap(out + b, width)
        return out
    if kind == z3.Z3_OP_BSUB:
        return _wrap(a - args[1], width)
    if kind == z3.Z3_OP_BMUL:
        out = a
        for b in args[1:]:
            out = _wrap(out * b, width)
        return out
    if kind == z3.Z3_OP_BNEG:
        return _wrap(_bv(0, width) - a, width)
    if kind in (z3.Z3_OP_BAND, z3.Z3_OP_BOR, z3.Z3_OP_BXOR):
        out = a
        for b in args[1:]:
            if kind == z3.Z3_OP_BAND:
                out = out & b
            elif kind == z3.Z3_OP_BOR:
                out = out | b
            else:
                out = out ^ b
        return out
    if kind == z3.Z3_OP_BNOT:
        return a ^ _bv(_mask(width), width)
    if kind == z3.Z3_OP_BSHL:
        return _shift(a, args[1], width, left=True)
    if kind == z3.Z3_OP_BLSHR:
        return _shift(a, args[1], width, left=False)
    if kind in (z3.Z3_OP_BUDIV, z3.Z3_OP_BUDIV_I, z3.Z3_OP_BUREM, z3.Z3_OP_BUREM_I):
        b = args[1]
        zero = b == 0
        safe = np.where(zero, _bv(1, width), b)
        if kind in (z3.Z3_OP_BUDIV, z3.Z3_OP_BUDIV_I):
            return np.where(zero, _bv(_mask(width), width), a // safe)
        return np.where(zero, a, a % safe)
    if kind == z3.Z3_OP_EXTRACT:
        high, low = params
        shifted = a >> _bv(low, widths[0]) if low else a
        return _bv(_wrap(shifted, high - low + 1), width)
    if kind == z3.Z3_OP_CONCAT:
        out = _bv(a, width)
        for b, w in zip(args[1:], widths[1:], strict=True):
            out = (out << _bv(w, width)) | _bv(b, width)
        return out
    if kind == z3.Z3_OP_ZERO_EXT:
        return _bv(a, width)
    if kind == z3.Z3_OP_SIGN_EXT:
        signed = _signed(a, widths[0])
        return _bv(np.where(signed < 0, signed + (1 << width), signed), width)
    if kind == z3.Z3_OP_BCOMP:
        return _bv(args[0] == args[1], 1)
    raise Unsupported(f"the bit-vector operation {kind} is not evaluated here")


_COMPARE: Final[dict[int, Callable[[Column, Column], Column]]] = {
    z3.Z3_OP_ULEQ: lambda a, b: a <= b,
    z3.Z3_OP_ULT: lambda a, b: a < b,
    z3.Z3_OP_UGEQ: lambda a, b: a >= b,
    z3.Z3_OP_UGT: lambda a, b: a > b,
    z3.Z3_OP_LE: lambda a, b: a <= b,
    z3.Z3_OP_LT: lambda a, b: a < b,
    z3.Z3_OP_GE: lambda a, b: a >= b,
    z3.Z3_OP_GT: lambda a, b: a > b,
}
_SIGNED: Final[dict[int, int]] = {
    z3.Z3_OP_SLEQ: z3.Z3_OP_LE,
    z3.Z3_OP_SLT: z3.Z3_OP_LT,
    z3.Z3_OP_SGEQ: z3.Z3_OP_GE,
    z3.Z3_OP_SGT: z3.Z3_OP_GT,
}


def _logic(kind: int, args: list[Column]) -> Column:
    if kind == z3.Z3_OP_AND:
        out = args[0]
        for b in args[1:]:
            out = out & b
        return out
    if kind == z3.Z3_OP_OR:
        out = args[0]
        for b in args[1:]:
            out = out | b
        return out
    if kind == z3.Z3_OP_NOT:
        return ~args[0]
    if kind == z3.Z3_OP_XOR:
        return args[0] ^ args[1]
    if kind == z3.Z3_OP_IMPLIES:
        return ~args[0] | args[1]
    raise Unsupported(f"the Boolean operation {kind} is not evaluated here")


def _arith(kind: int, args: list[Column]) -> Column:
    a = args[0]
    if kind == z3.Z3_OP_ADD:
        out = a
        for b in args[1:]:
            out = _checked_int(out + b)
        return out
    if kind == z3.Z3_OP_SUB:
        out = a
        for b in args[1:]:
            out = _checked_int(out - b)
        return out
    if kind == z3.Z3_OP_MUL:
        out = a
        for b in args[1:]:
            if out.dtype != object:
                big = np.max(np.abs(out), initial=0) * np.max(np.abs(b), initial=0)
                if int(big) >= _LIMIT:
                    raise Unsupported("an integer product leaves the evaluator's range")
            out = out * b
        return out
    if kind == z3.Z3_OP_UMINUS:
        return -a
    if kind in (z3.Z3_OP_IDIV, z3.Z3_OP_MOD):
        b = args[1]
        if np.any(b == 0):
            raise Unsupported("integer division by zero has no fixed value in Z3")
        remainder = a % np.abs(b)  # Euclidean: never negative
        if kind == z3.Z3_OP_MOD:
            return remainder
        return (a - remainder) // b
    raise Unsupported(f"the arithmetic operation {kind} is not evaluated here")


SUPPORTED: Final[frozenset[int]] = frozenset(
    {
        z3.Z3_OP_ITE, z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT, *_COMPARE, *_SIGNED,
        z3.Z3_OP_BV2INT, z3.Z3_OP_INT2BV,
        z3.Z3_OP_AND, z3.Z3_OP_OR, z3.Z3_OP_NOT, z3.Z3_OP_XOR, z3.Z3_OP_IMPLIES,
        z3.Z3_OP_BADD, z3.Z3_OP_BSUB, z3.Z3_OP_BMUL, z3.Z3_OP_BNEG,
        z3.Z3_OP_BAND, z3.Z3_OP_BOR, z3.Z3_OP_BXOR, z3.Z3_OP_BNOT, z3.Z3_OP_BSHL, z3.Z3_OP_BLSHR,
        z3.Z3_OP_BUDIV, z3.Z3_OP_BUDIV_I, z3.Z3_OP_BUREM, z3.Z3_OP_BUREM_I,
        z3.Z3_OP_EXTRACT, z3.Z3_OP_CONCAT, z3.Z3_OP_ZERO_EXT, z3.Z3_OP_SIGN_EXT, z3.Z3_OP_BCOMP,
        z3.Z3_OP_ADD, z3.Z3_OP_SUB, z3.Z3_OP_MUL, z3.Z3_OP_UMINUS, z3.Z3_OP_IDIV, z3.Z3_OP_MOD,
    }
)  # fmt: skip
"""The operations a term may use; any other is refused when the term is compiled."""


class Compiled:
    """Terms over input variables, compiled once into a sequence of column operations.

    ``inputs`` are the free constants the terms may mention (bit-vector,
    integer or Boolean); ``outputs`` the terms to evaluate.  Calling it
    with one column of values per input returns one array per output.
    """

    __slots__ = ("_kinds", "_last_use", "_nodes", "_outputs", "inputs", "outputs")

    def __init__(self, inputs: Sequence[z3.ExprRef], outputs: Sequence[z3.ExprRef]) -> None:
        self.inputs = tuple(inputs)
        self.outputs = tuple(outputs)
        index: dict[int, int] = {}
        nodes: list[tuple[Any, ...]] = []
        kinds: list[tuple[str, int]] = []
        for position, variable in enumerate(self.inputs):
            if not z3.is_const(variable) or variable.decl().kind() != z3.Z3_OP_UNINTERPRETED:
                raise Unsupported(f"input {variable} is not a free constant")
            index[variable.get_id()] = len(nodes)
            nodes.append(("input", position))
            kinds.append(_kind(variable))

        def visit(root: z3.ExprRef) -> int:
            ctx = root.ctx
            stack: list[tuple[Any, bool]] = [(root.as_ast(), False)]
            while stack:
                ast, expanded = stack.pop()
                key = z3.Z3_get_ast_id(ctx.ref(), ast)
                if key in index:
                    continue
                children = raw.children(ctx, ast)
                if not expanded:
                    stack.append((ast, True))
                    stack.extend(
                        (c, False) for c in children if z3.Z3_get_ast_id(ctx.ref(), c) not in index
                    )
                    continue
                at = [index[z3.Z3_get_ast_id(ctx.ref(), c)] for c in children]
                node, kind = _raw_node(ctx, ast, at)
                index[key] = len(nodes)
                nodes.append(node)
                kinds.append(kind)
            return index[z3.Z3_get_ast_id(ctx.ref(), root.as_ast())]

        self._outputs = tuple(visit(term) for term in self.outputs)
        self._nodes = tuple(nodes)
        self._kinds = tuple(kinds)
        last: dict[int, int] = {}
        for position, node in enumerate(nodes):
            for child in node[-1] if node[0] == "op" else ():
                last[child] = position
        for output in self._outputs:
            last[output] = len(nodes)
        self._last_use = last

    @staticmethod
    def _node(expr: z3.ExprRef, children: list[int]) -> tuple[Any, ...]:
        if z3.is_true(expr) or z3.is_false(expr):
            return ("const", bool(z3.is_true(expr)))
        if isinstance(expr, z3.BitVecNumRef | z3.IntNumRef):
            return ("const", int(expr.as_long()))
        decl = expr.decl()
        if decl.kind() == z3.Z3_OP_UNINTERPRETED:
            raise Unsupported(f"{expr} is not an input of the compiled term")
        if decl.kind() not in SUPPORTED:
            raise Unsupported(f"{decl.name()} (operation {decl.kind()}) is not evaluated here")
        params = [int(p) for p in decl.params()] if decl.kind() == z3.Z3_OP_EXTRACT else []
        return ("op", decl.kind(), params, children)

    def __call__(self, columns: Sequence[Iterable[int] | Column]) -> list[Column]:
        """The outputs' values, one array per output, over ``columns`` (one per input)."""
        if len(columns) != len(self.inputs):
            raise ValueError(f"{len(columns)} columns for {len(self.inputs)} inputs")
        arrays = []
        for column, (kind, width) in zip(columns, self._kinds, strict=False):
            values = (
                column if isinstance(column, np.ndarray) else np.asarray(list(column), dtype=object)
            )
            if kind == "bool":
                arrays.append(values.astype(bool))
            elif kind == "bv":
                arrays.append(_bv(values, width))
            else:
                arrays.append(values.astype(np.int64))
        size = len(arrays[0]) if arrays else 1
        if any(len(a) != size for a in arrays):
            raise ValueError("input columns of different lengths")
        parts: list[list[Column]] = [[] for _ in self._outputs]
        for start in range(0, max(size, 1), CHUNK):
            chunk = [a[start : start + CHUNK] for a in arrays]
            n = len(chunk[0]) if chunk else 1
            for position, value in enumerate(self._run(chunk, n)):
                parts[position].append(value)
        return [np.concatenate(p) if len(p) > 1 else p[0] for p in parts]

    def _run(self, chunk: list[Column], n: int) -> list[Column]:
        values: dict[int, Column] = {}
        kinds = self._kinds
        for position, node in enumerate(self._nodes):
            kind, width = kinds[position]
            if node[0] == "input":
                value = chunk[node[1]]
            elif node[0] == "const":
                value = self._constant(node[1], kind, width)
            else:
                _, op, params, children = node
                args = [values[c] for c in children]
                value = self._apply(op, params, args, [kinds[c][1] for c in children], kind, width)
                for c in children:
                    if self._last_use.get(c) == position:
                        values.pop(c, None)
            values[position] = value
        return [np.broadcast_to(values[o], (n,)).copy() for o in self._outputs]

    @staticmethod
    def _constant(value: int | bool, kind: str, width: int) -> Column:
        if kind == "bool":
            return np.asarray(bool(value))
        if kind == "bv":
            return _bv(value, width)
        return np.asarray(value, dtype=np.int64 if abs(int(value)) < _LIMIT else object)

    @staticmethod
    def _apply(
        op: int, params: list[int], args: list[Column], widths: list[int], kind: str, width: int
    ) -> Column:
        if op == z3.Z3_OP_ITE:
            return np.where(args[0], args[1], args[2])
        if op == z3.Z3_OP_EQ:
            return np.asarray(args[0] == args[1])
        if op == z3.Z3_OP_DISTINCT:
            out = np.asarray(True)
            for i in range(len(args)):
                for j in range(i + 1, len(args)):
                    out = out & (args[i] != args[j])
            return out
        if op in _COMPARE:
            return np.asarray(_COMPARE[op](args[0], args[1]))
        if op in _SIGNED:
            return np.asarray(
                _COMPARE[_SIGNED[op]](_signed(args[0], widths[0]), _signed(args[1], widths[1]))
            )
        if op == z3.Z3_OP_BV2INT:
            if widths[0] < _WORD - 1:
                return args[0].astype(np.int64)
            return args[0].astype(object)
        if op == z3.Z3_OP_INT2BV:
            return _bv(args[0] % (1 << width), width)
        if kind == "bool":
            return _logic(op, args)
        if kind == "bv":
            return _ext(op, width, params, args, widths)
        return _arith(op, args)


def z3_values(compiled: Compiled, case: Sequence[int]) -> list[int]:
    """The outputs of one case as Z3 itself simplifies them (Booleans as 0 or 1).

    Each output is substituted and simplified by Z3's own C calls, as
    :func:`z3.substitute` and :func:`z3.simplify` make them (:mod:`proofs.z3_raw`).
    """
    inputs = compiled.inputs
    values = [raw.value(variable, number) for variable, number in zip(inputs, case, strict=True)]
    out = []
    for term in compiled.outputs:
        result = raw.substituted(term, inputs, values)
        number = raw.literal(result)
        if number is None:
            raise Unsupported(f"Z3 left {raw.expr(result.ctx, result.as_ast())} unevaluated")
        out.append(number)
    return out


def agrees_with_z3(compiled: Compiled, cases: Sequence[Sequence[int]]) -> bool:
    """Whether the compiled terms give Z3's own values on every one of ``cases``."""
    if not cases:
        return True
    columns = [[case[i] for case in cases] for i in range(len(compiled.inputs))]
    ours = compiled(columns)
    for row, case in enumerate(cases):
        mine = [int(column[row]) for column in ours]
        if mine != z3_values(compiled, case):
            return False
    return True
