"""``cardlaw play --json``, ``--bots`` repeated over the seats, and ``cardlaw games``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlaw.engine.record import replay_record
from cardlaw.engine.registry import GAMES, get_game
from tests.cli.tree import subcommands
from tests.games import run_cli as run


def test_play_json_is_a_summary_with_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "euchre", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0
    assert list(data) == ["game", "config", "seed", "bots", "result", "record"]
    assert data["game"] == "euchre" and data["seed"] == 3 and data["bots"] == ["random"] * 4
    assert data["config"] == {"players": 4, "stick_the_dealer": False}
    replay = replay_record(data["record"])
    assert replay.legal and replay.game.result_to_json(replay.result) == data["result"]


def test_play_json_and_record_hold_the_same_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "split", "--seed", "4", "--json", "--record", str(path))
    assert code == 0 and json.loads(out)["record"] == json.loads(path.read_text())


def test_a_shorter_bots_list_repeats_over_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("play", "divide", "--players", "5", "--seed", "7", "--bots", "greedy,random")
    code, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["bots"] == ["greedy", "random", "greedy", "random", "greedy"]
    assert data["record"]["players"] == data["bots"]
    code, out, _ = run(capsys, *args)
    assert code == 0 and "bots: greedy, random, greedy, random, greedy" in out


def test_games_lists_every_game_with_its_variants(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    games = json.loads(out)
    assert code == 0 and [g["name"] for g in games] == list(GAMES)
    for entry in games:
        game = get_game(entry["name"])
        assert entry["title"] == game.rulebook.title
        assert [v["name"] for v in entry["variants"]] == list(game.variants)
        for variant in entry["variants"]:
            assert variant["clause"] in game.rulebook
            config = game.config(**game.variants[variant["name"]])
            assert config.players in variant["players"]
        assert "random" in entry["bots"]
        assert [t["name"] for t in entry["ask"]] == subcommands(("ask", entry["name"]))
    split = next(g for g in games if g["name"] == "split")
    assert split["players"] == [2, 3, 4, 5, 6]
    cooperative = [v for v in split["variants"] if v["name"].startswith("cooperative")]
    assert {tuple(v["players"]) for v in cooperative} == {(3, 4, 5)}
    wild = next(v for v in split["variants"] if v["name"] == "put-under-wild")
    assert wild["players"] == [2, 3, 4, 5, 6]


def test_games_text_names_each_variant_and_its_clause(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "euchre: Euchre, 4 players" in out
    assert "stick-the-dealer  stick_the_dealer=true  [euchre.ruling.all-pass]" in out
    assert "cooperative-no-aids  mode=cooperative, aids=none, 3 to 5 players" in out
