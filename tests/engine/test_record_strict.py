"""Records are checked in full before anything is replayed, and their seeds must be true.

Malformed records exit 2 with one line on stderr naming the field path;
well-formed records that break a rule exit 1; a record's seed must draw its
chance outcomes [record.seed-true].
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardlaw.engine.documents import MAX_BYTES, MAX_DEPTH
from cardlaw.engine.record import load_record, replay_record
from cardlaw.engine.registry import GAMES
from cardlaw.judge import judge_record
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.schema import SchemaError
from tests.games import GAME_PARAMS, NAMES, TESTED, game_param, played_record, run_cli

Capsys = pytest.CaptureFixture[str]


def record(name: str) -> dict[str, Any]:
    return load_record(played_record(name, 6))


def replay(capsys: Capsys, tmp_path: Path, data: Any, *flags: str) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return run_cli(capsys, "replay", str(path), *flags)


def assert_malformed(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    assert err.startswith("cardlaw: error: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, (needle, err)


def first(data: dict[str, Any], **entry: Any) -> dict[str, Any]:
    """``data`` with its first action's entry updated by ``entry``."""
    data["actions"][0] = {**data["actions"][0], **entry}
    return data


# --- the reproducers of the issue, for every game ----------------------------------------------

REPRODUCERS: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("players", lambda d: {**d, "players": "abc"}, "record.players: expected a list of"),
    ("version", lambda d: {**d, "version": True}, "record.version: expected 1, got true"),
    ("actor", lambda d: first(d, actor="x"), "record.actions[0].actor: expected a seat 0–"),
    ("events", lambda d: first(d, events="junk"), "record.actions[0].events: expected a list"),
]


@pytest.mark.clauses("record.well-formed")
@pytest.mark.parametrize("name", GAME_PARAMS)
@pytest.mark.parametrize(("label", "edit", "needle"), REPRODUCERS, ids=[r[0] for r in REPRODUCERS])
def test_malformed_records_exit_2_naming_the_path(
    name: str, label: str, edit: Any, needle: str, tmp_path: Path, capsys: Capsys
) -> None:
    code, out, err = replay(capsys, tmp_path, edit(record(name)))
    assert_malformed(code, err, needle)
    assert out == ""


@pytest.mark.clauses("record.seed-true")
@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_changed_seed_is_caught_naming_the_chance_action(
    name: str, tmp_path: Path, capsys: Capsys
) -> None:
    code, out, _ = replay(capsys, tmp_path, record(name))
    assert code == 0 and "seed 6 drew every chance outcome" in out, out
    code, out, _ = replay(capsys, tmp_path, {**record(name), "seed": 7})
    assert code == 1, out
    assert out.startswith("illegal: action ") and "(chance: '" in out, out
    assert "is not the one seed 7 draws" in out and out.rstrip().endswith("[record.seed-true]")
    code, out, _ = replay(capsys, tmp_path, {**record(name), "seed": 7}, "--json")
    data = json.loads(out)
    assert code == 1 and data["legal"] is False and data["seeded"] is True
    assert data["error"]["clause"] == "record.seed-true" and data["error"]["actor"] == "chance"
    assert data["finished"] is False  # the replay stops at the first chance outcome that differs


@pytest.mark.clauses("record.seed-true")
@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_record_without_a_seed_still_replays_unseeded(
    name: str, tmp_path: Path, capsys: Capsys
) -> None:
    for unseeded in (
        {**record(name), "seed": None},
        {k: v for k, v in record(name).items() if k != "seed"},
    ):
        code, out, _ = replay(capsys, tmp_path, unseeded)
        assert code == 0 and "unseeded" in out, out
        code, out, _ = replay(capsys, tmp_path, unseeded, "--json")
        data = json.loads(out)
        assert code == 0 and data["legal"] is True and data["seeded"] is False
        assert data["finished"] is True and data["result"] == record(name)["result"]
        assert data["error"] is None
    code, out, _ = replay(capsys, tmp_path, record(name), "--json")
    assert json.loads(out)["seeded"] is True


def test_a_reordered_shuffle_breaks_only_the_seed() -> None:
    """Two cards of a shuffle swapped: no rule knows, but it is not what seed 6 deals."""
    data = record("divide")
    assert judge_record(data).legal
    chance_at = [i for i, e in enumerate(data["actions"]) if e["actor"] == "chance"]
    shuffle = chance_at[1]  # the dealer, then the first shuffle
    broken = copy.deepcopy(data)
    words = broken["actions"][shuffle]["action"].split()
    words[1], words[2] = words[2], words[1]
    broken["actions"][shuffle]["action"] = " ".join(words)
    # Still a legal game without the seed (the events of a shuffle say nothing) ...
    unseeded = replay_record({**broken, "seed": None})
    assert unseeded.error is None or unseeded.error.index > shuffle
    # ... but not the shuffle seed 6 deals.
    error = judge_record(broken).error
    assert error is not None and error.index == shuffle and error.clause == "record.seed-true"


# --- every field, strictly ---------------------------------------------------------------------

FIELD_CASES: list[tuple[Callable[[dict[str, Any]], Any], str]] = [
    (lambda d: {**d, "format": "pgn"}, 'record.format: expected "cardlaw-record", got "pgn"'),
    (lambda d: {**d, "version": 2}, "record.version: expected 1, got 2"),
    (lambda d: {**d, "version": 1.0}, "record.version: expected 1, got 1.0"),
    (lambda d: {**d, "game": "poker"}, "record.game: unknown game 'poker'"),
    (lambda d: {**d, "game": 7}, "record.game: expected text, got 7"),
    (lambda d: {**d, "config": []}, "record.config: expected an object, got a list"),
    (lambda d: {**d, "config": {**d["config"], "colour": 1}}, "record.config.colour: "),
    (lambda d: {**d, "config": {**d["config"], "players": 99}}, "record.config.players: "),
    (
        lambda d: {**d, "seed": -1},
        "record.seed: expected a whole number 0 or more, or null, got -1",
    ),
    (lambda d: {**d, "seed": True}, "record.seed: expected a whole number 0 or more, or null"),
    (lambda d: {**d, "seed": "6"}, 'got "6"'),
    (lambda d: {**d, "seed": 6.0}, "got 6.0"),
    (lambda d: {**d, "players": d["players"][:-1]}, "record.players: expected a list of"),
    (lambda d: {**d, "players": ["", *d["players"][1:]]}, "record.players[0]: expected non-empty"),
    (lambda d: {**d, "players": [1, *d["players"][1:]]}, "record.players[0]: expected non-empty"),
    (lambda d: {**d, "actions": {}}, "record.actions: expected a list, got an object"),
    (lambda d: {k: v for k, v in d.items() if k != "actions"}, "record.actions: missing"),
    (lambda d: {k: v for k, v in d.items() if k != "game"}, "record.game: missing"),
    (lambda d: {**d, "result": []}, "record.result: expected an object, or null, got a list"),
    (lambda d: {**d, "extra": None}, "record.extra: unknown field"),
    (lambda d: first(d, actor=True), "record.actions[0].actor: expected a seat"),
    (lambda d: first(d, actor=99), "record.actions[0].actor: expected a seat"),
    (lambda d: first(d, actor=-1), "record.actions[0].actor: expected a seat"),
    (lambda d: first(d, action=7), "record.actions[0].action: expected text, got 7"),
    (lambda d: first(d, action="fly away"), "record.actions[0].action: "),
    (lambda d: first(d, note="hi"), "record.actions[0].note: unknown field"),
    (lambda d: first(d, events=[1]), "record.actions[0].events[0]: expected an object, got 1"),
    (
        lambda d: {**d, "actions": [*d["actions"][:3], "play"]},
        "record.actions[3]: expected an object",
    ),
]


@pytest.mark.clauses("record.well-formed")
@pytest.mark.parametrize("name", GAME_PARAMS)
@pytest.mark.parametrize(("edit", "needle"), FIELD_CASES)
def test_every_field_is_checked(
    name: str, edit: Any, needle: str, tmp_path: Path, capsys: Capsys
) -> None:
    code, _, err = replay(capsys, tmp_path, edit(record(name)))
    assert_malformed(code, err, needle)


def test_every_problem_is_named_at_once(tmp_path: Path, capsys: Capsys) -> None:
    data = first(record("euchre"), actor="x", note=1)
    data.update(version=True, seed=-2, players="abc", colour="red")
    data["actions"][5] = {**data["actions"][5], "action": "play 7X"}
    with pytest.raises(SchemaError) as error:
        replay_record(data)
    paths = [p.path for p in error.value.problems]
    assert paths == [
        "record.version",
        "record.seed",
        "record.players",
        "record.actions[0].actor",
        "record.actions[0].note",
        "record.actions[5].action",
        "record.colour",
    ], paths
    code, _, err = replay(capsys, tmp_path, data)
    assert_malformed(code, err, *(f"{path}: " for path in paths))
    assert err.count("; ") == len(paths) - 1


def test_nothing_is_replayed_before_the_record_is_well_formed() -> None:
    """An illegal first action and a malformed last one: the malformed one is reported."""
    data = record("divide")
    data["actions"][0] = {"actor": 2, "action": "play 7S"}  # out of turn: a broken rule
    data["actions"][-1] = {**data["actions"][-1], "actor": "nobody"}
    with pytest.raises(MalformedInput, match=r"record\.actions\[\d+\]\.actor"):
        replay_record(data)
    data["actions"][-1]["actor"] = record("divide")["actions"][-1]["actor"]
    outcome = replay_record(data)
    assert outcome.error is not None and outcome.error.index == 0


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_config_error_names_the_key(name: str) -> None:
    data = record(name)
    data["config"] = {**data["config"], "players": "four"}
    with pytest.raises(SchemaError) as error:
        replay_record(data)
    assert [p.path for p in error.value.problems] == ["record.config.players"]


# --- results -----------------------------------------------------------------------------------


@pytest.mark.clauses("record.result-agrees")
@pytest.mark.parametrize("name", GAME_PARAMS)
def test_the_result_must_say_whether_the_game_finished(
    name: str, tmp_path: Path, capsys: Capsys
) -> None:
    code, out, _ = replay(capsys, tmp_path, {**record(name), "result": None})
    assert code == 1 and "states no result" in out and "[record.result-agrees]" in out, out
    cut = record(name)
    cut["actions"] = cut["actions"][: len(cut["actions"]) // 2]
    code, out, _ = replay(capsys, tmp_path, cut)
    assert code == 1 and "the game is not finished [record.result-agrees]" in out, out
    code, out, _ = replay(capsys, tmp_path, {**cut, "result": None}, "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["finished"] is False and data["result"] is None
    for data in (cut, record(name)):  # finished or not, a record says so
        code, _, err = replay(capsys, tmp_path, {k: v for k, v in data.items() if k != "result"})
        assert_malformed(code, err, "record.result: missing")


# --- events and results: their form first, then the replay ---------------------------------------


def _events(data: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
    """The index of the first action with events that hold a whole number, and its events."""
    for index, entry in enumerate(data["actions"]):
        for event in entry.get("events", []):
            if any(isinstance(v, int) and not isinstance(v, bool) for v in event.values()):
                return index, entry["events"]
    raise AssertionError("no event holds a number")


def _number_field(value: dict[str, Any]) -> str:
    """A field that holds no text (a number, a list, a flag): "x" is no value of it."""
    return next(k for k, v in value.items() if k != "event" and not isinstance(v, str))


EDITS: list[tuple[str, Callable[[dict[str, Any], str], None], str]] = [
    ("object", lambda doc, key: doc.__setitem__(key, {}), "expected "),
    ("text", lambda doc, key: doc.__setitem__(key, "x"), "expected "),
    ("empty-name", lambda doc, key: doc.__setitem__("", 1), "unknown field"),
    ("surrogate", lambda doc, key: doc.__setitem__(key, "\ud800"), 'got "\\ud800"'),
    ("missing", lambda doc, key: doc.pop(key), "missing"),
]


@pytest.mark.clauses("record.well-formed")
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("label", "edit", "needle"), EDITS, ids=[e[0] for e in EDITS])
def test_events_and_results_are_checked_for_form_before_the_replay(
    name: str, label: str, edit: Any, needle: str, tmp_path: Path, capsys: Capsys
) -> None:
    """The reproducers of issue 31: ``"winner": {}``, ``"round": "x"``, ``"": 1``, a lone
    surrogate, inside an event or the result, are malformed (exit 2), not compared."""
    data = record(name)
    index, events = _events(data)
    position, event = next(
        (i, e)
        for i, e in enumerate(events)
        if any(isinstance(v, int) and not isinstance(v, bool) for v in e.values())
    )
    key = _number_field(event)
    edit(event, key)
    code, out, err = replay(capsys, tmp_path, data)
    assert_malformed(code, err, f"record.actions[{index}].events[{position}]", needle)
    assert out == ""
    data = record(name)
    edit(data["result"], _number_field(data["result"]))
    code, out, err = replay(capsys, tmp_path, data, "--json")
    assert_malformed(code, err, "record.result", needle)
    assert out == ""


@pytest.mark.parametrize("name", ["divide", "divided-ranks", "euchre"])  # Split's are no text
def test_a_surrogate_in_well_formed_text_is_shown_escaped(
    name: str, tmp_path: Path, capsys: Capsys
) -> None:
    """A lone surrogate in a text field of the right form reaches the replay's message: shown
    as its escape, never a crash (issue 31)."""
    data = record(name)
    for entry in data["actions"]:
        texts = [
            (event, key)
            for event in entry.get("events", [])
            for key, value in event.items()
            if isinstance(value, str) and key in ("card", "upcard", "face_up", "face_down")
        ]
        if texts:
            event, key = texts[0]
            event[key] = "\ud800"
            break
    else:
        raise AssertionError(f"no {name} event has a free text field")
    code, out, err = replay(capsys, tmp_path, data)
    assert code == 1 and "\\ud800" in out and "[record.events-agree]" in out, (out, err)


# --- bounded input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    ],
    ids=["open-lists", "objects", "just-too-deep"],
)
def test_deep_documents_are_malformed(text: str, tmp_path: Path, capsys: Capsys) -> None:
    code, _, err = replay(capsys, tmp_path, text)
    assert_malformed(code, err, "nested too deeply")


def test_a_record_at_the_depth_limit_is_read() -> None:
    assert load_record('{"a": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}")


def test_a_deeply_nested_record_inside_a_valid_one(tmp_path: Path, capsys: Capsys) -> None:
    data = record("split")
    text = json.dumps(data)[:-1] + ', "result": ' + "[" * 5000 + "]" * 5000 + "}"
    code, _, err = replay(capsys, tmp_path, text)
    assert_malformed(code, err, "nested too deeply")


def test_a_huge_record_is_malformed(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "huge.json"
    with path.open("w") as stream:
        stream.write('{"format": "cardlaw-record", "pad": "')
        chunk = "x" * (1 << 20)
        for _ in range(MAX_BYTES // len(chunk) + 1):
            stream.write(chunk)
        stream.write('"}')
    code, _, err = run_cli(capsys, "replay", str(path))
    assert_malformed(code, err, "is too large")
    with pytest.raises(MalformedInput, match="too large"):
        load_record(" " * (MAX_BYTES + 1))


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('{"seed": 1, "seed": 2}', "field 'seed' is given twice"),
        ('{"seed": NaN}', "NaN is not a JSON number"),
        ('{"seed": Infinity}', "Infinity is not a JSON number"),
        ('{"seed": ' + "9" * 5000 + "}", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "a record must be a JSON object"),
    ],
)
def test_strict_json(text: str, needle: str, tmp_path: Path, capsys: Capsys) -> None:
    code, _, err = replay(capsys, tmp_path, text)
    assert_malformed(code, err, needle)


def test_unreadable_files(tmp_path: Path, capsys: Capsys) -> None:
    code, _, err = run_cli(capsys, "replay", str(tmp_path / "missing.json"))
    assert_malformed(code, err, "no such file")
    code, _, err = run_cli(capsys, "replay", str(tmp_path))
    assert_malformed(code, err, "is a directory")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    code, _, err = run_cli(capsys, "replay", str(binary))
    assert_malformed(code, err, "not a UTF-8 text file")


VARIANTS = [
    game_param(name, variant, game=name)
    for name in NAMES
    for variant in [None, *TESTED[name].variants]
]


@pytest.mark.clauses("record.seed-true")
@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_every_record_cardlaw_play_writes_replays_with_its_seed(
    name: str, variant: str | None, tmp_path: Path, capsys: Capsys
) -> None:
    path = tmp_path / "game.json"
    extra = [] if variant is None else ["--variant", variant]
    code, _, err = run_cli(capsys, "play", name, "--seed", "11", "--record", str(path), *extra)
    assert code == 0, err
    code, out, _ = run_cli(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["seeded"] and data["finished"], data
