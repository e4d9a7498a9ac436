"""The command line for Divided Ranks: play, replay, ask census, simulate, bench figures."""

from __future__ import annotations

import json
import sys
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest

from cardlaw import cluster, simulation
from cardlaw.bench.extras import divided_ranks_extras
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from tests.games import run_cli as run
from tests.games import run_line
from tests.generic.records import first, rejection, tamper


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    code, out, _ = run(
        capsys, "play", "divided-ranks", "--seed", "8", "--bots", "skilled", "--record", str(path)
    )
    assert code == 0 and path.exists()
    for needle in (
        "First splitter",
        "splits",
        "takes the",
        "After the draft",
        "The reserve",
        "builds in secret",
        "Showdown",
        "weaker:",
        "Decided by",
    ):
        assert needle in out, needle
    return path


def test_replay_accepts_a_legal_record(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(record), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["result"]["decided_by"]


@pytest.mark.clauses("record.events-agree", "divided-ranks.draft.choose")
def test_a_changed_choice_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        i = first(data, "take")
        entry = data["actions"][i]
        entry["action"] = "take down" if entry["action"] == "take up" else "take up"

    assert rejection(capsys, record, edit) == (1, "record.events-agree")


@pytest.mark.clauses("record.actions-replay", "divided-ranks.play.phases")
def test_a_removed_split_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        del data["actions"][first(data, "split")]

    code, out, _ = run(capsys, "replay", str(tamper(record, edit)), "--json")
    error = json.loads(out)["error"]
    assert code == 1 and error["clause"].startswith("divided-ranks.")


@pytest.mark.clauses("record.actions-replay", "divided-ranks.reserve.blind")
def test_swapping_a_card_you_do_not_hold_is_rejected(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def edit(data: dict[str, Any]) -> None:
        i = next(
            i
            for i, e in enumerate(data["actions"])
            if e["action"] in ("keep",) or e["action"].startswith("swap")
        )
        entry = data["actions"][i]
        shuffle = data["actions"][first(data, "shuffle")]["action"].split()[1:]
        entry["action"] = f"swap {shuffle[0]}"  # the reserve itself is never in a hand
        entry.pop("events", None)

    assert rejection(capsys, record, edit) == (1, "divided-ranks.reserve.blind")


@pytest.mark.clauses("record.result-agrees")
def test_an_edited_result_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["result"]["decided_by"] = "draw"

    assert rejection(capsys, record, edit) == (1, "record.result-agrees")


@pytest.mark.clauses("divided-ranks.ruling.best-build")
def test_ask_census(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "divided-ranks", "census", "--json")
    data = json.loads(out)
    assert code == 0 and data["holdings"] == 352_716
    assert data["holdings_with_several_best_builds"] == 149_490
    assert sum(row["holdings"] for row in data["best_build_categories"]) == 352_716
    code, out, _ = run(capsys, "ask", "divided-ranks", "census")
    assert code == 0 and "more than one: 149,490" in out


def test_simulate_is_the_same_for_any_number_of_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ("simulate", "divided-ranks", "--games", "12", "--bots", "skilled,random", "--seed")
    tables = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, *base, "9", "--workers", workers, "--json")
        assert code == 0
        data = json.loads(out)
        tables.append((data["statistics"], data["claims"]))
    assert tables[0] == tables[1]
    statistics, claims = tables[0]
    assert "first reserve player swaps" in [row["name"] for row in statistics]
    assert "games settled on category alone" in [claim["claim"] for claim in claims]
    assert all(claim["document"] and claim["verdict"] for claim in claims)


def test_forked_and_spawned_workers_play_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers fork on Linux (sharing what is loaded); spawned ones give the same facts."""
    game = DIVIDED_RANKS
    lineup = simulation.Lineup(game.name, game.config_to_json(game.config()), ("expert", "random"))
    if sys.platform == "linux":
        assert cluster.start_method().get_start_method() == "fork"
    one = simulation.run_games(lineup, games=8, seed=3, workers=1)
    forked = simulation.run_games(lineup, games=8, seed=3, workers=2)
    monkeypatch.setattr(cluster, "start_method", lambda: get_context("spawn"))
    spawned = simulation.run_games(lineup, games=8, seed=3, workers=2)
    assert one == forked == spawned


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    line = "simulate divided-ranks --games 3 --bots expert --seed 1 --workers 1"
    code, out, _ = run_line(
        capsys, line, "--variant", "face-up-swap", "--variant", "coin-flip-reserve"
    )
    assert code == 0 and "first reserve player" in out and "The document's claims" in out
    assert "expert v expert" in out
    code, out, _ = run_line(capsys, line, "--variant", "face-up-swap")  # no claim is about it
    assert code == 0 and "first reserve player" in out and "The document's claims" not in out


def test_bench_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "divided-ranks", "--rounds", "5", "--no-reference", "--no-memory", "--json"
    )
    assert code == 0 and json.loads(out)["per_second"] > 0
    assert divided_ranks_extras(DIVIDED_RANKS.config())["evaluations_per_second"] > 0
