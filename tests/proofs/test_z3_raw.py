"""The raw C-API paths of the evaluator (:mod:`proofs.z3_raw`) answer as z3.py's own calls do.

:func:`proofs.evaluate.z3_values` is held to ``simplify(substitute(...))`` made through
z3.py, and :class:`proofs.evaluate.Compiled`'s raw walk of a term to the same walk made
with z3.py's ``children``, ``decl`` and ``sort`` (the walk it replaced), node for node.
"""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.proofs import z3_raw as raw
from cardlaw.proofs.evaluate import Compiled, Unsupported, _kind, z3_values
from tests.proofs.test_link import build_term, bv_terms


def reference_values(compiled: Compiled, case: tuple[int, ...]) -> list[int]:
    """The values z3.py's ``substitute`` and ``simplify`` give, read by ``is_true``/``as_long``."""
    pairs: list[tuple[Any, Any]] = []
    for variable, value in zip(compiled.inputs, case, strict=True):
        if z3.is_bool(variable):
            pairs.append((variable, z3.BoolVal(bool(value))))
        elif z3.is_bv(variable):
            pairs.append((variable, z3.BitVecVal(value, variable.size())))
        else:
            pairs.append((variable, z3.IntVal(value)))
    out = []
    for term in compiled.outputs:
        result = z3.simplify(z3.substitute(term, *pairs) if pairs else term)
        if z3.is_true(result) or z3.is_false(result):
            out.append(int(z3.is_true(result)))
        else:
            assert isinstance(result, z3.BitVecNumRef | z3.IntNumRef), result
            out.append(result.as_long())
    return out


def reference_walk(compiled: Compiled) -> tuple[list[tuple[Any, ...]], list[tuple[str, int]]]:
    """The nodes and kinds of the outputs, walked with z3.py's objects (post-order, as Compiled)."""
    index = {v.get_id(): k for k, v in enumerate(compiled.inputs)}
    nodes: list[tuple[Any, ...]] = [("input", k) for k in range(len(compiled.inputs))]
    kinds = [_kind(v) for v in compiled.inputs]

    def visit(expr: Any) -> None:
        stack = [(expr, False)]
        while stack:
            e, expanded = stack.pop()
            if e.get_id() in index:
                continue
            if not expanded:
                stack.append((e, True))
                stack.extend((c, False) for c in e.children() if c.get_id() not in index)
                continue
            index[e.get_id()] = len(nodes)
            nodes.append(Compiled._node(e, [index[c.get_id()] for c in e.children()]))
            kinds.append(_kind(e))

    for term in compiled.outputs:
        visit(term)
    return nodes, kinds


def _terms(width: int, ops: list[int], picks: list[int]) -> tuple[list[Any], list[Any]]:
    x, y, term = build_term(width, ops, picks)
    b, n = z3.Bool("b"), z3.Int("n")
    outputs = [
        term,
        z3.If(b, term, x) == y,
        z3.Extract(0, 0, term),
        z3.Extract(width - 1, width // 2, term),
        z3.BV2Int(term) + n * 3 - 7,
        z3.And(b, z3.ULT(x, term)) == z3.Not(b),
        z3.If(n > 2, n % 5, -n),
        z3.BoolVal(True),
        z3.BitVecVal(5, width),
    ]
    return [x, y, b, n], outputs


@given(bv_terms(), st.data())
@settings(max_examples=60)
def test_z3_values_and_the_walk_are_z3pys(
    shape: tuple[int, list[int], list[int]], data: Any
) -> None:
    width, ops, picks = shape
    inputs, outputs = _terms(width, ops, picks)
    compiled = Compiled(inputs, outputs)
    nodes, kinds = reference_walk(compiled)
    assert (list(compiled._nodes), list(compiled._kinds)) == (nodes, kinds)
    word = st.integers(0, (1 << width) - 1)
    case = data.draw(st.tuples(word, word, st.integers(0, 1), st.integers(-40, 40)))
    assert z3_values(compiled, case) == reference_values(compiled, case)


def test_a_term_z3_leaves_unevaluated_is_refused() -> None:
    x = z3.BitVec("x", 8)
    compiled = Compiled([x], [x + 1])
    compiled.outputs = (x + z3.BitVec("free", 8),)  # an output with a free constant stays open
    with pytest.raises(Unsupported, match="Z3 left 3 \\+ free unevaluated"):
        z3_values(compiled, (3,))
    assert raw.literal(raw.substituted(x + 1, [], [])) is None
    with pytest.raises(ValueError):
        z3_values(compiled, (1, 2))
