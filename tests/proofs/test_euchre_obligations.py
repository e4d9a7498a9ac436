"""Euchre's full-strength obligations, and issue 30's reproducer through ``cardlaw verify``.

* The whole scoring table: four wrong tables, seeded by hand into the
  encoding itself, are each refuted (they were all "proved" by the weaker
  obligation), as are the same tables as mutants of the rule parameters.
* The bidding ends and the first lead: proved, every mutant caught, and the
  witness not replayed on an engine that breaks the rule.
* The reproducer: an engine whose makers of three or four tricks score a
  march's points makes ``cardlaw verify euchre`` exit 1, naming the scoring
  clauses, with every witness that cannot be realised reported as not
  replayed (the scenario's error names the clause), never an internal error.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
import z3

from cardlaw.commands import verify as verify_command
from cardlaw.engine.compiled import build as compiled_build
from cardlaw.engine.euchre import play, scoring
from cardlaw.engine.euchre.game import MANIFEST
from cardlaw.engine.game import RulesGame
from cardlaw.proofs.core import check
from cardlaw.proofs.euchre import bids
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.obligations import OBLIGATIONS, build
from cardlaw.proofs.euchre.scenarios import Unrealised, longest_game, shortest_game
from cardlaw.proofs.euchre.support import REAL
from cardlaw.proofs.isolated import failed
from cardlaw.proofs.report_json import ObligationJSON
from cardlaw.spec.euchre.actions import OrderUp
from cardlaw.spec.euchre.parameters import EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage
from tests.games import run_cli
from tests.proofs.test_euchre_links import CACHES, march_for_a_make

Game = RulesGame[Any, Any, Any, Any, Any]

pytestmark = pytest.mark.clauses(
    "euchre.score.makers",
    "euchre.score.march",
    "euchre.score.alone-march",
    "euchre.score.euchred",
    "euchre.ruling.lone-defender-score",
    "euchre.bid.first-round",
    "euchre.bid.second-round",
    "euchre.ruling.all-pass",
    "euchre.trick.first-lead",
    "euchre.ruling.lone-lead",
)

SCORES = "euchre.score.one-team-scores"
REAL_SCORE = E.hand_score


def _wrong(points: Callable[[z3.BitVecRef, z3.BoolRef, Any, z3.BitVecRef], z3.BitVecRef]) -> Any:
    """An encoding of ``hand_score`` whose points are ``points(tricks, alone, p, right)``."""

    def hand_score(
        tricks: z3.BitVecRef, alone: z3.BoolRef, p: Any, defended: Any = None
    ) -> tuple[z3.BoolRef, z3.BitVecRef]:
        makers, right = REAL_SCORE(tricks, alone, p, defended)
        return makers, points(tricks, alone, p, right)

    return hand_score


def _euchre(value: int) -> Any:
    return lambda t, a, p, right: z3.If(z3.ULT(t, p["majority"]), E.count(value), right)


WRONG_TABLES: dict[str, Any] = {
    "a euchre worth 1": _wrong(_euchre(1)),
    "a euchre worth 4": _wrong(_euchre(4)),
    "a march worth 4": _wrong(
        lambda t, a, p, right: z3.If(z3.And(t == p["tricks"], z3.Not(a)), E.count(4), right)
    ),
    "a make worth 2 and a march worth 1": _wrong(
        lambda t, a, p, right: z3.If(
            z3.And(z3.UGE(t, p["majority"]), z3.ULT(t, p["tricks"])),
            E.count(2),
            z3.If(z3.And(t == p["tricks"], z3.Not(a)), E.count(1), right),
        )
    ),
}
"""Issue 30's four wrong scoring tables, written into the encoding by hand."""


@pytest.mark.parametrize("name", list(WRONG_TABLES))
def test_a_wrong_table_in_the_encoding_is_refuted(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ob = next(o for o in OBLIGATIONS if o.id == SCORES)
    assert check(ob).status == "proved"
    monkeypatch.setattr(E, "hand_score", WRONG_TABLES[name])
    report = check(ob, mutants=False)
    assert report.status == "refuted" and report.witness is not None, report.detail
    assert "(the table: the " in report.witness.text


def test_the_wrong_tables_are_mutants_too() -> None:
    report = check(next(o for o in OBLIGATIONS if o.id == SCORES))
    caught = {m.id for m in report.mutants if m.caught}
    assert {
        "euchre.mutant.euchre-worth-1",
        "euchre.mutant.euchre-worth-4",
        "euchre.mutant.march-worth-4",
        "euchre.mutant.make-2-march-1",
    } <= caught
    assert report.ok and report.witness is not None and report.witness.replayed


@pytest.mark.parametrize("lone", [False, True])
def test_the_table_reads_the_rules_not_the_parameters(lone: bool) -> None:
    """Under other rules the reference table follows them: still proved, mutants caught."""
    rules = EuchreRules(cards_each=4, maker_points=3, euchre_points=1)
    ob = next(o for o in build(rules, lone_defender=lone) if o.id == SCORES)
    report = check(ob)
    assert report.ok, (report.detail, report.mutants)
    assert ("euchre.ruling.lone-defender-score" in ob.clauses) == lone


def test_the_replay_puts_every_row_to_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "hand_score", march_for_a_make)
    report = check(next(o for o in OBLIGATIONS if o.id == SCORES), mutants=False)
    assert report.witness is not None and not report.witness.replayed
    assert (
        "does NOT agree" in report.witness.text and "[euchre.score.makers]" in report.witness.text
    )


# --- the bidding ends; the first lead -----------------------------------------------------------


def _moved(stage: Stage, wrap: Callable[[Any], Any]) -> Game:
    phases = tuple(
        dataclasses.replace(p, moves={k: wrap(f) for k, f in p.moves.items()})
        if p.stage == stage
        else p
        for p in MANIFEST.phases
    )
    return RulesGame(dataclasses.replace(MANIFEST, phases=phases))


def test_bidding_ends_and_first_lead_hold() -> None:
    for ob in bids.obligations(REAL):
        report = check(ob)
        assert report.ok and report.status == "proved", ob.id
        assert len(report.mutants) == 2 and report.witness is not None
        assert report.witness.replayed


def test_bidding_witness_not_replayed_when_the_dealer_passes_a_third_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def third_round(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
        def wrong(state: EuchreState, action: Any) -> EuchreState:
            after = apply(state, action)
            if after.stage == Stage.DEAL and state.stage == Stage.NAME_TRUMP:
                return state._replace(actor=(state.dealer + 1) % 4)  # no throw-in: bid again
            return after

        return wrong

    monkeypatch.setattr(bids, "EUCHRE", _moved(Stage.NAME_TRUMP, third_round))
    report = check(bids.obligations(REAL)[0], mutants=False)
    assert report.status == "proved" and report.witness is not None
    assert not report.witness.replayed and "still bidding" in report.witness.text


def test_first_lead_witness_not_replayed_when_a_sitting_seat_leads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def from_left(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
        def wrong(state: EuchreState, action: Any) -> EuchreState:
            after = apply(state, action)
            if after.stage == Stage.TRICKS:
                left = (after.dealer + 1) % 4
                return after._replace(leader=left, actor=left)
            return after

        return wrong

    monkeypatch.setattr(bids, "EUCHRE", _moved(Stage.DEFEND, from_left))
    report = check(bids.obligations(REAL)[1], mutants=False)
    assert report.witness is not None and not report.witness.replayed


# --- the reproducer -----------------------------------------------------------------------------


def _here(ids: Iterable[str], workers: int, *_: object) -> Iterator[ObligationJSON]:
    """Check each obligation in this process (where the engine is broken), as a worker would.

    Built afresh: an obligation of the registry may keep the games it traced before.
    """
    fresh = {ob.id: ob for ob in build()}
    for oid in ids:
        try:
            yield check(fresh[oid]).to_json()
        except Exception as error:  # as proofs.isolated.report_json
            yield failed(fresh[oid], error).to_json()


@pytest.fixture
def reproducer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Issue 30's engine: makers with three or four tricks score a march's points."""
    if compiled_build() == "mypyc":  # compiled callers do not read the module's global
        pytest.skip("the engine is broken by replacing a module global: pure Python only")
    monkeypatch.setattr(scoring, "hand_score", march_for_a_make)
    monkeypatch.setattr(play, "hand_score", march_for_a_make)
    monkeypatch.setattr(verify_command, "check_each", _here)
    for cached in CACHES:  # tables the engine filled before it was broken
        cached.cache_clear()
    yield
    for cached in CACHES:
        cached.cache_clear()


@pytest.mark.usefixtures("reproducer")
def test_verify_names_the_scoring_clauses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        capsys, "verify", "euchre", "--property", "euchre.link.scoring", "--workers", "1"
    )
    assert code == 1 and not err, err
    assert "refuted" in out and "[euchre.score.makers]" in out
    assert "the engine gives the points = 2, the encoding proofs.euchre.encoding.hand_score" in out
    code, out, _ = run_cli(
        capsys, "verify", "euchre", "--property", "euchre.trace.default", "--json"
    )
    data = json.loads(out)
    [report] = data["obligations"]
    assert code == 1 and report["status"] == "refuted" and report["record"] is not None
    assert (
        "euchre.score.makers" in report["clauses"] and "[euchre.score.makers]" in report["witness"]
    )


@pytest.mark.usefixtures("reproducer")
def test_verify_reports_the_unrealised_witness(capsys: pytest.CaptureFixture[str]) -> None:
    oid = "euchre.game.ends.stick-the-dealer"
    code, out, err = run_cli(capsys, "verify", "euchre", "--property", oid, "--workers", "1")
    assert code == 1 and not err and "internal error" not in out
    assert f"{oid} witness (NOT replayed)" in out
    assert "could not realise the longest game" in out and "[euchre.score.makers]" in out


@pytest.mark.usefixtures("reproducer")
def test_the_scenarios_raise_a_clear_error() -> None:
    with pytest.raises(Unrealised, match=r"scores 1 points for team 0 \[euchre\.score\.makers\]"):
        longest_game(tries=3)
    rules = EuchreRules(maker_points=5, cards_each=3)  # the shortest game makes it: 5 a hand
    with pytest.raises(Unrealised) as raised:
        shortest_game(rules, tries=3)
    assert raised.value.clause == "euchre.score.makers"


def test_an_order_up_alone_is_one_bid() -> None:
    """The bids the encoding counts are the engine's actions (a sanity check of BIDS)."""
    assert E.BIDS[E.order_bid(True)] == OrderUp(True) and len(E.BIDS) == E.BID_BITS == 11
