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
from spec.errors import MalformedInput

__all__ = ["games_with_proofs", "obligation", "obligations"]


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
