"""The model–engine link: each encoding held to the engine function it mirrors, in ``verify``.

A proof about an encoding is worth something only while the encoding says
what the engine does.  A *link* is an obligation that checks exactly that,
case by case, over a finite set of inputs:

* ``differential`` — a domain of inputs: every case where the domain is
  small (every Euchre trick under every trump), else a fixed, seeded sample
  with its boundary cases;
* ``trace`` — every step of fixed, seeded whole games played through the
  Game API (trace validation): what the engine did at each step (the legal
  actions it listed, the winner it named, the points it scored) against what
  the encoding says of the same situation.

Each link builds :class:`Table` s: the encoding applied once to symbolic
inputs, the columns of concrete inputs, and the engine's values for them.
:func:`compare` evaluates the encoding's terms over every row at once
(:class:`proofs.evaluate.Compiled`, checked against Z3's own simplification
on a seeded sample and on every disagreement it reports) and finds the
smallest disagreeing case, whose witness names the encoding, the engine's
answer and the model's, and carries a record or position that ``cardlaw
replay`` or ``cardlaw ask`` reproduces.  Budgets are counts of cases and
games, never time, so the verdict is the same on every machine.

>>> import z3
>>> x = z3.BitVec("x", 4)
>>> square = table("demo.square", [x], [x * x], ("x*x",), [(v,) for v in range(16)],
...                lambda case: (case[0] ** 2 % 16,), lambda case: Witness(f"x = {case[0]}"))
>>> result = compare([square])
>>> result.cases, result.counterexample is None
(16, True)
>>> wrong = table("demo.square", [x], [x * x], ("x*x",), [(v,) for v in range(16)],
...               lambda case: (case[0] ** 2 % 16 if case[0] != 5 else 0,),
...               lambda case: Witness(f"x = {case[0]}"))
>>> print(compare([wrong]).counterexample.text)
x = 5: the engine gives x*x = 0, the encoding demo.square gives 9
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeAlias

import numpy as np
import z3

from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Witness, claim
from cardlaw.proofs.evaluate import Column, Compiled, Unsupported, z3_values
from cardlaw.proofs.reads import Params

Columns: TypeAlias = tuple[Column, ...]
"""The columns of a table, one array per position (what :func:`columns` returns)."""

__all__ = [
    "FIDELITY_SAMPLE",
    "Columns",
    "Pair",
    "Table",
    "columns",
    "compare",
    "link",
    "pairs_table",
    "table",
]

FIDELITY_SAMPLE: Final = 24
"""Rows of every table also simplified by Z3 itself, to hold the evaluator to Z3's semantics."""

MUTANT_SAMPLE: Final = 4
"""Rows simplified by Z3 itself in a mutant's tables (besides the disagreement it reports)."""

Case = tuple[int, ...]

Pair = tuple[Case, Case]
"""A case and the engine's values of it (:func:`pairs_table`)."""


@dataclass(frozen=True, slots=True)
class Table:
    """One encoding's cases: symbolic inputs and outputs, concrete inputs, the engine's values."""

    encoding: str
    """The encoding function (``proofs.euchre.encoding.trick_winner``), as messages name it."""
    inputs: tuple[z3.ExprRef, ...]
    outputs: tuple[z3.ExprRef, ...]
    names: tuple[str, ...]
    """What each output is (``"winner's position"``), for messages."""
    columns: tuple[Column, ...]
    """One array of values per input, a row per case."""
    expected: tuple[Column, ...]
    """One array of the engine's values per output, a row per case."""
    show: Callable[[Case], Witness]
    """The readable situation of one case (its inputs), with whatever reproduces it."""
    key: Callable[[Case], Case] | None = None
    """Orders disagreeing cases, simplest first (default: the inputs themselves)."""
    labels: Mapping[str, Callable[[int], str]] = field(default_factory=dict)
    """How to print an output's value, by its name (default: the number)."""

    @property
    def rows(self) -> int:
        """How many cases the table holds."""
        return len(self.columns[0]) if self.columns else 0


def columns(rows: Sequence[Sequence[int]], width: int) -> Columns:
    """One array per position of ``rows`` (int64, or Python ints where a value is wider)."""
    if not rows:
        return tuple(np.zeros(0, dtype=np.int64) for _ in range(width))
    try:
        block = np.array(rows, dtype=np.int64)
    except OverflowError:
        block = np.array(rows, dtype=object)
    if block.shape != (len(rows), width):
        raise ValueError(f"rows of {block.shape[1:]} values where {width} were expected")
    return tuple(block[:, i] for i in range(width))


def table(
    encoding: str,
    inputs: Sequence[z3.ExprRef],
    outputs: Sequence[z3.ExprRef],
    names: Sequence[str],
    cases: Iterable[Sequence[int]],
    engine: Callable[[Case], Sequence[int]],
    show: Callable[[Case], Witness],
    key: Callable[[Case], Case] | None = None,
    labels: Mapping[str, Callable[[int], str]] | None = None,
) -> Table:
    """A table of ``cases`` (tuples of ints), the engine's values of each by ``engine(case)``."""
    rows = [tuple(case) for case in cases]
    values = [tuple(engine(case)) for case in rows]
    return Table(
        encoding,
        tuple(inputs),
        tuple(outputs),
        _names(encoding, names, outputs),
        columns(rows, len(inputs)),
        columns(values, len(outputs)),
        show,
        key,
        dict(labels or {}),
    )


def _names(encoding: str, names: Sequence[str], outputs: Sequence[z3.ExprRef]) -> tuple[str, ...]:
    if len(names) != len(outputs):
        raise ValueError(f"{encoding}: {len(names)} names for {len(outputs)} outputs")
    return tuple(names)


def pairs_table(
    encoding: str,
    inputs: Sequence[z3.ExprRef],
    outputs: Sequence[z3.ExprRef],
    names: Sequence[str],
    pairs: Iterable[tuple[Sequence[int], Sequence[int]]],
    show: Callable[[Case], Witness],
    key: Callable[[Case], Case] | None = None,
    labels: Mapping[str, Callable[[int], str]] | None = None,
) -> Table:
    """A table of cases whose engine values are already known (a trace's steps)."""
    rows: list[tuple[int, ...]] = []
    values: list[tuple[int, ...]] = []
    for case, value in pairs:
        rows.append(tuple(case))
        values.append(tuple(value))
    return Table(
        encoding,
        tuple(inputs),
        tuple(outputs),
        _names(encoding, names, outputs),
        columns(rows, len(inputs)),
        columns(values, len(outputs)),
        show,
        key,
        dict(labels or {}),
    )


def _row(columns: Sequence[Column], index: int) -> Case:
    return tuple(int(column[index]) for column in columns)


def _shown(t: Table, name: str, value: int) -> str:
    label = t.labels.get(name)
    return label(value) if label is not None else str(value)


def _disagreement(t: Table, case: Case, model: Sequence[int], engine: Sequence[int]) -> Witness:
    """The witness of a disagreeing case: the situation, then each differing output."""
    base = t.show(case)
    parts = [
        f"the engine gives {name} = {_shown(t, name, e)}, "
        f"the encoding {t.encoding} gives {_shown(t, name, m)}"
        for name, m, e in zip(t.names, model, engine, strict=True)
        if m != e
    ]
    data = {
        **base.data,
        "encoding": t.encoding,
        "case": case,
        "model": tuple(model),
        "engine": tuple(engine),
    }
    return Witness(f"{base.text}: {'; '.join(parts)}", base.record, True, data)


def _sample(rows: int, count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    chosen = {0, rows - 1} if rows else set()
    if rows > len(chosen):
        chosen.update(rng.sample(range(rows), min(count, rows)))
    return sorted(chosen)


def compare(tables: Sequence[Table], *, seed: int = 0, sample: int = FIDELITY_SAMPLE) -> Exhaustive:
    """Every row of every table: the encoding's values against the engine's.

    The verdict: ``cases`` (every row checked), the first table's smallest
    disagreeing case as the counterexample, or ``undecided`` when the
    evaluator cannot evaluate a term or differs from Z3 on a row (then no
    verdict is claimed).  Each table's sampled rows, and the disagreement
    reported, are evaluated by Z3 itself as well.
    """
    total = 0
    counts: dict[str, int] = {}
    for t in tables:
        if not t.rows:
            continue
        try:
            compiled = Compiled(t.inputs, t.outputs)
            got = compiled(t.columns)
        except Unsupported as problem:
            return Exhaustive(total, undecided=f"{t.encoding} cannot be evaluated: {problem}")
        total += t.rows
        counts[t.encoding] = counts.get(t.encoding, 0) + t.rows
        differ = np.zeros(t.rows, dtype=bool)
        for mine, theirs in zip(got, t.expected, strict=True):
            differ |= np.asarray(mine, dtype=object) != np.asarray(theirs, dtype=object)
        bad = np.flatnonzero(differ)
        checked = _sample(t.rows, sample, seed)
        if len(bad):
            cases = [_row(t.columns, int(i)) for i in bad]
            key = t.key or (lambda case: case)
            worst = int(bad[min(range(len(cases)), key=lambda i: key(cases[i]))])
            checked.append(worst)
        for index in checked:
            case = _row(t.columns, index)
            ours = [int(column[index]) for column in got]
            try:
                theirs = z3_values(compiled, case)
            except Unsupported as problem:
                return Exhaustive(total, undecided=f"{t.encoding}: {problem}")
            if ours != theirs:
                return Exhaustive(
                    total,
                    undecided=f"the evaluator differs from Z3 on {t.encoding} at {case}: "
                    f"{ours} against {theirs}",
                )
        if len(bad):
            case = _row(t.columns, worst)
            model = [int(column[worst]) for column in got]
            engine = _row(t.expected, worst)
            return Exhaustive(
                total,
                counterexample=_disagreement(t, case, model, engine),
                counts=counts,
                disagreements=len(bad),
            )
    return Exhaustive(total, counts=counts)


def link(
    id: str,
    statement: str,
    clauses: tuple[str, ...],
    build: Callable[[Params], Sequence[Table]],
    params: Params,
    *mutants: Mutant,
    engine: tuple[str, ...],
    method: str = "differential",
    variant: str = "",
) -> Obligation:
    """An obligation that the encodings agree with ``engine``'s functions on every case built.

    ``method`` is ``differential`` (a domain of inputs) or ``trace`` (whole
    seeded games).  Each mutant changes parameters the encodings read, so
    that they say something the engine does not: the link must catch it.
    """
    if method not in ("differential", "trace"):
        raise ValueError(f"a link is differential or trace, not {method!r}")
    if not engine:
        raise ValueError(f"link {id} names no engine function")

    def check(p: Params) -> Exhaustive:
        # A mutant's tables are the link's own with other parameters: a smaller sample of
        # them is simplified by Z3 too (every disagreement reported still is).
        sample = FIDELITY_SAMPLE if dict(p) == dict(params) else MUTANT_SAMPLE
        return compare(build(p), seed=len(id), sample=sample)

    return claim(
        id,
        statement,
        clauses,
        check,
        params,
        *mutants,
        method=method,
        variant=variant,
        engine=engine,
    )
