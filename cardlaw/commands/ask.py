"""``cardlaw ask GAME QUESTION``: settle a dispute at the table.

Every game with positions gets ``legal``::

    cardlaw ask divide legal --position spot.json [--player P] [--action "play 7S"]

and each game adds short forms in ``cardlaw/ask/<package>.py`` (an ``app``
whose commands appear under ``cardlaw ask GAME``).  Every answer gives the
verdict, the reasoning step by step and the clauses with their text;
``--json`` for programs.
"""

from __future__ import annotations

import json
import pkgutil
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from engine.documents import load_document
from engine.registry import GAMES, get_game
from spec.errors import CardlawError, MalformedInput

__all__ = ["example_position", "load_position", "print_answer", "register"]


def load_position(path: Path) -> dict[str, Any]:
    """A position file's content: JSON, or TOML when the name ends in ``.toml``.

    Read within :mod:`engine.documents`' bounds (size and nesting depth), so
    anything unreadable is malformed input.

    >>> load_position(Path("/no/such/spot.json"))
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: no such file: /no/such/spot.json
    """
    data = load_document(path, f"position: {path}")
    if not isinstance(data, dict):
        raise MalformedInput("position: must be an object")
    return data


def print_answer(
    verdict: str, steps: list[str], clauses: list[str], game: Any, json_output: bool, **extra: Any
) -> None:
    """Print an answer: verdict, reasoning, clauses with their text (or JSON)."""
    book = game.rulebook
    texts = {cid: book[cid].text for cid in clauses if cid in book}
    if json_output:
        print(
            json.dumps(
                {"verdict": verdict, "steps": steps, "clauses": texts, **extra}, ensure_ascii=False
            )
        )
        return
    out = Console(highlight=False, soft_wrap=True)
    out.print(verdict, markup=False)
    for step in steps:
        out.print(f"  - {step}", markup=False)
    if texts:
        out.print("Clauses:", markup=False)
        for cid, text in texts.items():
            out.print(f"  {cid}: {text}", markup=False)


def example_position(name: str) -> dict[str, Any] | None:
    """The example position of game ``name`` (``EXAMPLE`` beside its position reader), if any.

    >>> example_position("divide")["game"], example_position("euchre")["game"]
    ('divide', 'euchre')
    """
    package = name.replace("-", "_")
    for module in ("position", "spot"):  # Split reads a judge's position in ``spot``
        try:
            example = getattr(import_module(f"engine.{package}.{module}"), "EXAMPLE", None)
        except ImportError:
            continue
        if isinstance(example, dict):
            return example
    return None


def _legal_command(name: str) -> Any:
    def legal(
        position: Annotated[
            Path | None,
            typer.Option(metavar="FILE", help="The position file (JSON, or TOML if .toml)."),
        ] = None,
        player: Annotated[
            int | None,
            typer.Option(metavar="SEAT", help="Ask about this seat (default: the seat to act)."),
        ] = None,
        action: Annotated[
            str | None, typer.Option(metavar="ACTION", help='An action to judge, e.g. "play 7S".')
        ] = None,
        example: Annotated[
            bool,
            typer.Option(
                "--example", help="Print an example position file to start from, and exit."
            ),
        ] = False,
        json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """The legal actions in a position, or whether one action is legal and why."""
        game = get_game(name)
        if example:
            data = example_position(name)
            if data is None or position is not None or player is not None or action is not None:
                raise MalformedInput(
                    "--example takes no other option" if data else f"no example position for {name}"
                )
            print(json.dumps(data, ensure_ascii=False, indent=2))
            return
        if position is None:
            raise MalformedInput("--position FILE is needed (--example prints one to start from)")
        state = game.position_from_json(load_position(position))  # type: ignore[attr-defined]
        mover = game.to_move(state)
        if player is not None and player != mover:
            if not isinstance(player, int) or not 0 <= player < state.config.players:
                raise MalformedInput(f"there is no seat {player}")
            who = "nobody: the game is over" if mover is None else f"seat {mover}"
            print_answer(
                f"seat {player} may do nothing now: it is {who}'s turn",
                [f"Only the seat to act may act; that is {who}"],
                [game.turn_clause],
                game,
                json_output,
                legal=[],
            )
            return
        legal_actions = [game.action_text(a) for a in game.legal_actions(state)]
        if action is None:
            print_answer(
                f"seat {mover} may: " + ", ".join(legal_actions),
                [
                    f"{len(legal_actions)} legal action"
                    f"{'s' * (len(legal_actions) != 1)} for seat {mover}"
                ],
                [],
                game,
                json_output,
                legal=legal_actions,
            )
            return
        try:
            parsed = game.parse_action(action)
        except CardlawError as error:
            raise MalformedInput(f"--action: {error}") from None
        ok, explanation = game.explain(state, parsed)  # type: ignore[attr-defined]
        print_answer(
            explanation.verdict,
            list(explanation.steps),
            list(explanation.clauses),
            game,
            json_output,
            legal=legal_actions,
            action_is_legal=ok,
        )

    return legal


def register(app: typer.Typer) -> None:
    """Add ``ask`` and, under it, each game's questions."""
    ask = typer.Typer(
        help="Settle a dispute: is this legal and why, who wins this trick, ... "
        "(answered with exit 0, whatever the answer).",
        no_args_is_help=True,
    )
    package = Path(__file__).resolve().parent.parent / "ask"
    apps: dict[str, typer.Typer] = {}
    for info in sorted(pkgutil.iter_modules([str(package)]), key=lambda i: i.name):
        apps[info.name.replace("_", "-")] = import_module(f"cardlaw.ask.{info.name}").app
    for name in GAMES:
        game = get_game(name)
        if hasattr(game, "position_from_json") and hasattr(game, "explain"):
            sub = apps.setdefault(name, typer.Typer(no_args_is_help=True))
            sub.command(name="legal")(_legal_command(name))
    for name in sorted(apps, key=lambda n: list(GAMES).index(n) if n in GAMES else 99):
        title = get_game(name).rulebook.title if name in GAMES else name
        ask.add_typer(apps[name], name=name, help=f"Questions about {title}.")
    app.add_typer(ask, name="ask")
