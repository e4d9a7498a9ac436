"""Issue 34's rewrite: import spec, engine and proofs as ``cardlaw.spec`` and so on.

Re-runnable and idempotent (a name already under ``cardlaw.`` is left alone).  Run from the
checkout's root: ``python .ci/namespace.py`` (``--check`` lists what it would change, exit 1 if
anything).  It rewrites, in every file git tracks:

- Python code (by its syntax tree, so strings and comments are left alone): ``from spec... import``
  and ``import spec...`` (and engine, proofs); after a plain ``import engine.game`` (which binds
  ``engine``), every use of the bound name ``engine`` in that file becomes ``cardlaw.engine``;
- doctest lines (``>>>``/``...``) in docstrings, ``.rst`` and ``.md`` files, the exceptions they
  expect (``spec.errors.MalformedInput: ...`` names the class by its module), and the import
  lines of ``.rst`` code blocks;
- the few strings that name a module to import or compare with ``sys.modules`` (:data:`STRINGS`);
- the docstring lines the longer names push past 100 characters (:func:`_wrap`): a doctest's
  import is continued on a ``...`` line, an expected exception's message with a backslash.
  Run ``ruff check --fix --select I .`` and ``ruff format .`` after it (imports re-sorted).

What it does not rewrite is deliberate: the clause-traceability names (``engine.divide.tricks.
legal_plays`` in ``@enforces`` tables, coverage exemptions and verify reports) stay relative to
the layers, and ``spec.trace`` strips the ``cardlaw.`` prefix when it records them, so reports
are byte-identical; folder names (``"spec"``, ``"engine/*/*.py"``) are paths, not modules.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

LAYERS = ("spec", "engine", "proofs")
_ROOT = r"(?:spec|engine|proofs)"

DOCTEST = re.compile(rf"^(\s*(?:>>>|\.\.\.)\s+(?:from|import)\s+)({_ROOT}(?:\.|\s|$))", re.M)
"""An import on a doctest line (in a docstring, an .rst or an .md file)."""
DOCTEST_IMPORT = re.compile(r"^\s*(?:>>>|\.\.\.)\s+import\s+([\w., ]+)$", re.M)
"""A plain import on a doctest line: the names it binds are used on the lines after it."""
DOCTEST_LINE = re.compile(r"^\s*(?:>>>|\.\.\.)\s.*$", re.M)
RAISED = re.compile(rf"^(\s*)({_ROOT}\.(?:\w+\.)*[A-Z]\w*(?::|$))", re.M)
"""A doctest's expected exception line (``spec.errors.MalformedInput: ...``): the class's module."""
RST_CODE = re.compile(rf"^(\s+(?:from|import)\s+)({_ROOT}(?:\.\w+)*\s+import\b)", re.M)
"""An import line of an .rst code block (indented, not a doctest)."""

STRINGS: dict[str, list[tuple[str, str]]] = {
    # The compiled build's list of modules: compared with sys.modules' names.
    "engine/compiled.py": [(r'^(\s+")((?:engine|spec)\.)', r"\1cardlaw.\2")],
    # A module run by name.
    "proofs/budget_report.py": [(r'"-m", "proofs\.', '"-m", "cardlaw.proofs.')],
    # What a command loaded: the engine's game packages by module name, and the proofs' layer.
    "tests/cli/test_startup.py": [
        (r'm\.startswith\("engine\."\)', 'm.startswith("cardlaw.engine.")'),
        (r'f"engine\.\{name', 'f"cardlaw.engine.{name'),
        (
            r'"proofs" not in loaded',
            'not [m for m in loaded if m.startswith("cardlaw.proofs")]',
        ),
    ],
    # A module's source written by a test: it imports the tag as the engine does.
    "tests/mutation/test_shim.py": [
        (r"^from spec\.trace import", "from cardlaw.spec.trace import")
    ],
    # The traceability names stay relative to the layers (engine.divide.tricks.legal_plays).
    "spec/trace.py": [
        (
            r'name = f"\{function\.__module__\}\.',
            'name = f"{_layered(function.__module__)}.',
        ),
        (
            r"\n\ndef enforces\(",
            "\n\ndef _layered(module: str) -> str:\n"
            '    """A module\'s name relative to the layers '
            '(``cardlaw.engine.x``: ``engine.x``)."""\n'
            '    head, _, rest = module.partition(".")\n'
            '    layered = head == "cardlaw" and rest.startswith(("spec.", "engine.", "proofs."))\n'
            "    return rest if layered else module\n"
            "\n\ndef enforces(",
        ),
    ],
    # Every tag, wherever it is: the layers imported by their installed names.
    "tests/spec/test_reachable.py": [
        (
            r'for package in \("spec", "engine", "proofs", "cardlaw"\):',
            'for package in ("cardlaw.spec", "cardlaw.engine", "cardlaw.proofs", "cardlaw"):',
        ),
        (
            r'(\n(\s+)module = "\.".join\(parts\[:cut\]\)\n)(?!\s+module = f"cardlaw)',
            '\\1\\2module = f"cardlaw.{module}" if parts[0] in ("spec", "engine", "proofs") '
            "else module\n",
        ),
    ],
    ".ci/compiled": [(rf"^(from\s+)({_ROOT}\.)", r"\1cardlaw.\2")],
}
"""Per file: (pattern, replacement) for strings that are module names to import or compare."""


def _python(text: str) -> str:
    """Rewrite the imports of one Python source (and the uses of a name a plain import binds)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, int, str]] = []  # (line, start col, end col, replacement)
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in LAYERS:
                line = lines[node.lineno - 1]
                match = re.compile(rf"\bfrom\s+({_ROOT})\b").search(line, node.col_offset)
                assert match, (node.lineno, line)
                edits.append((node.lineno, match.start(1), match.start(1), "cardlaw."))
        elif isinstance(node, ast.Import):
            line = lines[node.lineno - 1]
            for alias in node.names:
                root = alias.name.split(".")[0]
                if root not in LAYERS:
                    continue
                match = re.compile(rf"\b{re.escape(alias.name)}\b").search(line, node.col_offset)
                assert match, (node.lineno, line)
                edits.append((node.lineno, match.start(), match.start(), "cardlaw."))
                if alias.asname is None:
                    bound.add(root)
    if bound:
        stored = {
            n.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in bound
        }
        stored |= {
            a.arg for n in ast.walk(tree) if isinstance(n, ast.arg) for a in [n] if a.arg in bound
        }
        if stored:
            raise SystemExit(
                f"a plain import binds {sorted(stored)}, also assigned: rewrite by hand"
            )
        for n in ast.walk(tree):
            if isinstance(n, ast.Name) and n.id in bound:
                edits.append((n.lineno, n.col_offset, n.col_offset, "cardlaw."))
    for lineno, start, end, new in sorted(set(edits), reverse=True):
        line = lines[lineno - 1]
        lines[lineno - 1] = line[:start] + new + line[end:]
    return "".join(lines)


def _doctest_plain_imports(text: str) -> str:
    """Doctests' ``import spec.divide, spec.euchre``: the bound names' uses on doctest lines."""
    bound = {
        name.strip().split(".")[0]
        for match in DOCTEST_IMPORT.finditer(text)
        for name in match.group(1).split(",")
    } & set(LAYERS)
    if not bound:
        return text
    use = re.compile(rf"(?<![\w.\"'])({'|'.join(sorted(bound))})\.")  # not in a string
    return DOCTEST_LINE.sub(lambda line: use.sub(r"cardlaw.\1.", line.group(0)), text)


LIMIT = 100
RAISED_HERE = re.compile(r"^\s*cardlaw\.(?:\w+\.)+[A-Z]\w*: ")
"""An expected exception of the layers, once rewritten."""
"""ruff's line length."""
LONG_IMPORT = re.compile(r"^(\s*)>>> (from \S+ import )([\w, ]+)$")


def _wrap_line(line: str) -> list[str]:
    """A docstring line over :data:`LIMIT`, wrapped (or as it is, when it is not ours to wrap)."""
    if match := LONG_IMPORT.match(line):
        indent, head, names = match.groups()
        rest = textwrap.wrap(names + ")", LIMIT - len(indent) - 8, break_long_words=False)
        return [f"{indent}>>> {head}(", *(f"{indent}...     {part}" for part in rest)]
    if RAISED_HERE.match(line):
        cut = line.rfind(" ", 0, LIMIT - 2)
        if cut > len(line) - len(line.lstrip()):
            tail = line[cut + 1 :]
            return [line[:cut] + " \\", *(_wrap_line(tail) if len(tail) > LIMIT else [tail])]
    return [line]


def _wrap(text: str) -> str:
    """Wrap the long doctest lines of the plain (not raw) strings of a Python source."""
    lines = text.splitlines(keepends=True)
    spans = [
        (token.start[0], token.end[0])
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.STRING and "r" not in token.string.split('"')[0].lower()
    ]
    inside = {n for start, end in spans for n in range(start, end + 1)}
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        body = line.rstrip("\n")
        if number in inside and len(body) > LIMIT:
            out.extend(part + "\n" for part in _wrap_line(body))
        else:
            out.append(line)
    return "".join(out)


def rewrite(path: Path, text: str) -> str:
    """The rewritten text of the file at ``path`` (relative to the checkout's root)."""
    if path.suffix == ".py":
        text = _python(text)
    if path.suffix in (".py", ".rst", ".md"):
        text = _doctest_plain_imports(text)
        text = DOCTEST.sub(r"\1cardlaw.\2", text)
        text = RAISED.sub(r"\1cardlaw.\2", text)
    if path.suffix == ".rst":
        text = RST_CODE.sub(r"\1cardlaw.\2", text)
    for pattern, replacement in STRINGS.get(path.as_posix(), []):
        if replacement in text:  # an insertion already made
            continue
        text = re.sub(pattern, replacement, text, flags=re.M)
    return _wrap(text) if path.suffix == ".py" else text


def main(argv: list[str]) -> int:
    """Rewrite every tracked file (or, with ``--check``, list those it would change)."""
    check = "--check" in argv
    names = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True)
    changed = []
    for name in names.stdout.splitlines():
        path = Path(name)
        if path.is_symlink() or not path.is_file() or path.as_posix() == ".ci/namespace.py":
            continue
        if path.suffix not in (".py", ".rst", ".md") and path.as_posix() not in STRINGS:
            continue
        text = path.read_text(encoding="utf-8")
        new = rewrite(path, text)
        if new != text:
            changed.append(name)
            if not check:
                path.write_text(new, encoding="utf-8")
    print(f"{len(changed)} files {'to rewrite' if check else 'rewritten'}")
    for name in changed if check else ():
        print(" ", name)
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
