"""The README tour's witness replay says what its comment promises: one round, where seat 0 takes 31.

``cardlaw replay`` of a record that is legal but not finished (a proof's
witness is one round, not a whole game) prints where the game stands: its
last event, here the round's end with its scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_readme_tour import README, comment, tour_lines
from tests.games import run_cli

Capsys = pytest.CaptureFixture[str]

WITNESS = "divide.points.player-max.4p"


def test_the_witness_replay_shows_the_31(tmp_path: Path, capsys: Capsys) -> None:
    line = next(line for line in tour_lines(README.read_text()) if f"replay out/{WITNESS}" in line)
    assert "31" in comment(line)
    code, _, err = run_cli(
        capsys, "verify", "divide", "--property", WITNESS, "--json", "--witnesses", str(tmp_path)
    )
    assert code == 0, err
    code, out, err = run_cli(capsys, "replay", str(tmp_path / f"{WITNESS}.json"))
    assert code == 0, err
    first, second = out.splitlines()
    assert first.startswith("legal: ") and first.endswith("the game is not finished")
    assert second.startswith("so far: ")
    event = json.loads(second.removeprefix("so far: "))
    assert event["event"] == "round-end" and event["scores"] == [31, 0, 0, 0]


def test_a_finished_game_prints_its_result_not_a_last_event(tmp_path: Path, capsys: Capsys) -> None:
    record = tmp_path / "game.json"
    code, _, err = run_cli(capsys, "play", "euchre", "--seed", "3", "--record", str(record))
    assert code == 0, err
    code, out, _ = run_cli(capsys, "replay", str(record))
    assert code == 0 and "so far" not in out and len(out.splitlines()) == 2
