"""Per-game test adapters, found as ``tests/<package>/adapter.py``, and shared helpers."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from cardlaw.bots import bot_names, make_bots
from cardlaw.cli import main
from cardlaw.sampling import play_game, sample_chance
from engine.api import CHANCE, AnyGame
from engine.record import build_record, dump_record
from engine.registry import GAMES, get_game


def adapter(name: str) -> Any:
    """``tests/<package>/adapter.py`` of a game: its CONFIGS and REPR_NAMES."""
    return import_module(f"tests.{name.replace('-', '_')}.adapter")


CONFIGS: dict[str, list[dict[str, Any]]] = {name: adapter(name).CONFIGS for name in GAMES}
"""Configurations every contract test runs, per game."""

REPR_NAMES: dict[str, dict[str, Any]] = {name: adapter(name).REPR_NAMES for name in GAMES}
"""The names an action's repr may use, per game."""

CASES = [(name, options) for name in GAMES for options in CONFIGS.get(name, [{}])]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def random_walk(
    game: AnyGame, config: Any, seed: int, limit: int = 3000
) -> Iterator[tuple[Any, Any]]:
    """(state, action) pairs of one random game; a finished game's last state comes with None.

    A game still running after ``limit`` actions (some rules allow endless
    games) stops without a final pair.
    """
    rng = random.Random(seed)
    state = game.new_game(config)
    for _ in range(limit):
        mover = game.to_move(state)
        if mover is None:
            yield state, None
            return
        if mover == CHANCE:
            space = game.chance_outcomes(state)
            assert space is not None
            action = sample_chance(space, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        yield state, action
        state = game.apply(state, action)


def load(name: str, options: dict[str, Any]) -> tuple[AnyGame, Any]:
    game = get_game(name)
    return game, game.config(**options)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``cardlaw`` with ``args``: (exit code, stdout, stderr)."""
    try:
        code = main(list(args))
    except SystemExit as exit:
        code = int(exit.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write_file(tmp_path: Path, data: Any, name: str = "position.json") -> str:
    """Write ``data`` (JSON, or text for other names) under ``tmp_path``; return the path."""
    path = tmp_path / name
    path.write_text(json.dumps(data) if name.endswith(".json") else data)
    return str(path)


@cache
def played_record(name: str, seed: int, *, mixed_bots: bool = False) -> str:
    """The record text of a game bots play from ``seed``, as ``cardlaw play`` writes it.

    Random bots in every seat, or with ``mixed_bots`` each seat's bot drawn
    (from ``seed``) among the game's bots.  The seed is true: chance was drawn
    by the sampler from it.
    """
    game = get_game(name)
    config = game.config()
    if mixed_bots:
        pick = random.Random(seed)
        names = [pick.choice(bot_names(game)) for _ in range(config.players)]
    else:
        names = ["random"] * config.players
    playout = play_game(game, config, make_bots(game, names), seed=seed, max_actions=3000)
    return dump_record(build_record(game, config, playout.actions, seed=seed, players=names))
