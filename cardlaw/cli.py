"""The ``cardlaw`` command line.

Every command exits with one of three codes, stated once in :data:`EXIT_CODES`
(shown by ``cardlaw --help``, and in the README): :func:`main` maps every
error to one of them, with one line on stderr and never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, NoReturn

import typer

from cardlaw.ask import TOPICS
from cardlaw.catalog import describe_games, games_text
from cardlaw.commands import ask, query, simulate, verify
from cardlaw.options import (
    BOTS_HELP,
    JsonFlag,
    SetOption,
    SolverFlag,
    TestsFlag,
    VariantOption,
    game_config,
    rule_changes,
    seat_bots,
)
from cardlaw.usage import use_plain_help
from engine.registry import GAMES
from spec.errors import CardlawError, MalformedInput

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["EXIT_CODES", "app", "main"]

EXIT_CODES: Final[Mapping[int, str]] = {
    0: "legal, or as expected; a question answered, whatever the answer",
    1: "a rule broken, or not as expected (an obligation, an undecided search)",
    2: "malformed input or bad usage; also a bug in cardlaw, or Ctrl-C",
}
"""The only exit codes of ``cardlaw``, the same for every command."""

_HELP = "\n".join(
    [
        "The formal rulebook, rules engine and rules judge for four card games.",
        "",
        "\b",
        "Exit codes, the same for every command:",
        *(f"  {code}  {text}" for code, text in EXIT_CODES.items()),
        "An error is one line on stderr, never a traceback.",
    ]
)

app = typer.Typer(
    name="cardlaw",
    help=_HELP,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


@cache
def _out() -> Console:
    """The console the commands here print to, made on first use (rich loads only then)."""
    from rich.console import Console  # noqa: PLC0415  (deferred for start-up)

    return Console(highlight=False, soft_wrap=True)


def _version(value: bool) -> None:
    if value:
        from importlib import metadata  # noqa: PLC0415  (deferred for start-up)

        try:
            version = metadata.version("cardlaw")
        except metadata.PackageNotFoundError:
            version = "(not installed: no version)"
        print(f"cardlaw {version}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_version, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Options of ``cardlaw`` itself, before the command."""


_GAME_HELP = f"One of: {', '.join(GAMES)} (cardlaw games lists them)."


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=_GAME_HELP)],
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Seed for the deal and the bots.")
    ] = None,
    bots: Annotated[str | None, typer.Option(metavar="BOT,...", help=BOTS_HELP)] = None,
    record: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Write the game record (JSON) to FILE.")
    ] = None,
    variant: VariantOption = None,
    sets: SetOption = None,
    json_output: Annotated[
        bool,
        typer.Option(
            "--json", help="Print a JSON summary: game, config, seed, bots, result, record."
        ),
    ] = False,
) -> None:
    """Play a game between bots and print a readable log."""
    # Deferred for start-up: the bots, the sampler and the renderers load only to play.
    from cardlaw.bots import make_bots  # noqa: PLC0415
    from cardlaw.render import renderer  # noqa: PLC0415
    from cardlaw.sampling import play_game  # noqa: PLC0415
    from engine.files import check_target, write_file  # noqa: PLC0415
    from engine.record import build_record, dump_record, replay_record  # noqa: PLC0415

    game, config = game_config(game_name, players, variant or [], sets)
    names = seat_bots(bots, config.players)
    if record is not None:
        check_target(
            record, what="--record"
        )  # a target cardlaw may not write is refused before the game
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    playout = play_game(game, config, make_bots(game, names), seed=seed)
    data = build_record(game, config, playout.actions, seed=seed, players=names)
    replay = replay_record(data)
    if not replay.legal:  # the engine disagrees with itself: a bug, never the user's input
        raise RuntimeError(f"the game just played does not replay: {replay.error}")
    if record is not None:
        write_file(record, dump_record(data), what="--record")
    if json_output:
        summary = {
            "game": game.name,
            "config": game.config_to_json(config),
            "seed": seed,
            "bots": names,
            "result": data.get("result"),
            "record": data,
        }
        print(json.dumps(summary, ensure_ascii=False, indent=2))
        return
    seats = config.players
    out = _out()
    events = [entry.get("events", []) for entry in data["actions"]]
    changed = game.config_to_json(config).get("rules")
    rules = ""
    if isinstance(changed, dict) and changed:
        rules = " · rules changed: " + ", ".join(f"{k}={v}" for k, v in changed.items())
    out.print(
        f"[bold]{game.rulebook.title}[/bold] · {seats} players · seed {seed} · "
        f"bots: {', '.join(names)}{rules}",
        markup=True,
    )
    for line in renderer(game.name)(replay.states, replay.actions, events, names):
        out.print(line)
    if record is not None:
        out.print(f"Record written to {record}", markup=False)


_FORMAT_HELP = "record: a cardlaw game record; openspiel: an OpenSpiel euchre saved game."
_RULES_HELP = (
    "With --format openspiel: openspiel judges under the cardlaw variant matching the game's "
    "parameters; cardlaw under cardlaw's defaults, each difference reported with its clause."
)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON), or an OpenSpiel log.")],
    sets: SetOption = None,
    json_output: JsonFlag = False,
    file_format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help=_FORMAT_HELP)
    ] = "record",
    rules: Annotated[str, typer.Option(metavar="RULES", help=_RULES_HELP)] = "openspiel",
) -> None:
    """Check a game record action by action: exit 0 if legal, 1 naming the first illegal action.

    A legal record's result is printed; for a game not finished, its last event (a round's
    scores, a trick) says where it stands.  A record that names a seed must hold exactly the
    chance outcomes that seed draws.  A
    record made under changed rules carries them in its config; ``--set`` judges it under
    rules changed further (was this game legal under that house rule?).  With ``--format
    openspiel`` it judges one hand of OpenSpiel's euchre and prints each seat's returns.
    """
    from cardlaw.judge import judge_record  # noqa: PLC0415  (deferred for start-up)
    from engine.record import read_record  # noqa: PLC0415  (deferred for start-up)

    out = _out()
    if file_format not in ("record", "openspiel"):
        raise MalformedInput(f"--format must be record or openspiel, not {file_format!r}")
    if file_format == "openspiel":
        from cardlaw.openspiel_logs import replay_lines, replay_log  # noqa: PLC0415

        if sets:
            raise MalformedInput("--set does not apply to --format openspiel (use --rules)")
        judgement = replay_log(file, rules)
        for line in replay_lines(judgement, rules, json_output):
            out.print(line, markup=False)
        if not judgement.legal:
            raise typer.Exit(1)
        return
    data = read_record(file)
    changes = rule_changes(sets)
    if changes and isinstance(data.get("config"), dict):
        config = data["config"]
        given = config.get("rules", {})
        merged = {**given, **changes} if isinstance(given, dict) else changes
        data = {**data, "config": {**config, "rules": merged}}
    result = judge_record(data)
    if json_output:
        out.print_json(json.dumps(result.to_json()))
    elif result.legal:
        seeded = (
            f"seed {result.seed} drew every chance outcome"
            if result.seed is not None
            else "unseeded: its chance outcomes were entered by hand"
        )
        finished = "" if result.finished else "; the game is not finished"
        out.print(f"legal: {len(result.actions)} actions; {seeded}{finished}", markup=False)
        if result.finished:
            out.print(json.dumps(result.game.result_to_json(result.result)), markup=False)
        else:
            last = _last_event(result.game, result.states, result.actions)
            if last is not None:
                out.print(f"so far: {json.dumps(last, ensure_ascii=False)}", markup=False)
    else:
        out.print(f"illegal: {result.error}", markup=False)
    if not result.legal:
        raise typer.Exit(1)


def _last_event(game: Any, states: Sequence[Any], actions: Sequence[Any]) -> object:
    """The last event of a replayed game that is not finished (a round's end, a trick), or None.

    It says where the game stands: a witness of one round ends with the round's scores.
    """
    for index in range(len(actions) - 1, -1, -1):
        events = game.events(states[index], actions[index], states[index + 1])
        if events:
            return events[-1]
    return None


@app.command()
def export(
    file: Annotated[Path, typer.Argument(help="A cardlaw Euchre game record (JSON).")],
    file_format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="openspiel (the only one).")
    ] = "openspiel",
    out_dir: Annotated[
        Path, typer.Option("--out", metavar="DIR", help="Where to write the files.")
    ] = Path(),
) -> None:
    """Write each hand of a Euchre record as an OpenSpiel saved game (exit 2: rules it lacks)."""
    from cardlaw.openspiel_logs import export_record  # noqa: PLC0415  (deferred for start-up)

    if file_format != "openspiel":
        raise MalformedInput(f"--format must be openspiel, not {file_format!r}")
    for path in export_record(file, out_dir):
        _out().print(str(path), markup=False)


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=_GAME_HELP)],
    rounds: Annotated[
        int, typer.Option(metavar="N", help="Rounds (hands) to play in each repeat.")
    ] = 2000,
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    reference: Annotated[
        bool,
        typer.Option(help="Also run the references (OpenSpiel, treys, pokerkit), if installed."),
    ] = True,
    memory: Annotated[
        bool,
        typer.Option(help="Measure peak memory: a fresh process's peak RSS per side."),
    ] = True,
    adapters: Annotated[
        bool,
        typer.Option(help="Also play through the OpenSpiel and PettingZoo adapters, if installed."),
    ] = True,
    workers: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Instead: time cardlaw simulate GAME with 1 and with N worker processes "
            "(--rounds games a run, alternating, 3 repeats) and print the speed-up.",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="With --workers: also time it through this Dask scheduler (local:N for a "
            "local cluster; see cardlaw simulate --help).",
        ),
    ] = None,
    solver: SolverFlag = False,
    tests: TestsFlag = True,
    json_output: JsonFlag = False,
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
    if game_name == "suite":
        if solver:
            raise MalformedInput("--solver times Split's solver: cardlaw bench split --solver")
        from cardlaw.bench_suite import print_suite  # noqa: PLC0415

        print_suite(tests=tests, json_output=json_output)
        return
    if workers is not None:
        from cardlaw.bench_workers import bench_workers  # noqa: PLC0415

        scaling = bench_workers(game_name, games=rounds, workers=workers, scheduler=scheduler)
        if json_output:
            print(json.dumps(scaling.to_json()))
            return
        for line in scaling.lines():
            _out().print(line, markup=False)
        return
    if scheduler is not None:
        raise MalformedInput("--scheduler times cardlaw simulate: give --workers N too")
    from cardlaw.bench import run_bench  # noqa: PLC0415  (its figures only here)
    from cardlaw.output import print_table  # noqa: PLC0415

    game, config = game_config(game_name, players, [])
    if solver and game.name != "split":
        raise MalformedInput(f"--solver times Split's cooperative solver, not {game.name}'s")
    report = run_bench(game, config, rounds, reference=reference, memory=memory, adapters=adapters)
    solved = None
    if solver:
        from cardlaw.bench_solver import bench_solver  # noqa: PLC0415

        solved = bench_solver()
    out = _out()
    if json_output:
        data = report.to_json()
        if solved is not None:
            data["solver"] = solved
        out.print_json(json.dumps(data))
        return
    out.print(report.build_line(), markup=False)
    for table in report.tables():
        print_table(table, out)
    if solved is not None:
        from cardlaw.bench_solver import table as solver_table  # noqa: PLC0415

        print_table(solver_table(solved), out)
    for note in report.notes:
        out.print(note, markup=False)


@app.command()
def games(
    ctx: typer.Context,
    json_output: JsonFlag = False,
) -> None:
    """List the games: players, variants and the clause each changes, bots, ask topics."""
    root = ctx.find_root().command
    described = describe_games(getattr(root, "commands", {}).get("ask"))
    if json_output:
        print(json.dumps(described, ensure_ascii=False, indent=2))
        return
    for line in games_text(described):
        _out().print(line, markup=False)


def _fail(message: str, code: int = 2) -> NoReturn:
    print(f"cardlaw: error: {' '.join(message.split())}", file=sys.stderr)
    raise SystemExit(code if code in EXIT_CODES else 2)


_INTERRUPTED: Final = 130
"""What typer returns for Ctrl-C (128 + SIGINT); cardlaw reports it and exits 2."""


def _exit_code(code: object) -> int:
    """A command's exit status as one of :data:`EXIT_CODES` (anything else is a bug: 2)."""
    if code is None:
        return 0
    return code if isinstance(code, int) and code in EXIT_CODES else 2


def _quiet_stdout() -> None:
    """After a broken pipe, point stdout at nothing so the exit's flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (a test's capture): nothing to flush
        pass


_WANTED: Final = {1: "a command", 2: "a game"}
"""What ``cardlaw`` and ``cardlaw ask`` alone lack, by the depth of the group (else a question)."""


def _missing(ctx: object) -> str:
    """The one line for a group given nothing to run (``cardlaw``, ``cardlaw ask GAME``).

    >>> _missing(typer.main.get_command(app).make_context("cardlaw", ["--help"],
    ...     resilient_parsing=True))  # doctest: +ELLIPSIS
    'cardlaw needs a command: play, replay, ..., ask (cardlaw --help says more)'
    """
    command = getattr(ctx, "command", None)
    path = str(getattr(ctx, "command_path", "cardlaw"))
    names = command.list_commands(ctx) if command is not None else []
    wanted = _WANTED.get(len(path.split()), "a question")
    return f"{path} needs {wanted}: {', '.join(names)} ({path} --help says more)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (or raise ``SystemExit`` with it).

    Every error becomes one line on stderr and one of :data:`EXIT_CODES`.
    """
    command = typer.main.get_command(app)
    try:
        code = command.main(
            args=list(sys.argv[1:] if argv is None else argv),
            prog_name="cardlaw",
            standalone_mode=False,
        )
    except CardlawError as error:
        _fail(str(error))
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        _fail("interrupted")
    except SystemExit as exit:  # sys.exit() somewhere below: keep the code within the rule
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":  # typer's exit 1 for a closed pipe
            _quiet_stdout()
            return 0
        return _exit_code(exit.code)
    except Exception as error:
        # Typer's command-line errors (its own copy of click's, or click's): duck-typed.
        kind = type(error).__name__
        if kind == "NoArgsIsHelpError":
            _fail(_missing(getattr(error, "ctx", None)))
        if kind == "Abort":
            _fail("interrupted")
        if hasattr(error, "format_message") and getattr(error, "exit_code", None) == 2:
            _fail(error.format_message())
        # A bug in cardlaw itself: one line, and the way to see the traceback.
        if os.environ.get("CARDLAW_DEBUG"):
            raise
        _fail(
            f"internal error, a bug in cardlaw ({type(error).__name__}: {error}); "
            "run again with CARDLAW_DEBUG=1 to see the traceback"
        )
    if code == _INTERRUPTED:
        _fail("interrupted")
    return _exit_code(code)


# The commands of cardlaw/commands/, in the order --help lists them.
ask.register(app, TOPICS)
query.register(app)
simulate.register(app)
verify.register(app)
use_plain_help(app)

if __name__ == "__main__":
    raise SystemExit(main())
