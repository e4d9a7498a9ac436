"""The rulebook's directives that state the rules, read from ``spec/``.

``cardlaw-components``, ``cardlaw-phases``, ``cardlaw-rules`` (each clause with its
trace: what enforces, proves and tests it), ``cardlaw-variants`` and
``cardlaw-quickref`` (:func:`quickref_lines`); registered by :mod:`cardlaw_rulebook`.
"""

from __future__ import annotations

import ast
import html
import re
from typing import TYPE_CHECKING, Any, cast

from cardlaw_rst import GameDirective, clause_ref, esc, link_clauses
from cardlaw_rulebook_data import (
    ROOT,
    all_obligations,
    clause_test_marks,
    enforced_by,
    invariants_of,
    package_of,
    proofs_of,
)
from cardlaw_sources import source_refs
from docutils import nodes
from docutils.statemachine import StringList

if TYPE_CHECKING:
    from sphinx.domains.std import StandardDomain

__all__ = [
    "ComponentsDirective",
    "PhasesDirective",
    "QuickRefDirective",
    "RulesDirective",
    "VariantsDirective",
    "phase_html",
    "quickref_lines",
]


# --- components and phases -------------------------------------------------------------------


def _constants(game: Any) -> list[tuple[str, str, str]]:
    path = ROOT / "spec" / package_of(game) / "constants.py"
    if not path.exists():
        return []
    module = __import__(f"spec.{package_of(game)}.constants", fromlist=["_"])
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rows = []
    body = tree.body
    for index, node in enumerate(body):
        name = None
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        if name is None or name.startswith("_"):
            continue
        doc = ""
        if index + 1 < len(body):
            nxt = body[index + 1]
            if (
                isinstance(nxt, ast.Expr)
                and isinstance(nxt.value, ast.Constant)
                and isinstance(nxt.value.value, str)
            ):
                doc = " ".join(nxt.value.value.split())
        value = getattr(module, name, None)
        if isinstance(value, dict):
            shown = ", ".join(f"{getattr(k, 'name', k)}: {v}" for k, v in value.items())
        else:
            shown = repr(value)
        rows.append((name, shown, doc))
    return rows


class ComponentsDirective(GameDirective):
    """``cardlaw-components GAME``: definitions and constants."""

    def render(self, game: Any) -> list[nodes.Node]:
        lines = []
        for clause in game.rulebook:
            if clause.kind == "definition":
                lines += [
                    f"* **{esc(clause.title)}** — {esc(clause.text)} ({clause_ref(clause.id)})"
                ]
        lines.append("")
        rows = _constants(game)
        if rows:
            lines += [
                f"The constants, each defined once in ``spec/{package_of(game)}/constants.py``:",
                "",
            ]
            for name, value, doc in rows:
                lines += [f"``{name}`` = ``{value}``", f"   {link_clauses(esc(doc)) or '—'}", ""]
        return self.emit(lines)


def phase_html(phases: list[Any]) -> str:
    """The steps of play as an ordered list of boxes, each with its note.

    Plain HTML, not a picture: the boxes flow in a row on a wide screen and stack in a
    column on a phone (``cardlaw.css``), their text at the page's size, so the diagram
    reads at any width.  Only the phases that are steps of play are given.

    >>> from cardlaw.spec.clauses import Phase
    >>> phase_html([Phase("deal", "The deal", "each round", step=True)])  # doctest: +ELLIPSIS
    '<ol class="cardlaw-phases" aria-label="The steps of play: The deal"><li ...'
    """
    items = []
    for phase in phases:
        note = (
            f'<span class="cardlaw-phase-note">{html.escape(phase.note)}</span>'
            if phase.note
            else ""
        )
        items.append(
            f'<li class="cardlaw-phase"><span class="cardlaw-phase-title">'
            f"{html.escape(phase.title)}</span>{note}</li>"
        )
    label = html.escape(" → ".join(p.title for p in phases))
    return (
        f'<ol class="cardlaw-phases" aria-label="The steps of play: {label}">'
        + "".join(items)
        + "</ol>"
    )


class PhasesDirective(GameDirective):
    """``cardlaw-phases GAME``: the steps of play (the phases marked ``step``) as a diagram."""

    def render(self, game: Any) -> list[nodes.Node]:
        phases = [p for p in game.rulebook.phases if p.step and game.rulebook.in_phase(p.id)]
        if not phases:
            raise self.error(f"cardlaw-phases {game.name}: no phase of the rulebook is a step")
        return [nodes.raw("", phase_html(phases), format="html")]


# --- rules ---------------------------------------------------------------------------------------


def _numbered(game: Any) -> list[tuple[str, Any, list[tuple[str, Any]]]]:
    out = []
    number = 0
    for phase in game.rulebook.phases:
        clauses = game.rulebook.in_phase(phase.id)
        if not clauses:
            continue
        number += 1
        out.append((str(number), phase, [(f"{number}.{i}", c) for i, c in enumerate(clauses, 1)]))
    return out


def _trace_line(game: Any, clause: Any) -> str:
    parts = []
    enforced = enforced_by().get(clause.id, [])
    if enforced:
        parts.append("enforced by " + ", ".join(f"``{name}``" for name in enforced))
    proofs = proofs_of(clause.id)
    expected = {ob.id: ob.expected for ob in all_obligations()}
    held = [p for p in proofs if expected[p] == "holds"]
    found = [p for p in proofs if expected[p] == "fails"]
    if held:
        parts.append("proved by " + ", ".join(f":obligation:`{p}`" for p in held))
    if found:
        parts.append(
            "a finding refuted with a witness by " + ", ".join(f":obligation:`{p}`" for p in found)
        )
    tests = clause_test_marks().get(clause.id, [])
    if tests:
        parts.append(f"checked by {len(tests)} test{'s' * (len(tests) != 1)}")
    invariants = invariants_of(game, clause.id)
    if invariants:
        parts.append(
            "upheld by the invariant"
            + "s" * (len(invariants) > 1)
            + " "
            + ", ".join(f"``{i}``" for i in invariants)
        )
    if not proofs and not tests:
        parts.append("**no proof or test checks this clause**")
    sources = source_refs(game.name, clause.id)
    parts.append(f"source: {sources}" if sources else "source: no sentence (see Traceability)")
    return "; ".join(parts)


class RulesDirective(GameDirective):
    """``cardlaw-rules GAME``: every clause, numbered, grouped by phase."""

    def render(self, game: Any) -> list[nodes.Node]:
        self.depend_on_tests()
        std = cast("StandardDomain", self.env.get_domain("std"))
        out: list[nodes.Node] = []
        for number, phase, clauses in _numbered(game):
            section = nodes.section(ids=[f"{game.name}.phase.{phase.id}"])
            section += nodes.title(text=f"{number}. {phase.title}")
            for label, clause in clauses:
                box = nodes.container(ids=[clause.id])
                box["classes"] += ["cardlaw-clause", f"cardlaw-{clause.kind}"]
                std.note_hyperlink_target(
                    clause.id, self.env.docname, clause.id, f"{label} {clause.title}"
                )
                lines = [f"**{label} {esc(clause.title)}** ``{clause.id}``", ""]
                if clause.is_ruling:
                    lines += [
                        f"*Ruling.* **Question:** {esc(clause.question)}",
                        "",
                        f"**Decision:** {esc(clause.text)}",
                        "",
                        f"**Alternative:** {esc(clause.alternative)}",
                        "",
                    ]
                    if clause.variant:
                        lines += [f"**Variant:** the configuration field ``{clause.variant}``.", ""]
                else:
                    lines += [esc(clause.text), ""]
                lines += [f"*Trace:* {_trace_line(game, clause)}", ""]
                self.state.nested_parse(
                    StringList(lines, source=clause.id), self.content_offset, box
                )
                section += box
            out.append(section)
        return out


class VariantsDirective(GameDirective):
    """``cardlaw-variants GAME``: named variants and the clauses they change."""

    def render(self, game: Any) -> list[nodes.Node]:
        variants = dict(getattr(game, "variants", {}))
        if not variants:
            return self.emit(["This game has no variants."])
        lines = [".. list-table::", "   :header-rows: 1", "   :class: cardlaw-table", ""]
        lines += ["   * - Variant", "     - Configuration", "     - Changes"]
        for name, options in variants.items():
            changed = [
                clause_ref(c.id) for c in game.rulebook if c.variant and c.variant in options
            ]
            config = ", ".join(f"``{k}={v!r}``" for k, v in options.items())
            lines += [
                f"   * - ``{name}``",
                f"     - {config}",
                f"     - {', '.join(changed) or '—'}",
            ]
        lines += ["", f"Select one with ``cardlaw play {game.name} --variant NAME``."]
        return self.emit(lines)


def quickref_lines(game: Any) -> list[str]:
    """The judge's quick reference of ``game``: each rule in its first sentence, each ruling whole.

    A ruling is never cut: its question comes first and then its whole decision, since a
    decision's first sentence alone ("No.") can read as the opposite of the ruling.
    """
    lines: list[str] = []
    for number, phase, clauses in _numbered(game):
        if phase.id in ("cards",):
            continue
        lines += [f"**{number}. {esc(phase.title)}**", ""]
        for label, clause in clauses:
            if clause.kind == "definition":
                continue
            if clause.is_ruling:
                said = f"*{esc(clause.question)}* {esc(clause.text)} *(ruling)*"
            else:
                said = esc(re.split(r"(?<=\.)\s", clause.text, maxsplit=1)[0])
            lines.append(f"* :clause:`{label} <{clause.id}>` **{esc(clause.title)}** — {said}")
        lines.append("")
    return lines


class QuickRefDirective(GameDirective):
    """``cardlaw-quickref GAME``: the rules on one page, a line each, every ruling whole."""

    def render(self, game: Any) -> list[nodes.Node]:
        return self.emit(quickref_lines(game))
