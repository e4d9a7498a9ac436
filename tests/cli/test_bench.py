"""``cardlaw bench``: the shape of its table and JSON, and missing references.

No figure is checked for speed (a loaded machine must pass): only that the
sides, repeats, ratios and memory are there, that both of our paths play
the same games, and that a reference that cannot be imported is one clean
line.  Sizes are tiny (``--rounds 2``).
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

import pytest
from pytest import ParameterSet

from cardlaw.bench import playouts as bench
from cardlaw.bench.references import EVALUATORS, treys_rate
from cardlaw.engine.compiled import MODULES
from cardlaw.games import RECORDS
from tests.games import run_cli as run

TINY = ("--rounds", "2", "--no-memory")

EXPECTED_BUILD = os.environ.get("CARDLAW_EXPECT_BUILD", "pure")
"""The build under test: ``pure``, or ``mypyc`` when ``tests/compiled.sh`` runs the suite."""

BUILD_LINE = {
    "pure": "build: pure Python",
    "mypyc": f"build: compiled with mypyc ({len(MODULES)} of {len(MODULES)} modules)",
}


def bench_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = run(capsys, "bench", *args, "--json")
    assert code == 0 and not err, err
    data: dict[str, Any] = json.loads(out)
    return data


def hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``import module`` fail, as when the package is not installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.parametrize("game", ["divide", "euchre", "divided-ranks", "split"])
def test_both_paths_play_the_same_games_three_times(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "EVALUATORS", {"treys": lambda: 1e6, "pokerkit": lambda: None})
    data = bench_json(capsys, game, *TINY)
    listing = data["listing"]
    assert data["build"] == EXPECTED_BUILD
    assert data["per_second"] > 0 and len(data["repeats"]) == bench.REPEATS
    assert (listing["units"], listing["actions"]) == (data["units"], data["actions"])
    assert len(listing["repeats"]) == bench.REPEATS and data["peak_memory"] is None
    reference = data["reference"]
    if reference is None:
        assert data["ratio"] is None and data["listing_ratio"] is None and data["notes"]
    else:
        assert reference["units"] == data["units"] and len(reference["repeats"]) == bench.REPEATS
        # The JSON rounds each rate to 0.1 and the ratio to 0.001, from unrounded rates: equal to
        # the ratio of the printed rates within that rounding, whatever the speeds measured.
        recomputed = data["per_second"] / reference["per_second"]
        assert data["ratio"] == pytest.approx(recomputed, rel=0.01, abs=0.001)
        assert data["ratio"] == round(data["ratio"], 3)


def test_evaluator_references_and_their_ratios(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "EVALUATORS", {"treys": lambda: 1e6, "pokerkit": lambda: None})
    data = bench_json(capsys, "divided-ranks", *TINY)
    assert data["evaluators"] == {"treys": 1e6, "pokerkit": None}
    ratios = data["evaluator_ratios"]["evaluations_per_second"]
    assert ratios == {"treys": round(data["evaluations_per_second"] / 1e6, 3), "pokerkit": None}
    code, out, _ = run(capsys, "bench", "divided-ranks", *TINY)
    assert code == 0 and "÷ treys" in out and "reference pokerkit: not installed" in out


def test_the_table_has_both_paths_the_reference_and_memory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    code, out, err = run(capsys, "bench", "euchre", "--rounds", "2", "--no-adapters")
    build, *lines = out.splitlines()
    assert build == BUILD_LINE[EXPECTED_BUILD]
    assert (
        code == 0
        and not err
        and re.fullmatch(r"random playouts: 3 repeats of \d+ hands.*", lines[0])
    )
    assert lines[1].split("  ") == [
        "side",
        "per second",
        "repeats",
        "actions/s",
        "ratio",
        "peak RSS",
        "chunk's growth",
    ]
    assert [line.split("  ")[0] for line in lines[2:]] == [
        "cardlaw euchre",
        "cardlaw euchre, listing",
        "open_spiel euchre",
    ]
    assert all(line.endswith("MiB") for line in (lines[2], lines[4]))


def test_peak_memory_is_measured_for_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    data = bench_json(capsys, "euchre", "--rounds", "2")
    sides = [data, *([data["reference"]] if data["reference"] else [])]
    for side in sides:
        memory = side["peak_memory"]
        assert memory["peak_rss_kib"] > 0 and memory["growth_kib"] >= 0
    assert data["listing"]["peak_memory"] is None


def _missing_references() -> list[ParameterSet]:
    """(game, modules hidden, the line then said) for each reference of each game's record
    (``cardlaw.games.RECORDS``: its ``bench``), and for a game with none, its note."""
    cases = []
    for name, record in RECORDS.items():
        beside = record.bench
        if beside.reference is not None:
            line = f"reference open_spiel {beside.reference}: not installed"
            cases.append(pytest.param(name, ["pyspiel"], line, id=f"{name}-pyspiel"))
        else:
            cases.append(pytest.param(name, [], beside.no_reference, id=f"{name}-none"))
        for evaluator in beside.evaluators:
            line = f"reference {evaluator}: not installed"
            cases.append(pytest.param(name, [evaluator], line, id=f"{name}-{evaluator}"))
    return cases


@pytest.mark.parametrize(("game", "hidden", "line"), _missing_references())
def test_a_missing_reference_is_one_clean_line(
    game: str,
    hidden: list[str],
    line: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hide(monkeypatch, *hidden)
    if RECORDS[game].bench.evaluators:  # keep the other evaluators out of the timing
        kept = {name: lambda: 1.0 for name in EVALUATORS if name not in hidden}
        monkeypatch.setattr(bench, "EVALUATORS", {**EVALUATORS, **kept})
    code, out, err = run(capsys, "bench", game, *TINY)
    assert code == 0 and not err and "Traceback" not in out
    assert sum(line in text for text in out.splitlines()) == 1, out


def test_no_reference_runs_none(capsys: pytest.CaptureFixture[str]) -> None:
    data = bench_json(capsys, "divided-ranks", *TINY, "--no-reference")
    assert data["reference"] is None and data["evaluators"] == {}
    assert data["notes"] == ["reference: not run (--no-reference)"]


@pytest.mark.parametrize("args", [["--rounds", "many"], ["--memory", "3"], ["--repeats", "5"]])
def test_a_bad_option_exits_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "bench", "split", *args)
    assert code == 2 and not out and err.count("\n") == 1


def test_treys_is_measured_when_installed() -> None:
    pytest.importorskip("treys")
    rate = treys_rate()
    assert rate is not None and rate > 0


def test_workers_time_simulate_with_one_and_with_n_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = bench_json(capsys, "divided-ranks", "--workers", "2", "--rounds", "3")
    assert (data["game"], data["games"], data["workers"], data["repeats"]) == (
        "divided-ranks",
        3,
        2,
        3,
    )
    assert len(data["one_worker"]) == len(data["with_workers"]) == 3
    assert all(rate > 0 for rate in data["one_worker"] + data["with_workers"])
    assert data["identical"] is True
    assert data["efficiency"] == pytest.approx(data["speed_up"] / 2, abs=0.001)
    code, out, err = run(capsys, "bench", "divided-ranks", "--workers", "2", "--rounds", "3")
    assert code == 0 and not err
    assert "--workers 2:" in out and "speed-up" in out and "identical" in out


@pytest.mark.parametrize("game", ["divide", "euchre", "split"])
def test_workers_time_simulate_for_every_game(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    """Every game has statistics and a default bot now, so ``bench --workers`` measures each."""
    data = bench_json(capsys, game, "--workers", "2", "--rounds", "2")
    assert data["game"] == game and data["identical"] is True
    assert len(set(data["bots"])) == 1 and data["bots"][0] != "random"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("divided-ranks", "--workers", "1"), "--workers must be at least 2"),
        (("chess", "--workers", "2"), "chess"),
    ],
)
def test_workers_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "bench", *args, "--rounds", "2")
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_the_adapters_are_played_beside_ours(capsys: pytest.CaptureFixture[str]) -> None:
    """Through OpenSpiel and PettingZoo when installed: the same chunks, each over ours."""
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    data = bench_json(capsys, "euchre", *TINY, "--no-reference")
    adapters = data["adapters"]
    assert sorted(adapters) == ["openspiel", "pettingzoo", "pettingzoo-observing"]
    for side in adapters.values():
        assert side["units"] >= data["units"] and len(side["repeats"]) == bench.REPEATS
        assert side["over_ours"] == pytest.approx(
            side["per_second"] / data["per_second"], rel=0.01, abs=0.001
        )
    code, out, _ = run(capsys, "bench", "euchre", *TINY, "--no-reference")
    assert code == 0 and "via OpenSpiel" in out and "via PettingZoo" in out
    assert "via PettingZoo, observing" in out
    assert bench_json(capsys, "euchre", *TINY, "--no-adapters")["adapters"] == {}


def test_a_missing_adapter_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hide(monkeypatch, "pyspiel", "pettingzoo", "gymnasium")
    monkeypatch.setattr("cardlaw.openspiel.AVAILABLE", False)
    monkeypatch.setattr("cardlaw.pettingzoo.AVAILABLE", False)
    code, out, _ = run(capsys, "bench", "split", *TINY, "--no-reference")
    assert code == 0
    assert "through openspiel: not installed (pip install 'cardlaw[openspiel]')" in out
    assert "through pettingzoo: not installed (pip install 'cardlaw[pettingzoo]')" in out
