"""Obligations, their three-valued verdicts, and seeded mutants.

An :class:`Obligation` is a named claim about a game's rules.  Its ``build``
turns a set of rule parameters (the spec's constants, or a mutant's wrong
ones) into a :class:`Problem`:

* ``premise`` — the situations the claim is about (every hand of 1 to 8
  cards, every trick, every round...), which must be satisfiable: a proof
  over an empty set of situations proves nothing;
* ``claim`` — what must hold in all of them;
* ``attained`` — optionally, a condition some situation must reach (the
  bound is tight), whose model is the witness.

The verdict is three-valued: **proved** (premise and not-claim is unsat, and
anything to attain is attained), **refuted** (a counterexample exists, or
the bound is not attained), or **unknown** (the solver gave up or timed out;
never reported as proved).  Where checking every case of a finite set is the
clearest proof (every five-card hand of a 21-card pack), ``build`` returns an
:class:`Exhaustive` result instead of a Z3 problem, and the obligation's
``method`` says so.  Every obligation says what it expects:
``holds`` (must be proved) or ``fails`` (a documented finding about the
rules, which must be refuted with a witness).

Each obligation has seeded mutants: deliberately wrong rule parameters under
which the same check must change its verdict.  A mutant that survives means
the check cannot tell right rules from wrong ones.

>>> import z3
>>> x = z3.Int("x")
>>> demo = Obligation(
...     id="demo.square.nonnegative", game="demo", statement="x*x >= 0",
...     clauses=(), expected="holds",
...     build=lambda p: Problem(premise=[x >= p["low"]], claim=x * x >= p["bound"]),
...     params={"low": -10, "bound": 0},
...     mutants=(Mutant("demo.square.positive", "claims x*x > 0", {"bound": 1}),),
... )
>>> report = check(demo)
>>> report.status, report.ok, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import z3

__all__ = [
    "Exhaustive",
    "Expected",
    "Mutant",
    "MutantReport",
    "Obligation",
    "ObligationReport",
    "Problem",
    "Status",
    "Witness",
    "check",
]

Status = Literal["proved", "refuted", "unknown"]
Expected = Literal["holds", "fails"]

DEFAULT_TIMEOUT_MS = 20_000
"""Per solver call; an obligation that needs longer should be restated, not given more time."""


@dataclass(frozen=True, slots=True)
class Witness:
    """A readable situation (counterexample or attained bound), and a record if it is a round."""

    text: str
    record: Mapping[str, Any] | None = None
    replayed: bool = False
    """Whether the situation was replayed through the engine and behaved as decoded."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The decoded situation, for replaying it through the engine."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One Z3 query: situations, the claim over them, and what must be attained."""

    premise: Sequence[z3.BoolRef]
    claim: z3.BoolRef | Sequence[z3.BoolRef]
    """What must hold; a sequence is a conjunction whose parts are checked one query each."""
    attained: z3.BoolRef | None = None
    decode: Callable[[z3.ModelRef], Witness] | None = None
    """Turns a model (counterexample or attained situation) into a witness."""


@dataclass(frozen=True, slots=True)
class Exhaustive:
    """The outcome of checking a claim case by case over a finite set (no solver).

    ``cases`` is how many situations were checked (0 would make the claim
    vacuous); ``counterexample`` the first that breaks the claim, if any;
    ``attained`` a situation that reaches what must be reached, if the claim
    has such a part (``must_attain``).
    """

    cases: int
    counterexample: Witness | None = None
    attained: Witness | None = None
    must_attain: bool = False


@dataclass(frozen=True, slots=True)
class Mutant:
    """A deliberately wrong version of the rules the obligation depends on."""

    id: str
    description: str
    changes: Mapping[str, Any]
    """Rule parameters overridden (e.g. ``{"bonus_tokens": 4}``)."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """A named claim about a game's rules, proved or refuted with Z3."""

    id: str
    game: str
    statement: str
    clauses: tuple[str, ...]
    expected: Expected
    build: Callable[[Mapping[str, Any]], Problem | Exhaustive]
    """Turns rule parameters into a Z3 problem, or checks every case directly."""
    params: Mapping[str, Any]
    """The rule parameters read from the spec (constants, rulings, variant)."""
    mutants: tuple[Mutant, ...] = ()
    method: str = "z3"
    """How it is checked: ``z3`` (the default) or ``exhaustive``."""
    variant: str = ""
    """The rules variant the obligation is about, if any."""
    replay: Callable[[Witness], Witness] | None = None
    """Replays a witness through the engine (records, engine functions)."""


@dataclass(frozen=True, slots=True)
class MutantReport:
    """Whether a mutant was caught (its verdict differs from the real rules')."""

    id: str
    obligation: str
    description: str
    status: Status
    caught: bool


@dataclass(frozen=True, slots=True)
class ObligationReport:
    """The outcome of checking one obligation and its mutants."""

    obligation: Obligation
    status: Status
    premise_satisfiable: bool
    seconds: float
    witness: Witness | None
    detail: str
    mutants: tuple[MutantReport, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (the shape ``cardlaw verify --json`` prints)."""
        ob = self.obligation
        witness = self.witness
        return {
            "id": ob.id,
            "game": ob.game,
            "statement": ob.statement,
            "clauses": list(ob.clauses),
            "expected": ob.expected,
            "status": self.status,
            "ok": self.ok,
            "premise_satisfiable": self.premise_satisfiable,
            "method": ob.method,
            "variant": ob.variant,
            "seconds": round(self.seconds, 3),
            "detail": self.detail,
            "witness": None if witness is None else witness.text,
            "witness_replayed": None if witness is None else witness.replayed,
            "record": None if witness is None or witness.record is None else dict(witness.record),
            "mutants": [
                {
                    "id": m.id,
                    "obligation": m.obligation,
                    "description": m.description,
                    "status": m.status,
                    "caught": m.caught,
                }
                for m in self.mutants
            ],
        }

    @property
    def ok(self) -> bool:
        """Whether everything went as it must.

        The verdict matches the expectation, the premise is satisfiable, no
        mutant survived, and a witness that should replay through the engine did.
        """
        want: Status = "proved" if self.obligation.expected == "holds" else "refuted"
        replay_failed = (
            self.obligation.replay is not None
            and self.witness is not None
            and not self.witness.replayed
        )
        return (
            self.status == want
            and self.premise_satisfiable
            and all(m.caught for m in self.mutants)
            and bool(self.mutants)
            and not replay_failed
        )


def _solve(assertions: Sequence[z3.BoolRef], timeout_ms: int) -> tuple[z3.CheckSatResult, Any]:
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*assertions)
    result = solver.check()
    return result, (solver.model() if result == z3.sat else solver.reason_unknown())


def _exhaustive(result: Exhaustive) -> tuple[Status, bool, Any, str]:
    if result.cases == 0:
        return "unknown", False, None, "no case was checked: the claim would be vacuous"
    if result.counterexample is not None:
        return (
            "refuted",
            True,
            result.counterexample,
            f"counterexample among {result.cases:,} cases",
        )
    if result.must_attain and result.attained is None:
        return "refuted", True, None, f"holds in all {result.cases:,} cases, but nothing attains it"
    return "proved", True, result.attained, f"holds in every one of {result.cases:,} cases"


def verdict(
    problem: Problem | Exhaustive, timeout_ms: int = DEFAULT_TIMEOUT_MS
) -> tuple[Status, bool, Any, str]:
    """Check one problem: (status, premise satisfiable, model or witness or None, detail)."""
    if isinstance(problem, Exhaustive):
        return _exhaustive(problem)
    premise_result, _ = _solve(problem.premise, timeout_ms)
    if premise_result == z3.unknown:
        return "unknown", False, None, "the premise could not be decided"
    if premise_result == z3.unsat:
        return "unknown", False, None, "the premise is unsatisfiable: the claim would be vacuous"
    parts = [problem.claim] if isinstance(problem.claim, z3.BoolRef) else list(problem.claim)
    for part in parts:
        result, model = _solve([*problem.premise, z3.Not(part)], timeout_ms)
        if result == z3.sat:
            return "refuted", True, model, "counterexample found"
        if result == z3.unknown:
            return "unknown", True, None, f"solver gave up ({model})"
    if problem.attained is None:
        return "proved", True, None, "no counterexample exists"
    reach, model = _solve([*problem.premise, problem.attained], timeout_ms)
    if reach == z3.sat:
        return "proved", True, model, "holds, and the bound is attained"
    if reach == z3.unknown:
        return "unknown", True, None, f"solver gave up on the bound ({model})"
    return "refuted", True, None, "holds, but the bound is never attained"


def check(obligation: Obligation, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> ObligationReport:
    """Check an obligation and all of its mutants."""
    start = time.perf_counter()
    problem = obligation.build(obligation.params)
    status, premise_ok, model, detail = verdict(problem, timeout_ms)
    witness = None
    if isinstance(model, Witness):
        witness = model
    elif model is not None and isinstance(problem, Problem) and problem.decode is not None:
        witness = problem.decode(model)
    if witness is not None and obligation.replay is not None:
        witness = obligation.replay(witness)
    mutants = []
    for mutant in obligation.mutants:
        params = {**obligation.params, **mutant.changes}
        unknown_keys = set(mutant.changes) - set(obligation.params)
        if unknown_keys:
            raise ValueError(f"mutant {mutant.id} changes unknown parameters {unknown_keys}")
        m_status, m_premise, _, _ = verdict(obligation.build(params), timeout_ms)
        caught = m_premise and m_status not in ("unknown", status)
        mutants.append(MutantReport(mutant.id, obligation.id, mutant.description, m_status, caught))
    return ObligationReport(
        obligation=obligation,
        status=status,
        premise_satisfiable=premise_ok,
        seconds=time.perf_counter() - start,
        witness=witness,
        detail=detail,
        mutants=tuple(mutants),
    )
