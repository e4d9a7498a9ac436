"""``cardlaw query``: ask what can ever happen, answered by Z3 over the proofs' encodings.

A query is one line::

    exists trick: winner.rank == 2
    forall round: total >= 16
    maximize round: points[0]
    minimize round: points[0] where winner[1] == 0
    exists round (players=5): bonus_left[7] == 0

``exists``/``forall`` take a condition; ``maximize``/``minimize`` an integer
objective and, after ``where``, an optional condition.  The domain (``trick``,
``round``, ...) is one of the game's; it names the situations quantified over
and the quantities the expression may use (``cardlaw query GAME --list``).

Expressions: integers, cards (``7S``, ``10H``, ``AS``), suits (``spades``,
``hearts``, ``diamonds``, ``clubs``), ranks (2 to 10, ``jack``, ``queen``,
``king``, ``ace``), ``true``/``false``, names a domain gives to numbers (hand
categories, say); quantities (``winner.rank``,
``points[0]``); ``+ - *``; comparisons ``== != < <= > >=``; ``not``, ``and``,
``or``, ``implies``; and ``sum(...)``, ``max(...)``, ``min(...)``,
``count(...)`` over a list quantity (``count`` counts the true ones).

The input is parsed by the grammar above (:mod:`proofs.query_syntax`) and never
evaluated as Python.
Answers are three-valued: yes with a witness, no (proven), or unknown when a
solver call uses up its budget of resource units (or the optional time limit
runs out); an optimum is proved optimal by showing nothing better exists.

>>> parse("exists trick: winner.rank == 2 and not (trumps > 1)").kind
'exists'
>>> parse("maximise round: points[0]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: query: expected exists, forall, ... at column 1, found \
'maximise'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple, TypeAlias

import z3

from cardlaw.engine.api import JSON
from cardlaw.proofs.budget import QUERY_BUDGET, Outcome, solve
from cardlaw.proofs.query_syntax import FUNCTIONS, Node, Query, parse
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "Answer",
    "Build",
    "Domain",
    "Domains",
    "Example",
    "Instance",
    "Node",
    "Options",
    "Quantity",
    "Query",
    "Reason",
    "answer",
    "no",
    "optimum",
    "parse",
    "yes",
]


# --- the situations a game offers ---------------------------------------------------------------

Value: TypeAlias = "z3.ArithRef | z3.BoolRef"
Quantity: TypeAlias = "Value | Sequence[Value]"

Options: TypeAlias = Mapping[str, int]
"""A domain's options as a query gives them (e.g. ``players=5``), defaults filled in."""


@dataclass(frozen=True, slots=True)
class Instance:
    """A domain, built: its premise, its named quantities, and how to read a model."""

    premise: Sequence[z3.BoolRef]
    quantities: Mapping[str, Quantity]
    decode: Callable[[z3.ModelRef], str]
    descriptions: Mapping[str, str] = field(default_factory=dict)
    constants: Mapping[str, int] = field(default_factory=dict)
    """Names the domain gives to numbers (e.g. hand categories), usable in expressions."""


@dataclass(frozen=True, slots=True)
class Domain:
    """A kind of situation a game's queries range over (a trick, a round, ...)."""

    name: str
    description: str
    build: Callable[[Options], Instance]
    options: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Option name -> allowed values; the first is the default (e.g. players: 4, 5)."""


class Example(NamedTuple):
    """A documented query and its answer: the verdict, and the optimum's value if it is one."""

    query: str
    verdict: str
    value: int | None = None


def yes(query: str) -> Example:
    """A documented query whose answer is yes."""
    return Example(query, "yes")


def no(query: str) -> Example:
    """A documented query whose answer is no."""
    return Example(query, "no")


def optimum(query: str, value: int) -> Example:
    """A documented ``maximize`` or ``minimize`` query and the optimum it finds."""
    return Example(query, "optimum", value)


Build: TypeAlias = Callable[[Options], Instance]
"""Builds a domain's instance from its options."""


class Domains(dict[str, Domain]):
    """A game's query domains by name, in the order they are declared.

    >>> table = Domains()
    >>> @table.declare("coin", "one coin toss", sides=(2, 3))
    ... def _coin(options: Options) -> Instance:
    ...     return Instance(premise=[], quantities={}, decode=lambda m: "")
    >>> table["coin"].description, table["coin"].options, table["coin"].build is _coin
    ('one coin toss', {'sides': (2, 3)}, True)
    """

    def declare(
        self, name: str, description: str, **options: tuple[int, ...]
    ) -> Callable[[Build], Build]:
        """Declare the domain ``name`` the decorated function builds (options: allowed values)."""

        def add(build: Build) -> Build:
            self[name] = Domain(name, description, build, options)
            return build

        return add


# --- meaning -------------------------------------------------------------------------


class _Evaluator:
    def __init__(self, instance: Instance) -> None:
        self.quantities = instance.quantities
        self.constants = instance.constants

    def fail(self, node: Node, message: str) -> MalformedInput:
        return MalformedInput(f"query: {message} at column {node.column}")

    def value(self, node: Node) -> Quantity:
        op, args = node.op, node.args
        if op == "int":
            return z3.IntVal(args[0])
        if op == "bool":
            return z3.BoolVal(args[0])
        if op == "name":
            if args[0] in self.constants and args[0] not in self.quantities:
                return z3.IntVal(self.constants[args[0]])
            if args[0] not in self.quantities:
                known = ", ".join(sorted(self.quantities))
                raise self.fail(node, f"unknown quantity {args[0]!r} (known: {known})")
            return self.quantities[args[0]]
        if op == "index":
            target = self.value(args[0])
            index = args[1]
            if index.op != "int":
                raise self.fail(node, "an index must be a number")
            if not isinstance(target, list | tuple):
                raise self.fail(node, "only a list quantity can be indexed")
            position = index.args[0]
            if not 0 <= position < len(target):
                raise self.fail(node, f"index {position} is out of range 0..{len(target) - 1}")
            return target[position]
        if op in FUNCTIONS:
            items = self.value(args[0])
            if not isinstance(items, list | tuple):
                raise self.fail(node, f"{op}() takes a list quantity")
            if op == "count":
                return z3.Sum([z3.If(self.boolean(node, x), 1, 0) for x in items])
            ints = [self.integer(node, x) for x in items]
            if op == "sum":
                return z3.Sum(ints)
            best = ints[0]
            for x in ints[1:]:
                best = z3.If(x > best if op == "max" else x < best, x, best)
            return best
        if op in ("and", "or", "implies"):
            a, b = (self.boolean(n, self.value(n)) for n in args)
            return {"and": z3.And, "or": z3.Or, "implies": z3.Implies}[op](a, b)
        if op == "not":
            return z3.Not(self.boolean(args[0], self.value(args[0])))
        if op == "neg":
            return -self.integer(args[0], self.value(args[0]))
        if op in ("+", "-", "*"):
            a, b = (self.integer(n, self.value(n)) for n in args)
            return a + b if op == "+" else a - b if op == "-" else a * b
        a, b = (self.value(n) for n in args)
        if z3.is_bool(a) and z3.is_bool(b) and op in ("==", "!="):
            return a == b if op == "==" else a != b
        a, b = self.integer(args[0], a), self.integer(args[1], b)
        return {
            "==": a == b,
            "!=": a != b,
            "<": a < b,
            "<=": a <= b,
            ">": a > b,
            ">=": a >= b,
        }[op]

    def integer(self, node: Node, value: Quantity) -> z3.ArithRef:
        if isinstance(value, list | tuple):
            raise self.fail(node, "a list quantity needs an index or sum/max/min/count")
        if z3.is_bool(value):
            raise self.fail(node, "expected a number, found a condition")
        return value

    def boolean(self, node: Node, value: Quantity) -> z3.BoolRef:
        if isinstance(value, list | tuple):
            raise self.fail(node, "a list quantity needs an index or count(...)")
        if not z3.is_bool(value):
            raise self.fail(node, "expected a condition, found a number")
        return value


Reason = Literal["budget", "time limit", "solver"]

QueryVerdict = Literal["yes", "no", "unknown", "optimum", "unbounded"]
"""What a query found."""
_REASONS: Final[Mapping[str, Reason]] = {"budget": "budget", "time limit": "time limit"}
_CLIMB_STEPS: Final = 10_000
"""How many strictly better situations a climb looks for before it says "unbounded"."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A query's answer: ``yes``, ``no``, ``unknown``, or an optimum."""

    query: str
    verdict: QueryVerdict
    proven: bool
    value: int | None
    witness: str | None
    explanation: str
    seconds: float
    reason: Reason | None = None
    """Why an answer is unknown: its ``budget`` ran out, the ``time limit``, or the ``solver``."""
    units: int = 0
    """Resource units all its solver calls used together."""
    peak: int = 0
    """Resource units of its largest single solver call."""
    budget: int = QUERY_BUDGET
    """Resource units each solver call was allowed."""

    def to_json(self) -> dict[str, JSON]:
        """The answer as JSON."""
        return {
            "query": self.query,
            "verdict": self.verdict,
            "proven": self.proven,
            "value": self.value,
            "witness": self.witness,
            "reason": self.reason,
            "explanation": self.explanation,
            "seconds": round(self.seconds, 3),
            "rlimit": self.units,
            "rlimit_peak": self.peak,
            "budget": self.budget,
        }


def _options(domain: Domain, given: Mapping[str, int]) -> dict[str, int]:
    chosen = {name: values[0] for name, values in domain.options.items()}
    for name, value in given.items():
        if name not in domain.options:
            known = ", ".join(domain.options) or "none"
            raise MalformedInput(
                f"query: domain {domain.name} has no option {name!r} (options: {known})"
            )
        if value not in domain.options[name]:
            allowed = ", ".join(map(str, domain.options[name]))
            raise MalformedInput(f"query: option {name} must be one of {allowed}, not {value}")
        chosen[name] = value
    return chosen


@dataclass
class _Session:
    """One query being answered: the premise, the budget, and what its solver calls used."""

    text: str
    instance: Instance
    premise: list[z3.BoolRef]
    budget: int
    time_limit: float | None
    start: float
    used: list[int] = field(default_factory=list)

    def run(self, extra: Sequence[z3.BoolRef]) -> Outcome:
        left_ms = None
        if self.time_limit is not None:
            left_ms = int((self.start + self.time_limit - time.perf_counter()) * 1000)
            if left_ms <= 0:
                return Outcome("unknown", None, "time limit", 0)
        outcome = solve([*self.premise, *extra], self.budget, time_limit_ms=left_ms)
        self.used.append(outcome.units)
        return outcome

    def done(
        self,
        verdict: QueryVerdict,
        proven: bool,
        value: int | None,
        model: z3.ModelRef | None,
        explanation: str,
        gave_up: Outcome | None = None,
    ) -> Answer:
        reason: Reason | None = None
        if gave_up is not None:
            reason = _REASONS.get(gave_up.reason or "", "solver")
            why = {
                "budget": f"the solver used up its budget of {self.budget:,} resource units",
                "time limit": "the solver did not finish within the time limit of "
                f"{self.time_limit} s",
                "solver": f"the solver gave up ({gave_up.reason})",
            }[reason]
            explanation = f"{explanation}: {why}"
        witness = self.instance.decode(model) if model is not None else None
        seconds = time.perf_counter() - self.start
        return Answer(
            self.text.strip(),
            verdict,
            proven,
            value,
            witness,
            explanation,
            seconds,
            reason,
            sum(self.used),
            max(self.used, default=0),
            self.budget,
        )


def _decide(session: _Session, kind: str, condition: z3.BoolRef) -> Answer:
    """``exists`` or ``forall``: one solver call for a situation, or a counterexample."""
    outcome = session.run([condition] if kind == "exists" else [z3.Not(condition)])
    done = session.done
    if outcome.result == "unknown":
        return done("unknown", False, None, None, "not decided", outcome)
    if kind == "exists":
        if outcome.result == "sat":
            return done("yes", True, None, outcome.model, "a situation exists; here is one")
        return done("no", True, None, None, "proven: no situation of this kind satisfies it")
    if outcome.result == "sat":
        return done("no", True, None, outcome.model, "a counterexample exists; here is one")
    return done("yes", True, None, None, "proven: every situation of this kind satisfies it")


def _climb(session: _Session, kind: str, objective: z3.ArithRef, model: z3.ModelRef) -> Answer:
    """``maximize`` or ``minimize``: climb to the optimum, and prove it.

    From any situation, ask for a strictly better one until none exists: the
    last "none exists" is the proof that the value found is the optimum.
    """
    best = 0
    for _ in range(_CLIMB_STEPS):
        value = model.eval(objective, model_completion=True)
        assert isinstance(value, z3.IntNumRef)
        best, best_model = value.as_long(), model
        step = session.run([objective > best if kind == "maximize" else objective < best])
        if step.result == "unsat":
            word = "maximum" if kind == "maximize" else "minimum"
            proof = f"the {word} is {best}: proven, nothing goes beyond it"
            return session.done("optimum", True, best, best_model, proof)
        if step.result == "unknown":
            short = f"the best found is {best}, not proven optimal"
            return session.done("unknown", False, best, best_model, short, step)
        assert step.model is not None
        model = step.model
    return session.done(
        "unbounded", False, best, model, "the objective kept improving: it may be unbounded"
    )


def answer(
    text: str,
    domains: Mapping[str, Domain],
    *,
    budget: int = QUERY_BUDGET,
    time_limit: float | None = None,
) -> Answer:
    """Parse and answer a query over a game's domains.

    Every solver call gets ``budget`` resource units, so the answer does not
    depend on the machine's speed; one that runs out makes the answer
    unknown with reason ``budget``.  ``time_limit`` (seconds for the whole
    answer) is an optional wall-clock guard on top; when it fires the
    answer is unknown with reason ``time limit``.
    """
    start = time.perf_counter()
    query = parse(text)
    if query.domain not in domains:
        known = ", ".join(domains)
        raise MalformedInput(f"query: unknown domain {query.domain!r} (known: {known})")
    domain = domains[query.domain]
    instance = domain.build(_options(domain, query.options))
    ev = _Evaluator(instance)
    body = ev.value(query.body)
    where = ev.boolean(query.where, ev.value(query.where)) if query.where is not None else None
    premise = [*instance.premise, *([where] if where is not None else [])]
    session = _Session(text, instance, premise, budget, time_limit, start)
    possible = session.run([])
    if possible.result == "unsat":
        return session.done(
            "no" if query.kind == "exists" else "yes",
            True,
            None,
            None,
            "no situation satisfies the domain and the 'where' condition",
        )
    if possible.result == "unknown":
        undecided = "could not tell whether any situation of this kind exists" + (
            " with the 'where' condition" if where is not None else ""
        )
        return session.done("unknown", False, None, None, undecided, possible)
    if query.kind in ("exists", "forall"):
        return _decide(session, query.kind, ev.boolean(query.body, body))
    objective = ev.integer(query.body, body)
    assert possible.model is not None
    return _climb(session, query.kind, objective, possible.model)
