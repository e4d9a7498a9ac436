"""Fuzzing the whole command line: malformed input of every kind gets one clear line and exit 2.

Every generated invocation is malformed *by construction*: a known command
of the tree (discovered from the app, never listed by hand) with one defect
drawn from a family — a bad option value, an unknown option or name, a
malformed or duplicated card, a truncated, binary, deep or wrong-typed record
or position, a bad query, a path that does not exist or is a directory.  The
rest of the invocation is valid and cheap.  Each must exit 2 with exactly one
line on stderr (``cardlaw: error: ...``), never a traceback and never an
internal error.  The families together draw well over 1,000 inputs per run
(:data:`EXAMPLES`), whatever the Hypothesis profile; with the families of
:mod:`tests.cli.test_fuzz_files` (files that must not be replaced, inputs
that must not hang, option values out of range) 2,000.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlaw.engine.registry import GAMES
from tests.cli.corpus import bad_record, get_at, set_at
from tests.cli.tree import leaves
from tests.game_data import Asked
from tests.games import ADAPTERS, OUTSIDE, run_cli

Capsys = pytest.CaptureFixture[str]
Draw = st.DataObject

EXAMPLES = {
    "option": 300,
    "record": 350,
    "position": 250,
    "cards": 150,
    "query": 100,
    "path": 100,
    "target": 250,  # tests/cli/test_fuzz_files.py
    "read": 250,  # tests/cli/test_fuzz_files.py
    "value": 250,  # tests/cli/test_fuzz_files.py
}
"""Inputs drawn per family in one run (2,000 in all)."""

assert sum(EXAMPLES.values()) >= 2000


def _settings(family: str) -> settings:
    return settings(
        max_examples=EXAMPLES[family],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )


COMMANDS: dict[tuple[str, ...], Any] = dict(leaves())
"""Every command of the tree, by its path (``("ask", "euchre", "trick")``)."""

ASKED: list[tuple[str, str, Asked]] = [
    (name, topic, asked)
    for name, adapter in ADAPTERS.items()
    if name not in OUTSIDE
    for topic, asked in adapter.ASKED.items()
]
"""Each game's ``cardlaw ask`` questions, asked cheaply and validly (its adapter's ``ASKED``)."""

VALID: dict[tuple[str, ...], list[str]] = {
    ("play",): ["divide", "--seed", "3"],
    ("replay",): [],  # given a file by the record family
    ("export",): [],  # a missing file, or a defect in its options: exit 2 either way
    ("bench",): ["divide", "--rounds", "1", "--no-reference", "--no-memory"],
    ("games",): [],
    ("query",): ["divide", "exists trick: winner.rank == 2"],
    ("simulate",): ["divide", "--games", "1", "--bots", "random", "--workers", "1"],
    ("verify",): ["divide", "--property", "divide.deal.enough-cards"],
    **{("ask", name, topic): asked.argv for name, topic, asked in ASKED},
}
"""A cheap, valid invocation of each command, into which one defect is put."""


def test_every_command_has_a_valid_invocation_to_fuzz() -> None:
    assert set(VALID) == set(COMMANDS), set(COMMANDS) ^ set(VALID)


def test_each_games_refused_values_are_for_options_of_its_questions() -> None:
    """An adapter's ``ASK_BAD_VALUES`` names only options its game's questions have."""
    for name, adapter in ADAPTERS.items():
        own = {
            option
            for path, command in COMMANDS.items()
            if path[:2] == ("ask", name)
            for option in _options(command)
        }
        assert set(adapter.ASK_BAD_VALUES) <= own, (name, set(adapter.ASK_BAD_VALUES) - own)


def _check(code: int, out: str, err: str, argv: list[str]) -> None:
    shown = f"cardlaw {' '.join(argv)!r}: exit {code}\nstdout: {out[-500:]}\nstderr: {err}"
    assert "Traceback" not in out + err, shown
    assert "internal error" not in err, shown
    assert code == 2, shown
    assert err.startswith("cardlaw: error: ") and err.endswith("\n"), shown
    assert err.count("\n") == 1, shown


def _run(capsys: Capsys, argv: list[str]) -> None:
    code, out, err = run_cli(capsys, *argv)
    _check(code, out, err, argv)


# --- bad option values and names ----------------------------------------------------------------

NOT_NUMBERS = ["abc", "", "1.5", "0x10", "1e3", "--", "+-1", "seven", "4 5", "½", "NaN", "None"]

BAD_VALUES: dict[str, list[str]] = {
    "--players": ["0", "1", "3", "7", "-1", str(10**30)],
    "--rounds": ["0", "-5"],
    "--games": ["0", "-1"],
    "--workers": ["0", "-1"],
    "--budget": ["0", "-1"],
    "--time-limit": ["0", "-1", "abc"],
    "--bots": ["nosuchbot", "random,,random", ",", "random,clever"],
    "--variant": ["nosuch", "", "trump-rank-own-suit-x"],
    "--property": ["no.such.obligation"],
}
"""Values of the right shape but out of range, or names that do not exist, per option of every
game (each game's own questions' options: :func:`bad_values`)."""


def bad_values(path: tuple[str, ...]) -> dict[str, list[str]]:
    """The refused values of the options of command ``path``: every game's, and for a game's
    own question its adapter's ``ASK_BAD_VALUES``."""
    own = ADAPTERS[path[1]].ASK_BAD_VALUES if path[0] == "ask" else {}
    return {**BAD_VALUES, **{option: list(values) for option, values in own.items()}}


INT_OPTIONS = {"--players", "--rounds", "--games", "--workers", "--budget", "--seed", "--leader"}


def _options(command: Any) -> dict[str, Any]:
    return {p.opts[0]: p for p in command.params if p.param_type_name == "option" and p.opts}


def _with_option(argv: list[str], option: str, value: str) -> list[str]:
    """``argv`` with ``option`` set to ``value`` (replacing a value it already had)."""
    out = list(argv)
    if option in out:
        index = out.index(option)
        out[index + 1] = value
        return out
    return [*out, option, value]


def _bad_option(draw: Draw) -> list[str]:
    path = draw.draw(st.sampled_from(sorted(COMMANDS)), label="command")
    argv = [*path, *VALID[path]]
    options = _options(COMMANDS[path])
    refused = bad_values(path)
    choices: list[tuple[str, str]] = [
        (name, value) for name in options if name in refused for value in refused[name]
    ]
    choices += [(name, value) for name in options if name in INT_OPTIONS for value in NOT_NUMBERS]
    kind = draw.draw(st.sampled_from(["unknown", "value", "game"] if choices else ["unknown"]))
    if kind == "unknown":
        flag = draw.draw(st.sampled_from(["--frobnicate", "--player", "--json=3", "-z", "--"]))
        if flag in options or flag == "--":  # an existing option, or the end of options
            flag = "--frobnicate"
        return [*argv, flag, "x"] if flag != "--json=3" else [*argv, flag]
    if kind == "game" and len(path) == 1 and path[0] in ("play", "bench", "simulate", "query"):
        name = draw.draw(st.sampled_from(["poker", "Divide", "", "divide ", "split-coop"]))
        return [path[0], name, *VALID[path][1:]]
    if kind == "game" and path[:1] == ("verify",):
        return ["verify", draw.draw(st.sampled_from(["poker", "DIVIDE", "euchre2"]))]
    option, value = draw.draw(st.sampled_from(choices or [("--frobnicate", "x")]))
    return _with_option(argv, option, value)


@_settings("option")
@given(data=st.data())
def test_bad_options_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    _run(capsys, _bad_option(data))


# --- malformed records ---------------------------------------------------------------------------


def _write(directory: Path, name: str, text: str) -> str:
    path = directory / name
    path.write_bytes(text.encode("latin-1") if "\xff" in text else text.encode("utf-8"))
    return str(path)


RECORD_READERS: list[list[str]] = [
    ["ask", name, topic] for name, topic, asked in ASKED if "--record" in asked.files
]
"""The questions that read a record (``--record``)."""


@_settings("record")
@given(data=st.data())
def test_malformed_records_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    text = bad_record(data)
    flags = data.draw(st.sampled_from([[], ["--json"]]))
    with tempfile.TemporaryDirectory() as folder:
        where = data.draw(st.sampled_from([["replay"], *RECORD_READERS]))
        path = _write(Path(folder), "game.json", text)
        if where == ["replay"]:
            _run(capsys, ["replay", path, *flags])
        else:  # a question that reads a record (Split's cooperative solver reads its deal)
            _run(capsys, [*where, "--record", path, *flags])


# --- malformed positions -------------------------------------------------------------------------


def _example(name: str, capsys: Capsys) -> dict[str, Any]:
    code, out, err = run_cli(capsys, "ask", name, "legal", "--example")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def _position_paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _position_paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _position_paths(value, (*path, index))


POSITION_JUNK: list[Any] = [True, -1, 1.5, "ZZ", [], {}, [[]], {"x": 1}, "1S 7X"]
"""Values for a field no position has (any value makes the position malformed)."""


@_settings("position")
@given(data=st.data())
def test_malformed_positions_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    name = data.draw(st.sampled_from(list(GAMES)))
    example = _example(name, capsys)
    kind = data.draw(st.sampled_from(["junk-value", "unknown-field", "text", "toml"]))
    suffix = ".json"
    if kind == "text":
        text = data.draw(st.sampled_from(["", "[", "{", "[1,2]", "null", json.dumps(example)[:-1]]))
    elif kind == "toml":
        suffix = ".toml"
        text = data.draw(st.sampled_from(["hands = [", "= 1", "a = 1\na = 2", "[[x]]\n[x]"]))
    elif kind == "unknown-field":
        example["extra"] = data.draw(st.sampled_from(POSITION_JUNK))
        text = json.dumps(example)
    else:
        paths = [p for p in _position_paths(example) if p]
        path = data.draw(st.sampled_from(paths))
        old = get_at(example, path)
        # Values no field of any position takes: a bool where there was none, a fraction, an
        # object with a field nobody knows, text that names no card; and per type, text that
        # is no choice or a number no field allows.  (Not null or another list or number:
        # optional fields may be null, and some fields take a count or a list.)
        junk: list[Any] = [1.5, {"x": 1}, "1S 7X"] + ([] if isinstance(old, bool) else [True])
        if isinstance(old, str):
            junk.append("ZZ")
        elif isinstance(old, int) and not isinstance(old, bool):
            junk += [-1, 10**20]
        new = data.draw(st.sampled_from(junk))
        set_at(example, path, new)
        text = json.dumps(example)
    with tempfile.TemporaryDirectory() as folder:
        path_text = _write(Path(folder), "spot" + suffix, text)
        argv = ["ask", name, "legal", "--position", path_text]
        # A junk value of the right type may leave a readable position that the rules cannot
        # reach: that is malformed too (exit 2, one line).  (null is left out: optional
        # fields may be null.)
        _run(capsys, argv)


# --- malformed cards -----------------------------------------------------------------------------

BAD_CARDS = ["1S", "7X", "ZZ", "", "10", "S7", "AS7", "JK", "♠", "11H", "0C", "-1"]


CARD_QUESTIONS: list[tuple[str, str, Asked]] = [case for case in ASKED if case[2].cards]
"""The questions that take cards (a card or a hand of cards each argument)."""


def _bad_cards(draw: Draw) -> list[str]:
    name, topic, asked = draw.draw(st.sampled_from(CARD_QUESTIONS), label="question")
    path = ["ask", name, topic]
    kind = draw.draw(st.sampled_from(["token", "twice"]))
    if asked.cards == "hands":
        first, second = asked.arguments
        if kind == "twice":
            card = first.split()[0]
            return [*path, *asked.options, first, f"{second.rsplit(' ', 1)[0]} {card}"]
        bad = draw.draw(st.sampled_from(BAD_CARDS))
        return [*path, *asked.options, first, f"{second.rsplit(' ', 1)[0]} {bad}".strip()]
    cards = list(asked.arguments)
    index = draw.draw(st.integers(0, len(cards) - 1))
    if kind == "twice" and len(cards) > 1:
        cards[index] = cards[(index + 1) % len(cards)]
    else:
        cards[index] = draw.draw(st.sampled_from(BAD_CARDS))
    return [*path, *asked.options, *cards]


@_settings("cards")
@given(data=st.data())
def test_malformed_cards_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    argv = _bad_cards(data)
    if data.draw(st.booleans()):
        argv.append("--json")
    _run(capsys, argv)


# --- malformed queries ---------------------------------------------------------------------------

BAD_QUERIES: list[Callable[[str], str]] = [
    lambda game: "",
    lambda game: "exists",
    lambda game: "exists nosuchdomain: true",
    lambda game: "perhaps trick: true",
    lambda game: "exists trick: (",
    lambda game: "exists trick: winner.rank ==",
    lambda game: "maximize round: __import__('os')",
    lambda game: "exists trick: nosuchquantity > 1",
    lambda game: "exists trick: 1 +* 2",
    lambda game: "forall : true",
    lambda game: "exists trick: true where",
    lambda game: "exists trick[players=99]: true",
    lambda game: "exists trick: ç",
]


@_settings("query")
@given(data=st.data())
def test_malformed_queries_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    game = data.draw(st.sampled_from(list(GAMES)))
    make = data.draw(st.sampled_from(BAD_QUERIES))
    text = make(game)
    if data.draw(st.booleans()):  # a prefix of garbage or a stray bracket somewhere
        text = data.draw(st.sampled_from(["", "((", "]", "::"])) + text
    flags = data.draw(st.sampled_from([[], ["--json"], ["--budget", "1000"]]))
    _run(capsys, ["query", game, text, *flags])


# --- paths that do not exist, or are not files ---------------------------------------------------


@_settings("path")
@given(data=st.data())
def test_bad_paths_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "a-file").write_text("{}")
        (root / "a-dir").mkdir()
        missing = str(root / "no" / "such" / "file.json")
        kind = data.draw(
            st.sampled_from(
                [
                    ["replay", missing],
                    ["replay", str(root / "a-dir")],
                    ["replay", "--format", "openspiel", missing],
                    ["replay", "--format", "openspiel", str(root / "a-dir")],
                    ["export", missing],
                    ["export", str(root / "a-dir")],
                    *(
                        ["ask", name, topic, *([option] if option else []), where]
                        for name, topic, asked in ASKED
                        for option in asked.files
                        for where in (missing, str(root / "a-dir"))
                    ),
                    ["play", "divide", "--seed", "1", "--record", missing],
                    ["play", "euchre", "--seed", "1", "--record", str(root / "a-dir")],
                    [
                        "verify",
                        "divide",
                        "--property",
                        "divide.deal.enough-cards",
                        "--witnesses",
                        str(root / "a-file" / "out"),
                    ],
                ]
            )
        )
        _run(capsys, kind)
        assert not (root / "no").exists()
        assert (root / "a-file").read_text() == "{}"  # never a corrupted file
