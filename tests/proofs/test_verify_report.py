"""``cardlaw verify``'s report: the stages, the coverage map and JUnit XML that CI systems read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import junitparser
import pytest

from cardlaw.proofs.registry import PROOFS, covered
from cardlaw.proofs.report_json import CoverageJSON, MutantJSON, ObligationJSON
from cardlaw.verification import assemble, broken, junit_xml
from tests.games import run_cli as run


def report(oid: str, ok: bool = True, **extra: Any) -> ObligationJSON:
    base = {
        "id": oid,
        "game": oid.split(".", maxsplit=1)[0],
        "statement": "a claim",
        "clauses": ["demo.rule"],
        "ok": ok,
        "status": "proved" if ok else "refuted",
        "expected": "holds",
        "method": "z3",
        "premise_satisfiable": True,
        "seconds": 0.25,
        "cases": 0,
        "counts": {},
        "detail": "no counterexample exists" if ok else "1 of 9 cases disagree",
        "witness": None if ok else "x = 5: the engine gives 0, the encoding e.f gives 1",
        "witness_replayed": None if ok else True,
        "mutants": [],
        "engine": [],
    }
    return cast(ObligationJSON, {**base, **extra})  # the keys the readers here read


def test_junit_xml_is_read_by_a_junit_reader(tmp_path: Path) -> None:
    reports = [
        report("demo.a"),
        report("demo.b", ok=False, method="differential", cases=9, counts={"e.f": 9}),
    ]
    data = assemble(reports, [])
    path = tmp_path / "verify.xml"
    path.write_text(junit_xml(data))
    xml = junitparser.JUnitXml.fromfile(str(path))
    cases = {case.name: case for suite in xml for case in suite}
    assert set(cases) == {"demo.a", "demo.b", "demo.b[e.f]"}
    assert cases["demo.a"].is_passed
    failure = cases["demo.b"].result[0]
    assert isinstance(failure, junitparser.Failure)
    assert failure.message is not None and "[demo.rule]" in failure.message
    assert "the encoding e.f gives 1" in (failure.text or "")
    assert not cases["demo.b[e.f]"].is_passed


def test_an_unmodelled_function_fails_the_report_and_its_junit_case() -> None:
    rows = [cast(CoverageJSON, {"function": "engine.demo.f", "status": "unmodelled"})]
    data = assemble([report("demo.a")], rows)
    assert not data["ok"] and data["unmodelled"] == ["engine.demo.f"]
    xml = junitparser.JUnitXml.fromstring(junit_xml(data))
    coverage = [s for s in xml if s.name == "cardlaw verify coverage"]
    assert [c.name for c in coverage[0]] == ["engine.demo.f"]


def test_broken_names_the_clauses_and_the_reason() -> None:
    survivor = report("demo.c", ok=False, status="proved", witness=None)
    survivor["mutants"] = [cast(MutantJSON, {"id": "demo.m", "caught": False})]
    assert broken([report("demo.a"), survivor]) == [
        "demo.c [demo.rule]: mutants not caught: demo.m"
    ]


def test_every_game_lists_its_rule_functions_as_covered_or_left_out() -> None:
    """The structural map: each tagged function of each game has obligations or a reason."""
    rows = covered(None, [])
    games = {row.package for row in PROOFS}
    assert rows and {r.function.split(".")[1] for r in rows} >= games | {"record"}
    unmodelled = [r.function for r in rows if r.status == "unmodelled"]
    assert not unmodelled, f"enforcing rules, modelled by nothing, with no reason: {unmodelled}"


def test_the_cli_writes_junit_and_the_json_has_its_stages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "out.xml"
    code, out, _ = run(
        capsys,
        *("verify", "euchre", "--property", "euchre.link.scoring", "--json"),
        *("--junit-xml", str(path)),
    )
    assert code == 0
    data = json.loads(out)
    assert data["stages"]["differential"]["obligations"] == 1
    assert data["stages"]["differential"]["cases"] > 0 and "coverage" not in data
    xml = junitparser.JUnitXml.fromfile(str(path))
    names = [case.name for suite in xml for case in suite]
    assert names[0] == "euchre.link.scoring" and all(
        n.startswith("euchre.link.scoring") for n in names
    )


@pytest.mark.parametrize("target", ["", "missing-folder/x.xml"])
def test_a_junit_path_that_cannot_be_written_is_one_line_and_exit_2(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys,
        *("verify", "euchre", "--property", "euchre.link.scoring"),
        *("--junit-xml", str(tmp_path / target) if target else target),
    )
    assert code == 2 and len(err.strip().splitlines()) == 1
