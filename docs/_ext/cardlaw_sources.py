"""cardlaw's traceability back to the rule documents: each clause's source sentences.

The rule documents are not part of the repository; :func:`spec.sources.rules_dir`
finds them (``CARDLAW_RULES_DIR``, else ``../shared/rules``).  When they are there,
the build checks every game's map (``spec/<game>/sources.py``) when it starts, and
**fails** if a rule-bearing sentence is covered by no clause, or the map is broken;
when they are not, it says so on stderr and skips the check.

Directive ``cardlaw-sources``: per game, each clause and the sentences it covers
(by reference, ``148.1`` for line 148's first sentence, with a few words as an
anchor, never the sentence in full), the sentences covered by no clause (set aside
as bearing no rule, each with its reason) and the clauses that cite no sentence
(rulings on points the document leaves open, and rules it implies).

:func:`source_refs` gives one clause's references for the rulebook's trace line.
"""

from __future__ import annotations

import sys
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from cardlaw.engine.registry import all_games
from cardlaw.spec.source_map import SourceMap
from cardlaw.spec.source_maps import source_maps
from cardlaw.spec.sources import Coverage, check, rules_dir, short

ROOT = Path(__file__).resolve().parents[2]


def game_source_maps() -> dict[str, SourceMap]:
    """Each registered game's map of its rule document, by name, from its rulebook (which
    carries it), as the registry lists the games when asked; a game whose rulebook carries
    none is refused, named (:func:`spec.source_maps.source_map`).

    >>> game_source_maps()["euchre"].document
    'euchre.txt'
    """
    return source_maps(game.rulebook for game in all_games())


def _rst(text: str) -> str:
    return "".join("\\" + c if c in "\\*`|_<>[]" else c for c in text)


@cache
def coverages() -> dict[str, Coverage] | None:
    """Each game's coverage of its document, or None when the documents are not found."""
    folder = rules_dir(ROOT)
    if folder is None:
        return None
    found: dict[str, Coverage] = {}
    maps = game_source_maps()
    for game in all_games():
        source = maps[game.name]
        path = folder / source.document
        if not path.exists():
            raise ExtensionError(
                f"cardlaw: the rule documents' folder {folder} (CARDLAW_RULES_DIR) has no "
                f"{source.document}"
            )
        found[game.name] = check(source, game.rulebook, path.read_text(encoding="utf-8"))
    return found


def source_refs(game: str, clause_id: str) -> str:
    """The references of the sentences ``clause_id`` covers, e.g. ``divide.txt 148.1, 152.1``.

    Empty when the clause cites none; the references alone when the documents are absent.
    """
    source = game_source_maps()[game]
    refs = source.covers.get(clause_id, ())
    return f"{source.document} {', '.join(refs)}" if refs else ""


def _problems(found: dict[str, Coverage]) -> list[str]:
    out: list[str] = []
    maps = game_source_maps()
    for name, coverage in found.items():
        out += [f"{name}: {p}" for p in coverage.problems]
        if coverage.uncovered:
            refs = ", ".join(s.ref for s in coverage.uncovered)
            out.append(
                f"{name}: rule-bearing sentences covered by no clause ({maps[name].document}"
                f" {refs}): cite them in a clause's entry of spec/{name.replace('-', '_')}/"
                "sources.py, or set them aside with a reason"
            )
    return out


def check_sources(app: Sphinx) -> None:
    """At the build's start: fail on a gap in the traceability, or say why it is skipped."""
    found = coverages()
    if found is None:
        print(
            "cardlaw: the rule documents were not found (CARDLAW_RULES_DIR, or ../shared/rules "
            "beside the checkout): the source-sentence check is skipped",
            file=sys.stderr,
        )
        return
    problems = _problems(found)
    if problems:
        raise ExtensionError("cardlaw: source traceability: " + "; ".join(problems))


def _game_lines(game: Any, coverage: Coverage) -> list[str]:
    source = game_source_maps()[game.name]
    kinds = Counter(a.kind for a in coverage.set_aside.values())
    aside_text = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    lines = [
        f".. rubric:: {game.rulebook.title} (``{source.document}``)",
        "",
        f"{len(coverage.sentences)} sentences: {len(coverage.covered_by)} covered by a clause, "
        f"{len(coverage.set_aside)} bearing no rule ({aside_text}), "
        f"{len(coverage.errata)} flagged as errors of the document, "
        f"{len(coverage.uncovered)} uncovered.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :class: cardlaw-table cardlaw-sources",
        "",
        "   * - Clause",
        "     - Source sentences",
    ]
    for clause in game.rulebook:
        cited = coverage.by_clause.get(clause.id, ())
        shown = "; ".join(f"**{s.ref}** “{_rst(short(s))}”" for s in cited)
        lines += [f"   * - :clause:`{clause.id}`", f"     - {shown or '—'}"]
    uncited = [c.id for c in game.rulebook if not coverage.by_clause.get(c.id)]
    lines += [
        "",
        f"Clauses citing no sentence ({len(uncited)}): "
        + (", ".join(f":clause:`{c}`" for c in uncited) or "none")
        + ".",
        "",
        "Sentences covered by no clause, each set aside as bearing no rule:",
        "",
    ]
    for sentence in coverage.sentences:
        entry = coverage.set_aside.get(sentence.ref)
        if entry is not None:
            lines.append(
                f"* **{sentence.ref}** “{_rst(short(sentence, 4))}” — *{entry.kind}*: "
                f"{_rst(entry.reason)}"
            )
    lines += _errata_lines(coverage)
    if coverage.uncovered:
        lines.append("")
        lines.append("**Uncovered:** " + ", ".join(s.ref for s in coverage.uncovered))
    lines.append("")
    return lines


def _errata_lines(coverage: Coverage) -> list[str]:
    """The document's errors: each flagged sentence, what is wrong and the clause that decides."""
    if not coverage.errata:
        return []
    lines = ["", "Errors of the document, each flagged with what is wrong:", ""]
    for sentence in coverage.sentences:
        flagged = coverage.errata.get(sentence.ref)
        if flagged is not None:
            lines.append(
                f"* **{sentence.ref}** “{_rst(short(sentence, 4))}” — *document error*: "
                f"{_rst(flagged.reason)} (:clause:`{flagged.clause}`)"
            )
    return lines


class SourcesDirective(SphinxDirective):
    """``cardlaw-sources``: every game's clauses with the sentences of its document they cover."""

    def run(self) -> list[nodes.Node]:
        for folder in ("spec",):
            for path in sorted((ROOT / folder).rglob("sources.py")):
                self.env.note_dependency(str(path))
        found = coverages()
        if found is None:
            lines = [
                "The rule documents were not found when this page was built, so the check of "
                "their sentences was skipped.  Each clause's references are in "
                "``spec/<game>/sources.py``.",
            ]
        else:
            lines = []
            for game in all_games():
                lines += _game_lines(game, found[game.name])
        container = nodes.container(classes=["cardlaw"])
        content = StringList(lines, source="<cardlaw cardlaw-sources>")
        self.state.nested_parse(content, self.content_offset, container)
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and the check at the build's start."""
    app.add_directive("cardlaw-sources", SourcesDirective)
    app.connect("builder-inited", check_sources)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
