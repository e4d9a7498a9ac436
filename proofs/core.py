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
the bound is not attained), or **unknown** (the solver gave up, or a check
used up its budget of resource units; never reported as proved).  Every solver
check runs under a Z3 resource budget (:mod:`proofs.budget`), never a clock,
so a verdict does not depend on how fast or busy the machine is.

Where checking every case of a finite set is the clearest proof (every
five-card hand of a 21-card pack), ``build`` returns an :class:`Exhaustive`
result instead of a Z3 problem, and the obligation's ``method`` says so.
Every obligation says what it expects: ``holds`` (must be proved) or
``fails`` (a documented finding about the rules, which must be refuted with a
witness).

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
>>> starved = check(demo, budget=10)  # resource units per solver check
>>> starved.status, starved.ok, starved.detail
('unknown', False, 'unknown (budget): the premise used all 10 resource units')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import z3

from cardlaw.engine.api import JSON
from cardlaw.proofs.budget import DEFAULT_BUDGET, Outcome, solve
from cardlaw.proofs.reads import Params
from cardlaw.proofs.report_json import Expected, ObligationJSON, Status

__all__ = [
    "Exhaustive",
    "Expected",
    "Mutant",
    "MutantReport",
    "Obligation",
    "ObligationReport",
    "Obligations",
    "Problem",
    "Status",
    "Verdict",
    "Witness",
    "check",
    "claim",
    "replayed",
    "verdict",
]


@dataclass(frozen=True, slots=True)
class Witness:
    """A readable situation (counterexample or attained bound), and a record if it is a round."""

    text: str
    record: Mapping[str, JSON] | None = None
    replayed: bool = False
    """Whether the situation was replayed through the engine and behaved as decoded."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The decoded situation, for replaying it through the engine (each obligation's own values,
    read back by its ``replay``: the values are the decoder's, so they are not narrowed here)."""

    def replayed_as(
        self, said: str, agrees: bool, record: Mapping[str, JSON] | None = None
    ) -> Witness:
        """The witness after an engine replay: ``said`` appended, whether the engine ``agrees``.

        The decoded data is kept; ``record`` is the game the replay played, if any.

        >>> Witness("a hand", data={"hand": 3}).replayed_as("; the engine agrees", True)
        Witness(text='a hand; the engine agrees', record=None, replayed=True, data={'hand': 3})
        """
        return Witness(f"{self.text}{said}", record=record, replayed=agrees, data=self.data)


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
    undecided: str = ""
    """Why no verdict can be given (a case that cannot be evaluated): the verdict is unknown."""
    counts: Mapping[str, int] = field(default_factory=dict)
    """Cases checked per encoding (a link's tables), for the report."""
    disagreements: int = 0
    """How many cases disagreed (a link), of which ``counterexample`` is the simplest."""


@dataclass(frozen=True, slots=True)
class Mutant:
    """A deliberately wrong version of the rules the obligation depends on."""

    id: str
    description: str
    changes: Params
    """Rule parameters overridden (e.g. ``{"bonus_tokens": 4}``)."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """A named claim about a game's rules, proved or refuted with Z3."""

    id: str
    game: str
    statement: str
    clauses: tuple[str, ...]
    expected: Expected
    build: Callable[[Params], Problem | Exhaustive]
    """Turns rule parameters into a Z3 problem, or checks every case directly."""
    params: Params
    """The rule parameters read from the spec (constants, rulings, variant)."""
    mutants: tuple[Mutant, ...] = ()
    method: str = "z3"
    """How it is checked: ``z3`` (the default) or ``exhaustive``."""
    variant: str = ""
    """The rules variant the obligation is about, if any."""
    replay: Callable[[Witness], Witness] | None = None
    """Replays a witness through the engine (records, engine functions)."""
    budget: int = DEFAULT_BUDGET
    """Resource units per solver check (the premise, each claim part, the bound, each mutant's)."""
    engine: tuple[str, ...] = ()
    """The engine functions (qualified names) the check holds to the model, by case or by replay."""


Obligations: TypeAlias = tuple[Obligation, ...]
"""Obligations in the order ``cardlaw verify`` runs them."""


def claim(
    id: str,
    statement: str,
    clauses: tuple[str, ...],
    build: Callable[[Params], Problem | Exhaustive],
    params: Params,
    *mutants: Mutant,
    expected: Expected = "holds",
    method: str = "z3",
    variant: str = "",
    replay: Callable[[Witness], Witness] | None = None,
    budget: int = DEFAULT_BUDGET,
    engine: tuple[str, ...] = (),
) -> Obligation:
    """An obligation of the game its id starts with (``<game>.…``), expected to hold unless told.

    >>> ob = claim("demo.x", "x holds", (), lambda p: Problem([], z3.BoolVal(True)), {})
    >>> ob.game, ob.expected, ob.method, ob.mutants
    ('demo', 'holds', 'z3', ())
    """
    game = id.split(".", 1)[0]
    return Obligation(
        id,
        game,
        statement,
        clauses,
        expected,
        build,
        params,
        mutants,
        method,
        variant,
        replay,
        budget,
        engine,
    )


@dataclass(frozen=True, slots=True)
class MutantReport:
    """Whether a mutant was caught (its verdict differs from the real rules')."""

    id: str
    obligation: str
    description: str
    status: Status
    caught: bool
    units: int = 0
    """Resource units the mutant's checks used together."""
    peak: int = 0
    """Resource units of the mutant's largest single check."""
    detail: str = ""


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
    units: int = 0
    """Resource units its own checks used together (not its mutants'; 0 when exhaustive)."""
    peak: int = 0
    """Resource units of its largest single check."""
    budget: int = DEFAULT_BUDGET
    """Resource units each check was allowed."""
    mutants_checked: bool = True
    """Whether the mutants were checked (not under a designer's changed rules)."""
    cases: int = 0
    """Cases checked one by one (exhaustive checks and links; 0 for the solver's)."""
    counts: Mapping[str, int] = field(default_factory=dict)
    """Cases checked per encoding (a link)."""

    def to_json(self) -> ObligationJSON:
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
            "rlimit": self.units,
            "rlimit_peak": self.peak,
            "budget": self.budget,
            "cases": self.cases,
            "counts": dict(self.counts),
            "engine": list(ob.engine),
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
                    "rlimit": m.units,
                    "rlimit_peak": m.peak,
                }
                for m in self.mutants
            ],
        }

    @property
    def ok(self) -> bool:
        """Whether everything went as it must.

        The verdict matches the expectation, the premise is satisfiable, no
        mutant survived (and there is one, unless the mutants were not
        checked), and a witness that should replay through the engine did.
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
            and (bool(self.mutants) or not self.mutants_checked)
            and not replay_failed
        )


def _exhaustive(result: Exhaustive) -> tuple[Status, bool, Witness | None, str]:
    if result.undecided:
        return "unknown", result.cases > 0, None, f"unknown ({result.undecided})"
    if result.cases == 0:
        return "unknown", False, None, "no case was checked: the claim would be vacuous"
    if result.counterexample is not None:
        among = (
            f"{result.disagreements:,} of {result.cases:,} cases disagree; the simplest is shown"
            if result.disagreements
            else f"counterexample among {result.cases:,} cases"
        )
        return "refuted", True, result.counterexample, among
    if result.must_attain and result.attained is None:
        return "refuted", True, None, f"holds in all {result.cases:,} cases, but nothing attains it"
    return "proved", True, result.attained, f"holds in every one of {result.cases:,} cases"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What checking one problem found, and the resource units its checks used."""

    status: Status
    premise_satisfiable: bool
    found: z3.ModelRef | Witness | None
    """A model (counterexample or attained situation), an exhaustive witness, or None."""
    detail: str
    units: int = 0
    """Resource units all its solver checks used together (0 when exhaustive)."""
    peak: int = 0
    """Resource units of its largest single check."""
    cases: int = 0
    """Cases checked one by one (an exhaustive check or a link; 0 for the solver)."""
    counts: Mapping[str, int] = field(default_factory=dict)
    """Cases checked per encoding (a link)."""


def _unknown(outcome: Outcome, what: str, budget: int) -> str:
    if outcome.reason == "budget":
        return f"unknown (budget): {what} used all {budget:,} resource units"
    return f"unknown (solver gave up on {what}: {outcome.reason})"


def verdict(
    problem: Problem | Exhaustive, budget: int = DEFAULT_BUDGET, *, joint: bool = False
) -> Verdict:
    """Check one problem, each solver check under ``budget`` resource units.

    A check that runs out of budget makes the verdict ``unknown`` (its detail
    starts ``unknown (budget)``), never proved or refuted.  A claim of several
    parts is checked part by part, so an unknown names its part.  ``joint``
    (a mutant's check, where only whether some part fails matters) first
    asks once whether any part fails, and goes part by part only when that
    one check is unknown: the same verdict, found in one solver call.
    """
    if isinstance(problem, Exhaustive):
        return Verdict(*_exhaustive(problem), cases=problem.cases, counts=dict(problem.counts))
    used: list[int] = []

    def run(assertions: Sequence[z3.BoolRef]) -> Outcome:
        outcome = solve(assertions, budget)
        used.append(outcome.units)
        return outcome

    def done(
        status: Status, premise_ok: bool, found: z3.ModelRef | Witness | None, detail: str
    ) -> Verdict:
        return Verdict(status, premise_ok, found, detail, sum(used), max(used, default=0))

    premise = run(problem.premise)
    if premise.result == "unknown":
        return done("unknown", False, None, _unknown(premise, "the premise", budget))
    if premise.result == "unsat":
        return done(
            "unknown", False, None, "the premise is unsatisfiable: the claim would be vacuous"
        )
    parts = [problem.claim] if isinstance(problem.claim, z3.BoolRef) else list(problem.claim)
    together = run([*problem.premise, z3.Not(z3.And(parts))]) if joint and len(parts) > 1 else None
    if together is not None and together.result == "sat":
        return done("refuted", True, together.model, "counterexample found")
    one_by_one = parts if together is None or together.result == "unknown" else []
    for number, part in enumerate(one_by_one, 1):
        outcome = run([*problem.premise, z3.Not(part)])
        if outcome.result == "sat":
            return done("refuted", True, outcome.model, "counterexample found")
        if outcome.result == "unknown":
            what = "the claim" if len(parts) == 1 else f"claim part {number} of {len(parts)}"
            return done("unknown", True, None, _unknown(outcome, what, budget))
    if problem.attained is None:
        return done("proved", True, None, "no counterexample exists")
    reach = run([*problem.premise, problem.attained])
    if reach.result == "sat":
        return done("proved", True, reach.model, "holds, and the bound is attained")
    if reach.result == "unknown":
        return done("unknown", True, None, _unknown(reach, "the bound", budget))
    return done("refuted", True, None, "holds, but the bound is never attained")


def replayed(obligation: Obligation, witness: Witness) -> Witness:
    """The witness replayed through the engine by the obligation's ``replay``.

    A replay the engine refuses or cannot complete (an illegal action, a
    situation it never reaches: any exception) is a witness *not* replayed,
    with the reason: the engine disagrees with the model, which is a verdict
    on the rules, never an internal error.

    >>> def refuse(w: Witness) -> Witness:
    ...     raise RuntimeError("no such hand")
    >>> ob = claim("demo.r", "r", (), lambda p: Problem([], z3.BoolVal(True)), {}, replay=refuse)
    >>> replayed(ob, Witness("a hand")).text
    'a hand; the engine could not replay it (RuntimeError: no such hand)'
    """
    assert obligation.replay is not None
    try:
        return obligation.replay(witness)
    except Exception as error:  # any failure of the engine is the verdict
        reason = f"{type(error).__name__}: {error}"
        return witness.replayed_as(f"; the engine could not replay it ({reason})", False)


def check(
    obligation: Obligation, budget: int | None = None, *, mutants: bool = True
) -> ObligationReport:
    """Check an obligation and all of its mutants (none with ``mutants=False``).

    Every solver check gets ``budget`` resource units, by default the
    obligation's own :attr:`Obligation.budget`.  Under a designer's changed
    rules (``cardlaw verify --set``) the mutants are not checked: they test
    whether a check tells the printed rules from wrong ones, which the
    printed rules' own run settles.
    """
    start = time.perf_counter()  # for display only: no verdict reads the clock
    per_check = obligation.budget if budget is None else budget
    problem = obligation.build(obligation.params)
    found = verdict(problem, per_check)
    witness = None
    if isinstance(found.found, Witness):
        witness = found.found
    elif found.found is not None and isinstance(problem, Problem) and problem.decode is not None:
        witness = problem.decode(found.found)
    if witness is not None and obligation.replay is not None:
        witness = replayed(obligation, witness)
    found_mutants = []
    for mutant in obligation.mutants if mutants else ():
        params = {**obligation.params, **mutant.changes}
        unknown_keys = set(mutant.changes) - set(obligation.params)
        if unknown_keys:
            raise ValueError(f"mutant {mutant.id} changes unknown parameters {unknown_keys}")
        m = verdict(obligation.build(params), per_check, joint=True)
        caught = m.premise_satisfiable and m.status not in ("unknown", found.status)
        found_mutants.append(
            MutantReport(
                mutant.id,
                obligation.id,
                mutant.description,
                m.status,
                caught,
                units=m.units,
                peak=m.peak,
                detail=m.detail,
            )
        )
    return ObligationReport(
        obligation=obligation,
        status=found.status,
        premise_satisfiable=found.premise_satisfiable,
        seconds=time.perf_counter() - start,
        witness=witness,
        detail=found.detail,
        mutants=tuple(found_mutants),
        units=found.units,
        peak=found.peak,
        budget=per_check,
        mutants_checked=mutants,
        cases=found.cases,
        counts=found.counts,
    )
