"""Clauses: ids, rulings, and that every cited clause exists."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine.divide.game  # noqa: F401  (registers the engine's @enforces marks)
from spec.clauses import CLAUSE_ID
from spec.divide.invariants import INVARIANTS, STEP_INVARIANTS
from spec.divide.rules import RULEBOOK as DIVIDE
from spec.record import RULEBOOK as RECORD
from spec.trace import ENFORCEMENT

BOOKS = {book.game: book for book in (DIVIDE, RECORD)}
ROOT = Path(__file__).resolve().parents[2]


def known(clause_id: str) -> bool:
    book = BOOKS.get(clause_id.split(".", 1)[0])
    return book is not None and clause_id in book


def test_every_ruling_states_question_decision_alternative() -> None:
    for book in BOOKS.values():
        for clause in book.rulings:
            assert clause.question.endswith("?"), clause.id
            assert clause.text and clause.alternative, clause.id


def test_enforced_clauses_exist() -> None:
    missing = [cid for cid in ENFORCEMENT if not known(cid) and not cid.startswith("demo.")]
    assert not missing


def test_every_divide_rule_is_enforced_somewhere() -> None:
    """A rule clause nobody enforces is a gap (definitions are exempt)."""
    gaps = [
        c.id
        for c in DIVIDE
        if c.kind != "definition" and c.id not in ENFORCEMENT and c.id not in _checked_elsewhere()
    ]
    assert not gaps, gaps


def _checked_elsewhere() -> set[str]:
    # Clauses about the whole game that invariants (not one function) uphold.
    cited = {cid for inv in INVARIANTS for cid in inv.clauses}
    cited |= {cid for inv in STEP_INVARIANTS for cid in inv.clauses}
    return cited


def test_invariants_cite_real_clauses() -> None:
    for inv in (*INVARIANTS, *STEP_INVARIANTS):
        for cid in inv.clauses:
            assert known(cid), (inv.id, cid)


def _marked_clauses() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "clauses"
            ):
                found |= {a.value for a in node.args if isinstance(a, ast.Constant)}
    return found


def test_test_marks_cite_real_clauses() -> None:
    marks = _marked_clauses()
    assert marks, "no test is marked with the clauses it checks"
    assert not [cid for cid in marks if not CLAUSE_ID.match(cid) or not known(cid)]


@pytest.mark.parametrize("clause", list(DIVIDE), ids=lambda c: c.id)
def test_clause_text_is_ours(clause: object) -> None:
    # Our words: no clause repeats a long run of the source document verbatim.
    source = ROOT.parent / "shared" / "rules" / "divide.txt"
    if not source.exists():
        pytest.skip("the source rule document is not beside this checkout")
    words = source.read_text().split()
    runs = {" ".join(words[i : i + 12]) for i in range(len(words) - 11)}
    text = " ".join(clause.text.split())  # type: ignore[attr-defined]
    tokens = text.split()
    assert not any(" ".join(tokens[i : i + 12]) in runs for i in range(len(tokens) - 11))
