"""The project's size rules, checked: no module over 500 lines, no command function over 50.

* Every module in ``spec``, ``engine``, ``proofs``, ``cardlaw``, ``tests`` and the docs'
  extensions (``docs/_ext``, which ``structure.py`` does not read) has at most
  :data:`MODULE_LINES` lines: one module per concern.
* Every function in ``cardlaw/commands`` (a command body parses its options and calls
  the library) spans at most :data:`FUNCTION_LINES` lines, from its ``def`` to its last
  line: its signature, docstring and body (issue 34).  Its decorators (a command's
  ``click`` options) are declarations outside it and are not counted.

Each test names every offender, with its line count.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULE_LINES = 500
"""The most lines a module may have."""

FUNCTION_LINES = 50
"""The most lines a function of ``cardlaw/commands`` may span."""

FOLDERS = ("spec", "engine", "proofs", "cardlaw", "tests", "docs/_ext")
"""The folders whose modules :func:`test_no_module_is_over_500_lines` reads."""


def long_modules(root: Path, folders: tuple[str, ...] = FOLDERS) -> list[str]:
    """``PATH LINES`` of each module under ``folders`` of ``root`` over :data:`MODULE_LINES`."""
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MODULE_LINES:
                found.append(f"{path.relative_to(root).as_posix()} {lines}")
    return found


def functions(tree: ast.Module) -> Iterator[tuple[str, int]]:
    """Each function of ``tree`` (nested ones and methods too), dotted name and lines spanned.

    >>> code = "def f():\\n    def g():\\n        pass\\n    return g\\n"
    >>> list(functions(ast.parse(code)))
    [('f', 4), ('f.g', 2)]
    """

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                yield name, (child.end_lineno or child.lineno) - child.lineno + 1
                yield from walk(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    return walk(tree, "")


def long_functions(folder: Path, limit: int = FUNCTION_LINES) -> list[str]:
    """``PATH::NAME LINES`` of each function in the modules of ``folder`` over ``limit`` lines."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        found += [f"{rel}::{name} {n}" for name, n in functions(tree) if n > limit]
    return found


def test_no_module_is_over_500_lines() -> None:
    found = long_modules(ROOT)
    assert not found, f"modules over {MODULE_LINES} lines: " + ", ".join(found)


def test_no_command_function_is_over_50_lines() -> None:
    found = long_functions(ROOT / "cardlaw" / "commands")
    assert not found, f"functions of cardlaw/commands over {FUNCTION_LINES} lines: " + ", ".join(
        found
    )


def test_the_scans_find_what_is_too_long(tmp_path: Path) -> None:
    """Both scans name an offender: a long module, and a long method (its decorator not counted)."""
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "long.py").write_text("x = 1\n" * (MODULE_LINES + 1), encoding="utf-8")
    (tmp_path / "spec" / "short.py").write_text("x = 1\n" * MODULE_LINES, encoding="utf-8")
    assert long_modules(tmp_path, ("spec",)) == [f"spec/long.py {MODULE_LINES + 1}"]

    def body(lines: int) -> str:
        return "".join(f"        x{i} = {i}\n" for i in range(lines))

    code = (
        f"class C:\n    @staticmethod\n    def run() -> None:\n{body(FUNCTION_LINES)}"
        f"    @staticmethod\n    @staticmethod\n    def fits() -> None:\n{body(FUNCTION_LINES - 1)}"
    )
    (tmp_path / "command.py").write_text(code, encoding="utf-8")
    assert long_functions(tmp_path) == [f"command.py::C.run {FUNCTION_LINES + 1}"]
    assert long_functions(tmp_path, FUNCTION_LINES + 1) == []
