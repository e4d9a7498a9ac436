"""The toy through records and the command line, registered only while a test needs it.

``cardlaw`` knows nothing of High Card: no bots, renderer or ask topics of its
own.  Registered (:func:`engine.registry.register`), it is played by the
generic ``random`` bot, logged by the generic renderer, and its records are
written and judged like any game's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlaw.engine.record import build_record, dump_record, load_record, replay_record
from cardlaw.engine.registry import GAMES, all_games
from tests.games import OUTSIDE_GAMES, registered, run_cli
from tests.test_golden import compare
from tests.toy.adapter import PLAYTHROUGH
from tests.toy.game import TOY
from tests.toy.spec import Action, FirstLeader

Capsys = pytest.CaptureFixture[str]

GOLDEN = Path(__file__).parent / "golden"


def test_the_toy_is_no_game_of_cardlaws(capsys: Capsys) -> None:
    """Outside a test that registers it, no part of cardlaw lists or plays the toy."""
    assert "toy" not in GAMES and TOY not in all_games()
    code, out, _ = run_cli(capsys, "games", "--json")
    assert code == 0 and "toy" not in [game["name"] for game in json.loads(out)]
    code, _, err = run_cli(capsys, "play", "toy")
    assert code == 2 and "unknown game 'toy'" in err


def test_registered_for_a_block_only() -> None:
    with registered(TOY):
        assert GAMES["toy"] is TOY and all_games()[-1] is TOY
    assert "toy" not in GAMES


@OUTSIDE_GAMES
def test_the_marker_registers_the_toy_for_the_test() -> None:
    assert GAMES["toy"] is TOY


@OUTSIDE_GAMES
def test_cardlaw_games_lists_it_while_registered(capsys: Capsys) -> None:
    """Its players, variant and bots come from the manifest and the generic ``random`` bot."""
    code, out, _ = run_cli(capsys, "games", "--json")
    toy = json.loads(out)[-1]
    assert code == 0 and (toy["name"], toy["title"], toy["players"]) == ("toy", "High Card", [2])
    assert [v["name"] for v in toy["variants"]] == ["low-card-wins"] and toy["bots"] == ["random"]


@OUTSIDE_GAMES
def test_a_record_round_trips_and_replays() -> None:
    """A record needs the game in the registry: it is found by the name the record gives."""
    config = TOY.config(low_wins=True)
    state = TOY.apply(TOY.new_game(config), FirstLeader(1))
    space = TOY.chance_outcomes(state)
    assert space is not None
    actions: list[Action] = [FirstLeader(1), space.outcome(12345)]
    state = TOY.apply(state, actions[-1])
    while TOY.to_move(state) is not None:
        actions.append(TOY.legal_actions(state)[0])  # the lowest card in hand
        state = TOY.apply(state, actions[-1])
    text = dump_record(build_record(TOY, config, actions))
    replay = replay_record(load_record(text))
    assert replay.legal and replay.final == state and list(replay.actions) == actions
    result = TOY.result(state)
    assert result is not None and json.loads(text)["result"] == TOY.result_to_json(result)


@OUTSIDE_GAMES
@pytest.mark.parametrize("variant", [[], ["--variant", "low-card-wins"]], ids=["default", "low"])
def test_play_then_replay_in_process(variant: list[str], tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "toy.json"
    code, out, err = run_cli(capsys, "play", "toy", "--seed", "7", "--record", str(path), *variant)
    assert code == 0, err
    assert out.startswith("High Card · 2 players · seed 7 · bots: random, random")
    record = json.loads(path.read_text())
    assert record["game"] == "toy" and len(record["actions"]) == 8
    assert record["config"]["low_wins"] is bool(variant)
    code, out, _ = run_cli(capsys, "replay", str(path))
    assert code == 0 and out.startswith("legal: 8 actions; seed 7 drew every chance outcome"), out
    record["seed"] = 8
    path.write_text(json.dumps(record))
    code, out, _ = run_cli(capsys, "replay", str(path))
    assert code == 1 and out.rstrip().endswith("[record.seed-true]"), out


@OUTSIDE_GAMES
def test_playthrough(update_golden: bool, capsys: Capsys) -> None:
    code, out, err = run_cli(capsys, *PLAYTHROUGH)
    assert code == 0, err
    compare(GOLDEN / "toy-playthrough.txt", out, update_golden)
