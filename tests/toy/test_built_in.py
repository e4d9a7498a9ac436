"""High Card made one of cardlaw's own games by a row in each layer's table, and nothing else:
the command line, the guard test and the generic contract tests then cover it.

The rows are put in for one test and taken out after it (:func:`tests.toy.built_in.built_in`,
through ``monkeypatch``); the last test checks that nothing is left behind.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardlaw.engine.registry
import cardlaw.games
import cardlaw.proofs.registry
import tests.games
from cardlaw.bots import bot_names
from cardlaw.engine.registry import BUILT_IN, GAMES, get_game
from cardlaw.proofs.registry import games_with_proofs, obligations
from cardlaw.render import renderer
from tests.engine import test_contract
from tests.games import run_cli
from tests.test_game_tables import adapter_missing, missing
from tests.toy import adapter as toy_adapter
from tests.toy.built_in import TOY_RECORD, built_in, cardlaw_games
from tests.toy.game import TOY

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def toy_built_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy in every layer's table for one test."""
    built_in(monkeypatch)
    yield


@pytest.mark.usefixtures("toy_built_in")
def test_every_table_derived_from_the_five_lists_the_toy() -> None:
    assert [game.name for game in BUILT_IN][-1] == "toy" and GAMES["toy"] is TOY
    assert get_game("toy") is TOY
    assert "toy" in games_with_proofs() and obligations("toy") == ()
    assert cardlaw.games.record("toy") is TOY_RECORD
    assert set(bot_names(TOY)) >= {"random"} and renderer("toy") is TOY_RECORD.renderer()
    assert "toy" not in tests.games.OUTSIDE


@pytest.mark.usefixtures("toy_built_in")
def test_the_command_line_plays_replays_lists_and_simulates_it(
    tmp_path: Path, capsys: Capsys
) -> None:
    code, out, err = run_cli(capsys, "games", "--json")
    assert code == 0, err
    assert "toy" in [game["name"] for game in json.loads(out)]
    path = tmp_path / "toy.json"
    code, out, err = run_cli(capsys, "play", "toy", "--seed", "3", "--record", str(path))
    assert code == 0 and not err, err
    code, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["legal"], (out, err)
    code, out, err = run_cli(
        capsys, "simulate", "toy", "--games", "6", "--seed", "1", "--workers", "1", "--json"
    )
    assert code == 0, err
    shares = [s for s in json.loads(out)["statistics"] if s["name"].endswith("wins the game")]
    assert [s["n"] for s in shares] == [6, 6]
    code, out, err = run_cli(capsys, "verify", "toy", "--json")
    assert code == 0, err
    assert json.loads(out)["obligations"] == []


def _docs(root: Path) -> Path:
    """A docs folder with the toy's two pages, listed in the contents."""
    (root / "games").mkdir(parents=True)
    for page in cardlaw_games.DocsGame("toy", {}).pages:
        (root / f"{page}.rst").write_text("High Card\n=========\n")
    (root / "index.rst").write_text(".. toctree::\n\n   games/toy\n")
    return root


@pytest.mark.usefixtures("toy_built_in")
def test_the_guard_finds_the_toy_in_every_table(tmp_path: Path) -> None:
    """The guard test's check: no table lacks the toy; what it names are the toy's own gaps,
    the spec's source map and guide and the data its adapter declares it has none of."""
    gaps = missing("toy", docs=_docs(tmp_path))
    assert not [gap for gap in gaps if not gap.startswith(("spec: ", "tests: "))], gaps
    declared_none = [
        datum
        for datum in ("DISPUTES", "TAMPERED", "ECOSYSTEM", "SIMULATED")
        if getattr(toy_adapter, datum) is None
    ]
    assert {f"tests: {gap}" for gap in adapter_missing("toy")} <= set(gaps)
    assert all(f"tests: tests adapter {datum} (empty)" in gaps for datum in declared_none), gaps


@pytest.mark.usefixtures("toy_built_in")
def test_the_contract_tests_core_checks_run_it() -> None:
    for options in toy_adapter.CONFIGS:
        test_contract.test_walk_obeys_the_contract(case=("toy", options))
        test_contract.test_records_round_trip(case=("toy", options))
        test_contract.test_states_are_immutable(case=("toy", options))


def test_nothing_is_left_behind() -> None:
    """Outside the fixture, the toy is no game of cardlaw's (run after the tests above)."""
    assert "toy" not in GAMES and "toy" not in cardlaw.engine.registry._BUILT_IN
    assert "toy" not in {row.game for row in cardlaw.proofs.registry.PROOFS}
    assert "toy" not in cardlaw.games.RECORDS
    assert "toy" not in {row.name for row in cardlaw_games.DOCS_GAMES}
    assert "toy" in tests.games.OUTSIDE
