"""The ``cardlaw`` command line.

Exit codes: 0 success; 1 a rule was broken (an illegal record, a failed
proof); 2 bad input (an unknown game, a bad option, a malformed record or
card) — reported as one line on stderr, never a traceback.
"""

from __future__ import annotations

import json
import os
import pkgutil
import random
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from cardlaw.bench import REFERENCES, bench_interleaved
from cardlaw.bots import bot_names, make_bots
from cardlaw.render import render_module
from cardlaw.sampling import play_game
from engine.record import build_record, dump_record, load_record, replay_record
from engine.registry import GAMES, get_game
from spec.errors import CardlawError, MalformedInput

__all__ = ["app", "main"]

app = typer.Typer(
    name="cardlaw",
    help="The formal rulebook, rules engine and rules judge for four card games.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

out = Console(highlight=False, soft_wrap=True)


class Failure(Exception):
    """A rule was broken: exit 1 after printing ``message``."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _config(game_name: str, players: int | None, variants: Sequence[str]) -> tuple[Any, Any]:
    game = get_game(game_name)
    options: dict[str, Any] = {}
    if players is not None:
        options["players"] = players
    for variant in variants:
        known = getattr(game, "variants", {})
        if variant not in known:
            names = ", ".join(known) or "none"
            raise MalformedInput(f"unknown variant {variant!r} for {game.name} (known: {names})")
        options.update(known[variant])
    return game, game.config(**options)


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=f"One of: {', '.join(GAMES)}.")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the deal and the bots.")] = None,
    bots: Annotated[
        str | None, typer.Option(help="Comma-separated bots, one per seat (or one for all).")
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="Write the game record (JSON) to this file.")
    ] = None,
    variant: Annotated[
        list[str] | None, typer.Option(help="A named rules variant (repeatable).")
    ] = None,
) -> None:
    """Play a game between bots and print a readable log."""
    game, config = _config(game_name, players, variant or [])
    seats = config.players
    names = [b.strip() for b in (bots or "random").split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise MalformedInput(f"--bots names {len(names)} bots for {seats} seats")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    playout = play_game(game, config, make_bots(game, names), seed=seed)
    data = build_record(game, config, playout.actions, seed=seed, players=names)
    replay = replay_record(data)
    assert replay.legal, replay.error
    events = [entry.get("events", []) for entry in data["actions"]]
    out.print(
        f"[bold]{game.rulebook.title}[/bold] · {seats} players · seed {seed} · "
        f"bots: {', '.join(names)}"
    )
    for line in _log_lines(game.name, replay.states, replay.actions, events, names):
        out.print(line)
    if record is not None:
        _write(record, dump_record(data))
        out.print(f"Record written to {record}")


def _log_lines(
    name: str, states: Sequence[Any], actions: Sequence[Any], events: Any, names: Sequence[str]
) -> Any:
    return render_module(name).log_lines(states, actions, events, names)


def _write(path: Path, text: str) -> None:
    # Write beside the target and rename, so a failure never leaves a half-written file.
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise MalformedInput(f"cannot write {path}: {error.strerror}") from None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MalformedInput(f"no such file: {path}") from None
    except IsADirectoryError:
        raise MalformedInput(f"{path} is a directory, not a record") from None
    except UnicodeDecodeError:
        raise MalformedInput(f"{path} is not a text file") from None
    except OSError as error:
        raise MalformedInput(f"cannot read {path}: {error.strerror}") from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Check a game record action by action: exit 0 if legal, 1 naming the first illegal action."""
    result = replay_record(load_record(_read(file)))
    if json_output:
        out.print_json(json.dumps(result.to_json()))
    elif result.legal:
        final = result.result
        game = result.game
        if final is None:
            out.print(f"legal: {len(result.actions)} actions; the game is not finished")
        else:
            out.print(f"legal: {len(result.actions)} actions")
            out.print(json.dumps(game.result_to_json(final)), markup=False)
    else:
        out.print(f"illegal: {result.error}", markup=False)
    if not result.legal:
        raise typer.Exit(1)


_BENCH_KEYS = frozenset(
    {
        "game",
        "config",
        "name",
        "unit",
        "units",
        "actions",
        "seconds",
        "per_second",
        "actions_per_second",
        "reference",
        "ratio",
    }
)


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    rounds: Annotated[int, typer.Option(min=1, help="Rounds (hands) to play.")] = 2000,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    reference: Annotated[
        bool, typer.Option(help="Also run the OpenSpiel reference, if installed.")
    ] = True,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random-playout throughput, side by side with its OpenSpiel reference."""
    game, config = _config(game_name, players, [])
    ref_name = REFERENCES.get(game.name) if reference else None
    ours, theirs = bench_interleaved(game, config, rounds, ref_name)
    data: dict[str, Any] = {
        "game": game.name,
        "config": game.config_to_json(config),
        **ours.to_json(),
        "reference": None if theirs is None else theirs.to_json(),
        "ratio": None if theirs is None else round(ours.per_second / theirs.per_second, 3),
    }
    extra = getattr(game, "extra_benchmarks", None)
    if extra is not None:  # a game's own figures, e.g. hand evaluations per second
        data.update(extra(config))
    data = {k: data[k] for k in sorted(data, key=lambda k: (k not in _BENCH_KEYS, k))}
    if json_output:
        out.print_json(json.dumps(data))
        return
    out.print(
        f"{ours.name}: {ours.per_second:,.0f} {ours.unit}/s, "
        f"{ours.actions_per_second:,.0f} actions/s ({ours.units} {ours.unit}, {ours.seconds:.2f} s)"
    )
    if theirs is not None:
        out.print(
            f"{theirs.name}: {theirs.per_second:,.0f} {theirs.unit}/s, "
            f"{theirs.actions_per_second:,.0f} actions/s ({theirs.units} {theirs.unit}, "
            f"{theirs.seconds:.2f} s)"
        )
        out.print(f"ratio: {data['ratio']:.2f}")
    elif ref_name:
        out.print(
            f"reference open_spiel {ref_name}: not installed (pip install 'cardlaw[bench]')",
            markup=False,
        )
    for key in data.keys() - _BENCH_KEYS:
        out.print(f"{key}: {data[key]:,.0f}", markup=False)


@app.command()
def games() -> None:
    """List the games and their bots."""
    for name in GAMES:
        game = get_game(name)
        out.print(f"{name}: {game.rulebook.title} (bots: {', '.join(bot_names(game))})")


def _fail(message: str, code: int = 2) -> NoReturn:
    print(f"cardlaw: error: {message}", file=sys.stderr)
    raise SystemExit(code)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    command = typer.main.get_command(app)
    try:
        code = command.main(
            args=list(sys.argv[1:] if argv is None else argv),
            prog_name="cardlaw",
            standalone_mode=False,
        )
    except CardlawError as error:
        _fail(str(error))
    except Failure as failure:
        _fail(str(failure), failure.code)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except Exception as error:
        # Typer's command-line errors (its own copy of click's, or click's): duck-typed.
        kind = type(error).__name__
        if kind == "NoArgsIsHelpError":
            print(error.format_message(), file=sys.stderr)  # type: ignore[attr-defined]
            return 2
        if kind == "Abort":
            _fail("interrupted", 130)
        if hasattr(error, "format_message") and getattr(error, "exit_code", None) == 2:
            _fail(" ".join(error.format_message().split()))
        # A bug in cardlaw itself: keep the user's terminal clean.
        if os.environ.get("CARDLAW_DEBUG"):
            raise
        _fail(
            f"internal error ({type(error).__name__}: {error}); set CARDLAW_DEBUG=1 for details", 3
        )
    return code if isinstance(code, int) else 0


def _register_extensions() -> None:
    """Add the commands of ``cardlaw/commands/*.py`` (each has ``register(app)``)."""
    package = Path(__file__).parent / "commands"
    for info in pkgutil.iter_modules([str(package)]):
        import_module(f"cardlaw.commands.{info.name}").register(app)


_register_extensions()

if __name__ == "__main__":
    raise SystemExit(main())
