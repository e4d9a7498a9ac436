"""Golden files: perft counts from fixed positions and one readable playthrough per game.

Regenerate on purpose with ``pytest tests/test_golden.py --update-golden``
and review the diff: a changed count means the legal actions changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlaw.cli import main
from engine.api import CHANCE
from engine.perft import perft
from engine.registry import get_game
from tests.games import random_walk

GOLDEN = Path(__file__).parent / "golden"

# (game, config, seed, stage where counting starts, depth)
PERFT_CASES = [
    ("divide", {"players": 4}, 1, "OFFERING", 4),
    ("divide", {"players": 5}, 2, "OFFERING", 3),
    ("divide", {"players": 4}, 3, "CHOOSE", 4),
    ("divide", {"players": 4}, 4, "TRICKS", 8),
    ("divide", {"players": 5}, 5, "TRICKS", 6),
    ("divide", {"players": 4, "trump_suit": "own"}, 4, "TRICKS", 8),
]

PLAYTHROUGHS = {
    "divide": ["play", "divide", "--seed", "2026", "--bots", "greedy,random,greedy,random"],
}


def _start(name: str, options: dict[str, object], seed: int, stage: str) -> object:
    game = get_game(name)
    for state, _ in random_walk(game, game.config(**options), seed):
        at_stage = getattr(state, "stage", None) is not None and state.stage.name == stage
        if at_stage and game.to_move(state) != CHANCE:
            return state
    raise AssertionError(f"seed {seed} never reaches {stage}")


def perft_table() -> dict[str, list[int]]:
    table = {}
    for name, options, seed, stage, depth in PERFT_CASES:
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


@pytest.mark.clauses(
    "divide.trick.follow-suit", "divide.trick.lead-restriction", "divide.divide.offers"
)
def test_perft(update_golden: bool) -> None:
    compare(GOLDEN / "perft.json", json.dumps(perft_table(), indent=1) + "\n", update_golden)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough(name: str, update_golden: bool, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(PLAYTHROUGHS[name]) == 0
    compare(GOLDEN / f"{name}-playthrough.txt", capsys.readouterr().out, update_golden)
