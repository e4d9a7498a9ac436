"""The command line: play, replay, bench, and one clean line for every bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.games import run_cli as run
from tests.games import run_line
from tests.generic.records import first, recorded, rejection, replayed, tamper


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return recorded(capsys, tmp_path / "game.json", "divide", "--seed", "5")


def test_play_prints_a_readable_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_line(
        capsys, "play divide --seed 9 --bots random,greedy,random,greedy --players 4"
    )
    assert code == 0
    for needle in (
        "First dealer",
        "Deal",
        "offers",
        "secures",
        "keeps",
        "Trump Rank",
        "wins with",
        "Round 4 scores",
        "Final standings",
        "Decided by",
    ):
        assert needle in out, needle


def test_replay_accepts_a_legal_record(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = replayed(capsys, record)
    assert data["error"] is None and data["result"]["winners"]


@pytest.mark.clauses("record.actions-replay", "divide.trick.play-from-hand")
def test_a_changed_card_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        i = first(data, "play", after=60)
        played = data["actions"][i - 1]["action"].split()[1]
        data["actions"][i]["action"] = f"play {played}"  # a card already on the table

    code, out, _ = run(capsys, "replay", str(tamper(record, edit)), "--json")
    error = json.loads(out)["error"]
    assert code == 1 and error["clause"] == "divide.trick.play-from-hand"


@pytest.mark.clauses("record.actions-replay", "divide.round.phases")
def test_a_removed_action_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        del data["actions"][first(data, "secure")]

    code, out, _ = run(capsys, "replay", str(tamper(record, edit)))
    assert code == 1 and "illegal" in out and "[divide." in out


@pytest.mark.clauses("record.result-agrees")
def test_an_edited_result_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["result"]["totals"][1] += 1

    assert rejection(capsys, record, edit) == (1, "record.result-agrees")


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "divide", "--rounds", "8", "--no-reference", "--no-memory", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["per_second"] > 0 and data["actions_per_second"] > 0
    assert data["units"] >= 8 and data["reference"] is None


def test_record_file_is_not_corrupted_on_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing-dir" / "game.json"
    code, _, err = run(capsys, "play", "divide", "--seed", "1", "--record", str(target))
    assert code == 2 and "cannot write" in err and not target.exists()
