r"""How every command describes itself in ``--help``: plain usage lines and readable metavars.

Click names an option's value by its type (``INTEGER``) and gives an
argument no help.  :class:`Command` shows what a user types instead:
``CARD...`` for arguments (``[FILE]`` when optional), and an option's
``metavar`` (``--leader SEAT``), or its name in capitals when it has none
(``--workers WORKERS``).  A command's help is its docstring up to the first
doctest example: the examples run under pytest but stay out of ``--help``.
:func:`make_command` makes a function a command of this class, and
:class:`Argument` (:func:`argument`) is an argument with a help text.

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
from collections.abc import Callable, Mapping
from difflib import get_close_matches
from functools import cache
from typing import Any, Final, TypeVar

import click

from cardlaw.engine.registry import GAMES, get_game
from cardlaw.spec.errors import CardlawError
from cardlaw.spec.parameters import parameters
from cardlaw.values import guard

__all__ = [
    "ACTION_EXAMPLE",
    "SET_EXAMPLE",
    "Argument",
    "Command",
    "Group",
    "Listed",
    "action_example",
    "argument",
    "before_examples",
    "help_sections",
    "make_command",
    "plain",
    "set_example",
    "shown",
]

Callback = TypeVar("Callback", bound=Callable[..., object])
"""A command's function, as the decorators that add its parameters hand it back."""

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


def _game_of(ctx: click.Context | None) -> str | None:
    """The game a command belongs to (``cardlaw ask GAME ...``), or ``None`` for any game."""
    names = []
    while ctx is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    names.reverse()
    if len(names) >= 3 and names[1] == "ask" and names[2] in GAMES:
        return str(names[2])
    return None


def _examples(text: str, ctx: click.Context) -> str:
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


_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def shown(value: str) -> str:
    r"""``value`` as an error line shows it: control characters escaped (``\x1b``).

    >>> shown("a\x1b[2Jb")
    'a\\x1b[2Jb'
    """
    return _CONTROL.sub(lambda match: f"\\x{ord(match[0]):02x}", value)


def before_examples(text: str) -> str:
    """``text`` up to its first doctest example (a line starting ``>>>``)."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.lstrip().startswith(">>>"):
            lines = lines[:number]
            break
    return "\n".join(lines).rstrip()


def _argument_name(param: click.Parameter) -> str:
    name = str(param.metavar or param.name.upper())
    return name + "..." if param.nargs != 1 else name


def _option_metavar(param: click.Parameter) -> str:
    return str(param.metavar or param.name.upper())


class Argument(click.Argument):
    """An argument with a ``help`` text, shown in its command's ``Arguments`` section.

    Click's own arguments have no help; this one's help row says what the
    argument is, then ``[required]`` when it must be given (and its default
    when it has one), the way every option's row does.
    """

    def __init__(self, *args: Any, help: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = help

    def get_error_hint(self, ctx: click.Context | None) -> str:
        """How an error names the argument: ``'CARD'``, or its name when it has no metavar."""
        return f"'{self.metavar or self.name}'"

    def get_help_record(self, ctx: click.Context) -> tuple[str, str]:
        """The argument's row in ``--help``: its name, its help and its marks."""
        extra = []
        default = self.get_default(ctx, call=False)
        if default is not None and not self.required:
            extra.append(f"default: {default}")
        if self.required:
            extra.append("required")
        text = self.help or ""
        marks = f"[{'; '.join(extra)}]" if extra else ""
        return _argument_name(self), f"{text}  {marks}" if text and marks else text or marks


def argument(
    name: str, *, metavar: str | None = None, **kwargs: object
) -> Callable[[Callback], Callback]:
    """``click.argument`` with a help text (:class:`Argument`).

    An argument of any number of values (``nargs=-1``) is required unless
    said otherwise; an optional one is ``None`` when not given.
    """
    if kwargs.get("nargs") == -1:
        kwargs.setdefault("required", True)
    if kwargs.get("required") is False:
        kwargs.setdefault("default", None)  # no value: None (shown as no default)
    return click.argument(name, cls=Argument, metavar=metavar, **kwargs)


class Command(click.Command):
    """A command whose help names arguments and option values the way a user types them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        guard(self.params)  # every option's value checked by one helper (cardlaw.values)
        if self.help:
            self.help = plain(before_examples(self.help))
        if self.short_help:
            self.short_help = plain(self.short_help)
        for param in self.params:
            if isinstance(param, click.Option | Argument) and param.help:
                param.help = plain(param.help)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Click's parsing; values left over are bad usage, all of them named in one line."""
        rest = super().parse_args(ctx, args)
        if ctx.args and not ctx.resilient_parsing:  # the context allows them only to name them
            extra = " ".join(shown(str(arg)) for arg in ctx.args)
            ctx.fail(f"Got unexpected extra argument(s) ({extra})")
        return rest

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """``[OPTIONS]``, then each argument: ``NAME``, or ``[NAME]`` when optional."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                name = _argument_name(param)
                pieces.append(name if param.required else f"[{name}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_arguments(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Nothing: the arguments are the first section :meth:`format_options` writes."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The ``Arguments`` and ``Options`` sections, with readable names."""
        for title, rows in help_sections(self, ctx):
            with formatter.section(title):
                formatter.write_dl(rows)


def make_command(
    name: str | None = None, **kwargs: object
) -> Callable[[Callable[..., object]], Command]:
    """``click.command`` making a :class:`Command` whose options show their defaults.

    The function stays as it was (``click.option`` only marks it), so it can
    be decorated with its options, called from Python, and made a command
    here.
    """
    kwargs.setdefault("context_settings", {"show_default": True, "allow_extra_args": True})
    made: Callable[[Callable[..., object]], Command] = click.command(name, cls=Command, **kwargs)
    return made


def help_sections(
    command: click.Command, ctx: click.Context
) -> list[tuple[str, list[tuple[str, str]]]]:
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
        if not flag and param.metavar is None:  # click names the type (``INTEGER``): the name
            names = names.removesuffix(f" {param.make_metavar(ctx)}")
            names += f" {_option_metavar(param)}"
        options.append((names, text))
    return [
        (title, rows) for title, rows in (("Arguments", arguments), ("Options", options)) if rows
    ]


class _Suggesting(click.Group):
    """A group that names the commands closest to an unknown one (``Did you mean 'play'?``)."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command ``args`` names; a usage error naming the closest ones if there is none."""
        name = args[0] if args else ""
        unknown = name and not name.startswith("-") and self.get_command(ctx, name) is None
        if unknown and not ctx.resilient_parsing:
            matches = get_close_matches(name, self.list_commands(ctx))
            hint = f" Did you mean {', '.join(repr(m) for m in matches)}?" if matches else ""
            raise click.UsageError(f"No such command {name!r}.{hint}", ctx)
        return super().resolve_command(ctx, args)


class Group(_Suggesting):
    """A group whose commands come from a table of loaders, each run when its command is looked up.

    Click's documented way to lazy subcommands: ``list_commands`` names the
    commands in the table's order (never sorted), ``get_command`` runs the
    loader of one, so a command's module loads only when it is run or listed
    in a help.  ``loaders`` is called each time (a table that depends on
    what is registered now).
    """

    def __init__(
        self, *, loaders: Callable[[], Mapping[str, Callable[[], click.Command]]], **kwargs: Any
    ) -> None:
        kwargs.setdefault("no_args_is_help", True)
        super().__init__(**kwargs)
        self.loaders = loaders

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The commands' names, in the table's order."""
        return list(self.loaders())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, loaded now; ``None`` if there is none."""
        loader = self.loaders().get(cmd_name)
        return None if loader is None else loader()


class Listed(_Suggesting):
    """A group that lists its commands in the order they were added (click's own sorts them)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("no_args_is_help", True)
        super().__init__(**kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The commands' names, in the order they were added."""
        return list(self.commands)
