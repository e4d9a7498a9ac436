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

The input is parsed by the grammar above and never evaluated as Python.
Answers are three-valued: yes with a witness, no (proven), or unknown within
the time limit; an optimum is proved optimal by showing nothing better exists.

>>> parse("exists trick: winner.rank == 2 and not (trumps > 1)").kind
'exists'
>>> parse("maximise round: points[0]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spec.errors.MalformedInput: query: expected exists, forall, ... at column 1, found 'maximise'
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

import z3

from spec.cards import Card
from spec.errors import CardlawError, MalformedInput

__all__ = [
    "Answer",
    "Domain",
    "Instance",
    "Node",
    "Query",
    "answer",
    "parse",
]

Kind = Literal["exists", "forall", "maximize", "minimize"]

# --- the situations a game offers ---------------------------------------------------------------

Value: TypeAlias = "z3.ArithRef | z3.BoolRef"
Quantity: TypeAlias = "Value | Sequence[Value]"


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
    build: Callable[[Mapping[str, int]], Instance]
    options: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Option name -> allowed values; the first is the default (e.g. players: 4, 5)."""


# --- tokens and syntax ---------------------------------------------------------------

_TOKEN = re.compile(
    r"\s*(?:(?P<card>(?:10|[2-9TJQKA])[SHDC♠♥♦♣])(?![\w])"
    r"|(?P<int>\d+)"
    r"|(?P<name>[a-z_][a-z0-9_]*)"
    r"|(?P<op>==|!=|<=|>=|[<>+\-*()\[\].,:=]))"
)

CONSTANTS: Mapping[str, int] = {
    "clubs": 0,
    "diamonds": 1,
    "hearts": 2,
    "spades": 3,
    "jack": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
}
KEYWORDS = {"and", "or", "not", "implies", "where", "true", "false"}
FUNCTIONS = {"sum", "max", "min", "count"}


@dataclass(frozen=True, slots=True)
class Node:
    """An expression tree node: ``op`` with children, or a leaf value/name."""

    op: str
    args: tuple[Any, ...] = ()
    column: int = 0


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query."""

    kind: Kind
    domain: str
    options: Mapping[str, int]
    body: Node
    where: Node | None


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            bad = text[position:].strip()[:12]
            raise MalformedInput(f"query: unexpected {bad!r} at column {position + 1}")
        kind = match.lastgroup
        assert kind is not None
        column = match.start(kind) + 1
        out.append((kind, match.group(kind), column))
        position = match.end()
    out.append(("end", "", len(text) + 1))
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.i = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, str, int]:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def expect(self, value: str, what: str | None = None) -> None:
        kind, text, column = self.take()
        if text != value:
            found = "the end" if kind == "end" else repr(text)
            raise MalformedInput(
                f"query: expected {what or repr(value)} at column {column}, found {found}"
            )

    def query(self) -> Query:
        kind, word, column = self.take()
        if word not in ("exists", "forall", "maximize", "minimize"):
            found = "the end" if kind == "end" else repr(word)
            raise MalformedInput(
                "query: expected exists, forall, maximize or minimize "
                f"at column {column}, found {found}"
            )
        k2, domain, c2 = self.take()
        if k2 != "name":
            raise MalformedInput(f"query: expected a domain name at column {c2}")
        options: dict[str, int] = {}
        if self.peek()[1] == "(":
            self.take()
            while True:
                k3, name, c3 = self.take()
                if k3 != "name":
                    raise MalformedInput(f"query: expected an option name at column {c3}")
                self.expect("=")
                k4, number, c4 = self.take()
                if k4 != "int":
                    raise MalformedInput(f"query: option {name} needs a number at column {c4}")
                options[name] = int(number)
                if self.peek()[1] == ",":
                    self.take()
                    continue
                self.expect(")")
                break
        self.expect(":")
        body = self.implies()
        where = None
        if self.peek()[1] == "where":
            self.take()
            where = self.implies()
        kind_end, text, column = self.peek()
        if kind_end != "end":
            raise MalformedInput(f"query: unexpected {text!r} at column {column}")
        return Query(word, domain, options, body, where)  # type: ignore[arg-type]

    def implies(self) -> Node:
        left = self.disjunction()
        if self.peek()[1] == "implies":
            column = self.take()[2]
            return Node("implies", (left, self.implies()), column)
        return left

    def disjunction(self) -> Node:
        left = self.conjunction()
        while self.peek()[1] == "or":
            column = self.take()[2]
            left = Node("or", (left, self.conjunction()), column)
        return left

    def conjunction(self) -> Node:
        left = self.negation()
        while self.peek()[1] == "and":
            column = self.take()[2]
            left = Node("and", (left, self.negation()), column)
        return left

    def negation(self) -> Node:
        if self.peek()[1] == "not":
            column = self.take()[2]
            return Node("not", (self.negation(),), column)
        return self.comparison()

    def comparison(self) -> Node:
        left = self.sum()
        kind, op, column = self.peek()
        if kind == "op" and op in ("==", "!=", "<", "<=", ">", ">="):
            self.take()
            return Node(op, (left, self.sum()), column)
        return left

    def sum(self) -> Node:
        left = self.product()
        while self.peek()[1] in ("+", "-") and self.peek()[0] == "op":
            op, column = self.take()[1:]
            left = Node(op, (left, self.product()), column)
        return left

    def product(self) -> Node:
        left = self.unary()
        while self.peek()[1] == "*":
            column = self.take()[2]
            left = Node("*", (left, self.unary()), column)
        return left

    def unary(self) -> Node:
        if self.peek()[1] == "-" and self.peek()[0] == "op":
            column = self.take()[2]
            return Node("neg", (self.unary(),), column)
        return self.atom()

    def atom(self) -> Node:
        kind, text, column = self.take()
        if kind == "int":
            return Node("int", (int(text),), column)
        if kind == "card":
            return Node("int", (int(Card(text)),), column)
        if text == "(":
            inner = self.implies()
            self.expect(")")
            return inner
        if kind == "name":
            if text in ("true", "false"):
                return Node("bool", (text == "true",), column)
            if text in KEYWORDS:
                raise MalformedInput(f"query: unexpected {text!r} at column {column}")
            if text in CONSTANTS:
                return Node("int", (CONSTANTS[text],), column)
            if text in FUNCTIONS and self.peek()[1] == "(":
                self.take()
                argument = self.implies()
                self.expect(")")
                return Node(text, (argument,), column)
            name = text
            while self.peek()[1] == "." and self.peek()[0] == "op":
                self.take()
                k2, part, c2 = self.take()
                if k2 != "name":
                    raise MalformedInput(f"query: expected a name after '.' at column {c2}")
                name += "." + part
            node = Node("name", (name,), column)
            while self.peek()[1] == "[":
                self.take()
                index = self.sum()
                self.expect("]")
                node = Node("index", (node, index), column)
            return node
        found = "the end of the query" if kind == "end" else repr(text)
        raise MalformedInput(f"query: unexpected {found} at column {column}")


def parse(text: str) -> Query:
    """Parse a query; a malformed one raises :class:`MalformedInput` naming the column."""
    if not isinstance(text, str) or not text.strip():
        raise MalformedInput("query: the query is empty")
    if len(text) > 2000:
        raise MalformedInput("query: the query is longer than 2000 characters")
    return _Parser(text).query()


# --- meaning -------------------------------------------------------------------------


class _Evaluator:
    def __init__(self, instance: Instance) -> None:
        self.quantities = instance.quantities
        self.constants = instance.constants

    def fail(self, node: Node, message: str) -> MalformedInput:
        return MalformedInput(f"query: {message} at column {node.column}")

    def value(self, node: Node) -> Any:
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

    def integer(self, node: Node, value: Any) -> z3.ArithRef:
        if isinstance(value, list | tuple):
            raise self.fail(node, "a list quantity needs an index or sum/max/min/count")
        if z3.is_bool(value):
            raise self.fail(node, "expected a number, found a condition")
        return value

    def boolean(self, node: Node, value: Any) -> z3.BoolRef:
        if isinstance(value, list | tuple):
            raise self.fail(node, "a list quantity needs an index or count(...)")
        if not z3.is_bool(value):
            raise self.fail(node, "expected a condition, found a number")
        return value


@dataclass(frozen=True, slots=True)
class Answer:
    """A query's answer: ``yes``, ``no``, ``unknown``, or an optimum."""

    query: str
    verdict: Literal["yes", "no", "unknown", "optimum", "unbounded"]
    proven: bool
    value: int | None
    witness: str | None
    explanation: str
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON."""
        return {
            "query": self.query,
            "verdict": self.verdict,
            "proven": self.proven,
            "value": self.value,
            "witness": self.witness,
            "explanation": self.explanation,
            "seconds": round(self.seconds, 3),
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


def answer(text: str, domains: Mapping[str, Domain], *, timeout_ms: int = 10_000) -> Answer:
    """Parse and answer a query over a game's domains."""
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

    def solve(extra: Sequence[z3.BoolRef]) -> tuple[z3.CheckSatResult, Any]:
        solver = z3.Solver()
        solver.set("timeout", timeout_ms)
        solver.add(*premise, *extra)
        result = solver.check()
        return result, solver.model() if result == z3.sat else None

    def done(verdict: Any, proven: bool, value: int | None, model: Any, explanation: str) -> Answer:
        witness = instance.decode(model) if model is not None else None
        return Answer(
            text.strip(), verdict, proven, value, witness, explanation, time.perf_counter() - start
        )

    possible, _ = solve([])
    if possible == z3.unsat:
        return done(
            "no" if query.kind == "exists" else "yes",
            True,
            None,
            None,
            "no situation satisfies the domain and the 'where' condition",
        )
    if query.kind in ("exists", "forall"):
        condition = ev.boolean(query.body, body)
        result, model = solve([condition] if query.kind == "exists" else [z3.Not(condition)])
        if result == z3.unknown:
            return done("unknown", False, None, None, "the solver gave up within the time limit")
        if query.kind == "exists":
            if result == z3.sat:
                return done("yes", True, None, model, "a situation exists; here is one")
            return done("no", True, None, None, "proven: no situation of this kind satisfies it")
        if result == z3.sat:
            return done("no", True, None, model, "a counterexample exists; here is one")
        return done("yes", True, None, None, "proven: every situation of this kind satisfies it")
    objective = ev.integer(query.body, body)
    # Climb: find any situation, then ask for a strictly better one until none exists.
    # The last "none exists" is the proof that the value found is the optimum.
    deadline = time.perf_counter() + timeout_ms / 1000
    result, model = solve([])
    best_model = model
    best = None
    for _ in range(10_000):
        value = model.eval(objective, model_completion=True)
        assert isinstance(value, z3.IntNumRef)
        best, best_model = value.as_long(), model
        better = objective > best if query.kind == "maximize" else objective < best
        left = max(1, int((deadline - time.perf_counter()) * 1000))
        if time.perf_counter() > deadline:
            break
        result, model = solve([better]) if left else (z3.unknown, None)
        if result == z3.unsat:
            word = "maximum" if query.kind == "maximize" else "minimum"
            return done(
                "optimum",
                True,
                best,
                best_model,
                f"the {word} is {best}: proven, nothing goes beyond it",
            )
        if result == z3.unknown:
            break
    else:
        return done(
            "unbounded",
            False,
            best,
            best_model,
            "the objective kept improving: it may be unbounded",
        )
    return done(
        "unknown", False, best, best_model, "the optimum could not be proven within the time limit"
    )


_ = CardlawError
