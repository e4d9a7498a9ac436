"""``cardlaw bench GAME``: random playouts, ours beside the reference (:mod:`cardlaw.bench`)."""

from __future__ import annotations

import click

from cardlaw.options import GAME_HELP, json_flag, solver_flag, suite_tests_flag
from cardlaw.usage import argument, make_command
from cardlaw.values import INT

__all__ = ["bench", "command"]

_WORKERS_HELP = (
    "Instead: time cardlaw simulate GAME with 1 and with N worker processes "
    "(--rounds games a run, alternating, 3 repeats) and print the speed-up."
)
_SCHEDULER_HELP = (
    "With --workers: also time it through this Dask scheduler (local:N for a "
    "local cluster; see cardlaw simulate --help)."
)
_REFERENCE_HELP = "Also run the references (OpenSpiel, treys, pokerkit), if installed."
_MEMORY_HELP = "Measure peak memory: a fresh process's peak RSS per side."
_ADAPTERS_HELP = "Also play through the OpenSpiel and PettingZoo adapters, if installed."


@argument("game_name", metavar="GAME", help=GAME_HELP)
@click.option(
    "--rounds", type=INT, default=2000, metavar="N", help="Rounds (hands) to play in each repeat."
)
@click.option("--players", type=INT, metavar="N", help="Number of players.")
@click.option("--reference/--no-reference", default=True, help=_REFERENCE_HELP)
@click.option("--memory/--no-memory", default=True, help=_MEMORY_HELP)
@click.option("--adapters/--no-adapters", default=True, help=_ADAPTERS_HELP)
@click.option("--workers", type=INT, metavar="N", help=_WORKERS_HELP)
@click.option("--scheduler", metavar="ADDRESS", help=_SCHEDULER_HELP)
@solver_flag
@suite_tests_flag
@json_flag
def bench(
    game_name: str,
    rounds: int,
    players: int | None,
    reference: bool,
    memory: bool,
    adapters: bool,
    workers: int | None,
    scheduler: str | None,
    solver: bool,
    tests: bool,
    json_output: bool,
) -> None:
    """Random playouts, ours beside the reference: interleaved, 3 repeats, median, ratio.

    GAME suite instead times what a developer waits for: pytest in the source checkout and
    cardlaw verify --workers 2 (wall and CPU seconds, the differential stage's cost).

    Ours is timed twice over the same games, with sample_legal_action and with
    rng.choice(legal_actions); the ratio is ours over the reference.  Random games
    through the OpenSpiel and PettingZoo adapters (if installed) are timed in the same
    chunks, each shown over ours.  Peak
    memory is the peak resident set size (VmHWM on Linux, else ru_maxrss) of a
    fresh process that plays one chunk of the side, and how much that chunk
    raised it; C++ allocations count as well as Python's.  With --workers N it
    times cardlaw simulate GAME with one and with N worker processes instead.
    With --solver (Split) it also times the cooperative solver.
    """
    from cardlaw.bench.run import BenchOptions, run  # noqa: PLC0415  (deferred for start-up)
    from cardlaw.output import console  # noqa: PLC0415

    options = BenchOptions(
        rounds=rounds,
        players=players,
        reference=reference,
        memory=memory,
        adapters=adapters,
        workers=workers,
        scheduler=scheduler,
        solver=solver,
        tests=tests,
        json_output=json_output,
    )
    run(game_name, options, console())


command = make_command("bench")(bench)
"""``cardlaw bench``."""
