"""The findings page's tables of stored reports: every statistic, Split's cooperative deals, and
the strength of OpenSpiel's search.

Nothing is measured at build time: each table reads a stored report of
``docs/findings`` (:mod:`cardlaw_findings_evidence`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardlaw_findings_evidence import FINDINGS, about, figure, interval, stored_report
from cardlaw_rst import esc
from sphinx.errors import ExtensionError

__all__ = ["STRENGTH", "cooperative_lines", "measured_lines", "strength_lines"]


def measured_lines(names: Sequence[str]) -> list[str]:
    """Each stored simulation report: how it was made and every statistic with its interval."""
    lines: list[str] = []
    for name in names:
        report = stored_report(name)
        config = ", ".join(f"``{k}={v}``" for k, v in report["config"].items())
        lines += [
            f".. rubric:: ``{name}.json``: {report['game']}, {about(report)} ({config})",
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "   :class: cardlaw-table",
            "",
            "   * - Statistic",
            "     - Value",
            "     - 95% interval",
            "     - n",
        ]
        for s in report["statistics"]:
            lines += [
                f"   * - {esc(s['name'])}",
                f"     - {figure(s['value'], s['kind'])}",
                f"     - {interval(s['ci'], s['kind'])}",
                f"     - {s['n']:,}",
            ]
        lines.append("")
    return lines


STRENGTH = FINDINGS / "strength" / "search.json"
"""The strength of OpenSpiel's search at each game (``python -m cardlaw.openspiel.strength``)."""


def strength_lines(path: Path = STRENGTH) -> list[str]:
    """The search bot against ``random`` and each game's strongest bot: its side's wins."""
    data = json.loads(path.read_text(encoding="utf-8"))
    lines = [
        f"Made by ``{data['command']}``.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :class: cardlaw-table",
        "",
        "   * - Game",
        "     - Search",
        "     - Against",
        "     - Search's side wins",
        "     - 95% interval",
        "     - Equal strength",
        "     - n",
    ]
    for m in data["matches"]:
        lines += [
            f"   * - {esc(m['game'])}",
            f"     - {esc(m['search'])}",
            f"     - {esc(m['opponent'])}",
            f"     - {figure(m['share'], 'proportion')}",
            f"     - {interval((m['low'], m['high']), 'proportion')}",
            f"     - {figure(m['equal_share'], 'proportion')}",
            f"     - {m['games']:,}",
        ]
    return [*lines, ""]


_COOPERATIVE = {
    "winnable": "deals winnable with perfect information (solver, decided deals)",
    "bots": "the table wins, each bot seeing only its own hand (lower bound)",
    "positions": "positions the solver searched per deal (median)",
}
"""The statistics of a cooperative Split run that :func:`cooperative_lines` shows."""


def cooperative_lines(report: Mapping[str, Any]) -> list[str]:
    """Split's cooperative runs, one row each: how many deals the table can win.

    ``report`` is the stored Split report (its own run and its ``runs``).  Each
    row gives the players and aids, the deals (``n``), the share the solver
    finds winnable with every hand known (Wilson interval, over the decided
    deals), the share the bots win seeing their own hands only, the deals left
    undecided, and the positions the solver searched per deal.
    """
    runs = [report, *report.get("runs", [])]
    rows = [r for r in runs if r["config"].get("mode") == "cooperative"]
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :class: cardlaw-table",
        "",
        "   * - Players",
        "     - Aids",
        "     - Winnable with every hand known (solver)",
        "     - n",
        "     - The bots win (own hand only)",
        "     - Undecided",
        "     - Positions per deal: median, largest",
    ]
    for run in sorted(rows, key=lambda r: (-len(r["config"]["aids"]), r["config"]["players"])):
        stats = {s["name"]: s for s in run["statistics"]}
        missing = [name for name in _COOPERATIVE.values() if name not in stats]
        if missing:
            raise ExtensionError(f"cardlaw-findings: {run['command']} has no {missing[0]!r}")
        won, bots, positions = (stats[_COOPERATIVE[k]] for k in ("winnable", "bots", "positions"))
        aids = " and ".join(str(a) for a in run["config"]["aids"]) or "none"
        lines += [
            f"   * - {run['config']['players']}",
            f"     - {aids}",
            f"     - {figure(won['value'], 'proportion')} {interval(won['ci'], 'proportion')}",
            f"     - {won['n'] + won['undecided']:,}",
            f"     - {figure(bots['value'], 'proportion')} {interval(bots['ci'], 'proportion')}",
            f"     - {won['undecided']:,} (budget {won['budget']:,} positions)",
            f"     - {positions['value']:,.0f}, {positions['max']:,}",
        ]
    return lines + [""]
