"""cardlaw's what-if pages: the rule parameters of each game, and proofs under changed rules.

Directives:

* ``cardlaw-parameters GAME`` — the numbers of the rules a designer may change
  (``--set NAME=VALUE``), read from the game's rules dataclass
  (``spec/<game>/parameters.py``): printed value, range, clause;
* ``cardlaw-whatif GAME`` with options ``:set: NAME=VALUE, ...`` and
  ``:obligation: ID`` — that obligation re-proved under the changed rules at
  build time (once: ``cardlaw_report`` caches it under the sources' hash),
  beside its verdict under the printed rules (from the verify report), with
  the witness the engine replayed; the build fails if the witness does not
  replay.  ``:query: EXPRESSION`` adds a query
  answered under the changed rules (and under the printed ones).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlaw_report import whatif_report
from cardlaw_rst import GameDirective, clause_ref, esc
from cardlaw_rulebook_data import obligation_reports
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from cardlaw.catalog import rule_parameters
from cardlaw.proofs.core import check
from cardlaw.proofs.query import answer
from cardlaw.proofs.registry import domains, obligation
from cardlaw.spec.parameters import parse_sets


class ParametersDirective(GameDirective):
    """``cardlaw-parameters GAME``: the rule parameters and their ranges."""

    def render(self, game: Any) -> list[nodes.Node]:
        found = rule_parameters(game)
        if not found:
            return self.emit(["This game has no rule parameters."])
        lines = [".. list-table::", "   :header-rows: 1", "   :class: cardlaw-table", ""]
        lines += ["   * - Parameter", "     - Printed", "     - Range", "     - What it is"]
        for p in found:
            lines += [
                f"   * - ``{p.name}``",
                f"     - {p.default}",
                f"     - {p.low} to {p.high}",
                f"     - {esc(p.summary)} ({clause_ref(p.clause)})",
            ]
        first = found[0]
        lines += [
            "",
            f"Change one with ``--set {first.name}={first.default}`` (or "
            f"``--set {first.name.lower().replace('_', '-')}=...``) on ``cardlaw play``, "
            "``simulate``, ``replay``, ``ask``, ``query`` and ``verify``; the numbers must "
            "fit together (a line names the rule they break, exit code 2).  "
            f"``cardlaw verify {game.name} --set ...`` re-proves every obligation under the "
            "changed rules and shows each verdict beside the printed rules' one.",
        ]
        return self.emit(lines)


class WhatIfDirective(GameDirective):
    """``cardlaw-whatif GAME``: one obligation (and a query) under changed rules."""

    option_spec: ClassVar[dict[str, Any]] = {
        "set": directives.unchanged_required,
        "obligation": directives.unchanged_required,
        "query": directives.unchanged,
    }

    def render(self, game: Any) -> list[nodes.Node]:
        changes = parse_sets([s.strip() for s in self.options["set"].split(",")])
        shown = ", ".join(f"``{k}={v}``" for k, v in changes.items())
        options = " ".join(f"--set {k}={v}" for k, v in changes.items())
        oid = self.options["obligation"]
        report = whatif_report(oid, game.name, changes)
        printed = obligation_reports().get(oid, {}).get("status")
        if printed is None:
            printed = check(obligation(oid)).status
        if report["witness"] is not None and report["record"] and not report["witness_replayed"]:
            raise ExtensionError(f"cardlaw-whatif: the witness of {oid} did not replay")
        lines = [
            f"With {shown}, :obligation:`{oid}` is **{report['status']}** "
            f"(under the printed rules: {printed}).",
            "",
            f"``cardlaw verify {game.name} {options}``",
            "",
        ]
        if report["witness"] is not None:
            kind = "Witness" if report["status"] == "proved" else "Counterexample"
            replayed = (
                " (a game record, replayed through the engine)"
                if report["witness_replayed"]
                else ""
            )
            lines += [f"{kind}{replayed}:", ""]
            lines += ["   " + esc(line) for line in report["witness"].splitlines()]
            lines.append("")
        query = self.options.get("query")
        if query:
            under = answer(query, domains(game.name, changes))
            before = answer(query, domains(game.name))
            lines += [
                f'``cardlaw query {game.name} "{query}"`` answers **{_said(under)}** under the '
                f"changed rules, and **{_said(before)}** under the printed ones.",
            ]
        return self.emit(lines)


def _said(result: Any) -> str:
    return str(result.value) if result.verdict == "optimum" else str(result.verdict)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("cardlaw-parameters", ParametersDirective)
    app.add_directive("cardlaw-whatif", WhatIfDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
