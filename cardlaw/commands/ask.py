"""``cardlaw ask GAME QUESTION``: one sub-command group per game (see :mod:`cardlaw.ask`)."""

from __future__ import annotations

import pkgutil
from importlib import import_module
from pathlib import Path

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add ``ask`` and, under it, each game's questions."""
    ask = typer.Typer(
        help="Ask a question about a game: is this legal, who wins this trick, ...",
        no_args_is_help=True,
    )
    package = Path(__file__).resolve().parent.parent / "ask"
    found = False
    for info in sorted(pkgutil.iter_modules([str(package)]), key=lambda i: i.name):
        module = import_module(f"cardlaw.ask.{info.name}")
        ask.add_typer(module.app, name=info.name.replace("_", "-"))
        found = True
    if found:
        app.add_typer(ask, name="ask")
