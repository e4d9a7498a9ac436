"""cardlaw's variant-matrix tables: which guarantees hold under which house rule.

Directive ``cardlaw-matrix GAME``: a table of GAME's obligations (rows) by its
configurations (columns: the default, each named variant, each other
combination of its variant flags), each cell the verdict ``cardlaw verify
--matrix`` reported.  The table is read from the JSON report named by
``CARDLAW_VERIFY_REPORT`` (its ``"matrix"`` rows), else from the report
cached for these sources or made once for them (``cardlaw_report``): with a
named report that has no matrix the build fails (CI runs ``cardlaw verify
--matrix`` before the docs).
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from cardlaw_report import verify_report
from cardlaw_rst import GameDirective
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

_SHOWN = {"proved": "holds", "refuted": "fails"}


@cache
def matrix_rows() -> list[dict[str, Any]]:
    """The matrix rows of the verify report (:func:`cardlaw_report.verify_report`)."""
    data = verify_report()
    if "matrix" not in data:
        raise ExtensionError(
            f"cardlaw-matrix: the verify report {os.environ.get('CARDLAW_VERIFY_REPORT')} has no "
            "matrix (run `cardlaw verify --matrix` with CARDLAW_VERIFY_REPORT set)"
        )
    rows: list[dict[str, Any]] = data["matrix"]
    return rows


def cell(row: dict[str, Any]) -> str:
    """A cell: the guarantee holds or fails, and whether that is what the rules expect.

    >>> cell({"status": "proved", "expected": "holds", "ok": True})
    'holds'
    >>> cell({"status": "refuted", "expected": "fails", "ok": True})
    'fails (a documented finding)'
    >>> cell({"status": "unknown", "expected": "holds", "ok": False})
    '**unknown (not as expected)**'
    """
    text = str(_SHOWN.get(row["status"], row["status"]))
    if not row["ok"]:
        return f"**{text} (not as expected)**"
    if row["expected"] == "fails":
        return f"{text} (a documented finding)"
    return text


def table_lines(game: str, rows: list[dict[str, Any]]) -> list[str]:
    """The reStructuredText list-table of ``game``'s matrix rows.

    >>> rows = [{"game": "g", "variant": v, "options": {}, "obligation": "g.x",
    ...          "status": "proved", "expected": "holds", "ok": True} for v in ("default", "w")]
    >>> print("\\n".join(table_lines("g", rows)[4:]))
       * - Obligation
         - default
         - w
       * - :obligation:`g.x`
         - holds
         - holds
    """
    mine = [r for r in rows if r["game"] == game]
    variants = list(dict.fromkeys(r["variant"] for r in mine))
    ids = list(dict.fromkeys(r["obligation"] for r in mine))
    cells = {(r["obligation"], r["variant"]): cell(r) for r in mine}
    lines = [".. list-table::", "   :header-rows: 1", "   :class: cardlaw-table", ""]
    lines += ["   * - Obligation", *(f"     - {v}" for v in variants)]
    for oid in ids:
        lines.append(f"   * - :obligation:`{oid}`")
        lines += [f"     - {cells.get((oid, v), 'not stated')}" for v in variants]
    return lines


class MatrixDirective(GameDirective):
    """``cardlaw-matrix GAME``: the game's obligations by its variants, from the verify report."""

    def render(self, game: Any) -> list[nodes.Node]:
        rows = matrix_rows()
        command = f"``cardlaw verify {game.name} --matrix``"
        mine = [r for r in rows if r["game"] == game.name]
        if not mine:
            raise ExtensionError(f"cardlaw-matrix: the verify report has no matrix of {game.name}")
        options = {r["variant"]: r.get("options", {}) for r in mine}
        described = [
            f"*{v}*: " + (", ".join(f"``{k}={val}``" for k, val in o.items()) or "the default")
            for v, o in options.items()
        ]
        lines = [
            f"Every obligation under every configuration of the house rules ({command}): "
            + "; ".join(described)
            + ".  Each verdict is checked under its configuration, or carried over from the "
            "default where nothing the check reads differs.",
            "",
            *table_lines(game.name, rows),
        ]
        return self.emit(lines)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("cardlaw-matrix", MatrixDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
