"""``cardlaw play split``, ``replay`` and ``bench`` on Split, and tampered records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.games import run_cli as run
from tests.generic.records import first, recorded, rejection, replayed, tamper


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return recorded(capsys, tmp_path / "game.json", "split", "--seed", "5")


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "2", "--bots", "greedy,random"),
        ("--players", "6", "--bots", "greedy"),
        ("--variant", "cooperative", "--players", "3", "--bots", "greedy"),
        ("--variant", "cooperative-no-aids", "--players", "5"),
        ("--variant", "cooperative-no-100", "--players", "4"),
        ("--variant", "cooperative-no-0", "--players", "4"),
    ],
)
def test_play_prints_a_readable_log(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "play", "split", "--seed", "9", *args)
    assert code == 0
    for needle in ("Dealer: seat", "Deal", "opens the piles", "plays", "Turns:"):
        assert needle in out, needle


def test_replay_accepts_a_legal_record(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert replayed(capsys, record)["result"]["outcome"] in ("win", "draw")


@pytest.mark.clauses("record.actions-replay", "split.turn.play-between")
def test_a_changed_card_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        i = first(data, "play", after=5)
        data["actions"][i]["action"] = "play 100"  # not in that hand (or not between)

    code, out, _ = run(capsys, "replay", str(tamper(record, edit)), "--json")
    error = json.loads(out)["error"]
    assert code == 1 and error["clause"].startswith("split.")


@pytest.mark.clauses("record.actions-replay", "split.turn.move-middle")
def test_a_removed_move_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        del data["actions"][first(data, "move")]

    assert rejection(capsys, record, edit) == (1, "split.turn.move-middle")


@pytest.mark.clauses("record.result-agrees")
def test_an_edited_result_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["result"]["turns"] += 1  # still a result of the right form, but not this game's

    assert rejection(capsys, record, edit) == (1, "record.result-agrees")


@pytest.mark.clauses("record.well-formed")
def test_a_result_naming_no_seat_is_malformed(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat 9 at a table of four is no seat: the form says so, before any replay (exit 2)."""

    def edit(data: dict[str, Any]) -> None:
        data["result"]["winners"] = [9]

    code, _, err = run(capsys, "replay", str(tamper(record, edit)))
    assert code == 2 and "record.result.winners[0]: expected a seat 0–" in err, err


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "split", "--rounds", "5", "--no-memory", "--json")
    data = json.loads(out)
    assert code == 0 and data["unit"] == "games" and data["units"] == 5
    assert data["per_second"] > 0 and data["reference"] is None


def test_bench_times_the_solver_beside_the_playouts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bench split --solver``: the figures' shape only (their values are the machine's)."""
    from cardlaw.bench import solver as bench_solver

    monkeypatch.setattr(bench_solver, "RATE_DEALS", 2)
    monkeypatch.setattr(bench_solver, "SLOWEST_DEAL", 1)
    args = ("bench", "split", "--rounds", "5", "--no-memory", "--solver")
    code, out, _ = run(capsys, *args, "--json")
    solver = json.loads(out)["solver"]
    assert code == 0 and (solver["players"], solver["deals"], solver["slowest_deal"]) == (5, 2, 1)
    assert solver["positions"] > 0 and solver["positions_per_second"] > 0
    assert solver["slowest_positions"] > 0 and solver["slowest_winnable"] in (True, False)
    code, out, _ = run(capsys, *args)
    assert code == 0 and "cooperative solver" in out and "deal 1 (the slowest of 200)" in out
    code, _, err = run(capsys, "bench", "divide", "--rounds", "5", "--solver")
    assert code == 2 and "--solver" in err
    code, _, err = run(capsys, "bench", "suite", "--solver")  # not the suite's: refused at once
    assert code == 2 and "bench split --solver" in err and err.count("\n") == 1
