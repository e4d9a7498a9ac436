"""``cardlaw ask GAME QUESTION``: settle a dispute at the table.

Every game with positions gets ``legal``::

    cardlaw ask divide legal --position spot.json [--player P] [--action "play JD"]

and each game adds short forms in ``cardlaw/ask/<package>.py`` (an ``app``
whose commands appear under ``cardlaw ask GAME``, listed in
:data:`cardlaw.ask.TOPICS` and handed to :func:`register`).  Every answer
gives the verdict, the reasoning step by step and the clauses with their
text; ``--json`` for programs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from cardlaw.options import JsonFlag, SetOption, rule_changes
from cardlaw.usage import ACTION_EXAMPLE, use_plain_help
from engine.api import AnyGame, Explanation
from engine.documents import load_document
from engine.registry import GAMES
from spec.errors import CardlawError, MalformedInput

__all__ = ["load_position", "print_answer", "print_explanation", "register"]


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
    from rich.console import Console  # noqa: PLC0415  (deferred for start-up)

    out = Console(highlight=False, soft_wrap=True)
    out.print(verdict, markup=False)
    for step in steps:
        out.print(f"  - {step}", markup=False)
    if texts:
        out.print("Clauses:", markup=False)
        for cid, text in texts.items():
            out.print(f"  {cid}: {text}", markup=False)


def print_explanation(
    explanation: Explanation, game: AnyGame, json_output: bool, **extra: Any
) -> None:
    """Print an engine's explanation as an answer (:func:`print_answer`)."""
    print_answer(
        explanation.verdict,
        list(explanation.steps),
        list(explanation.clauses),
        game,
        json_output,
        **extra,
    )


def _legal_command(game: AnyGame) -> Callable[..., None]:
    """``cardlaw ask GAME legal`` for a game that reads positions (:attr:`judged`)."""

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
            str | None,
            typer.Option(metavar="ACTION", help=f'An action to judge, e.g. "{ACTION_EXAMPLE}".'),
        ] = None,
        example: Annotated[
            bool,
            typer.Option(
                "--example", help="Print an example position file to start from, and exit."
            ),
        ] = False,
        sets: SetOption = None,
        json_output: JsonFlag = False,
    ) -> None:
        """The legal actions in a position, or whether one action is legal and why.

        ``--set`` judges the position under changed rule parameters (added to the
        position's own ``rules``).
        """
        if example:
            if position is not None or player is not None or action is not None:
                raise MalformedInput("--example takes no other option")
            print(json.dumps(dict(game.position_example), ensure_ascii=False, indent=2))
            return
        if position is None:
            raise MalformedInput("--position FILE is needed (--example prints one to start from)")
        data = load_position(position)
        changes = rule_changes(sets)
        if changes:
            given = data.get("rules", {})
            data["rules"] = {**given, **changes} if isinstance(given, dict) else changes
        _judge(game, game.position_from_json(data), player, action, json_output)

    return legal


def _judge(
    game: AnyGame, state: Any, player: int | None, action: str | None, json_output: bool
) -> None:
    """Answer ``legal`` in ``state``: for ``player``, about ``action`` when one is given."""
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
    ok, explanation = game.explain(state, parsed)
    print_explanation(explanation, game, json_output, legal=legal_actions, action_is_legal=ok)


class _Games(MutableMapping[str, Any]):
    """The groups under ``cardlaw ask``, by game name: each built the first time it is looked up.

    The names are known without loading any game; looking one up loads that
    game and its questions only (deferred for start-up).  The groups are the
    games': none is added or removed.
    """

    def __init__(self, names: Callable[[], list[str]], build: Callable[[str], Any]) -> None:
        self._names = names
        self._build = build

    def __getitem__(self, name: str) -> Any:
        if name not in self._names():
            raise KeyError(name)
        return self._build(name)

    def __setitem__(self, name: str, command: Any) -> None:
        raise TypeError(f"cardlaw ask has a group per game; {name!r} cannot be added")

    def __delitem__(self, name: str) -> None:
        raise TypeError(f"cardlaw ask has a group per game; {name!r} cannot be removed")

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())


def register(app: typer.Typer, topics: Mapping[str, Callable[[], typer.Typer]]) -> None:
    """Add ``ask`` and, under it, each game's questions, in the order of the games.

    ``topics`` holds the loader of each game's own questions by game name
    (:data:`cardlaw.ask.TOPICS`); a game that reads positions also gets
    ``legal``.  A game with neither is not listed.  A game's questions are
    loaded only when its group is looked up (``cardlaw ask divide ...``
    loads Divide's alone).
    """
    games = list(GAMES)  # the games registered now, as when every group was built here

    @cache
    def listed() -> list[str]:
        return [name for name in games if name in topics or GAMES[name].judged]

    @cache
    def group(name: str) -> Any:
        game = GAMES[name]  # listed: it has questions of its own, or it is judged
        sub = topics[name]() if name in topics else typer.Typer(no_args_is_help=True)
        if game.judged:
            sub.command(name="legal")(_legal_command(game))
        holder = typer.Typer()
        holder.add_typer(sub, name=name, help=f"Questions about {game.rulebook.title}.")
        use_plain_help(holder)
        return typer.main.get_group_from_info(
            holder.registered_groups[0],
            pretty_exceptions_short=app.pretty_exceptions_short,
            suggest_commands=app.suggest_commands,
            rich_markup_mode=app.rich_markup_mode,
        )

    class AskGroup(TyperGroup):
        """``cardlaw ask``: its games' groups are built when looked up (see :class:`_Games`)."""

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.commands = _Games(listed, group)

    ask = typer.Typer(
        help="Settle a dispute: is this legal and why, who wins this trick, ... "
        "(answered with exit 0, whatever the answer).",
        no_args_is_help=True,
        cls=AskGroup,
    )
    app.add_typer(ask, name="ask")
