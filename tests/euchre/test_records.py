"""Euchre records from the command line: deterministic, replayable, tamper-evident."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlaw.engine.record import load_record, replay_record
from tests.games import run_cli as run


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "euchre.json"
    code, out, _ = run(capsys, "play", "euchre", "--seed", "11", "--record", str(path))
    assert code == 0 and path.exists()
    for needle in ("First dealer", "Up-card", "Trump", "leads", "wins", "score"):
        assert needle in out, needle
    return path


@pytest.mark.clauses("euchre.deal.shuffle", "euchre.ruling.first-dealer")
def test_same_seed_same_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        bots = "simple,random,simple,random,simple"
        args = ("play", "euchre", "--seed", "77", "--bots", bots, "--record", str(path))
        assert run(capsys, *args)[0] == 2  # five bots for four seats is bad input
        args = ("play", "euchre", "--seed", "77", "--bots", "simple", "--record", str(path))
        assert run(capsys, *args)[0] == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_replay_accepts_a_legal_record(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0 and out.startswith("legal:")
    data = load_record(record.read_text())
    assert data["result"]["winner"] in (0, 1)
    kinds = {e["event"] for entry in data["actions"] for e in entry.get("events", [])}
    assert {"first-dealer", "deal", "bid", "trick", "hand-end", "game-end"} <= kinds


@pytest.mark.clauses("euchre.trick.follow-suit", "euchre.trick.play-from-hand")
def test_a_tampered_play_is_rejected(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = load_record(record.read_text())
    entries = data["actions"]
    index = next(i for i, e in enumerate(entries) if e["action"].startswith("play"))
    hand_of_another = next(
        e["action"] for e in entries[index + 1 :] if e["action"].startswith("play")
    )
    entries[index]["action"] = hand_of_another
    entries[index].pop("events", None)
    record.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(record), "--json")
    assert code == 1
    error = json.loads(out)["error"]
    assert error["index"] == index and error["clause"].startswith("euchre.trick.")


def test_tampered_events_and_results_are_rejected(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = load_record(record.read_text())
    entry = next(
        e for e in data["actions"] if any(v["event"] == "trick" for v in e.get("events", []))
    )
    trick = next(v for v in entry["events"] if v["event"] == "trick")
    trick["winner"] = (trick["winner"] + 1) % 4
    error = replay_record(data).error
    assert error is not None and error.clause == "record.events-agree"
    data = load_record(record.read_text())
    data["result"]["scores"] = [0, 0]
    error = replay_record(data).error
    assert error is not None and error.clause == "record.result-agrees"


@pytest.mark.clauses("euchre.ruling.all-pass")
def test_the_stick_the_dealer_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "stick.json"
    args = ("play", "euchre", "--seed", "3", "--variant", "stick-the-dealer", "--record", str(path))
    assert run(capsys, *args)[0] == 0
    data = load_record(path.read_text())
    assert data["config"] == {"players": 4, "stick_the_dealer": True}
    assert replay_record(data).legal
    code, _, err = run(capsys, "play", "euchre", "--players", "5")
    assert code == 2 and "4 players" in err
    code, _, err = run(capsys, "play", "euchre", "--variant", "no-such")
    assert code == 2 and "stick-the-dealer" in err
