"""The work of ``cardlaw bench``: the benchmark its options ask for, printed or as JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass

from rich.console import Console

from cardlaw.options import game_config
from cardlaw.output import print_table
from cardlaw.spec.errors import MalformedInput

__all__ = ["BenchOptions", "run"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BenchOptions:
    """The options of ``cardlaw bench`` (see its ``--help``)."""

    rounds: int = 2000
    players: int | None = None
    reference: bool = True
    memory: bool = True
    adapters: bool = True
    workers: int | None = None
    scheduler: str | None = None
    solver: bool = False
    tests: bool = True
    json_output: bool = False


def run(game_name: str, options: BenchOptions, out: Console) -> None:
    """Bench ``game_name`` (or ``suite``) as ``options`` ask, and print the figures to ``out``."""
    if game_name == "suite":
        if options.solver:
            raise MalformedInput("--solver times Split's solver: cardlaw bench split --solver")
        from cardlaw.bench.suite import print_suite  # noqa: PLC0415

        print_suite(tests=options.tests, json_output=options.json_output)
        return
    if options.workers is not None:
        _workers(game_name, options, out)
        return
    if options.scheduler is not None:
        raise MalformedInput("--scheduler times cardlaw simulate: give --workers N too")
    _playouts(game_name, options, out)


def _workers(game_name: str, options: BenchOptions, out: Console) -> None:
    from cardlaw.bench.workers import bench_workers  # noqa: PLC0415

    assert options.workers is not None
    scaling = bench_workers(
        game_name, games=options.rounds, workers=options.workers, scheduler=options.scheduler
    )
    if options.json_output:
        print(json.dumps(scaling.to_json()))
        return
    for line in scaling.lines():
        out.print(line, markup=False)


def _playouts(game_name: str, options: BenchOptions, out: Console) -> None:
    from cardlaw.bench.playouts import run_bench  # noqa: PLC0415  (its figures only here)

    game, config = game_config(game_name, options.players, [])
    if options.solver and game.name != "split":
        raise MalformedInput(f"--solver times Split's cooperative solver, not {game.name}'s")
    report = run_bench(
        game,
        config,
        options.rounds,
        reference=options.reference,
        memory=options.memory,
        adapters=options.adapters,
    )
    solved = None
    if options.solver:
        from cardlaw.bench.solver import bench_solver  # noqa: PLC0415

        solved = bench_solver()
    if options.json_output:
        data: dict[str, object] = {**report.to_json()}
        if solved is not None:
            data["solver"] = solved
        out.print_json(json.dumps(data))
        return
    out.print(report.build_line(), markup=False)
    for table in report.tables():
        print_table(table, out)
    if solved is not None:
        from cardlaw.bench.solver import table as solver_table  # noqa: PLC0415

        print_table(solver_table(solved), out)
    for note in report.notes:
        out.print(note, markup=False)
