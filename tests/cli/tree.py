"""The command tree of ``cardlaw``, walked through click's public API (its lazy groups load here)."""

from __future__ import annotations

from collections.abc import Iterator

import click

from cardlaw.cli import app


def walk(
    command: click.Command = app, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under ``command`` (itself first), by its path: ``("ask", "euchre", "trick")``."""
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, (path, name)
            yield from walk(sub, (*path, name))


def leaves() -> dict[tuple[str, ...], click.Command]:
    """The commands that run (not groups), by path."""
    return {path: command for path, command in walk() if not isinstance(command, click.Group)}


def subcommands(path: tuple[str, ...]) -> list[str]:
    """The names of the commands under the group at ``path``, in ``--help``'s order."""
    group = dict(walk())[path]
    assert isinstance(group, click.Group)
    return group.list_commands(click.Context(group))
