"""The report of ``cardlaw verify``: its JSON, its failures in words, and JUnit XML for CI systems.

:func:`assemble` turns the obligations' reports (in order) into the JSON
document ``cardlaw verify --json`` prints: the obligations, their mutants,
the two stages (the proofs; the differential stage that holds the engine
to the model: :mod:`proofs.link`) and the coverage map of every engine
function that enforces a rule (:mod:`proofs.coverage`).  :func:`broken`
says in one line each what is not as expected, naming the clauses;
:func:`junit_xml` writes one test case per obligation and per encoding a
link checked, the failures carrying the clauses and the witness, which
GitHub Actions, GitLab and Jenkins show natively.

>>> report = {"id": "demo.x", "game": "demo", "clauses": ["demo.rule"], "ok": False,
...           "status": "refuted", "expected": "holds", "method": "differential",
...           "premise_satisfiable": True, "seconds": 0.5, "cases": 12, "counts": {"e.f": 12},
...           "detail": "1 of 12 cases disagree", "witness": "x = 5: the engine gives 0",
...           "witness_replayed": True, "mutants": [], "engine": ["engine.demo.f"]}
>>> broken([report])
['demo.x [demo.rule]: refuted, expected to hold: 1 of 12 cases disagree: x = 5: the engine gives 0']
>>> print(junit_xml({"obligations": [report], "mutants": []}).splitlines()[3].strip())
<testcase classname="cardlaw.verify.demo" name="demo.x" time="0.500">
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NotRequired, TypedDict, cast

if TYPE_CHECKING:
    from cardlaw.proofs.report_json import CoverageJSON, MutantJSON, ObligationJSON, ObligationRow

__all__ = ["LINK_METHODS", "Stage", "VerifyJSON", "assemble", "broken", "junit_xml", "stages"]

LINK_METHODS: Final = ("differential", "trace", "noninterference", "completeness", "invariants")
"""The methods of the differential stage's obligations: the links (:mod:`proofs.link`) and
noninterference (:mod:`proofs.hiding`), which hold the engine itself to the rules."""


class Stage(TypedDict):
    """What a stage cost: its obligations, the cases they checked one by one, the seconds."""

    obligations: int
    cases: int
    seconds: float


class VerifyJSON(TypedDict):
    """The report ``cardlaw verify --json`` prints (:func:`assemble`).

    ``coverage`` and ``unmodelled`` when every obligation was checked;
    ``rules`` and ``not_stated`` under changed rules (``--set``).
    """

    ok: bool
    obligations: list[ObligationRow]
    mutants: list[MutantJSON]
    stages: dict[str, Stage]
    coverage: NotRequired[list[CoverageJSON]]
    unmodelled: NotRequired[list[str]]
    rules: NotRequired[dict[str, int]]
    not_stated: NotRequired[list[str]]


def stages(reports: Sequence[ObligationRow]) -> dict[str, Stage]:
    """The cost of each stage: obligations, cases checked one by one, seconds (mutants included).

    >>> stages([{"method": "z3", "seconds": 1.0, "cases": 0},
    ...         {"method": "trace", "seconds": 0.25, "cases": 40}])["differential"]
    {'obligations': 1, 'cases': 40, 'seconds': 0.25}
    """
    out: dict[str, Stage] = {}
    for name, members in (
        ("proofs", [r for r in reports if r["method"] not in LINK_METHODS]),
        ("differential", [r for r in reports if r["method"] in LINK_METHODS]),
    ):
        out[name] = {
            "obligations": len(members),
            "cases": sum(int(r.get("cases", 0)) for r in members),
            "seconds": round(sum(float(r["seconds"]) for r in members), 3),
        }
    return out


def assemble(
    reports: Sequence[ObligationJSON], coverage: Sequence[CoverageJSON] | None
) -> VerifyJSON:
    """The JSON report: ``ok``, the obligations, their mutants, the stages and the coverage.

    ``coverage`` (rows of :meth:`proofs.coverage.Coverage.to_json`) is None
    when only some obligations were checked (``--property``).  An
    unmodelled function makes the report not ``ok``.
    """
    unmodelled = [row["function"] for row in coverage or () if row["status"] == "unmodelled"]
    data: VerifyJSON = {
        "ok": all(r["ok"] for r in reports) and not unmodelled,
        "obligations": [_without_mutants(r) for r in reports],
        "mutants": [m for r in reports for m in r["mutants"]],
        "stages": stages(reports),
    }
    if coverage is not None:
        data["coverage"] = list(coverage)
        data["unmodelled"] = unmodelled
    return data


def _without_mutants(report: ObligationJSON) -> ObligationRow:
    """The report but its ``mutants`` (the report lists them apart), its keys in order."""
    return cast("ObligationRow", {k: v for k, v in report.items() if k != "mutants"})


def _reason(r: ObligationJSON) -> str:
    """Why an obligation is not as expected, in a few words."""
    want = "proved" if r["expected"] == "holds" else "refuted"
    if r["status"] != want:
        expected = "expected to hold" if r["expected"] == "holds" else "expected to fail"
        return f"{r['status']}, {expected}: {r['detail']}"
    if not r["premise_satisfiable"]:
        return f"vacuous: {r['detail']}"
    if r.get("witness") and not r.get("witness_replayed"):
        return "its witness does not replay through the engine"
    survivors = [m["id"] for m in r["mutants"] if not m["caught"]]
    if survivors:
        return f"mutants not caught: {', '.join(survivors)}"
    return "no mutant was checked"


def broken(reports: Sequence[ObligationJSON]) -> list[str]:
    """One line for each obligation not as expected: its id, its clauses, why, and the witness."""
    lines = []
    for r in reports:
        if r["ok"]:
            continue
        clauses = ", ".join(r["clauses"])
        line = f"{r['id']} [{clauses}]: {_reason(r)}"
        if r.get("witness"):
            line += f": {r['witness']}"
        lines.append(line.replace("\n", " "))
    return lines


def _case(
    suite: ET.Element,
    classname: str,
    name: str,
    seconds: float,
    failure: str | None,
    text: str,
    cases: int | None = None,
) -> None:
    case = ET.SubElement(
        suite, "testcase", classname=classname, name=name, time=f"{max(seconds, 0.0):.3f}"
    )
    if cases is not None:
        properties = ET.SubElement(case, "properties")
        ET.SubElement(properties, "property", name="cases", value=str(cases))
    if failure is not None:
        element = ET.SubElement(case, "failure", message=failure, type="cardlaw.verify")
        element.text = text


def junit_xml(data: VerifyJSON) -> str:
    """The report as JUnit XML: a suite per game, a test case per obligation and per link table.

    A failing case's message is the obligation's reason (:func:`broken`);
    its text gives the statement, the clauses, the detail and the witness.
    A link gains a case per encoding it checked (``<id>[<encoding>]``, with
    a ``cases`` property), failing with it.  Unmodelled engine
    functions are failing cases of a suite of their own.
    """
    root = ET.Element("testsuites", name="cardlaw verify")
    suites: dict[str, ET.Element] = {}
    for r in data["obligations"]:
        game = r["game"]
        if game not in suites:
            suites[game] = ET.SubElement(root, "testsuite", name=f"cardlaw verify {game}")
        mutants = [m for m in data["mutants"] if m["obligation"] == r["id"]]
        failure = None
        if not r["ok"]:
            failure = broken([{**r, "mutants": mutants}])[0]
        text = "\n".join(
            [
                r.get("statement", ""),
                f"clauses: {', '.join(r['clauses'])}",
                f"result: {r['status']} ({r['detail']})",
                *([f"witness: {r['witness']}"] if r.get("witness") else []),
            ]
        )
        classname = f"cardlaw.verify.{game}"
        cases = int(r.get("cases", 0)) or None
        _case(suites[game], classname, r["id"], float(r["seconds"]), failure, text, cases)
        for encoding, count in (r.get("counts") or {}).items():
            _case(suites[game], classname, f"{r['id']}[{encoding}]", 0.0, failure, text, count)
    unmodelled = data.get("unmodelled") or []
    if unmodelled:
        suite = ET.SubElement(root, "testsuite", name="cardlaw verify coverage")
        for function in unmodelled:
            _case(
                suite,
                "cardlaw.verify.coverage",
                function,
                0.0,
                f"{function} enforces a rule but no obligation models it and no reason is given",
                "List it in its game's proofs/<game>/coverage.py EXEMPT with the reason, or name "
                "it in an obligation's engine functions.",
            )
    for suite in root:
        members = list(suite)
        suite.set("tests", str(len(members)))
        suite.set("failures", str(sum(1 for c in members if c.find("failure") is not None)))
        suite.set("errors", "0")
        suite.set("time", f"{sum(float(c.get('time', '0')) for c in members):.3f}")
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
