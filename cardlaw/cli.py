"""The ``cardlaw`` command line.

Every command exits with one of three codes, stated once in :data:`EXIT_CODES`
(shown by ``cardlaw --help``, and in the README): :func:`main` maps every
error to one of them, with one line on stderr and never a traceback.

The command line is click's: :data:`app` is a group whose commands are
loaded from :data:`cardlaw.commands.COMMANDS` when looked up, one module per
command (why click and not typer: ``DEVELOPERS.md``, *The command line*).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Final, NoReturn

import click

from cardlaw.commands import COMMANDS
from cardlaw.spec.errors import CardlawError
from cardlaw.usage import Group, shown

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


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        from importlib import metadata  # noqa: PLC0415  (deferred for start-up)

        try:
            version = metadata.version("cardlaw")
        except metadata.PackageNotFoundError:
            version = "(not installed: no version)"
        print(f"cardlaw {version}")
        ctx.exit()


app: Final = Group(
    name="cardlaw",
    help=_HELP,
    loaders=lambda: COMMANDS,
    params=[
        click.Option(
            ["--version"],
            is_flag=True,
            is_eager=True,
            expose_value=False,
            callback=_version,
            help="Print the version and exit.",
        )
    ],
)
"""The command line: ``cardlaw`` and its commands (:data:`cardlaw.commands.COMMANDS`)."""


def _fail(message: str, code: int = 2) -> NoReturn:
    print(f"cardlaw: error: {' '.join(message.split())}", file=sys.stderr)
    raise SystemExit(code if code in EXIT_CODES else 2)


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


def _missing(ctx: click.Context | None) -> str:
    """The one line for a group given nothing to run (``cardlaw``, ``cardlaw ask GAME``).

    >>> _missing(app.make_context("cardlaw", ["--help"], resilient_parsing=True))
    ... # doctest: +ELLIPSIS
    'cardlaw needs a command: play, replay, ..., ask (cardlaw --help says more)'
    """
    if ctx is None or not isinstance(ctx.command, click.Group):
        return "cardlaw needs a command (cardlaw --help says more)"
    path = ctx.command_path
    names = ctx.command.list_commands(ctx)
    wanted = _WANTED.get(len(path.split()), "a question")
    return f"{path} needs {wanted}: {', '.join(names)} ({path} --help says more)"


def _no_such_option(error: click.NoSuchOption) -> str:
    """The line for an unknown option, with the options closest to it.

    >>> _no_such_option(click.NoSuchOption("--seeds", possibilities=["--seed", "--set"]))
    'No such option: --seeds (Possible options: --seed, --set)'
    """
    near = sorted(error.possibilities or ())
    return f"No such option: {shown(error.option_name)}" + (
        f" (Possible options: {', '.join(near)})" if near else ""
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (or raise ``SystemExit`` with it).

    Every error becomes one line on stderr and one of :data:`EXIT_CODES`.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        with app.make_context("cardlaw", args) as ctx:
            app.invoke(ctx)
    except CardlawError as error:
        _fail(str(error))
    except click.exceptions.NoArgsIsHelpError as error:
        _fail(_missing(error.ctx))
    except click.NoSuchOption as error:
        _fail(_no_such_option(error))
    except click.UsageError as error:
        _fail(error.format_message())
    except click.exceptions.Exit as exit:  # --help, --version, or a command's own exit code
        return _exit_code(exit.exit_code)
    except (KeyboardInterrupt, click.Abort):
        _fail("interrupted")
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except SystemExit as exit:  # sys.exit() somewhere below: keep the code within the rule
        return _exit_code(exit.code)
    except Exception as error:
        # A bug in cardlaw itself: one line, and the way to see the traceback.
        if os.environ.get("CARDLAW_DEBUG"):
            raise
        _fail(
            f"internal error, a bug in cardlaw ({type(error).__name__}: {error}); "
            "run again with CARDLAW_DEBUG=1 to see the traceback"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
