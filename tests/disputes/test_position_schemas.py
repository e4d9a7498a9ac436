"""Every game's position file is checked by one shared validator: all problems of form at once.

Unknown fields (at any level), wrong types (``true`` is no seat) and values
out of range are each named by their path, on one line, with exit code 2;
oversized and deeply nested files are malformed too.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardlaw.engine.documents import MAX_BYTES, MAX_DEPTH
from cardlaw.engine.registry import get_game
from cardlaw.engine.split.position import position_from_json as solver_position
from cardlaw.spec.errors import InvalidState, MalformedInput
from cardlaw.spec.schema import SchemaError
from tests.games import ADAPTERS, adapter, run_cli, write_file

Capsys = pytest.CaptureFixture[str]
Edit = Callable[[dict[str, Any]], None]

EXAMPLES: dict[str, dict[str, Any]] = {
    name: dict(data.example) for name in ADAPTERS if (data := ADAPTERS[name].DISPUTES) is not None
}
"""Each game's example position (its adapter's ``DISPUTES.example``), by game."""


def edited(name: str, *edits: Edit) -> dict[str, Any]:
    spot = copy.deepcopy(EXAMPLES[name])
    for edit in edits:
        edit(spot)
    return spot


def put(key: str, value: Any) -> Edit:
    return lambda d: d.__setitem__(key, value)


def ask(capsys: Capsys, tmp_path: Path, name: str, spot: Any, file: str = "spot.json") -> Any:
    return run_cli(capsys, "ask", name, "legal", "--position", write_file(tmp_path, spot, file))


# (game, edits, the paths named, in order)
CASES: list[tuple[str, list[Edit], list[str]]] = [
    (
        "divide",
        [put("dealer", True), put("round", 9), put("colour", "red")],
        ["position.dealer", "position.round", "position.colour"],
    ),
    (
        "divide",
        [lambda d: d["trick"].__setitem__("winner", 0), lambda d: d["hands"].append("AS")],
        ["position.hands", "position.trick.winner"],
    ),
    (
        "divide",
        [lambda d: d["tricks"][2].__setitem__("leader", "0"), put("variants", ["open"])],
        ["position.tricks[2].leader", "position.variants[0]"],
    ),
    (
        "euchre",
        [put("maker", 4), put("alone", 1), put("scores", [0, True]), put("discard", 7)],
        ["position.maker", "position.alone", "position.scores[1]", "position.discard"],
    ),
    (
        "euchre",
        [lambda d: d["tricks"][0].__setitem__("cards", "AH QH 9D 9X"), put("upcard", "10S 9S")],
        ["position.upcard", "position.tricks[0].cards"],
    ),
    (
        "divided-ranks",
        [
            put("first_splitter", 2),
            lambda d: d["rounds"][0].__setitem__("took", "both"),
            lambda d: d["rounds"][3].__setitem__("extra", 1),
            put("swaps", [{"gave": "10C", "seat": True}, "give"]),
        ],
        [
            "position.first_splitter",
            "position.rounds[0].took",
            "position.rounds[3].extra",
            "position.swaps[0].seat",
            "position.swaps[1]",
        ],
    ),
    (
        "divided-ranks",
        [put("split", {"drawn": "AS KS QS JS", "face_up": "AH"}), put("to_move", "2")],
        ["position.split", "position.to_move"],
    ),
    (
        "split",
        [put("to_move", 7), put("piles", [33, "x"]), put("mode", "solo"), put("under", {})],
        ["position.piles[1]", "position.mode", "position.under", "position.to_move"],
    ),
    (
        "split",
        [lambda d: d["hands"][1].append(True), put("draw", 2.5), put("aids", 100)],
        ["position.hands[1][4]", "position.draw", "position.aids"],
    ),
]


@pytest.mark.parametrize(("name", "edits", "paths"), CASES)
def test_every_problem_of_form_at_once(
    name: str, edits: list[Edit], paths: list[str], tmp_path: Path, capsys: Capsys
) -> None:
    spot = edited(name, *edits)
    game: Any = get_game(name)
    with pytest.raises(SchemaError) as error:
        game.position_from_json(spot)
    assert [p.path for p in error.value.problems] == paths, error.value
    code, out, err = ask(capsys, tmp_path, name, spot)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("cardlaw: error: ") and all(f"{p}: " in err for p in paths), err
    assert err.count("; ") == len(paths) - 1, err


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_the_examples_are_well_formed(name: str, tmp_path: Path, capsys: Capsys) -> None:
    code, out, _ = ask(capsys, tmp_path, name, EXAMPLES[name])
    assert code == 0 and out


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_rules_are_judged_only_after_the_form(name: str) -> None:
    """A card given twice is a rule problem (InvalidState); a bad field beside it wins."""
    game: Any = get_game(name)
    spot = copy.deepcopy(EXAMPLES[name])
    disputes = adapter(name).DISPUTES
    assert disputes is not None
    disputes.doubled(spot)
    with pytest.raises((InvalidState, MalformedInput)) as error:
        game.position_from_json(spot)
    assert not isinstance(error.value, SchemaError), error.value
    spot["colour"] = "red"
    with pytest.raises(SchemaError) as form:
        game.position_from_json(spot)
    assert [p.path for p in form.value.problems] == ["position.colour"]


@pytest.mark.parametrize("name", list(EXAMPLES))
@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_deep_position_files(name: str, suffix: str, tmp_path: Path, capsys: Capsys) -> None:
    deep = tmp_path / f"deep{suffix}"
    nested = "[" * 50_000 + "]" * 50_000
    deep.write_text(f"x = {nested}\n" if suffix == ".toml" else f'{{"x": {nested}}}')
    code, _, err = run_cli(capsys, "ask", name, "legal", "--position", str(deep))
    assert code == 2 and "nested too deeply" in err and err.count("\n") == 1, err
    limit = tmp_path / f"limit{suffix}"
    just = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    limit.write_text(f"x = {just}\n" if suffix == ".toml" else f'{{"x": {just}}}')
    code, _, err = run_cli(capsys, "ask", name, "legal", "--position", str(limit))
    assert code == 2 and f"more than {MAX_DEPTH} levels" in err, err


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_a_huge_position_file(suffix: str, tmp_path: Path, capsys: Capsys) -> None:
    huge = tmp_path / f"huge{suffix}"
    huge.write_bytes(b" " * (MAX_BYTES + 1))
    code, _, err = run_cli(capsys, "ask", "divide", "legal", "--position", str(huge))
    assert code == 2 and "too large" in err and err.count("\n") == 1, err


def test_toml_positions_are_checked_the_same_way(tmp_path: Path, capsys: Capsys) -> None:
    toml = "\n".join(
        [
            "dealer = 3",
            'upcard = "10S"',
            'trump = "S"',
            "maker = true",
            'hands = ["KH AD", "AS JH", "JC JD KD", "QS 10S"]',
            "colour = 1",
            "[trick]",
            "leader = 3",
            'cards = ["KS", "10D", "JS"]',
        ]
    )
    code, _, err = ask(capsys, tmp_path, "euchre", toml, "spot.toml")
    assert code == 2 and "position.maker: expected a seat 0–3, got true" in err, err
    assert "position.colour: unknown field" in err


def test_the_solvers_positions_share_the_validator() -> None:
    with pytest.raises(SchemaError) as error:
        solver_position(
            {"hands": [[45], [30, "x"], [48]], "to_move": 3, "direction": 0, "extra": {}}
        )
    assert [p.path for p in error.value.problems] == [
        "position.hands[1][1]",
        "position.to_move",
        "position.direction",
        "position.extra",
    ]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_positions_from_the_engine_round_trip_through_a_file(
    name: str, tmp_path: Path, capsys: Capsys
) -> None:
    """What ``position_to_json`` writes is well formed (JSON on disk and back)."""
    game: Any = get_game(name)
    written = json.loads(json.dumps(game.position_to_json(game.position_from_json(EXAMPLES[name]))))
    assert game.position_from_json(written) is not None
    code, _, _ = ask(capsys, tmp_path, name, written)
    assert code == 0
