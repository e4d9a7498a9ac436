"""The command line over every game's own cases: the same seed writes the same record, and bad
input gets one clean line and exit code 2.

The same tests the command line makes of several games (``tests/cli``,
``tests/divided_ranks/test_cli.py``, ``tests/split/test_cli.py``), once,
with each game's cases in a table.  They live here, with the engine's
tests, so the mutation run (which selects the games' and the engine's
folders) keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.games import run_cli as run
from tests.games import run_line
from tests.generic.records import deal_a_card_twice, first_event, recorded, rejection, tamper


def head(game: str) -> str:
    """The start of a record of ``game``, up to its configuration."""
    return '{"format": "cardlaw-record", "version": 1, "game": "' + game + '", "config": '


SAME_SEED: dict[str, tuple[str, ...]] = {
    "divide": ("--seed", "77", "--players", "5", "--bots", "greedy"),
    "divided-ranks": ("--seed", "4", "--bots", "expert,random"),
    "split": ("--seed", "77", "--bots", "greedy"),
}
"""``cardlaw play GAME`` options whose record is written twice and must be the same bytes."""

BAD_INPUT: dict[str, list[str]] = {
    "every game": [
        "play poker",
        "play divide --players 3",
        "play divide --players many",
        "play divide --bots genius",
        "play divide --bots random,random,random,random,random",
        "play divide --bots random,,random",
        "play divide --variant no-such-variant",
        "play divide --frobnicate",
        "replay /no/such/record.json",
        "replay",
        "bench divide --rounds 0",
        "bench chess",
    ],
    "divided-ranks": [
        "simulate divided-ranks --games 0",
        "simulate divided-ranks --workers 0",
        "simulate divided-ranks --bots genius",
        "simulate divided-ranks --bots expert,expert,expert",
        "simulate divided-ranks --variant no-such-variant",
        "simulate divided-ranks --games many",
        "simulate chess",
        "play divided-ranks --players 3",
        "ask divided-ranks census --frobnicate",
    ],
    "split": [
        "play split --players 7",
        "play split --players 1",
        "play split --variant cooperative --players 2",
        "play split --variant cooperative --players 6",
        "play split --variant solitaire",
        "play split --bots genius",
        "bench split --players 9",
    ],
}
"""Command lines refused (as a shell would split them), by the games they are about."""

MALFORMED_RECORDS: dict[str, list[str]] = {
    "divide": [
        "",
        "not json",
        "[]",
        '{"format": "cardlaw-record", "version": 9}',
        head("divide") + '{"players": 4}, "actions": [{"actor": "chance", "action": "dealer x"}]}',
        head("divide")
        + '{"players": 4}, "actions": [{"actor": "chance", "action": "shuffle 2C"}]}',
        head("divide") + '{"players": 4, "colour": "red"}, "actions": []}',
        head("divide") + '{"players": 4}, "actions": [{"action": "dealer 1"}]}',
        head("divide") + '{"players": 4}, "actions": 7}',
    ],
    "split": [
        head("split") + '{"players": 4, "aids": [0]}, "actions": []}',
        head("split") + '{"players": 4, "max_turns": 0}, "actions": []}',
        head("split") + '{"mode": "solo"}, "actions": []}',
        head("split")
        + '{"players": 4}, "actions": [{"actor": "chance", "action": "shuffle 1 2"}]}',
        head("split") + '{"players": 4}, "actions": [{"actor": "chance", "action": "play 101"}]}',
    ],
}
"""Record files ``cardlaw replay`` refuses as malformed, by game."""

RECORDED: dict[str, tuple[str, ...]] = {
    "divide": ("--seed", "5"),
    "split": ("--seed", "5"),
}
"""``cardlaw play GAME`` options of the records the tampering tests edit."""

EDITED_EVENTS: dict[str, tuple[str, Callable[[dict[str, Any]], None]]] = {
    "divide": ("round-end", lambda event: event["scores"].__setitem__(0, event["scores"][0] + 2)),
    "split": ("open", lambda event: event.__setitem__("left", event["left"] + 1)),
}
"""An edit of the first event of a kind in each game's record (a score, a pile opened)."""


@pytest.fixture
def record(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The record of a game of ``name`` (the test's parameter) bots play, as :data:`RECORDED`."""
    return recorded(capsys, tmp_path / "game.json", name, *RECORDED[name])


@pytest.mark.parametrize(("name", "args"), SAME_SEED.items())
def test_same_seed_same_bytes(
    name: str, args: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        assert run(capsys, "play", name, *args, "--record", str(path))[0] == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()


@pytest.mark.parametrize("line", [line for lines in BAD_INPUT.values() for line in lines])
def test_bad_input_is_one_line_and_exit_2(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_line(capsys, line)
    assert code == 2
    assert err.startswith("cardlaw: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("text", [text for texts in MALFORMED_RECORDS.values() for text in texts])
def test_malformed_records_exit_2(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1 and err.startswith("cardlaw: error: ")


@pytest.mark.parametrize("name", RECORDED)
def test_a_card_twice_in_the_deck_is_malformed(
    name: str, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "replay", str(tamper(record, deal_a_card_twice)))
    assert code == 2 and err.count("\n") == 1 and "given twice" in err and not out


@pytest.mark.clauses("record.events-agree")
@pytest.mark.parametrize("name", EDITED_EVENTS)
def test_an_edited_event_is_rejected(
    name: str, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind, edit = EDITED_EVENTS[name]
    edited = rejection(capsys, record, lambda data: edit(first_event(data, kind)))
    assert edited == (1, "record.events-agree")
