"""The commands of ``cardlaw``, one module each, listed in :data:`COMMANDS`.

Each module defines ``command``, a :class:`click.Command` (``ask``: a group)
whose body parses its options and calls a library function that does the
work, so the same work can be done from Python.  :data:`COMMANDS` names each
command's loader, in the order ``cardlaw --help`` lists them: a loader
imports its module only when the command is looked up (deferred for
start-up), and :mod:`cardlaw.cli` builds the command line from the table.

>>> list(COMMANDS)
['play', 'replay', 'export', 'bench', 'games', 'query', 'simulate', 'verify', 'ask']
>>> COMMANDS["replay"]().name
'replay'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import click

__all__ = ["COMMANDS"]

# Each loader imports its command's module when the command is first looked up.
# ruff: noqa: PLC0415


def _play() -> click.Command:
    from cardlaw.commands import play

    return play.command


def _replay() -> click.Command:
    from cardlaw.commands import replay

    return replay.command


def _export() -> click.Command:
    from cardlaw.commands import export

    return export.command


def _bench() -> click.Command:
    from cardlaw.commands import bench

    return bench.command


def _games() -> click.Command:
    from cardlaw.commands import games

    return games.command


def _query() -> click.Command:
    from cardlaw.commands import query

    return query.command


def _simulate() -> click.Command:
    from cardlaw.commands import simulate

    return simulate.command


def _verify() -> click.Command:
    from cardlaw.commands import verify

    return verify.command


def _ask() -> click.Command:
    from cardlaw.commands import ask

    return ask.command


COMMANDS: Final[Mapping[str, Callable[[], click.Command]]] = MappingProxyType(
    {
        "play": _play,
        "replay": _replay,
        "export": _export,
        "bench": _bench,
        "games": _games,
        "query": _query,
        "simulate": _simulate,
        "verify": _verify,
        "ask": _ask,
    }
)
"""Command name -> the loader of that command, in the order ``cardlaw --help`` lists them."""
