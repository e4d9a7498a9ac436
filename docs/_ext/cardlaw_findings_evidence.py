"""The findings page's evidence and verdicts: what each claim's evidence says, and so the claim.

The claims and rulings are read from ``docs/findings/claims.toml``
(:func:`load_claims`), the stored simulation reports from ``docs/findings/<name>.json``
(:func:`stored_report`); an obligation's verdict comes from the verify report.  Each
piece of evidence gives a :class:`Result`, and :func:`claim_verdict` decides the claim
from them (see :mod:`cardlaw_findings`).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardlaw_rst import esc
from sphinx.errors import ExtensionError

__all__ = [
    "FINDINGS",
    "Result",
    "about",
    "claim_verdict",
    "evidence_results",
    "figure",
    "interval",
    "judge_claims",
    "load_claims",
    "proof_result",
    "simulation_result",
    "statistic_result",
    "stored_report",
]

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


def about(report: Mapping[str, Any]) -> str:
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
        f"simulation ({about(report)}, ``{name}.json``): {esc(s['name'])} "
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
