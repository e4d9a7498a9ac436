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
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand

from cardlaw.values import guard

__all__ = ["Command", "before_examples", "use_plain_help"]


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
            self.help = before_examples(self.help)

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
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            names, text = record
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
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def use_plain_help(app: typer.Typer) -> None:
    """Give every command of ``app`` and of its sub-apps the :class:`Command` class."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # typer's default, not a class of the command's own
            info.cls = Command
    for group in app.registered_groups:
        if group.typer_instance is not None:
            use_plain_help(group.typer_instance)
