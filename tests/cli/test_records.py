"""cardlaw's one record per game (:mod:`cardlaw.games`): every built-in game has one, each
record's loaders give what the command line needs, and the command line reads the record.

A record for the toy game, added here for the length of one test, shows the tables derived:
its bots, its log, its questions under ``cardlaw ask`` and its statistics come from that
record alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import click
import pytest

import cardlaw.games
from cardlaw.bench.playouts import bench_of
from cardlaw.bench.references import EVALUATORS
from cardlaw.bots import bot_names, default_bot, make_bots
from cardlaw.ecosystem import binding
from cardlaw.engine.registry import BUILT_IN, GAMES
from cardlaw.games import RECORDS, Bench, GameRecord
from cardlaw.render import renderer
from cardlaw.simulation import Report, Statistics, statistics
from tests.cli.tree import subcommands
from tests.games import OUTSIDE_GAMES, run_cli
from tests.toy.game import TOY

Capsys = pytest.CaptureFixture[str]


def test_every_built_in_game_has_one_record_in_the_registry_order() -> None:
    built_in = [game.name for game in BUILT_IN]
    missing = [name for name in built_in if name not in RECORDS]
    extra = [name for name in RECORDS if name not in built_in]
    assert not missing and not extra, f"without a record: {missing}; not a game: {extra}"
    assert list(RECORDS) == built_in
    assert all(record.name == name for name, record in RECORDS.items())


@pytest.mark.parametrize("name", list(RECORDS))
def test_each_loader_gives_what_the_command_line_needs(name: str) -> None:
    record, game = RECORDS[name], GAMES[name]
    bots = record.bots()
    assert bots and "random" not in bots and "mcts" not in bots
    for bot_name, factory in bots.items():
        assert factory().name == bot_name
    assert callable(record.renderer())
    questions = record.questions()
    assert all(isinstance(command, click.Command) for command in questions)
    names = [command.name for command in questions]
    assert len(set(names)) == len(names) and "legal" not in names
    stats = record.statistics()
    assert isinstance(stats, Statistics) and callable(stats.facts) and callable(stats.report)
    assert record.binding().name == name
    bench = record.bench
    assert (bench.reference is None) == bool(bench.no_reference)
    assert set(bench.evaluators) <= set(EVALUATORS)
    assert game.name == name


def test_the_command_line_reads_the_records() -> None:
    for name, record in RECORDS.items():
        game = GAMES[name]
        assert bot_names(game) == ("random", *record.bots(), "mcts")
        assert default_bot(game) == list(record.bots())[-1]
        assert renderer(name) is record.renderer()
        assert statistics(name).report is record.statistics().report
        assert binding(name) is record.binding()
        assert bench_of(name) is record.bench
        judged = ["legal"] if game.judged else []
        assert subcommands(("ask", name)) == [c.name for c in record.questions()] + judged


class _Toy:
    """A bot of the toy game's own, to show that the record's bots are the ones seated."""

    name = "first"

    def choose(self, observation: object, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0]


def _log(states: Sequence[Any], actions: Sequence[Any], events: Any, players: Any) -> Iterator[str]:
    yield f"a toy game of {len(actions)} actions"


@click.command("hello")
def _hello() -> None:
    """Say hello: a question of the toy's own."""
    print("hello from the toy")


def _no_facts(*args: object) -> dict[str, Any]:
    return {}


def _empty_report(*args: object) -> Report:
    return Report(statistics=())


TOY_STATISTICS = Statistics(facts=_no_facts, report=_empty_report)


def _toy_statistics() -> Statistics:
    return TOY_STATISTICS


def _toy_bots() -> Mapping[str, Any]:
    return {"first": _Toy}


TOY_RECORD = GameRecord(
    name=TOY.name,
    bots=_toy_bots,
    renderer=lambda: _log,
    questions=lambda: (_hello,),
    statistics=_toy_statistics,
    binding=lambda: binding("divide"),
    bench=Bench(no_reference="reference: none for the toy"),
)


@OUTSIDE_GAMES
def test_a_record_added_for_the_toy_game_is_what_the_command_line_uses(
    monkeypatch: pytest.MonkeyPatch, capsys: Capsys
) -> None:
    toy = GAMES[TOY.name]
    assert bot_names(toy) == ("random",) and TOY.name not in subcommands(("ask",))
    monkeypatch.setattr(
        cardlaw.games, "RECORDS", MappingProxyType({**RECORDS, TOY.name: TOY_RECORD})
    )
    assert bot_names(toy) == ("random", "first", "mcts") and default_bot(toy) == "first"
    assert [bot.name for bot in make_bots(toy, ["first", "random"])] == ["first", "random"]
    assert renderer(TOY.name) is _log
    assert statistics(TOY.name) is TOY_STATISTICS
    assert bench_of(TOY.name).no_reference == "reference: none for the toy"
    code, out, _ = run_cli(capsys, "play", TOY.name, "--seed", "1", "--bots", "first")
    assert code == 0 and "a toy game of" in out, out
    assert subcommands(("ask", TOY.name)) == ["hello"]
    code, out, _ = run_cli(capsys, "ask", TOY.name, "hello")
    assert code == 0 and out == "hello from the toy\n"
