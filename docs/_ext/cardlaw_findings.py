"""cardlaw's findings page: every claim of the rule documents, with its verdict and evidence.

Directive ``cardlaw-findings``.  The claims, in our words, and the rulings that change a
game's character are data, ``docs/findings/claims.toml``; each names the sentences of its
document that make it and its evidence:

* a **proof** or a **census** (an exhaustive check): an obligation's verdict, read from
  the verify report (:func:`cardlaw_report.verify_report`), with its counterexample;
* a **simulation**: a claim of a stored report with its verdict for every bot pairing
  that measured it (``claims_by_bots`` of ``docs/findings/<report>.json``), the
  document's Expert first, as the headline; or a statistic of a stored report (the
  shape ``cardlaw simulate GAME --json`` prints), with its 95% interval.

Nothing is measured at build time: the figures are the stored reports'.  A claim is
*refuted* when any deciding evidence refutes it, *confirmed* when all of it supports it,
and *undecided* otherwise (an interval too wide to tell, with the games that would
settle it).  A simulated claim is decided by its headline pairing; the other pairings'
verdicts are shown beside it, each named.  The build fails when a claim cites evidence
that no report holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardlaw_findings_evidence import (
    FINDINGS,
    Result,
    evidence_results,
    judge_claims,
    load_claims,
    stored_report,
)
from cardlaw_findings_tables import STRENGTH, cooperative_lines, measured_lines, strength_lines
from cardlaw_rst import RstDirective, clause_ref, esc
from cardlaw_rulebook_data import obligation_reports
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from cardlaw.engine.registry import all_games, get_game
from cardlaw.proofs.registry import obligations
from cardlaw.spec.source_maps import source_map


def _sources(game: str, refs: Sequence[str]) -> str:
    return f"``{source_map(get_game(game).rulebook).document}`` {', '.join(refs)}"


def _witness_lines(results: Sequence[Result]) -> list[str]:
    lines: list[str] = []
    for r in results:
        if r.proved:
            lines += [f"   Proved: {esc(r.proved)}", ""]
        if r.witness:
            lines += ["   Counterexample:", "", "   .. code-block:: text", ""]
            lines += [f"      {line}" for line in r.witness.splitlines()]
            lines.append("")
    return lines


_MARK = {"confirmed": "✔ confirmed", "refuted": "✘ refuted", "undecided": "? undecided"}


def summary_lines(
    judged: Sequence[tuple[Mapping[str, Any], list[Result], str]], titles: Mapping[str, str]
) -> list[str]:
    """A table: per game, how many claims are confirmed, refuted and undecided."""
    lines = [".. list-table::", "   :header-rows: 1", "   :class: cardlaw-table", ""]
    lines += [
        "   * - Game",
        "     - Claims",
        "     - Confirmed",
        "     - Refuted",
        "     - Undecided",
    ]
    for game, title in titles.items():
        mine = [v for c, _, v in judged if c["game"] == game]
        lines += [f"   * - {title}", f"     - {len(mine)}"]
        lines += [f"     - {mine.count(v)}" for v in ("confirmed", "refuted", "undecided")]
    return [*lines, ""]


def claim_lines(
    judged: Sequence[tuple[Mapping[str, Any], list[Result], str]], game: str
) -> list[str]:
    """One game's claims, each with its verdict, its sentences and its evidence."""
    lines: list[str] = []
    for c, results, verdict in judged:
        if c["game"] != game:
            continue
        lines += [
            f"* **{_MARK[verdict]}** — {esc(c['claim'])} ({_sources(game, c['sources'])})",
            "",
        ]
        for r in results:
            context = "" if r.decides else " *(context)*"
            lines += [f"  * {r.text}{context}", ""]
            lines += [f"    * {other}" for other in r.others] + ([""] if r.others else [])
    return lines


def refuted_lines(judged: Sequence[tuple[Mapping[str, Any], list[Result], str]]) -> list[str]:
    """The refuted claims, each with the evidence that refutes it and its counterexamples."""
    lines: list[str] = []
    for c, results, verdict in judged:
        if verdict != "refuted":
            continue
        against = [r for r in results if r.verdict == "refutes"]
        lines += [f"* {esc(c['claim'])} ({_sources(c['game'], c['sources'])})", ""]
        lines += [f"  * {r.text}" for r in against] + [""]
        lines += _witness_lines(against)
    return lines


def ruling_lines(
    rulings: Sequence[Mapping[str, Any]],
    reports: Mapping[str, Mapping[str, Any]],
    methods: Mapping[str, str],
    books: Mapping[str, Any],
) -> list[str]:
    """The rulings that change a game's character: question, decision, why, evidence."""
    lines: list[str] = []
    for entry in rulings:
        cid = entry["clause"]
        game = cid.split(".", 1)[0]
        if game not in books or cid not in books[game]:
            raise ExtensionError(f"cardlaw-findings: no ruling {cid!r}")
        clause = books[game][cid]
        lines += [
            f"* {clause_ref(cid)} **{esc(clause.title)}** — {esc(entry['why'])}",
            "",
            f"  *Question:* {esc(clause.question)} *Decision:* {esc(clause.text)}",
            "",
        ]
        if clause.variant:
            lines += [f"  The alternative is the variant field ``{clause.variant}``.", ""]
        for r in evidence_results(entry, game, reports, methods):
            lines += [f"  * {r.text}", ""]
    return lines


class FindingsDirective(RstDirective):
    """``cardlaw-findings PART [GAME]``: one part of the findings page.

    ``summary`` (claims per game by verdict), ``claims GAME``, ``refuted`` (with the
    witnesses), ``rulings`` (those that change a game's character), ``measured`` (every
    stored simulation report), ``cooperative`` (Split's cooperative deals: how many the
    table can win) or ``strength`` (OpenSpiel's search against cardlaw's bots).
    """

    required_arguments = 1
    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        for path in sorted(FINDINGS.iterdir()):
            if path.is_file():
                self.env.note_dependency(str(path))
        part = self.arguments[0]
        data = load_claims()
        games = all_games()
        titles = {g.name: g.rulebook.title for g in games}
        if part == "measured":
            return self.emit(measured_lines(sorted(p.stem for p in FINDINGS.glob("*.json"))))
        if part == "cooperative":
            return self.emit(cooperative_lines(stored_report("split")))
        if part == "strength":
            self.env.note_dependency(str(STRENGTH))
            return self.emit(strength_lines())
        reports = obligation_reports()
        methods = {ob.id: ob.method for ob in obligations()}
        if part == "rulings":
            books = {g.name: g.rulebook for g in games}
            return self.emit(ruling_lines(data["ruling"], reports, methods, books))
        judged = judge_claims(data["claim"], reports, methods)
        if part == "summary":
            return self.emit(summary_lines(judged, titles))
        if part == "refuted":
            return self.emit(refuted_lines(judged))
        if part == "claims" and len(self.arguments) == 2 and self.arguments[1] in titles:
            return self.emit(claim_lines(judged, self.arguments[1]))
        raise self.error(
            "cardlaw-findings takes summary, claims GAME, refuted, rulings, measured, cooperative "
            "or strength"
        )


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("cardlaw-findings", FindingsDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
