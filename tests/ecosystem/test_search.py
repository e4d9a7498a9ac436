"""``--bots mcts``: OpenSpiel's search as a cardlaw bot, seeded and deterministic, every game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from cardlaw.bots import bot_names, default_bot, make_bots
from cardlaw.engine.record import build_record
from cardlaw.engine.registry import get_game
from cardlaw.openspiel.search import SearchBot
from cardlaw.sampling import play_game
from tests.ecosystem.common import GAMES
from tests.games import run_cli


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """``mcts`` with 4 simulations a decision (the command line's bots, for a fast test)."""
    monkeypatch.setattr("cardlaw.bots.search_bot", lambda: SearchBot(simulations=4))


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_plays_the_same_game(name: str) -> None:
    game = get_game(name)
    config = game.config()
    seats = ["random"] * config.players

    def one() -> tuple[Any, ...]:
        bots = make_bots(game, seats)
        bots[0] = SearchBot(simulations=4)
        return play_game(game, config, bots, seed=9).actions

    first = one()
    assert first == one()
    record = build_record(game, config, first, seed=9)
    assert record["result"] is not None


@pytest.mark.parametrize("name", GAMES)
def test_every_game_lists_mcts_but_never_seats_it_by_default(name: str) -> None:
    game = get_game(name)
    assert "mcts" in bot_names(game) and default_bot(game) != "mcts"


def test_play_with_mcts_records_a_legal_game(
    quick_search: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    code, _, err = run_cli(
        capsys, "play", "divide", "--seed", "4", "--bots", "mcts,greedy", "--record", str(path)
    )
    assert code == 0, err
    assert json.loads(path.read_text())["players"] == ["mcts", "greedy", "mcts", "greedy"]
    code, out, _ = run_cli(capsys, "replay", str(path))
    assert code == 0 and out.startswith("legal: ")


def test_simulate_with_mcts_gives_the_same_report_for_any_worker_count(
    quick_search: None, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("simulate", "euchre", "--games", "2", "--bots", "mcts,simple", "--seed", "3", "--json")
    code, out, err = run_cli(capsys, *args, "--workers", "1")
    assert code == 0, err
    first, again = json.loads(out), json.loads(run_cli(capsys, *args, "--workers", "2")[1])
    for report in (first, again):
        report.pop("seconds"), report.pop("workers", None)
    assert first == again
