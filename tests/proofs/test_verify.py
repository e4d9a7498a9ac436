"""The proof layer: three-valued verdicts, non-vacuity, mutants, and ``cardlaw verify``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import z3

from cardlaw.commands import verify as verify_command
from cardlaw.engine.registry import get_game
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Problem, check, verdict
from cardlaw.proofs.registry import obligation, obligations
from cardlaw.proofs.report_json import ObligationJSON
from tests.games import run_cli as run
from tests.games import run_line
from tests.verified import Verified

x, y, z = z3.Ints("x y z")


def demo(
    oid: str,
    build: Callable[[Mapping[str, Any]], Problem | Exhaustive],
    params: Mapping[str, Any],
    *mutants: Mutant,
    method: str = "z3",
) -> Obligation:
    """An obligation of the demo game, with no statement or clauses, that must hold."""
    return Obligation(
        id=oid,
        game="demo",
        statement="",
        clauses=(),
        expected="holds",
        build=build,
        params=params,
        mutants=mutants,
        method=method,
    )


def test_vacuous_premise_is_not_a_proof() -> None:
    vacuous = Problem(premise=[x > 1, x < 0], claim=x == 5)
    report = check(demo("demo.vacuous", lambda p: vacuous, {}, Mutant("demo.m", "", {})))
    assert not report.premise_satisfiable and report.status == "unknown" and not report.ok


def test_an_exhausted_budget_is_unknown_never_proved() -> None:
    cubes = Problem(premise=[x > 0, y > 0, z > 0], claim=x * x * x + y * y * y != z * z * z)
    found = verdict(cubes, budget=2_000)
    assert found.status == "unknown" and found.premise_satisfiable
    assert found.detail == "unknown (budget): the claim used all 2,000 resource units"
    assert found.peak == 2_000  # Z3 stops exactly at the budget


def test_a_starved_obligation_is_unknown_and_not_ok() -> None:
    real = obligation("divide.trick.legal-play-exists")
    full = check(real)
    assert full.status == "proved" and full.ok and 0 < full.peak < real.budget
    starved = check(real, budget=full.peak // 2)
    assert starved.status == "unknown" and not starved.ok
    assert starved.detail.startswith("unknown (budget)")
    # A mutant that runs out of budget is not caught either: unknown is no verdict.
    assert all(m.status != "proved" for m in starved.mutants)
    data = starved.to_json()
    assert data["budget"] == full.peak // 2 and data["detail"].startswith("unknown (budget)")


def test_the_same_obligation_uses_the_same_units_every_time() -> None:
    # Every check runs in a fresh Z3 context, so what it used does not depend on the
    # checks the process ran before; a cheap obligation, checked twice with others between.
    ob = obligation("euchre.score.one-team-scores")
    first = check(ob)
    check(obligation("divide.trick.legal-play-exists"))
    second = check(ob)
    assert first.units > 0 and first.units == second.units
    assert [m.units for m in first.mutants] == [m.units for m in second.mutants]
    assert first.to_json()["rlimit"] == first.units


def test_exhaustive_obligations_use_no_units() -> None:
    report = check(obligation("divided-ranks.build.best-result-unique")).to_json()
    assert report["method"] == "exhaustive" and report["rlimit"] == 0
    assert report["mutants"] and all(m["rlimit"] == 0 for m in report["mutants"])


def test_every_obligation_budget_is_positive() -> None:
    # Z3 reads an rlimit of 0 as no limit at all; solve() refuses it.
    assert all(ob.budget >= 1 for ob in obligations())
    with pytest.raises(ValueError, match="budget"):
        verdict(Problem(premise=[x > 0], claim=x > 0), budget=0)


def test_a_surviving_mutant_fails_the_obligation() -> None:
    irrelevant = Mutant("demo.irrelevant", "changes nothing the claim reads", {"unused": 2})
    report = check(
        demo(
            "demo.weak",
            lambda p: Problem(premise=[x >= 0], claim=x >= p["low"]),
            {"low": 0, "unused": 1},
            irrelevant,
        )
    )
    assert report.status == "proved" and not report.mutants[0].caught and not report.ok


def test_obligations_are_well_formed() -> None:
    seen = set()
    for ob in obligations():
        assert ob.id not in seen
        seen.add(ob.id)
        assert ob.mutants, ob.id
        assert ob.expected in ("holds", "fails")
        book = get_game(ob.game).rulebook
        assert ob.clauses and all(c in book for c in ob.clauses), ob.id


@pytest.mark.clauses("divide.ruling.bonus-supply", "divide.components.tokens")
def test_changing_a_rule_parameter_changes_what_is_proven() -> None:
    from cardlaw.proofs.divide import obligations as divide_obligations
    from cardlaw.spec.divide.parameters import DivideRules

    real = next(
        o for o in divide_obligations.OBLIGATIONS if o.id.startswith("divide.tokens.supply")
    )
    assert check(real).status == "proved"
    rebuilt = next(
        o for o in divide_obligations.build(DivideRules(bonus_tokens=4)) if o.id == real.id
    )
    assert rebuilt.params["bonus_tokens"] == 4
    report = check(rebuilt, mutants=False)
    assert report.status == "refuted" and not report.ok
    assert report.witness is not None and report.witness.replayed
    assert report.witness.record is not None
    assert report.witness.record["config"]["rules"] == {"BONUS_TOKENS": 4}


def test_verify_under_changed_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The designer's example: a bonus supply of four runs out, and the witness replays."""
    oid = "divide.tokens.supply-never-negative.4p"
    line = f"verify divide --set BONUS_TOKENS=4 --property {oid} --json --workers 1"
    code, out, _ = run_line(capsys, line, "--witnesses", str(tmp_path))
    data = json.loads(out)
    assert code == 1 and not data["ok"] and data["rules"] == {"BONUS_TOKENS": 4}
    (ob,) = data["obligations"]
    assert (ob["id"], ob["expected"], ob["status"], ob["default_status"]) == (
        oid,
        "holds",
        "refuted",
        "proved",
    )
    assert ob["witness_replayed"] and "finds the bonus supply empty" in ob["witness"]
    assert data["mutants"] == []
    record = tmp_path / f"{oid}.json"
    assert json.loads(record.read_text())["config"]["rules"] == {"BONUS_TOKENS": 4}
    assert run(capsys, "replay", str(record))[0] == 0


def test_verify_under_changed_rules_lists_the_changed_verdicts_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = (
        "verify divide --set bonus-tokens=4 --workers 1 --property "
        "divide.tokens.supply-never-negative.4p"
    )
    code, out, _ = run_line(capsys, line)
    assert code == 1
    assert "under changed rules: BONUS_TOKENS=4" in out
    assert "printed rules" in out and "refuted (changed)" in out


@pytest.mark.parametrize(
    "args",
    [
        ("verify", "--set", "BONUS_TOKENS=4"),
        ("verify", "divide", "--set", "NO_SUCH=1"),
        ("verify", "divide", "--set", "BONUS_TOKENS=-1"),
        ("verify", "divide", "--set", "BONUS_TOKENS"),
        ("verify", "divide", "--set", "CARDS_DEALT=10"),
    ],
)
def test_verify_bad_overrides(args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and not out
    assert err.startswith("cardlaw: error: ") and len(err.strip().splitlines()) == 1


def test_verify_one_property_json(capsys: pytest.CaptureFixture[str]) -> None:
    line = "verify divide --property divide.trick.legal-play-exists --json --workers 1"
    code, out, _ = run_line(capsys, line)
    data = json.loads(out)
    assert code == 0 and data["ok"]
    (ob,) = data["obligations"]
    assert {"id", "game", "expected", "status", "seconds", "clauses", "rlimit", "budget"} <= set(ob)
    assert ob["status"] == "proved" and ob["expected"] == "holds"
    assert 0 < ob["rlimit_peak"] <= ob["rlimit"] and ob["rlimit_peak"] < ob["budget"]
    assert data["mutants"] and all(
        {"id", "obligation", "caught", "rlimit"} <= set(m) and m["rlimit"] > 0
        for m in data["mutants"]
    )


def test_verify_writes_witness_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = "verify divide --property divide.tokens.supply-never-negative.4p --workers 1"
    code, out, _ = run_line(capsys, line, "--witnesses", str(tmp_path))
    assert code == 0 and "replayed through the engine" in out
    record = tmp_path / "divide.tokens.supply-never-negative.4p.json"
    assert run(capsys, "replay", str(record))[0] == 0


def _here(ids: Iterable[str], workers: int, *_: object) -> Iterator[ObligationJSON]:
    """Check each obligation in this process, in order (for obligations made by a test)."""
    return (check(obligation(oid)).to_json() for oid in ids)


def test_verify_fails_on_a_false_obligation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardlaw.proofs import registry

    false = Obligation(
        id="divide.demo.false",
        game="divide",
        statement="x is 5",
        clauses=("divide.deal.nine",),
        expected="holds",
        build=lambda p: Problem(premise=[x >= p["low"]], claim=x == 5),
        params={"low": 0},
        mutants=(Mutant("divide.demo.mutant", "", {"low": 6}),),
    )
    monkeypatch.setattr(registry, "_by_game", lambda: {"divide": (false,)})
    # The demo obligation lives in this process only: check it here, not in a fresh one.
    monkeypatch.setattr(verify_command, "check_each", _here)
    code, out, _ = run(capsys, "verify", "divide", "--workers", "1")
    assert code == 1 and "refuted" in out


def test_verify_table_in_a_pipe_is_plain_lines(capsys: pytest.CaptureFixture[str]) -> None:
    ids = ["divide.trick.legal-play-exists", "divide.deal.enough-cards"]
    code, out, _ = run(capsys, "verify", "divide", "--property", ids[0], "--workers", "1")
    assert code == 0
    header, line, *rest = out.splitlines()
    assert header.split() == [
        "game",
        "property",
        "clauses",
        "expected",
        "result",
        "mutants",
        "seconds",
        "rlimit",
    ]
    fields = re.split(r"\s{2,}", line)
    assert fields[:5] == ["divide", ids[0], "1", "holds", "proved"] or fields[1] == ids[0]
    assert fields[5].endswith("caught") and int(fields[-1]) > 0 and "│" not in out
    assert rest[-1].startswith("1/1 obligations as expected")


@pytest.mark.parametrize(
    "args",
    [
        ("verify", "chess"),
        ("verify", "divide", "--property", "divide.nope"),
        ("verify", "--workers", "0"),
    ],
)
def test_verify_bad_input(args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith("cardlaw: error:") and err.count("\n") == 1


def test_exhaustive_obligations() -> None:
    from cardlaw.proofs.core import Witness

    def build(p: Mapping[str, Any]) -> Exhaustive:
        cases = range(p["n"])
        bad = next((c for c in cases if c * c < 0 or c > p["limit"]), None)
        return Exhaustive(len(cases), None if bad is None else Witness(f"{bad} is over"))

    low = Mutant("demo.low", "", {"limit": 5})
    ob = demo("demo.exhaustive", build, {"n": 10, "limit": 9}, low, method="exhaustive")
    report = check(ob)
    assert report.status == "proved" and report.ok and report.mutants[0].caught
    empty = demo("demo.empty", build, {"n": 0, "limit": 9}, low, method="exhaustive")
    assert not check(empty).ok


def _without_times(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def _game_part(report: Any, game: str) -> dict[str, Any]:
    """``game``'s obligations and mutants in a verify report, without the timings."""
    mine = [o for o in report["obligations"] if o["game"] == game]
    ids = {o["id"] for o in mine}
    mutants = [m for m in report["mutants"] if m["obligation"] in ids]
    part: dict[str, Any] = _without_times({"obligations": mine, "mutants": mutants})
    return part


@pytest.mark.deep  # a whole cardlaw verify of Euchre again, on one worker (pytest -m deep)
def test_verify_reports_the_same_whatever_the_workers(
    capsys: pytest.CaptureFixture[str], verify_report: Verified
) -> None:
    """Resource units, witnesses and verdicts do not depend on the worker count or the order.

    Each obligation is checked in a process of its own (Z3's effort depends on what
    a process solved before), so one worker here, the run's shared ``cardlaw verify``
    of every game (tests/verified.py: the default workers, every core) and one
    obligation alone report the same, word for word but the timings.
    """
    code, out, _ = run(capsys, "verify", "euchre", "--json", "--workers", "1")
    assert code == 0
    alone = _game_part(json.loads(out), "euchre")
    shared = _game_part(json.loads(verify_report.report.read_text(encoding="utf-8")), "euchre")
    assert alone["obligations"] and alone["mutants"]
    assert alone == shared
    last = alone["obligations"][-1]
    code, out, _ = run(capsys, "verify", "euchre", "--property", last["id"], "--json")
    assert _without_times(json.loads(out))["obligations"] == [last]
