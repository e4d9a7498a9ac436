"""Clauses of every game: ids, rulings, and that every cited clause exists.

A rule clause that no engine function enforces (and no invariant upholds)
is a gap, and fails here.

The clause-text tests compare every clause with the original rule documents,
which are not part of this repository.  They are read from the folder named
by ``CARDLAW_RULES_DIR``, else from ``../shared/rules`` beside the checkout;
without either the tests skip, and with ``CARDLAW_RULES_DIR`` set to a folder
that lacks a document they fail (CI sets it, so CI never skips them).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from cardlaw.engine.api import AnyGame
from cardlaw.engine.registry import all_games
from cardlaw.spec.clauses import CLAUSE_ID, Clause, Rulebook
from cardlaw.spec.record import RULEBOOK as RECORD
from cardlaw.spec.trace import ENFORCEMENT

GAMES = all_games()  # importing the games registers their @enforces marks
BOOKS: dict[str, Rulebook] = {game.rulebook.game: game.rulebook for game in GAMES}
BOOKS[RECORD.game] = RECORD
ROOT = Path(__file__).resolve().parents[2]
SOURCES = Path(os.environ.get("CARDLAW_RULES_DIR") or ROOT.parent / "shared" / "rules")
REQUIRED = bool(os.environ.get("CARDLAW_RULES_DIR"))
"""Whether the rule documents were named explicitly (then a missing one is a failure)."""


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


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_rule_is_enforced_somewhere(game: AnyGame) -> None:
    """A rule clause nobody enforces is a gap (definitions are exempt)."""
    upheld = {cid for inv in game.invariants for cid in inv.clauses}
    upheld |= {cid for inv in game.step_invariants for cid in inv.clauses}
    book: Rulebook = game.rulebook
    gaps = [
        c.id
        for c in book
        if c.kind != "definition" and c.id not in ENFORCEMENT and c.id not in upheld
    ]
    assert not gaps, gaps


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_invariants_cite_real_clauses(game: AnyGame) -> None:
    cited = [(inv.id, inv.clauses) for inv in game.invariants]
    cited += [(inv.id, inv.clauses) for inv in game.step_invariants]
    for iid, clauses in cited:
        for cid in clauses:
            assert known(cid), (iid, cid)


def _marked_clauses() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "clauses"
            ):
                found |= {
                    a.value
                    for a in node.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                }
    return found


def test_test_marks_cite_real_clauses() -> None:
    marks = _marked_clauses()
    assert marks, "no test is marked with the clauses it checks"
    assert not [cid for cid in marks if not CLAUSE_ID.match(cid) or not known(cid)]


CLAUSES = [
    (book, clause) for book in BOOKS.values() for clause in book if book.source.endswith(".txt")
]


@pytest.mark.parametrize(("book", "clause"), CLAUSES, ids=[c.id for _, c in CLAUSES])
def test_clause_text_is_ours(book: Rulebook, clause: Clause) -> None:
    """Our words: no clause repeats a run of ten words of the source document."""
    source = SOURCES / book.source
    if not source.exists():
        if REQUIRED:
            pytest.fail(f"CARDLAW_RULES_DIR names {SOURCES}, which has no {book.source}")
        pytest.skip("the source rule document is not beside this checkout")
    words = source.read_text().lower().split()
    runs = {" ".join(words[i : i + 10]) for i in range(len(words) - 9)}
    for text in (clause.text, clause.question, clause.alternative):
        tokens = text.lower().split()
        assert not any(" ".join(tokens[i : i + 10]) in runs for i in range(len(tokens) - 9))
