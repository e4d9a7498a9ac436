"""Golden files: perft counts from fixed positions and one readable playthrough per game.

Regenerate on purpose with ``pytest tests/test_golden.py --update-golden``
and review the diff: a changed count means the legal actions changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlaw.cli import main
from cardlaw.engine.api import CHANCE
from cardlaw.engine.perft import perft
from cardlaw.engine.registry import GAMES, get_game
from tests.games import adapter, random_walk

GOLDEN = Path(__file__).parent / "golden"

PERFT_CASES = [
    (name, options, seed, stage, depth)
    for name in GAMES
    for options, seed, stage, depth in adapter(name).PERFT_CASES
]
"""(game, config, seed, stage where counting starts, depth), from each game's adapter."""

PLAYTHROUGHS = {name: adapter(name).PLAYTHROUGH for name in GAMES}
"""The command-line arguments of each game's golden playthrough."""


def _start(name: str, options: dict[str, object], seed: int, stage: str) -> object:
    game = get_game(name)
    for state, _ in random_walk(game, game.config(**options), seed):
        at_stage = getattr(state, "stage", None) is not None and state.stage.name == stage
        if at_stage and game.to_move(state) != CHANCE:
            return state
    raise AssertionError(f"seed {seed} never reaches {stage}")


def perft_table(game_name: str) -> dict[str, list[int]]:
    table = {}
    for name, options, seed, stage, depth in PERFT_CASES:
        if name != game_name:
            continue
        game = get_game(name)
        state = _start(name, options, seed, stage)
        key = f"{name} {json.dumps(options, sort_keys=True)} seed={seed} from={stage}"
        table[key] = [perft(game, state, d) for d in range(1, depth + 1)]
    return table


def compare(path: Path, text: str, update: bool) -> None:
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: run pytest --update-golden"
    assert text == path.read_text(encoding="utf-8"), f"{path} changed: review, then --update-golden"


@pytest.mark.parametrize("name", list(GAMES))
def test_perft(name: str, update_golden: bool) -> None:
    table = perft_table(name)
    compare(GOLDEN / f"{name}-perft.json", json.dumps(table, indent=1) + "\n", update_golden)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough(name: str, update_golden: bool, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(PLAYTHROUGHS[name]) == 0
    compare(GOLDEN / f"{name}-playthrough.txt", capsys.readouterr().out, update_golden)
