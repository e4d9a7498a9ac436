"""The command line uses click through its public API only, and no typer (issue 34).

Read from the sources: no module of cardlaw imports typer or reaches into a private
name of click (``click._...``, ``click.core._...``), nothing recognises an error by its
class's name, and the distribution does not depend on typer.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "cardlaw").rglob("*.py"))
PRIVATE = re.compile(r"\bclick(\.[a-z_]+)*\._[a-z]")


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return names


def test_no_module_imports_typer_or_a_private_name_of_click() -> None:
    found = []
    for path in SOURCES:
        text = path.read_text()
        imported = _imports(ast.parse(text))
        if any(name == "typer" or name.startswith("typer.") for name in imported):
            found.append(f"{path.relative_to(ROOT)}: imports typer")
        if any(PRIVATE.search(name) for name in imported) or PRIVATE.search(text):
            found.append(f"{path.relative_to(ROOT)}: a private name of click")
    assert not found, found


COMPARED = re.compile(r"__name__\s*(==|!=|in\b)(?!\s*\"__main__\")")
"""A class's name compared with something (``type(error).__name__ == "Abort"``)."""


def test_no_error_is_told_by_its_class_name() -> None:
    text = (ROOT / "cardlaw" / "cli.py").read_text()
    assert not COMPARED.search(text) and "PacifyFlushWrapper" not in text


def test_the_distribution_needs_click_not_typer() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    dependencies = text.split("dependencies = [", 1)[1].split("]", 1)[0]
    assert '"click>=' in dependencies and "typer" not in dependencies.replace("not typer", "")
