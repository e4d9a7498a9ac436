r"""How every command describes itself in ``--help``: plain usage lines and readable metavars.

Typer marks a required argument ``{cards}...`` and follows every name with
its Python type (``<list[str]>``, ``<int>``).  :class:`Command` shows what a
user types instead: ``CARD...`` for arguments (``[FILE]`` when optional),
and an option's ``metavar`` (``--leader SEAT``), or its name in capitals when
it has none (``--workers WORKERS``).  A command's help is its docstring up
to the first doctest example: the examples run under pytest but stay out of
``--help``.  :func:`use_plain_help` gives every command of an app this class.

>>> before_examples("Who wins.\n\n    >>> trick(['KS'])\n    'seat 0'\n")
'Who wins.'

Help is plain text: the reStructuredText of a docstring (````--set````,
``:func:`x```, a single-quoted name) is taken out (:func:`plain`).  An
example that depends on the game is written as a placeholder
(:data:`SET_EXAMPLE`, :data:`ACTION_EXAMPLE`) and filled in when the help is
printed, from the game of the command (``cardlaw ask euchre legal``) or,
for a command that takes any game (``cardlaw play GAME``), from each game:
generated from the game's own parameters and actions, so every example is
one the game accepts (:func:`set_example`, :func:`action_example`).

>>> plain("``--set`` judges it; :func:`engine.game` too; `cardlaw games` lists them.")
'--set judges it; engine.game too; cardlaw games lists them.'
>>> set_example("divide"), action_example("euchre")
('KEEP_SIZE=1', 'play JC')
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

import typer
from typer.core import TyperCommand

from cardlaw.values import guard
from engine.registry import GAMES, get_game
from spec.errors import CardlawError
from spec.parameters import parameters

__all__ = [
    "ACTION_EXAMPLE",
    "SET_EXAMPLE",
    "Command",
    "action_example",
    "before_examples",
    "help_sections",
    "plain",
    "set_example",
    "use_plain_help",
]

SET_EXAMPLE: Final = "{set-example}"
"""Stands in an option's help for a ``--set NAME=VALUE`` the command's game accepts."""

ACTION_EXAMPLE: Final = "{action-example}"
"""Stands in an option's help for an action of the command's game (``play JC``)."""

_ROLE: Final = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`<]*?)(?:\s*<[^>]*>)?`")
_LITERAL: Final = re.compile(r"``([^`]+)``")
_QUOTED: Final = re.compile(r"`([^`]+)`")


def plain(text: str) -> str:
    """``text`` without reStructuredText's inline markup: roles, literals and quoted names."""
    return _QUOTED.sub(r"\1", _LITERAL.sub(r"\1", _ROLE.sub(r"\1", text)))


@cache
def set_example(game_name: str) -> str:
    """A ``--set`` the game accepts (``KEEP_SIZE=1`` for Divide).

    The game's first parameter that one step from its printed value, down or
    up, still makes a game with the other parameters printed.
    """
    game = get_game(game_name)
    rules = type(game.config().rules)
    for parameter in parameters(rules):
        for value in (parameter.default - 1, parameter.default + 1):
            if parameter.low <= value <= parameter.high:
                try:
                    game.config(rules={parameter.name: value})
                except CardlawError:
                    continue
                return f"{parameter.name}={value}"
    raise ValueError(f"{game_name}: no rule parameter can be changed by one")


@cache
def action_example(game_name: str) -> str:
    """An action of the game, as ``--action`` takes it (``play JC`` for Euchre).

    One that is legal in the game's example position: the first that names a
    card or a seat, if one does.
    """
    game = get_game(game_name)
    state = game.position_from_json(dict(game.position_example))
    texts = [game.action_text(action) for action in game.legal_actions(state)]
    return next((text for text in texts if " " in text), texts[0])


def _game_of(ctx: Any) -> str | None:
    """The game a command belongs to (``cardlaw ask GAME ...``), or ``None`` for any game."""
    names = []
    while ctx is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    names.reverse()
    if len(names) >= 3 and names[1] == "ask" and names[2] in GAMES:
        return str(names[2])
    return None


def _examples(text: str, ctx: Any) -> str:
    """``text`` with its placeholders filled in for the command's game, or for every game."""
    if SET_EXAMPLE not in text and ACTION_EXAMPLE not in text:
        return text
    game = _game_of(ctx)
    if game is not None:
        return text.replace(SET_EXAMPLE, set_example(game)).replace(
            ACTION_EXAMPLE, action_example(game)
        )
    each = ", ".join(f"{set_example(name)} ({name})" for name in GAMES)
    return text.replace(SET_EXAMPLE, each)


def before_examples(text: str) -> str:
    """``text`` up to its first doctest example (a line starting ``>>>``)."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.lstrip().startswith(">>>"):
            lines = lines[:number]
            break
    return "\n".join(lines).rstrip()


def _argument_name(param: Any) -> str:
    name = str(param.metavar or param.name.upper())
    return name + "..." if param.nargs != 1 else name


def _option_metavar(param: Any) -> str:
    return str(param.metavar or param.name.upper())


class Command(TyperCommand):
    """A command whose help names arguments and option values the way a user types them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        guard(self.params)  # every option's value checked by one helper (cardlaw.values)
        if self.help:
            self.help = plain(before_examples(self.help))
        if self.short_help:
            self.short_help = plain(self.short_help)
        for param in self.params:
            option: Any = param  # an argument has no help of its own
            if getattr(option, "help", None):
                option.help = plain(option.help)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """``[OPTIONS]``, then each argument: ``NAME``, or ``[NAME]`` when optional."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                name = _argument_name(param)
                pieces.append(name if param.required else f"[{name}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The ``Arguments`` and ``Options`` sections, with readable names."""
        for title, rows in help_sections(self, ctx):
            with formatter.section(title):
                formatter.write_dl(rows)


def help_sections(command: Any, ctx: Any) -> list[tuple[str, list[tuple[str, str]]]]:
    """A command's ``Arguments`` and ``Options`` as ``--help`` shows them: (name, text) rows.

    The rows name arguments and option values the way a user types them, and
    their examples are filled in for the command's game (the rulebook's
    command-line page shows the same rows).
    """
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        names, text = record
        text = _examples(text, ctx)
        if param.param_type_name == "argument":
            arguments.append((_argument_name(param), text))
            continue
        flag = getattr(param, "is_flag", False) or getattr(param, "count", False)
        if not flag and param.metavar is None:
            # typer's type label (``<int>``) ends ``names``; older typers have none
            typed = getattr(param, "display_type_rich", None)
            shown = typed(ctx=ctx) if typed is not None else None
            if shown and names.endswith(f" {shown}"):
                names = names.removesuffix(f" {shown}") + f" {_option_metavar(param)}"
        options.append((names, text))
    return [
        (title, rows) for title, rows in (("Arguments", arguments), ("Options", options)) if rows
    ]


def use_plain_help(app: typer.Typer) -> None:
    """Give every command of ``app`` and of its sub-apps the :class:`Command` class."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # typer's default, not a class of the command's own
            info.cls = Command
    for group in app.registered_groups:
        if group.typer_instance is not None:
            use_plain_help(group.typer_instance)
