"""Every game's proof obligations, found as ``proofs/<package>/obligations.py``.

>>> [o.id for o in obligations("divide")][:1]
['divide.tokens.supply-never-negative.4p']
>>> obligations("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spec.errors.MalformedInput: no proofs for game 'chess' (games with proofs: divide...)
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from pathlib import Path

from engine.registry import GAMES
from proofs.core import Obligation
from proofs.query import Domain
from spec.errors import MalformedInput

__all__ = ["domains", "games_with_proofs", "games_with_queries", "obligation", "obligations"]


@cache
def _by_game() -> dict[str, tuple[Obligation, ...]]:
    root = Path(__file__).parent
    found: dict[str, tuple[Obligation, ...]] = {}
    for info in pkgutil.iter_modules([str(root)]):
        if info.ispkg and (root / info.name / "obligations.py").exists():
            module = import_module(f"proofs.{info.name}.obligations")
            found[info.name.replace("_", "-")] = tuple(module.OBLIGATIONS)
    order = list(GAMES)
    return dict(sorted(found.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))


def games_with_proofs() -> tuple[str, ...]:
    """The games that have obligations, in listing order."""
    return tuple(_by_game())


def obligations(game: str | None = None) -> tuple[Obligation, ...]:
    """The obligations of one game, or of every game."""
    table = _by_game()
    if game is None:
        return tuple(o for obs in table.values() for o in obs)
    if game not in table:
        known = ", ".join(table)
        raise MalformedInput(f"no proofs for game {game!r} (games with proofs: {known})")
    return table[game]


def obligation(obligation_id: str) -> Obligation:
    """One obligation by id."""
    for candidate in obligations():
        if candidate.id == obligation_id:
            return candidate
    raise MalformedInput(f"no obligation {obligation_id!r}")


@cache
def _domains() -> dict[str, dict[str, Domain]]:
    root = Path(__file__).parent
    found: dict[str, dict[str, Domain]] = {}
    for info in pkgutil.iter_modules([str(root)]):
        if info.ispkg and (root / info.name / "domains.py").exists():
            module = import_module(f"proofs.{info.name}.domains")
            found[info.name.replace("_", "-")] = dict(module.DOMAINS)
    return found


def games_with_queries() -> tuple[str, ...]:
    """The games ``cardlaw query`` can answer questions about."""
    order = list(GAMES)
    return tuple(sorted(_domains(), key=lambda g: order.index(g) if g in order else 99))


def domains(game: str) -> dict[str, Domain]:
    """The query domains of a game (``proofs/<package>/domains.py``)."""
    table = _domains()
    if game not in table:
        known = ", ".join(games_with_queries())
        raise MalformedInput(f"no queries for game {game!r} (games with queries: {known})")
    return table[game]
