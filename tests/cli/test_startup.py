"""Start-up: the quick commands load neither Z3 nor the proofs, nor any game they do not need,
nor OpenSpiel or PettingZoo (the adapters' extras).

``cardlaw --help``, ``cardlaw replay FILE`` and ``cardlaw ask divide trick``
each run in a fresh interpreter (``sys.modules`` starts empty there), which
then prints the top-level packages and the games' modules it loaded.  What a
command loads is what it costs to start; the time itself belongs in a
benchmark, never in a test, so nothing here is timed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardlaw.engine.registry import GAMES
from tests.games import run_cli

Capsys = pytest.CaptureFixture[str]

_PROBE = """
import contextlib, io, json, sys
from cardlaw.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exit:
        code = exit.code
loaded = sorted({m.split(".")[0] for m in sys.modules} | {m for m in sys.modules if m.startswith("cardlaw.engine.")})
print(json.dumps({"code": code, "out": out.getvalue(), "loaded": loaded}))
"""
"""Run ``cardlaw`` with the arguments after it; print its exit code, its output and what it loaded."""

OTHER_GAMES = tuple(
    f"cardlaw.engine.{name.replace('-', '_')}" for name in GAMES if name != "divide"
)
"""The game packages a command about Divide has no need of (every built-in game's but
Divide's: ``engine/<package>``)."""


def _probe(*args: str) -> dict[str, object]:
    """What ``cardlaw ARGS`` prints and loads, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, check=True
    )
    data: dict[str, object] = json.loads(done.stdout)
    return data


def _record(tmp_path: Path, capsys: Capsys) -> str:
    path = tmp_path / "divide.json"
    code, _, err = run_cli(capsys, "play", "divide", "--seed", "1", "--record", str(path))
    assert code == 0, err
    return str(path)


ECOSYSTEM = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")
"""The packages of the adapters' extras (and what they bring): no quick command loads them."""


def _assert_light(data: dict[str, object]) -> list[str]:
    """No Z3, no proofs, no extra's package, no game but Divide among what ``data`` loaded;
    return what it loaded."""
    loaded = data["loaded"]
    assert isinstance(loaded, list)
    assert "z3" not in loaded and not [m for m in loaded if m.startswith("cardlaw.proofs")], loaded
    assert not [m for m in loaded if m in ECOSYSTEM], loaded
    others = [m for m in loaded if m.startswith(OTHER_GAMES)]
    assert not others, others
    return loaded


def test_help_loads_no_z3_and_no_game() -> None:
    data = _probe("--help")
    assert data["code"] == 0 and "Usage: cardlaw" in str(data["out"])
    assert "engine.divide" not in _assert_light(data)


def test_replay_loads_no_z3_and_only_its_game(tmp_path: Path, capsys: Capsys) -> None:
    data = _probe("replay", _record(tmp_path, capsys))
    assert data["code"] == 0 and str(data["out"]).startswith("legal: ")
    _assert_light(data)


def test_ask_divide_trick_loads_no_z3_and_only_divide() -> None:
    data = _probe("ask", "divide", "trick", "KH", "7S", "2H", "AH", "--trump", "7")
    assert data["code"] == 0 and str(data["out"]).startswith("seat 1 wins with 7♠")
    _assert_light(data)


def test_the_query_budget_default_is_the_proofs_own() -> None:
    """``cardlaw query --budget`` states its default without loading Z3: the same number."""
    from cardlaw.commands.query import QUERY_BUDGET
    from cardlaw.proofs.budget import QUERY_BUDGET as PROOFS_QUERY_BUDGET

    assert QUERY_BUDGET == PROOFS_QUERY_BUDGET


def test_every_listed_game_loads_under_its_own_name() -> None:
    """The registry lists the games by name before loading them: each name is the game's."""
    from cardlaw.engine.registry import BUILT_IN, GAMES, all_games

    assert [game.name for game in all_games()] == list(GAMES)
    assert [game.name for game in BUILT_IN] == list(GAMES)[: len(BUILT_IN)]
    assert BUILT_IN[0] is GAMES["divide"] and BUILT_IN[-1] is GAMES["euchre"]
