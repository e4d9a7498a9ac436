"""The variant matrix: its columns come from the configs' flags, and a reused verdict is sound."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Literal

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import cardlaw.proofs.matrix
from cardlaw.engine.registry import get_game
from cardlaw.proofs.core import Obligation, Problem, check
from cardlaw.proofs.isolated import SOURCES, matrix_each, matrix_report, report_json
from cardlaw.proofs.matrix import MatrixRow, Reads, columns, flag_values, matrix, reusable, verified
from cardlaw.proofs.registry import config_obligations, games_with_proofs, obligations
from tests.verified import Verified

x = z3.Int("x")


def _bound(p: Mapping[str, Any]) -> Problem:
    return Problem(premise=[x >= p["low"]], claim=x * x >= p["bound"])


def _demo(**params: Any) -> Obligation:
    return Obligation(
        id="demo.square",
        game="demo",
        statement="",
        clauses=(),
        expected="holds",
        build=_bound,
        params={"low": -3, "bound": 0, "unread": 0, **params},
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Toy:
    players: int = 4
    colour: Literal["red", "blue", "green"] = "red"
    loud: bool = False
    turns: int = 9
    rules: object = None


def test_flags_are_every_field_but_players_and_rules_with_their_values() -> None:
    assert flag_values(_Toy) == {
        "colour": ("red", "blue", "green"),
        "loud": (False, True),
        "turns": (9,),
    }


@pytest.mark.parametrize("game", games_with_proofs())
def test_columns_are_distinct_accepted_configs_covering_every_variant(game: str) -> None:
    engine = get_game(game)
    cols = columns(game)
    assert cols[0].variant == "default" and cols[0].changed == {}
    configs = [engine.config(**c.options) for c in cols]
    assert len(set(configs)) == len(configs)
    for name, options in engine.variants.items():
        assert engine.config(**options) in configs, name
        assert name in [c.variant for c in cols]
    flags = flag_values(type(engine.config()))
    assert all(set(c.options) == set(flags) for c in cols)


def test_divided_ranks_has_the_combination_of_its_two_variants() -> None:
    assert [c.variant for c in columns("divided-ranks")][-1] == "face-up-swap+coin-flip-reserve"


@pytest.mark.parametrize("game", games_with_proofs())
def test_the_default_config_builds_the_default_obligations(game: str) -> None:
    default = config_obligations(game, {})
    assert [o.id for o in default] == [o.id for o in obligations(game)]
    assert [o.params for o in default] == [o.params for o in obligations(game)]
    for col in columns(game):
        assert [o.id for o in config_obligations(game, col.options)] == [o.id for o in default]


@given(st.integers(-5, 5), st.integers(-5, 5))
def test_reads_record_what_the_encoding_reads(low: int, unread: int) -> None:
    ob = _demo(low=low, unread=unread)
    reads = Reads(ob.params)
    check(replace(ob, params=reads), mutants=False)
    assert reads.read == {"low", "bound"}


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(-5, 5))
def test_reuse_exactly_when_no_read_parameter_differs(low: int, other: int, unread: int) -> None:
    first, second = _demo(low=low), _demo(low=other, unread=unread)
    read = frozenset({"low", "bound"})
    assert reusable(first, second, read) == (low == other)
    if low == other:  # a reused verdict is the one a fresh check gives
        assert check(first, mutants=False).status == check(second, mutants=False).status


def test_reuse_needs_the_same_encoding_and_replay() -> None:
    ob = _demo()
    read = frozenset({"low", "bound"})
    assert reusable(ob, replace(ob, build=partial(_bound)), read) is False
    assert reusable(ob, replace(ob, expected="fails"), read) is False
    assert reusable(ob, replace(ob, replay=lambda w: w), read) is False
    first, second = replace(ob, build=_shifted(0)), replace(ob, build=_shifted(0))
    assert first.build is not second.build
    assert reusable(first, second, read)  # one code over equal captured values
    assert not reusable(first, replace(ob, build=_shifted(1)), read)


def _shifted(shift: int) -> Any:
    def build(p: Mapping[str, Any]) -> Problem:
        return _bound({"low": p["low"] + shift, "bound": p["bound"]})

    return build


def _terms(problem: Problem) -> list[z3.BoolRef]:
    claim = [problem.claim] if isinstance(problem.claim, z3.BoolRef) else list(problem.claim)
    return [*problem.premise, *claim, *([problem.attained] if problem.attained is not None else [])]


def _poses_the_same_problem(default: Obligation, other: Obligation) -> bool:
    """Whether ``other`` asks the solver exactly ``default``'s questions, and replays alike.

    Z3 keeps one node per distinct term, so two builds of the same problem give
    terms that are ``eq`` node for node; the same questions get the same
    answers, so ``other``'s fresh check is ``default``'s (which the matrix made).
    """
    if default.method != "z3" or other.method != "z3":  # any other check is its own build
        return False
    mine, theirs = default.build(default.params), other.build(other.params)
    if not (isinstance(mine, Problem) and isinstance(theirs, Problem)):
        return False
    a, b = _terms(mine), _terms(theirs)
    same_checks = reusable(default, replace(other, build=default.build), frozenset())
    return same_checks and len(a) == len(b) and all(x.eq(y) for x, y in zip(a, b, strict=True))


def _euchre_rows(verify_report: Verified) -> list[MatrixRow]:
    """The Euchre rows ``cardlaw verify --matrix`` made this run (tests/verified.py)."""
    data = json.loads(verify_report.report.read_text(encoding="utf-8"))
    return [r for r in data["matrix"] if r["game"] == "euchre"]


_EUCHRE = {c.variant: c for c in columns("euchre")}
"""Euchre's matrix columns, the default first."""


def test_the_euchre_matrix_is_whole_and_takes_both_ways(verify_report: Verified) -> None:
    rows = _euchre_rows(verify_report)
    assert [r["variant"] for r in rows] == [
        v for v in _EUCHRE for _ in config_obligations("euchre", _EUCHRE[v].options)
    ]
    assert all(r["ok"] for r in rows)
    built = {
        (v, ob.id): ob for v, c in _EUCHRE.items() for ob in config_obligations("euchre", c.options)
    }
    reused = [
        (built[("default", r["obligation"])], built[(r["variant"], r["obligation"])])
        for r in rows
        if r["reused"]
    ]
    # Both ways are taken (the shortcut cannot hide every cell): some reused cell poses the
    # default's very problem, and some is an engine check the tests below run afresh.
    same = any(_poses_the_same_problem(default, other) for default, other in reused)
    apart = any(other.method != "z3" for _, other in reused)
    assert same and apart  # both ways are taken (the shortcut cannot hide every cell)
    stick = {r["obligation"]: r for r in rows if r["variant"] == "stick-the-dealer"}
    assert stick["euchre.game.ends.throw-in"]["status"] == "refuted"
    assert any(not r["reused"] for r in stick.values())  # the flag is read somewhere
    assert any(r["reused"] for r in stick.values())  # and not everywhere


@pytest.mark.deep  # each variant's reused cells proved again (pytest -m deep)
@pytest.mark.parametrize("variant", list(_EUCHRE)[1:])
def test_each_reused_euchre_cell_agrees_with_a_fresh_check(
    variant: str, verify_report: Verified
) -> None:
    """A cell the matrix proved is already a fresh check; each reused one is checked afresh here,
    or shown to pose the very problem of the default cell the matrix checked.

    A fresh check of an engine method (a trace, a differential check: no solver) runs in
    this process, since its verdict does not depend on what the process did before; a
    solver's runs in a fresh process, as the matrix's own checks do.
    """
    rows = _euchre_rows(verify_report)
    default = {r["obligation"]: r for r in rows if r["variant"] == "default"}
    options = _EUCHRE[variant].options
    defaults = {ob.id: ob for ob in config_obligations("euchre", _EUCHRE["default"].options)}
    built = {ob.id: ob for ob in config_obligations("euchre", options)}
    mine = [r for r in rows if r["variant"] == variant]
    assert mine and all(r["ok"] for r in mine)
    apart: list[MatrixRow] = []
    for row in (r for r in mine if r["reused"]):
        oid = row["obligation"]
        if _poses_the_same_problem(defaults[oid], built[oid]):
            cell = default[oid]
            assert (row["status"], row["ok"]) == (cell["status"], cell["ok"]), row
        else:
            apart.append(row)
    solved = [r for r in apart if built[r["obligation"]].method == "z3"]
    fresh = dict(
        zip(
            (r["obligation"] for r in solved),
            matrix_each([("euchre", options, r["obligation"]) for r in solved], workers=1),
            strict=True,
        )
    )
    for row in apart:
        oid = row["obligation"]
        report = fresh[oid] if oid in fresh else matrix_report(("euchre", options, oid))
        assert (row["status"], row["ok"]) == (report["status"], report["ok"]), row


def _proving(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Replace the matrix's prover by one that records what it is asked and answers at once."""
    asked: list[tuple[str, str]] = []

    def each(tasks: Any, workers: int = 1, mapper: Any = None, slots: int = 1) -> Any:
        for game, options, oid in tasks:
            asked.append((game, oid))
            yield {"status": "proved", "ok": True, "reads": ["every"], "options": options}

    monkeypatch.setattr(cardlaw.proofs.matrix, "matrix_each", each)
    return asked


def _report(game: str, status: str, sources: str = SOURCES) -> dict[str, Any]:
    return {
        "obligations": [
            {"id": o.id, "game": game, "expected": o.expected, "status": status, "ok": True,
             "reads": [], "sources": sources}
            for o in obligations(game)
        ]
    }  # fmt: skip


def test_the_default_column_is_read_from_a_verify_report_of_the_same_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _proving(monkeypatch)
    ids = [o.id for o in obligations("divided-ranks")]
    rows = matrix(["divided-ranks"], known=_report("divided-ranks", "unknown"))
    default = [r for r in rows if r["variant"] == "default"]
    assert [r["status"] for r in default] == ["unknown"] * len(ids)  # the report's, not proved
    assert all(r["from_report"] for r in default)
    assert not any(r["from_report"] for r in rows if r["variant"] != "default")
    # only the cells of the other columns that cannot reuse the default verdict were proved
    assert len(asked) == sum(not r["reused"] for r in rows if r["variant"] != "default")


@pytest.mark.parametrize(
    "known",
    [
        _report("divided-ranks", "unknown", sources="0" * 64),  # made by other code
        {
            "obligations": [
                {**o, "reads": None} for o in _report("divided-ranks", "x")["obligations"]
            ]
        },
        {"obligations": [{**o, "ok": False} for o in _report("divided-ranks", "x")["obligations"]]},
        {"ok": True},  # no obligations: cardlaw verify --property, or another game
        {},
    ],
)
def test_a_report_of_other_code_or_without_reads_is_proved_again(
    monkeypatch: pytest.MonkeyPatch, known: dict[str, Any]
) -> None:
    asked = _proving(monkeypatch)
    rows = matrix(["divided-ranks"], known=known)
    default = [r for r in rows if r["variant"] == "default"]
    assert asked[: len(default)] == [("divided-ranks", r["obligation"]) for r in default]
    assert all(r["status"] == "proved" and not r["from_report"] for r in default)


def test_a_verify_report_carries_what_the_matrix_needs_and_the_same_verdict() -> None:
    oid = "divided-ranks.hands.no-high-card"
    report = report_json(oid)
    assert report["sources"] == SOURCES and "ranks" in report["reads"]
    cell = matrix_report(("divided-ranks", {}, oid))
    assert (cell["status"], cell["ok"], cell["reads"]) == (
        report["status"],
        report["ok"],
        report["reads"],
    )
    assert verified({"obligations": [report]})[("divided-ranks", oid)]["status"] == cell["status"]
