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

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardlaw_rulebook import _RstDirective, _verify_reports, clause_ref, esc
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from engine.registry import all_games, get_game
from proofs.registry import obligations
from spec.source_maps import source_map

FINDINGS = Path(__file__).resolve().parents[1] / "findings"

_SIMULATION = {"confirmed": "supports", "refuted": "refutes", "undecided": "undecided"}


@dataclass(frozen=True, slots=True)
class Result:
    """What one piece of evidence says: ``supports``, ``refutes``, ``undecided`` or ``shown``.

    ``decides`` is false for evidence shown as context only; ``witness`` is a
    counterexample's text, ``proved`` the statement of a proof that refutes a claim;
    ``others`` the verdicts of the other bot pairings, shown beside a simulated claim's.
    """

    verdict: str
    text: str
    decides: bool = True
    witness: str | None = None
    proved: str | None = None
    others: tuple[str, ...] = ()


def load_claims(path: Path = FINDINGS / "claims.toml") -> dict[str, list[dict[str, Any]]]:
    """The claims and rulings of ``claims.toml``: ``{"claim": [...], "ruling": [...]}``."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {"claim": list(data.get("claim", [])), "ruling": list(data.get("ruling", []))}


@cache
def stored_report(name: str) -> dict[str, Any]:
    """The stored simulation report ``docs/findings/<name>.json``."""
    path = FINDINGS / f"{name}.json"
    if not path.exists():
        raise ExtensionError(f"cardlaw-findings: no stored simulation report {path}")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def figure(value: float, kind: str) -> str:
    """A figure as the page shows it: proportions and scores in per cent.

    >>> figure(0.6025, "proportion"), figure(11.7855, "mean")
    ('60.2%', '11.79')
    """
    return f"{100 * value:.1f}%" if kind in ("proportion", "score") else f"{value:.2f}"


def interval(bounds: Sequence[float], kind: str) -> str:
    """A 95% interval (its low and high bounds) as the page shows it.

    >>> interval((0.5811, 0.6239), "proportion")
    '[58.1%, 62.4%]'
    """
    low, high = bounds
    return f"[{figure(low, kind)}, {figure(high, kind)}]"


def _about(report: Mapping[str, Any]) -> str:
    bots = ", ".join(dict.fromkeys(report["bots"]))
    return f"{report['games']:,} games, {bots} bots, seed {report['seed']}"


def proof_result(
    evidence: Mapping[str, Any],
    reports: Mapping[str, Mapping[str, Any]],
    methods: Mapping[str, str],
) -> Result:
    """An obligation's verdict as evidence: a proved statement supports the claim it states.

    With ``refutes`` the obligation states the claim's opposite.

    >>> r = {"x": {"status": "refuted", "witness": "a deal"}}
    >>> proof_result({"proof": "x"}, r, {"x": "z3"}).verdict
    'refutes'
    >>> proof_result({"proof": "x", "refutes": True}, r, {"x": "exhaustive"}).verdict
    'supports'
    """
    oid = evidence["proof"]
    if oid not in methods:
        raise ExtensionError(f"cardlaw-findings: no obligation {oid!r}")
    report = reports.get(oid)
    status = report["status"] if report else "not run"
    flip = bool(evidence.get("refutes"))
    if status == "proved":
        verdict = "refutes" if flip else "supports"
    elif status == "refuted":
        verdict = "supports" if flip else "refutes"
    else:
        verdict = "undecided"
    how = "census (every case checked)" if methods[oid] == "exhaustive" else "proof (Z3)"
    shown = {"proved": "proved", "refuted": "refuted"}.get(status, status)
    witness = report.get("witness") if report and status == "refuted" else None
    proved = report.get("statement") if report and status == "proved" and flip else None
    return Result(
        verdict=verdict,
        text=f"{how}: :obligation:`{oid}` is **{shown}**",
        decides=evidence.get("decides", True),
        witness=witness,
        proved=proved,
    )


def _pairing_text(v: Mapping[str, Any]) -> str:
    """One pairing's verdict on a claim: its figure, interval, observations and reason."""
    if v["measured"] is None:
        figures = "no observations"
    else:
        figures = (
            f"measured **{figure(v['measured'], 'proportion')}** "
            f"{interval(v['ci'], 'proportion')} over {v['n']:,}"
        )
    return f"{figures} — **{v['verdict']}**: {esc(v['reason'])}"


def simulation_result(evidence: Mapping[str, Any], game: str) -> Result:
    """A stored claim's verdicts as evidence: the headline pairing's decides, the rest beside it."""
    name = evidence.get("report", game)
    report = stored_report(name)
    found = [c for c in report.get("claims_by_bots", []) if c["claim"] == evidence["simulation"]]
    if not found:
        raise ExtensionError(
            f"cardlaw-findings: docs/findings/{name}.json has no claim {evidence['simulation']!r}"
        )
    entry = found[0]
    head, *rest = entry["verdicts"]
    conditions = head.get("conditions") or head["config"]
    said = esc(entry["document"])
    expert = " (the document's Expert)" if head["bots"] == "expert v expert" else ""
    text = (
        f"simulation (``{name}.json``, {esc(conditions)}): the document says {said}. "
        f"For **{esc(head['bots'])}**{expert}: {_pairing_text(head)}"
    )
    others = tuple(f"for {esc(v['bots'])}: {_pairing_text(v)}" for v in rest)
    return Result(
        verdict=_SIMULATION[head["verdict"]],
        text=text,
        decides=evidence.get("decides", True),
        others=others,
    )


def statistic_result(evidence: Mapping[str, Any], game: str) -> Result:
    """A stored statistic as evidence; with ``claimed`` it meets the document's range or not."""
    name = evidence.get("report", game)
    report = stored_report(name)
    found = [s for s in report["statistics"] if s["name"] == evidence["statistic"]]
    if not found:
        raise ExtensionError(
            f"cardlaw-findings: docs/findings/{name}.json has no statistic "
            f"{evidence['statistic']!r}"
        )
    s = found[0]
    kind = s["kind"]
    text = (
        f"simulation ({_about(report)}, ``{name}.json``): {esc(s['name'])} "
        f"**{figure(s['value'], kind)}** {interval(s['ci'], kind)} over {s['n']:,}"
    )
    claimed = evidence.get("claimed")
    if claimed is None:
        return Result(verdict="shown", text=text, decides=False)
    low, high = claimed
    meets = s["ci"][0] <= high and s["ci"][1] >= low
    text += f"; the document implies {interval((low, high), kind)}"
    return Result(verdict="supports" if meets else "refutes", text=text)


def claim_verdict(results: Sequence[Result]) -> str:
    """``refuted`` if deciding evidence refutes, ``confirmed`` if all of it supports, else
    ``undecided``.

    >>> claim_verdict([Result("supports", ""), Result("refutes", "")])
    'refuted'
    >>> claim_verdict([Result("supports", ""), Result("shown", "", decides=False)])
    'confirmed'
    >>> claim_verdict([Result("supports", ""), Result("undecided", "")])
    'undecided'
    >>> claim_verdict([Result("shown", "", decides=False)])
    'undecided'
    """
    deciding = [r.verdict for r in results if r.decides]
    if "refutes" in deciding:
        return "refuted"
    if deciding and all(v == "supports" for v in deciding):
        return "confirmed"
    return "undecided"


def evidence_results(
    entry: Mapping[str, Any],
    game: str,
    reports: Mapping[str, Mapping[str, Any]],
    methods: Mapping[str, str],
) -> list[Result]:
    """Each piece of an entry's evidence, read from the verify report and the stored reports."""
    out = []
    for evidence in entry["evidence"]:
        if "proof" in evidence:
            out.append(proof_result(evidence, reports, methods))
        elif "simulation" in evidence:
            out.append(simulation_result(evidence, game))
        elif "statistic" in evidence:
            out.append(statistic_result(evidence, game))
        else:
            raise ExtensionError(f"cardlaw-findings: evidence of an unknown kind: {evidence}")
    return out


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


def judge_claims(
    claims: Sequence[Mapping[str, Any]],
    reports: Mapping[str, Mapping[str, Any]],
    methods: Mapping[str, str],
) -> list[tuple[Mapping[str, Any], list[Result], str]]:
    """Each claim with its evidence's results and its verdict."""
    out = []
    for c in claims:
        results = evidence_results(c, c["game"], reports, methods)
        out.append((c, results, claim_verdict(results)))
    return out


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


def measured_lines(names: Sequence[str]) -> list[str]:
    """Each stored simulation report: how it was made and every statistic with its interval."""
    lines: list[str] = []
    for name in names:
        report = stored_report(name)
        config = ", ".join(f"``{k}={v}``" for k, v in report["config"].items())
        lines += [
            f".. rubric:: ``{name}.json``: {report['game']}, {_about(report)} ({config})",
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


class FindingsDirective(_RstDirective):
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
        reports = _verify_reports()
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
