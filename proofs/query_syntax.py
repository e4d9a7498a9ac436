"""The syntax of ``cardlaw query``: tokens, expression trees, and the parser.

The grammar is described in :mod:`proofs.query`, which gives the trees their
meaning.  The input is only ever parsed by the grammar, never evaluated as
Python; a malformed query raises :class:`~spec.errors.MalformedInput` naming
the column.

>>> q = parse("maximize round: points[0] where winner[1] == 0")
>>> q.kind, q.domain, q.body.op, q.where.op
('maximize', 'round', 'index', '==')
>>> parse("exists trick: 7S ==")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: query: unexpected the end of the query at column 20
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from cardlaw.spec.cards import Card
from cardlaw.spec.errors import MalformedInput

__all__ = ["CONSTANTS", "FUNCTIONS", "KEYWORDS", "Kind", "Node", "Query", "parse"]

Kind = Literal["exists", "forall", "maximize", "minimize"]

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
        return Query(word, domain, options, body, where)  # type: ignore[arg-type]  # word: a Kind, checked above

    def implies(self) -> Node:
        left = self.disjunction()
        if self.peek()[1] == "implies":
            column = self.take()[2]
            return Node("implies", (left, self.implies()), column)
        return left

    def chain(self, operand: Callable[[], Node], ops: tuple[str, ...], kind: str = "") -> Node:
        """Operands joined left to right by the operators ``ops`` (of token ``kind``, if given)."""
        left = operand()
        while self.peek()[1] in ops and kind in ("", self.peek()[0]):
            op, column = self.take()[1:]
            left = Node(op, (left, operand()), column)
        return left

    def disjunction(self) -> Node:
        return self.chain(self.conjunction, ("or",))

    def conjunction(self) -> Node:
        return self.chain(self.negation, ("and",))

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
        return self.chain(self.product, ("+", "-"), "op")

    def product(self) -> Node:
        return self.chain(self.unary, ("*",))

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
