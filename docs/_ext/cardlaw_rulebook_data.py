"""What the rulebook's directives read: the games, their obligations and what checks each clause.

The registered games (:func:`registered_games`), every obligation and its report
from ``cardlaw verify`` (:func:`obligation_reports`, read once through
:func:`cardlaw_report.verify_report`), the tests marked with each clause, the
engine functions that enforce it, and the proofs and invariants that check it.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Any

from cardlaw_report import verify_report
from sphinx.errors import ExtensionError

from cardlaw.engine.registry import all_games
from cardlaw.proofs.registry import obligations
from cardlaw.spec.trace import ENFORCEMENT

__all__ = [
    "ROOT",
    "all_obligations",
    "clause_test_marks",
    "enforced_by",
    "game_named",
    "invariants_of",
    "obligation_reports",
    "package_of",
    "proofs_of",
    "registered_games",
]

ROOT = Path(__file__).resolve().parents[2]


def registered_games() -> dict[str, Any]:
    """The registered games, by name, as the registry lists them when asked."""
    return {game.name: game for game in all_games()}


def game_named(name: str) -> Any:
    """The registered game called ``name``; an :class:`ExtensionError` if there is none."""
    games = registered_games()
    if name not in games:
        raise ExtensionError(f"cardlaw: unknown game {name!r} (known: {', '.join(games)})")
    return games[name]


def package_of(game: Any) -> str:
    """The name of ``game``'s folders under ``spec``, ``engine`` and ``proofs``."""
    return str(game.name).replace("-", "_")


@cache
def obligation_reports() -> dict[str, dict[str, Any]]:
    """Obligation id -> its JSON report, from :func:`cardlaw_report.verify_report`."""
    data = verify_report()
    mutants: dict[str, list[dict[str, Any]]] = {}
    for m in data["mutants"]:
        mutants.setdefault(m["obligation"], []).append(m)
    return {o["id"]: {**o, "mutants": mutants.get(o["id"], [])} for o in data["obligations"]}


def all_obligations() -> list[Any]:
    """Every obligation, as the proofs' table lists them when asked (built once there)."""
    return list(obligations())


@cache
def clause_test_marks() -> dict[str, list[str]]:
    """Clause id -> the tests marked ``@pytest.mark.clauses(...)`` with it.

    Only the modules whose text names ``clauses`` are parsed: a mark is a call of an
    attribute of that name, so no other module can hold one.
    """
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if "clauses" not in text:
            continue
        tree = ast.parse(text)
        for node in ast.walk(tree):
            targets: list[tuple[str, ast.expr]] = []
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                targets = [(f"{rel}::{node.name}", d) for d in node.decorator_list]
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
            ):
                targets = [(rel, node.value)]
            for name, expr in targets:
                for call in ast.walk(expr):
                    if (
                        isinstance(call, ast.Call)
                        and isinstance(call.func, ast.Attribute)
                        and call.func.attr == "clauses"
                    ):
                        for arg in call.args:
                            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                                found.setdefault(arg.value, []).append(name)
    return found


def enforced_by() -> dict[str, list[str]]:
    """Clause id -> the engine functions marked ``@enforces`` with it."""
    registered_games()  # importing the games registers their @enforces marks
    return ENFORCEMENT


def proofs_of(clause_id: str) -> list[str]:
    """The ids of the obligations that check the clause ``clause_id``."""
    return [ob.id for ob in all_obligations() if clause_id in ob.clauses]


def invariants_of(game: Any, clause_id: str) -> list[str]:
    """The ids of ``game``'s invariants (and step invariants) that uphold ``clause_id``."""
    return [inv.id for inv in (*game.invariants, *game.step_invariants) if clause_id in inv.clauses]
