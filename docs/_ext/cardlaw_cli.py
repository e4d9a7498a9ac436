"""cardlaw's Sphinx directive ``cardlaw-cli``: the command line's own help, rendered as text.

Each command of ``cardlaw`` (found from the app, never listed by hand) gets a
section: its usage line, its description in paragraphs, a table of its
commands (for a group: each a link to its section), and a table each of its
arguments and options, with the rows ``--help`` prints
(:func:`cardlaw.usage.help_sections`: the same names, the same examples,
filled in for the command's game).  Nothing is syntax-coloured: the usage
line is a literal block of plain text, the rest paragraphs and tables.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cardlaw import cli
from cardlaw.usage import help_sections

__all__ = ["CliDirective", "setup"]


_CODE = re.compile(r'(--[A-Za-z][\w-]*|"[^"\n]+"|\b[A-Z][A-Z_]*=[\w.-]+)')
"""What help text writes as code: an option, a quoted example, a ``NAME=VALUE``."""


def _inline(text: str) -> list[nodes.Node]:
    """``text`` as text and literals: options and examples in code, out of reach of the
    typography that would make ``--set`` a dash and ``"play JC"`` curly."""
    out: list[nodes.Node] = []
    for i, part in enumerate(_CODE.split(text)):
        if i % 2:
            code = part.strip('"')
            out.append(nodes.literal(code, code))
        elif part:
            out.append(nodes.Text(part))
    return out


def _anchor(path: list[str]) -> str:
    return "cli-" + "-".join(path[1:]) if len(path) > 1 else "cli"


def _paragraphs(text: str) -> list[nodes.Node]:
    """``text`` as paragraphs; a click ``\\b`` paragraph (never rewrapped) keeps its lines."""
    out: list[nodes.Node] = []
    for chunk in text.strip().split("\n\n"):
        lines = chunk.splitlines()
        if lines and lines[0].strip() == "\b":
            block = nodes.line_block()
            for line in lines[1:]:
                block += nodes.line(line.strip(), line.strip())
            out.append(block)
        elif chunk.strip():
            paragraph = nodes.paragraph()
            paragraph += _inline(" ".join(line.strip() for line in lines))
            out.append(paragraph)
    return out


def _table(head: tuple[str, str], rows: list[tuple[nodes.Node, str]]) -> nodes.table:
    """A two-column table: a name (text or a node) and what it means."""
    table = nodes.table(classes=["cardlaw-table", "cardlaw-cli-table"])
    group = nodes.tgroup(cols=2)
    table += group
    for width in (30, 70):
        group += nodes.colspec(colwidth=width)
    header = nodes.thead()
    group += header
    row = nodes.row()
    for title in head:
        entry = nodes.entry()
        entry += nodes.paragraph(title, title)
        row += entry
    header += row
    body = nodes.tbody()
    group += body
    for name, text in rows:
        row = nodes.row()
        first = nodes.entry()
        para = nodes.paragraph()
        para += name
        first += para
        second = nodes.entry()
        meaning = nodes.paragraph()
        meaning += _inline(text)
        second += meaning
        row += first
        row += second
        body += row
    return table


def command_section(command: Any, ctx: Any, path: list[str]) -> nodes.section:
    """The section of one command: usage, description, commands, arguments and options."""
    section = nodes.section(ids=[_anchor(path)])
    section += nodes.title(text=" ".join(path))
    usage = command.get_usage(ctx).removeprefix("Usage: ").strip()
    block = nodes.literal_block(usage, usage)
    block["language"] = "text"
    section += block
    for node in _paragraphs(command.help or ""):
        section += node
    names: list[str] = getattr(command, "list_commands", lambda c: [])(ctx)
    if names:
        rows: list[tuple[nodes.Node, str]] = []
        for name in names:
            sub = command.get_command(ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            link = nodes.reference("", "", internal=True, refid=_anchor([*path, name]))
            link += nodes.literal(name, name)
            rows.append((link, sub.get_short_help_str(limit=200)))
        section += _table(("command", "what it does"), rows)
    for title, sections in help_sections(command, ctx):
        rows = [(nodes.literal(name, name), text) for name, text in sections]
        section += nodes.rubric(title, title)
        section += _table(("argument" if title == "Arguments" else "option", "meaning"), rows)
    return section


class CliDirective(SphinxDirective):
    """``cardlaw-cli``: every command's help, generated from the command line itself."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(inspect.getfile(cli))
        root = cli.app
        out: list[nodes.Node] = []

        def walk(command: Any, path: list[str], parent: Any) -> None:
            ctx = (
                type(parent)(command, info_name=path[-1], parent=parent)
                if parent is not None
                else command.make_context(path[-1], [], resilient_parsing=True)
            )
            out.append(command_section(command, ctx, path))
            for name in getattr(command, "list_commands", lambda c: [])(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not getattr(sub, "hidden", False):
                    walk(sub, [*path, name], ctx)

        walk(root, ["cardlaw"], None)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("cardlaw-cli", CliDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
