"""Editing a game's record file, as the command-line tests of ``cardlaw replay`` do."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.games import run_cli


def tamper(record: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    """The record file at ``record``, rewritten with ``edit`` applied to its JSON."""
    data = json.loads(record.read_text())
    edit(data)
    record.write_text(json.dumps(data))
    return record


def recorded(capsys: pytest.CaptureFixture[str], path: Path, *play: str) -> Path:
    """The record file that ``cardlaw play`` with the game and options ``play`` writes at ``path``."""
    code, _, _ = run_cli(capsys, "play", *play, "--record", str(path))
    assert code == 0 and path.exists()
    return path


def replayed(capsys: pytest.CaptureFixture[str], record: Path) -> dict[str, Any]:
    """``cardlaw replay`` of a legal record, which text and JSON must both call legal: the JSON."""
    code, out, _ = run_cli(capsys, "replay", str(record))
    assert code == 0 and out.startswith("legal")
    code, out, _ = run_cli(capsys, "replay", str(record), "--json")
    data: dict[str, Any] = json.loads(out)
    assert code == 0 and data["legal"] is True
    return data


def rejection(
    capsys: pytest.CaptureFixture[str], record: Path, edit: Callable[[dict[str, Any]], None]
) -> tuple[int, str]:
    """``cardlaw replay --json`` of the record edited by ``edit``: (exit code, clause broken)."""
    code, out, _ = run_cli(capsys, "replay", str(tamper(record, edit)), "--json")
    return code, json.loads(out)["error"]["clause"]


def first(data: dict[str, Any], verb: str, after: int = 0) -> int:
    """The index of the first action from ``after`` on whose text starts with ``verb``."""
    return next(
        i for i, e in enumerate(data["actions"]) if i >= after and e["action"].startswith(verb)
    )


def first_event(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first event of ``kind`` a record's actions emit (itself, to be edited in place)."""
    return next(
        event
        for entry in data["actions"]
        for event in entry.get("events", [])
        if event["event"] == kind
    )


def deal_a_card_twice(data: dict[str, Any]) -> None:
    """Edit a record so that its first shuffle holds its first card twice (and not its second)."""
    i = first(data, "shuffle")
    cards = data["actions"][i]["action"].split()
    cards[2] = cards[1]
    data["actions"][i]["action"] = " ".join(cards)
