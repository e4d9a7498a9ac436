"""The findings page's data: every claim's evidence exists, and verdicts follow the evidence.

``docs/findings/claims.toml`` names obligations and the claims and statistics of the
stored simulation reports (``docs/findings/*.json``); each must exist, and each claim's
sentences must be sentences of its document.  The verdicts are read from the stored
reports and a verify report; here they are checked on reports made up for the test.
"""

from __future__ import annotations

import doctest
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from sphinx.errors import ExtensionError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import cardlaw_findings as findings  # noqa: E402
import cardlaw_findings_evidence as findings_evidence  # noqa: E402
import cardlaw_findings_tables as findings_tables  # noqa: E402

from cardlaw.engine.registry import all_games  # noqa: E402
from cardlaw.proofs.registry import obligations  # noqa: E402
from cardlaw.spec.source_maps import source_map  # noqa: E402
from cardlaw.spec.sources import expand, split_sentences  # noqa: E402

DATA = findings_evidence.load_claims()
METHODS = {ob.id: ob.method for ob in obligations()}
BOOKS = {g.name: g.rulebook for g in all_games()}
SOURCES = Path(os.environ.get("CARDLAW_RULES_DIR") or ROOT.parent / "shared" / "rules")
REPORTS = sorted(p.stem for p in findings_evidence.FINDINGS.glob("*.json"))


def _entries() -> list[tuple[str, dict[str, Any]]]:
    claims = [(c["game"], c) for c in DATA["claim"]]
    return claims + [(r["clause"].split(".", 1)[0], r) for r in DATA["ruling"]]


def test_there_are_claims_for_every_game_and_rulings() -> None:
    assert {c["game"] for c in DATA["claim"]} == set(BOOKS)
    assert DATA["ruling"]
    for ruling in DATA["ruling"]:
        game = ruling["clause"].split(".", 1)[0]
        assert BOOKS[game][ruling["clause"]].is_ruling, ruling["clause"]


@pytest.mark.parametrize("name", REPORTS)
def test_stored_reports_have_the_shape_of_cardlaw_simulate(name: str) -> None:
    report = json.loads((findings_evidence.FINDINGS / f"{name}.json").read_text(encoding="utf-8"))
    assert report["game"] in BOOKS and report["games"] > 0
    for s in report["statistics"]:
        assert {"name", "value", "ci", "n", "kind"} <= set(s)
        assert s["ci"][0] <= s["value"] <= s["ci"][1]
    for c in report["claims"]:
        assert {"claim", "document", "measured", "ci", "n", "bots", "verdict", "reason"} <= set(c)
        assert c["verdict"] in ("confirmed", "refuted", "undecided")


def test_every_piece_of_evidence_exists() -> None:
    for game, entry in _entries():
        assert entry["evidence"], entry
        for evidence in entry["evidence"]:
            if "proof" in evidence:
                assert evidence["proof"] in METHODS, evidence
                continue
            report = findings_evidence.stored_report(evidence.get("report", game))
            if "simulation" in evidence:
                assert evidence["simulation"] in [c["claim"] for c in report["claims_by_bots"]]
            else:
                assert evidence["statistic"] in [s["name"] for s in report["statistics"]]


def test_every_claim_cites_sentences_of_its_document() -> None:
    for claim in DATA["claim"]:
        document = SOURCES / source_map(BOOKS[claim["game"]]).document
        if not document.exists():
            pytest.skip("the rule documents are not beside this checkout")
        sentences = split_sentences(document.read_text(encoding="utf-8"))
        assert claim["sources"]
        assert all(expand(ref, sentences) for ref in claim["sources"]), claim["claim"]


def _verify(status: str, witness: str | None = None) -> dict[str, dict[str, Any]]:
    return {oid: {"status": status, "witness": witness} for oid in METHODS}


def test_a_refuted_obligation_refutes_its_claim_and_shows_its_witness() -> None:
    claim = next(c for c in DATA["claim"] if c["game"] == "euchre" and c["sources"] == ["3.2"])
    judged = findings_evidence.judge_claims(
        [claim], _verify("refuted", "four passes, twice"), METHODS
    )
    assert judged[0][2] == "refuted"
    lines = "\n".join(findings.refuted_lines(judged))
    assert "four passes, twice" in lines and "Counterexample" in lines


def test_proved_obligations_confirm_and_a_refuting_proof_turns_the_verdict() -> None:
    plain = next(c for c in DATA["claim"] if c["sources"] == ["23.1"])
    flipped = next(c for c in DATA["claim"] if c["sources"] == ["34.2"])
    verify = {oid: {**r, "statement": f"what {oid} proves"} for oid, r in _verify("proved").items()}
    judged = findings_evidence.judge_claims([plain, flipped], verify, METHODS)
    assert [v for _, _, v in judged] == ["confirmed", "refuted"]
    refuted = "\n".join(findings.refuted_lines(judged))
    assert "Proved: what divided-ranks.score.full-house-example-unreachable proves" in refuted
    assert findings_evidence.judge_claims([plain], _verify("unknown"), METHODS)[0][2] == "undecided"


def test_a_statistic_beside_a_claimed_range() -> None:
    stat = {"statistic": "games drawn at the turn limit", "claimed": [0.0, 0.0]}
    report = findings_evidence.stored_report("split")
    found = next(s for s in report["statistics"] if s["name"] == stat["statistic"])
    result = findings_evidence.statistic_result(stat, "split")
    assert result.verdict == ("supports" if found["ci"][0] <= 0.0 else "refutes")
    assert findings_evidence.interval(found["ci"], found["kind"]) in result.text
    far = findings_evidence.statistic_result({**stat, "claimed": [2.0, 3.0]}, "split")
    assert far.verdict == "refutes"


def test_the_page_parts_render() -> None:
    judged = findings_evidence.judge_claims(DATA["claim"], _verify("proved"), METHODS)
    titles = {g: BOOKS[g].title for g in BOOKS}
    summary = findings.summary_lines(judged, titles)
    assert any(title in line for line in summary for title in titles.values())
    for game in BOOKS:
        assert findings.claim_lines(judged, game)
    rulings = findings.ruling_lines(DATA["ruling"], _verify("refuted", "w"), METHODS, BOOKS)
    assert any("euchre.ruling.endless-game" in line for line in rulings)
    measured = findings_tables.measured_lines(REPORTS)
    assert sum(line.startswith(".. rubric::") for line in measured) == len(REPORTS)


def test_the_examples_in_the_extension_hold() -> None:
    for module in (findings, findings_evidence, findings_tables):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_the_readme_gives_the_command_of_every_stored_report() -> None:
    readme = (findings_evidence.FINDINGS / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip(" `") for c in line.split("|")[1:-1]]
        if len(cells) == 2 and cells[0].endswith(".json"):
            rows[cells[0][: -len(".json")]] = cells[1].split()
    assert sorted(rows) == REPORTS
    for name, words in rows.items():
        report = findings_evidence.stored_report(name)
        assert words[:3] == ["cardlaw", "simulate", report["game"]], name
        assert int(words[words.index("--games") + 1]) == report["games"], name
        assert int(words[words.index("--seed") + 1]) == report["seed"], name


def test_every_cooperative_split_run_is_200_decided_deals() -> None:
    """The published table of cooperative deals (issue 33: five players with the aids rested
    on 60 deals): every row 200 deals, every deal decided, no interval below zero."""
    report = findings_evidence.stored_report("split")
    runs = [r for r in [report, *report["runs"]] if r["config"]["mode"] == "cooperative"]
    assert sorted((r["config"]["players"], tuple(r["config"]["aids"])) for r in runs) == [
        (p, aids) for p in (3, 4, 5) for aids in ((), (0, 100))
    ]
    for run in runs:
        stats = {s["name"]: s for s in run["statistics"]}
        winnable = stats[findings_tables._COOPERATIVE["winnable"]]
        assert run["games"] == 200 and winnable["n"] == 200 and winnable["undecided"] == 0
        assert all(s["ci"][0] >= 0 for s in run["statistics"]), run["command"]
    lines = findings_tables.cooperative_lines(report)
    assert sum(line.startswith("     - 200") for line in lines) == len(runs)


@pytest.mark.clauses("split.ruling.put-under-round")
def test_no_published_cooperative_deal_reaches_a_put_under() -> None:
    """The findings page says the put-under ruling leaves the cooperative table as it is
    under the variant put-under-wild: no deal of the stored runs opens with a put-under
    (the runs' deals are those of ``ask split solve --deals``, seed for seed)."""
    from cardlaw.ask.split_deals import deal
    from cardlaw.spec.split.state import Stage

    report = findings_evidence.stored_report("split")
    runs = [r for r in [report, *report["runs"]] if r["config"]["mode"] == "cooperative"]
    for run in runs:
        for index in range(run["games"]):
            assert deal(run["config"], run["seed"], index).stage != Stage.BURY, index
    assert "put-under-wild`` gives the same" in (ROOT / "docs" / "findings.rst").read_text()


def test_the_cooperative_table_needs_its_statistics() -> None:
    report = json.loads(json.dumps(findings_evidence.stored_report("split")))
    run = next(r for r in report["runs"] if r["config"]["mode"] == "cooperative")
    run["statistics"] = run["statistics"][1:]
    with pytest.raises(ExtensionError, match="has no"):
        findings_tables.cooperative_lines(report)


def test_the_search_beats_random_in_every_game_in_the_stored_strength_table() -> None:
    """The findings page's strength table (``docs/findings/strength/search.json``): every game
    against ``random`` and against its strongest bot, and against ``random`` the search's
    side wins more than its share of the seats, all of the 95% interval above it."""
    from cardlaw.bots import default_bot

    data = json.loads(findings_tables.STRENGTH.read_text(encoding="utf-8"))
    assert data["command"].startswith("python -m cardlaw.openspiel.strength ")
    matches = {(m["game"], m["opponent"]): m for m in data["matches"]}
    for game in BOOKS:
        strongest = default_bot(next(g for g in all_games() if g.name == game))
        assert {(game, "random"), (game, strongest)} <= set(matches), game
        against_random = matches[game, "random"]
        assert against_random["low"] > against_random["equal_share"], against_random
    for m in data["matches"]:
        assert m["low"] <= m["share"] <= m["high"] and m["games"] > 0
    lines = findings_tables.strength_lines()
    assert sum(line.startswith("   * - ") for line in lines) == len(data["matches"]) + 1


def _stored_claims() -> list[dict[str, Any]]:
    return list(findings_evidence.stored_report("divided-ranks")["claims_by_bots"])


@pytest.mark.clauses("divided-ranks.ruling.swap-odds", "divided-ranks.variant.face-up-swap")
def test_every_prototype_note_with_a_figure_is_tested() -> None:
    """The notes' measured claims are all on the page, the two once left out included:
    the face-up reserve "no longer a gamble" (80.3) and the swap at the document's own
    reading (86.1)."""
    cited = {ref for c in DATA["claim"] if c["game"] == "divided-ranks" for ref in c["sources"]}
    assert {"78.3", "79.2", "79.3", "80.2", "80.3", "81.2", "82.2", "82.3", "86.1"} <= cited
    swap = next(c for c in DATA["claim"] if c["sources"] == ["86.1"])
    deciding = [e["simulation"] for e in swap["evidence"] if e.get("decides", True)]
    assert deciding == [
        c["claim"] for c in _stored_claims() if c["claim"].startswith("swapping is right, at the")
    ]


def test_each_stored_claim_has_one_verdict_per_named_pairing_the_expert_first() -> None:
    for entry in _stored_claims():
        pairings = [v["bots"] for v in entry["verdicts"]]
        assert len(pairings) == len(set(pairings)), entry["claim"]  # no two labels for a pairing
        assert all(v["verdict"] in ("confirmed", "refuted", "undecided") for v in entry["verdicts"])
        assert all(
            v["n"] > 0 and v["ci"][0] <= v["measured"] <= v["ci"][1] for v in entry["verdicts"]
        )
        skilled = entry["claim"].startswith("between two Skilled bots")
        assert entry["headline"] == ("skilled v skilled" if skilled else "expert v expert")
        assert (
            pairings[0] == entry["headline"] and entry["verdict"] == entry["verdicts"][0]["verdict"]
        )
        assert all(
            (v["verdict"] == "undecided")
            == (v["games_to_settle"] is not None or "no number" in v["reason"])
            for v in entry["verdicts"]
        )


def test_the_page_shows_each_pairing_once_with_the_stored_verdict() -> None:
    """No contradictory labels: each simulated claim's lines name each pairing once, with
    the verdict stored for it, and the claim's own verdict is the headline's."""
    claims = [c for c in DATA["claim"] if c["game"] == "divided-ranks"]
    judged = findings_evidence.judge_claims(claims, _verify("proved"), METHODS)
    stored = {c["claim"]: c for c in _stored_claims()}
    for claim, results, verdict in judged:
        deciding = [
            stored[e["simulation"]]
            for e in claim["evidence"]
            if "simulation" in e and e.get("decides", True)
        ]
        if deciding:
            heads = {entry["verdict"] for entry in deciding}
            expected = (
                "refuted"
                if "refuted" in heads
                else ("confirmed" if heads == {"confirmed"} else "undecided")
            )
            assert verdict == expected, claim["claim"]
        for e, r in zip(claim["evidence"], results, strict=True):
            if "simulation" not in e:
                continue
            entry = stored[e["simulation"]]
            lines = [r.text, *r.others]
            for v in entry["verdicts"]:
                named = [
                    line
                    for line in lines
                    if f"{v['bots']}**" in line or f"for {v['bots']}:" in line
                ]
                assert len(named) == 1, (claim["claim"], v["bots"])
                assert f"**{v['verdict']}**" in named[0]
