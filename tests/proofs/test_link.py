"""The model–engine link: the evaluator keeps Z3's semantics, links catch disagreements."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.proofs.core import Mutant, Witness, check
from cardlaw.proofs.evaluate import Compiled, Unsupported, agrees_with_z3, z3_values
from cardlaw.proofs.hiding import noninterference
from cardlaw.proofs.link import compare, link, table

# --- the evaluator -------------------------------------------------------------------------

WIDTHS = st.sampled_from([1, 2, 6, 8, 52, 63, 64, 65, 101])

BINARY: list[Callable[[Any, Any], Any]] = [
    lambda a, b: a + b,
    lambda a, b: a - b,
    lambda a, b: a * b,
    lambda a, b: a & b,
    lambda a, b: a | b,
    lambda a, b: a ^ b,
    lambda a, b: a << b,
    z3.LShR,
    z3.UDiv,
    z3.URem,
    lambda a, b: z3.If(z3.ULT(a, b), a, b),
    lambda a, b: z3.If(z3.UGE(a, b), b, ~a),
    lambda a, b: z3.If(a == b, -a, a),
    lambda a, b: z3.If(z3.And(z3.ULE(a, b), z3.Not(a == 0)), a, b),
    lambda a, b: z3.If(z3.Or(z3.UGT(a, b), z3.Xor(a == 1, b == 1)), a, b),
    lambda a, b: z3.If(a < b, a, b),  # signed
]


@st.composite
def bv_terms(draw: st.DrawFn) -> tuple[int, list[int], list[int]]:
    """A width, a list of operation indices, and operand choices (0 = x, 1 = y, 2 = the last)."""
    width = draw(WIDTHS)
    ops = draw(st.lists(st.integers(0, len(BINARY) - 1), min_size=1, max_size=6))
    picks = draw(st.lists(st.integers(0, 2), min_size=2 * len(ops), max_size=2 * len(ops)))
    return width, ops, picks


def build_term(width: int, ops: list[int], picks: list[int]) -> tuple[Any, Any, Any]:
    x, y = z3.BitVec("x", width), z3.BitVec("y", width)
    last = x
    for k, op in enumerate(ops):
        operands = [(x, y, last)[picks[2 * k]], (x, y, last)[picks[2 * k + 1]]]
        last = BINARY[op](*operands)
    return x, y, last


@given(bv_terms(), st.data())
@settings(max_examples=150)
def test_the_evaluator_gives_z3s_values(shape: tuple[int, list[int], list[int]], data: Any) -> None:
    width, ops, picks = shape
    x, y, term = build_term(width, ops, picks)
    values = st.integers(0, (1 << width) - 1)
    cases = data.draw(st.lists(st.tuples(values, values), min_size=1, max_size=8))
    extremes = [(0, 0), ((1 << width) - 1, (1 << width) - 1), (1, width), ((1 << width) - 1, 0)]
    middle = z3.Extract(width - 1, width // 2, term) if width > 1 else term
    compiled = Compiled([x, y], [term, term == x, z3.Extract(0, 0, term), middle, z3.BV2Int(term)])
    assert agrees_with_z3(compiled, [*cases, *extremes])


@given(
    st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), min_size=1, max_size=8),
    st.sampled_from(["+", "-", "*", "div", "mod", "ite", "<", "neg"]),
)
def test_integer_terms_follow_z3(cases: list[tuple[int, int]], op: str) -> None:
    a, b = z3.Ints("a b")
    nonzero = [(p, q) for p, q in cases if q != 0] or [(3, 2)]
    term: Any = {
        "+": a + b,
        "-": a - b,
        "*": a * b,
        "div": a / b,
        "mod": a % b,
        "ite": z3.If(a > b, a, b - 1),
        "<": a < b,
        "neg": -a,
    }[op]
    used = nonzero if op in ("div", "mod") else cases
    assert agrees_with_z3(Compiled([a, b], [term]), used)


def test_extract_concat_and_extensions_across_the_word() -> None:
    x = z3.BitVec("x", 70)
    terms = [
        z3.Extract(69, 60, x),
        z3.Extract(5, 0, x),
        z3.Extract(1, 1, x),  # a bit from the middle: the shifted value is cut to its width
        z3.Extract(40, 30, x),
        z3.Extract(66, 3, x),
        z3.Concat(z3.Extract(3, 0, x), z3.Extract(69, 66, x)),
        z3.ZeroExt(10, x),
        z3.SignExt(5, z3.Extract(7, 0, x)),
    ]
    compiled = Compiled([x], terms)
    rng = random.Random(1)
    cases = [(rng.getrandbits(70),) for _ in range(20)] + [(0,), ((1 << 70) - 1,)]
    assert agrees_with_z3(compiled, cases)


def test_what_it_cannot_evaluate_is_refused_never_guessed() -> None:
    x, y = z3.BitVecs("x y", 8)
    with pytest.raises(Unsupported):
        Compiled([x], [x + y])  # y is not an input
    with pytest.raises(Unsupported):
        Compiled([x], [x / 3])  # signed division: not evaluated here
    r = z3.Real("r")
    with pytest.raises(Unsupported):
        Compiled([r], [r + 1])
    a, b = z3.Ints("a b")
    with pytest.raises(Unsupported):
        Compiled([a, b], [a / b])([[1], [0]])  # Z3 gives integer division by zero no value


def test_z3_values_reads_booleans_as_numbers() -> None:
    x = z3.BitVec("x", 4)
    assert z3_values(Compiled([x], [x == 3, x + 1]), (3,)) == [1, 4]


# --- links -------------------------------------------------------------------------------


def square_table(wrong: set[int], key: Callable[[tuple[int, ...]], Any] | None = None) -> Any:
    x = z3.BitVec("x", 6)
    return table(
        "demo.square",
        [x],
        [x * x],
        ("x*x",),
        [(v,) for v in range(64)],
        lambda case: ((case[0] * case[0] + (1 if case[0] in wrong else 0)) % 64,),
        lambda case: Witness(f"x = {case[0]}", data={"x": case[0]}),
        key,
    )


def test_a_link_that_agrees_is_proved_over_every_case() -> None:
    result = compare([square_table(set())])
    assert result.cases == 64 and result.counterexample is None
    assert dict(result.counts) == {"demo.square": 64}


def test_the_simplest_disagreement_is_reported_with_both_answers() -> None:
    result = compare([square_table({40, 9, 17})])
    assert result.counterexample is not None and result.disagreements == 3
    assert result.counterexample.text == (
        "x = 9: the engine gives x*x = 18, the encoding demo.square gives 17"
    )
    assert result.counterexample.replayed  # Z3 itself confirmed the encoding's value
    by_size = compare([square_table({40, 9, 17}, key=lambda case: -case[0])])
    assert by_size.counterexample is not None and by_size.counterexample.data["x"] == 40


def test_an_empty_domain_is_no_verdict() -> None:
    x = z3.BitVec("x", 4)
    empty = table("demo.none", [x], [x], ("x",), [], lambda c: c, lambda c: Witness(""))
    ob = link("demo.link.none", "", (), lambda p: [empty], {}, engine=("engine.demo.f",))
    report = check(ob)
    assert report.status == "unknown" and not report.ok


def test_a_disagreement_with_z3_is_unknown_never_a_verdict(monkeypatch: Any) -> None:
    original = Compiled.__call__

    def off_by_one(self: Compiled, columns: Any) -> Any:
        out = original(self, columns)
        return [column + 1 for column in out]

    monkeypatch.setattr(Compiled, "__call__", off_by_one)
    result = compare([square_table(set())])
    assert result.undecided.startswith("the evaluator differs from Z3 on demo.square")


def test_a_link_catches_its_mutant_and_names_the_engine_function() -> None:
    x = z3.BitVec("x", 6)

    def build(p: Any) -> Any:
        return [
            table(
                "demo.square",
                [x],
                [x * x + p["bias"]],
                ("x*x",),
                [(v,) for v in range(64)],
                lambda case: (case[0] * case[0] % 64,),
                lambda case: Witness(f"x = {case[0]}"),
            )
        ]

    ob = link(
        "demo.link.square",
        "squares",
        ("demo.rule",),
        build,
        {"bias": 0},
        Mutant("demo.mutant.bias", "one more", {"bias": 1}),
        engine=("engine.demo.square",),
    )
    report = check(ob)
    assert report.status == "proved" and report.ok and report.mutants[0].caught
    assert report.to_json()["engine"] == ["engine.demo.square"] and report.cases == 64
    with pytest.raises(ValueError, match="names no engine function"):
        link("demo.link.x", "", (), build, {}, engine=())


# --- noninterference -----------------------------------------------------------------------


def test_noninterference_catches_a_leak_and_passes_a_blind_observe() -> None:
    from cardlaw.engine.euchre.game import EUCHRE
    from cardlaw.spec.euchre.config import EuchreConfig

    def swap_kitty(state: Any, seat: int, rng: random.Random) -> Any:
        others = [s for s in range(4) if s != seat and state.hands[s]]
        if not others or not state.kitty:
            return
        o = rng.choice(others)
        a = rng.choice([c for c in range(52) if state.hands[o] >> c & 1])
        b = rng.choice([c for c in range(52) if state.kitty >> c & 1])
        hands = list(state.hands)
        hands[o] = hands[o] & ~(1 << a) | 1 << b
        yield state._replace(hands=tuple(hands), kitty=state.kitty & ~(1 << b) | 1 << a), "a swap"

    ob = noninterference(
        "euchre.hidden.test",
        "",
        (),
        EUCHRE,
        EuchreConfig(),
        swap_kitty,
        games=1,
        engine=("engine.euchre.observe.observe",),
    )
    report = check(ob)
    assert report.status == "proved" and report.cases > 100 and report.mutants[0].caught
    assert report.witness is not None and "leaves what seat" in report.witness.text
