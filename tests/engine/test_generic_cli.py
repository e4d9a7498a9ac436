"""The command line over every game's own cases: the same seed writes the same record, and bad
input gets one clean line and exit code 2.

The same tests the command line makes of several games (``tests/cli``,
``tests/divided_ranks/test_cli.py``, ``tests/split/test_cli.py``), once,
with each game's cases in its test adapter.  They live here, with the engine's
tests, so the mutation run (which selects the games' and the engine's
folders) keeps them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.game_data import Tampered
from tests.games import ADAPTERS, adapter, each_game, run_line
from tests.games import run_cli as run
from tests.generic.records import deal_a_card_twice, first_event, recorded, rejection, tamper

EVERY_GAME: tuple[str, ...] = (
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
)
"""Command lines refused (as a shell would split them) that are about no one game, or every
game; each game's own are its adapter's ``BAD_LINES``."""

TAMPERED: tuple[str, ...] = tuple(name for name in ADAPTERS if ADAPTERS[name].TAMPERED)
"""The games whose records the tampering tests edit (their adapter's ``TAMPERED``)."""


def tampered(name: str) -> Tampered:
    """How game ``name``'s record is made and edited."""
    found = adapter(name).TAMPERED
    assert found is not None, f"{name} has no record to tamper with"
    return found


@pytest.fixture
def record(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The record of a game of ``name`` (the test's parameter) bots play, as its adapter's
    ``TAMPERED`` says."""
    return recorded(capsys, tmp_path / "game.json", name, *tampered(name).play)


@pytest.mark.parametrize(("name", "args"), each_game(lambda adapter: adapter.SAME_SEED))
def test_same_seed_same_bytes(
    name: str, args: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        assert run(capsys, "play", name, *args, "--record", str(path))[0] == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()


@pytest.mark.parametrize(
    "line", [*EVERY_GAME, *(line for name in ADAPTERS for line in ADAPTERS[name].BAD_LINES)]
)
def test_bad_input_is_one_line_and_exit_2(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_line(capsys, line)
    assert code == 2
    assert err.startswith("cardlaw: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "text", [text for name in ADAPTERS for text in ADAPTERS[name].MALFORMED_RECORDS]
)
def test_malformed_records_exit_2(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1 and err.startswith("cardlaw: error: ")


@pytest.mark.parametrize("name", TAMPERED)
def test_a_card_twice_in_the_deck_is_malformed(
    name: str, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "replay", str(tamper(record, deal_a_card_twice)))
    assert code == 2 and err.count("\n") == 1 and "given twice" in err and not out


@pytest.mark.clauses("record.events-agree")
@pytest.mark.parametrize("name", TAMPERED)
def test_an_edited_event_is_rejected(
    name: str, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind, edit = tampered(name).event, tampered(name).edit
    edited = rejection(capsys, record, lambda data: edit(first_event(data, kind)))
    assert edited == (1, "record.events-agree")
