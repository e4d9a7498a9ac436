"""``cardlaw-coverage``: what holds each rule-enforcing engine function to the model.

Read from the verify report (:mod:`cardlaw_report`): for every function tagged
``@enforces``, per game, the obligations that hold it to the model (links
that compare it case by case, proofs that replay their witnesses through it)
with the number of cases checked, or the reason it is left out.  The build
fails when a function is unmodelled, as ``cardlaw verify`` does.
"""

from __future__ import annotations

from typing import Any

from cardlaw_report import verify_report
from cardlaw_rst import RstDirective, clause_ref
from docutils import nodes
from sphinx.errors import ExtensionError


def _rows() -> list[dict[str, Any]]:
    report = verify_report()
    rows = report.get("coverage")
    if rows is None:  # a report made before the map existed: derive it from its obligations
        from cardlaw.proofs.registry import covered  # noqa: PLC0415

        rows = [row.to_json() for row in covered(None, report["obligations"])]
    return list(rows)


def _game(function: str) -> str:
    package = function.split(".")[1]
    return "shared" if package == "record" else package.replace("_", " ").title()


class CoverageDirective(RstDirective):
    """``cardlaw-coverage``: the coverage map, a table per game."""

    def run(self) -> list[nodes.Node]:
        rows = _rows()
        unmodelled = [r["function"] for r in rows if r["status"] == "unmodelled"]
        if unmodelled:
            raise ExtensionError(
                "cardlaw: these engine functions enforce rules but nothing models them and no "
                "reason is given: " + ", ".join(unmodelled)
            )
        covered = sum(r["status"] == "covered" for r in rows)
        lines = [
            f"{len(rows)} engine functions enforce rules: {covered} are held to the model, "
            f"{len(rows) - covered} are left out, each with its reason.",
            "",
        ]
        games: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            games.setdefault(_game(row["function"]), []).append(row)
        for game, members in games.items():
            lines += [
                f".. rubric:: {game}",
                "",
                ".. list-table::",
                "   :header-rows: 1",
                "   :class: cardlaw-table cardlaw-coverage",
                "",
                "   * - Engine function",
                "     - Clauses",
                "     - Held to the model by",
                "     - Cases",
            ]
            for r in members:
                held = ", ".join(f":obligation:`{o}`" for o in r["covered_by"])
                lines += [
                    f"   * - ``{r['function'].split('.', 2)[-1]}``",
                    f"     - {', '.join(clause_ref(c) for c in r['clauses'])}",
                    f"     - {held or 'left out: ' + r['reason']}",
                    f"     - {r['cases']:,}" if r["cases"] else "     - —",
                ]
            lines.append("")
        return self.emit(lines)


def setup(app: Any) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("cardlaw-coverage", CoverageDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
