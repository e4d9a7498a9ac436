"""Z3's C API for the hot loops of :mod:`proofs.evaluate`, without z3.py's per-call checks.

z3.py checks every argument of every call in Python (``substitute`` compares the
sorts of every pair, ``children`` wraps every argument in a new object); over a
million-node term or thousands of sampled cases that is most of the time.  These
helpers make the very same C calls on raw terms (``Z3_substitute``,
``Z3_simplify``, ``Z3_get_app_arg``...), so every answer is the one z3.py gives.
A raw term is only ever read while a Python object holding it (or its root) is
alive, and every term made here is held by a :class:`z3.AstRef` at once, before
any other call could free it.

>>> x = z3.BitVec("x", 8)
>>> [literal(substituted(x + 1, [x], [value(x, 41)]))]
[42]
>>> [z3.Z3_get_ast_id(x.ctx.ref(), c) for c in children(x.ctx, (x + 1).as_ast())] == [
...     x.get_id(), z3.BitVecVal(1, 8).get_id()]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

__all__ = ["children", "expr", "literal", "substituted", "value"]


def expr(ctx: z3.Context, ast: Any) -> z3.ExprRef:
    """The z3.py object of a raw term of ``ctx``."""
    made: z3.ExprRef = z3.z3._to_expr_ref(ast, ctx)
    return made


def children(ctx: z3.Context, ast: Any) -> list[Any]:
    """The raw arguments of a raw term (an application's; z3.py's ``children`` otherwise)."""
    ref = ctx.ref()
    if z3.Z3_get_ast_kind(ref, ast) in (z3.Z3_APP_AST, z3.Z3_NUMERAL_AST):
        return [z3.Z3_get_app_arg(ref, ast, i) for i in range(z3.Z3_get_app_num_args(ref, ast))]
    return [c.as_ast() for c in expr(ctx, ast).children()]


def value(variable: z3.ExprRef, number: int) -> z3.AstRef:
    """``number`` as a literal of a Boolean, bit-vector or integer ``variable``'s sort.

    The term ``BoolVal``, ``BitVecVal`` or ``IntVal`` makes (``Z3_mk_numeral`` of
    the number's decimal text), made once the sort is known.
    """
    if z3.is_bool(variable):
        return z3.BoolVal(bool(number), variable.ctx)
    ctx = variable.ctx
    return z3.AstRef(z3.Z3_mk_numeral(ctx.ref(), str(int(number)), variable.sort().ast), ctx)


def substituted(
    term: z3.ExprRef, sources: Sequence[z3.AstRef], targets: Sequence[z3.AstRef]
) -> z3.AstRef:
    """``simplify(substitute(term, *zip(sources, targets)))``: the same two C calls.

    The sorts of each pair must match (they do when each target is :func:`value`
    of its source).
    """
    ctx = term.ctx
    count = len(sources)
    if count:
        old = (z3.Ast * count)(*(s.as_ast() for s in sources))
        new = (z3.Ast * count)(*(t.as_ast() for t in targets))
        made = z3.AstRef(z3.Z3_substitute(ctx.ref(), term.as_ast(), count, old, new), ctx)
    else:
        made = term
    return z3.AstRef(z3.Z3_simplify(ctx.ref(), made.as_ast()), ctx)


def literal(result: z3.AstRef) -> int | None:
    """A term's value if it is a literal (0 or 1 for false or true, a numeral's integer), else None.

    Only Boolean, bit-vector and integer terms are read, as z3.py's ``is_true``,
    ``is_false`` and ``as_long`` of a ``BitVecNumRef`` or ``IntNumRef`` read them.
    """
    ctx, ast = result.ctx.ref(), result.as_ast()
    kind = z3.Z3_get_ast_kind(ctx, ast)
    sort = z3.Z3_get_sort_kind(ctx, z3.Z3_get_sort(ctx, ast))
    if kind == z3.Z3_APP_AST and sort == z3.Z3_BOOL_SORT:
        op = z3.Z3_get_decl_kind(ctx, z3.Z3_get_app_decl(ctx, ast))
        if op in (z3.Z3_OP_TRUE, z3.Z3_OP_FALSE):
            return int(op == z3.Z3_OP_TRUE)
    if kind == z3.Z3_NUMERAL_AST and sort in (z3.Z3_BV_SORT, z3.Z3_INT_SORT):
        return int(z3.Z3_get_numeral_string(ctx, ast))
    return None
