"""The proof layer: three-valued verdicts, non-vacuity, mutants, and ``cardlaw verify``."""

from __future__ import annotations

import json

import pytest
import z3

from engine.registry import get_game
from proofs.core import Mutant, Obligation, Problem, check, verdict
from proofs.registry import obligations
from tests.games import run_cli as run

x, y, z = z3.Ints("x y z")


def test_vacuous_premise_is_not_a_proof() -> None:
    report = check(
        Obligation(
            id="demo.vacuous",
            game="demo",
            statement="",
            clauses=(),
            expected="holds",
            build=lambda p: Problem(premise=[x > 1, x < 0], claim=x == 5),
            params={},
            mutants=(Mutant("demo.m", "", {}),),
        )
    )
    assert not report.premise_satisfiable and report.status == "unknown" and not report.ok


def test_timeouts_are_unknown_never_proved() -> None:
    cubes = Problem(premise=[x > 0, y > 0, z > 0], claim=x * x * x + y * y * y != z * z * z)
    status, _, _, _ = verdict(cubes, timeout_ms=50)
    assert status == "unknown"


def test_a_surviving_mutant_fails_the_obligation() -> None:
    report = check(
        Obligation(
            id="demo.weak",
            game="demo",
            statement="",
            clauses=(),
            expected="holds",
            build=lambda p: Problem(premise=[x >= 0], claim=x >= p["low"]),
            params={"low": 0, "unused": 1},
            mutants=(Mutant("demo.irrelevant", "changes nothing the claim reads", {"unused": 2}),),
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
def test_changing_a_spec_constant_changes_what_is_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    import spec.divide.constants as K
    from proofs.divide import obligations as divide_obligations

    real = next(
        o for o in divide_obligations.OBLIGATIONS if o.id.startswith("divide.tokens.supply")
    )
    assert check(real).status == "proved"
    monkeypatch.setattr(K, "BONUS_TOKENS", 4)
    rebuilt = next(o for o in divide_obligations._obligations() if o.id == real.id)
    assert rebuilt.params["bonus_tokens"] == 4
    assert check(rebuilt).status == "refuted"


def test_verify_one_property_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "verify",
        "divide",
        "--property",
        "divide.trick.legal-play-exists",
        "--json",
        "--workers",
        "1",
    )
    data = json.loads(out)
    assert code == 0 and data["ok"]
    (ob,) = data["obligations"]
    assert {"id", "game", "expected", "status", "seconds", "clauses"} <= set(ob)
    assert ob["status"] == "proved" and ob["expected"] == "holds"
    assert data["mutants"] and all(
        {"id", "obligation", "caught"} <= set(m) for m in data["mutants"]
    )


def test_verify_writes_witness_records(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(
        capsys,
        "verify",
        "divide",
        "--property",
        "divide.tokens.supply-never-negative.4p",
        "--witnesses",
        str(tmp_path),
        "--workers",
        "1",
    )
    assert code == 0 and "replayed through the engine" in out
    record = tmp_path / "divide.tokens.supply-never-negative.4p.json"
    assert run(capsys, "replay", str(record))[0] == 0


def test_verify_fails_on_a_false_obligation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from proofs import registry

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
    code, out, _ = run(capsys, "verify", "divide", "--workers", "1")
    assert code == 1 and "refuted" in out


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
    from proofs.core import Exhaustive, Witness

    def build(p: dict) -> Exhaustive:  # type: ignore[type-arg]
        cases = range(p["n"])
        bad = next((c for c in cases if c * c < 0 or c > p["limit"]), None)
        return Exhaustive(len(cases), None if bad is None else Witness(f"{bad} is over"))

    ob = Obligation(
        id="demo.exhaustive",
        game="demo",
        statement="",
        clauses=(),
        expected="holds",
        build=build,
        params={"n": 10, "limit": 9},
        mutants=(Mutant("demo.low", "", {"limit": 5}),),
        method="exhaustive",
    )
    report = check(ob)
    assert report.status == "proved" and report.ok and report.mutants[0].caught
    empty = Obligation(
        id="demo.empty",
        game="demo",
        statement="",
        clauses=(),
        expected="holds",
        build=build,
        params={"n": 0, "limit": 9},
        mutants=(Mutant("demo.low", "", {"limit": 5}),),
        method="exhaustive",
    )
    assert not check(empty).ok
