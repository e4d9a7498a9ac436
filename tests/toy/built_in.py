"""The toy made one of cardlaw's own games, for one test: a row in each layer's one table.

``docs/adding-a-game.rst`` lists the tables a game of cardlaw's is declared in;
:func:`built_in` puts High Card (``tests/toy``) in each of them, for the duration
of a ``with`` block, through pytest's ``monkeypatch`` (so every table is restored
after the test, whatever happens):

1. engine: ``engine.registry._BUILT_IN``, the loader of its game;
2. proofs: ``proofs.registry.PROOFS``, a row with no obligations and no query domains;
3. cardlaw: ``cardlaw.games.RECORDS``, a record (no bots of its own, the generic log, no
   questions, the statistics below, no binding);
4. docs: ``docs/_ext/cardlaw_games.py``'s ``DOCS_GAMES``, a row with no stories;
5. tests: ``tests.games.ADAPTERS`` lists it already; it leaves ``tests.games.OUTSIDE``.

Two of these tables have a copy made at import that must be patched with them (the
findings of issue 34, reported rather than changed here, for the engine is not this
test's to change): the registry's ``_LOADERS`` (every registered game's loader, copied
from ``_BUILT_IN``) and its cache of loaded games ``_LOADED``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

import cardlaw.engine.registry
import cardlaw.games
import cardlaw.proofs.registry
import tests.games
from cardlaw.engine.api import AnyGame
from cardlaw.games import GameRecord
from cardlaw.proofs.registry import GameProofs
from cardlaw.render import generic
from cardlaw.sampling import AnyPlayout
from cardlaw.simulation.claims import Facts, Report, Statistics
from cardlaw.simulation.stats import Statistic, wilson
from tests.toy.game import TOY

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))

import cardlaw_games

__all__ = ["TOY_DOCS", "TOY_PROOFS", "TOY_RECORD", "built_in", "cardlaw_games"]


def _facts(game: AnyGame, config: object, playout: AnyPlayout, bot_names: Sequence[str]) -> Facts:
    """What one game of High Card contributes: its winner."""
    result = game.result(playout.final)
    assert result is not None
    return {"winner": result.winner}


def _report(
    all_facts: Sequence[Facts], config: Mapping[str, object], bot_names: Sequence[str]
) -> Report:
    """Each seat's share of the games won."""
    n = len(all_facts)
    return Report(
        tuple(
            Statistic(
                f"seat {seat} wins the game",
                wilson(sum(f["winner"] == seat for f in all_facts), n),
                group="win share by seat",
            )
            for seat in (0, 1)
        )
    )


def _no_binding() -> Any:
    raise LookupError("High Card has no adapter binding (OpenSpiel, PettingZoo)")


TOY_RECORD = GameRecord(
    name=TOY.name,
    bots=lambda: {},
    renderer=lambda: generic.log_lines,
    questions=lambda: (),
    statistics=lambda: Statistics(facts=_facts, report=_report),
    binding=_no_binding,
)
"""The toy's record in cardlaw's table: ``random`` and ``mcts`` only, the generic log, no
questions of its own, a win share by seat for ``cardlaw simulate``."""

TOY_PROOFS = GameProofs(
    game=TOY.name,
    obligations=(),
    build=lambda rules: (),
    build_config=lambda config: (),
    domains={},
    build_domains=lambda rules: {},
    examples=(),
    domains_doc="",
)
"""The toy's row in the proofs' table: nothing proved, nothing to query."""

TOY_DOCS = cardlaw_games.DocsGame(TOY.name, {})
"""The toy's row in the docs' table: its two pages, no stories."""


def built_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy one of cardlaw's own games until ``monkeypatch`` is undone."""
    registry = cardlaw.engine.registry

    def load() -> AnyGame:
        return TOY

    built: Mapping[str, Any] = {**registry._BUILT_IN, TOY.name: load}
    monkeypatch.setattr(registry, "_BUILT_IN", built)
    monkeypatch.setattr(registry, "_LOADERS", dict(built))  # the copy made at import
    monkeypatch.setattr(registry, "_LOADED", dict(registry._LOADED))  # the cache of loads
    monkeypatch.setattr(
        cardlaw.proofs.registry, "PROOFS", (*cardlaw.proofs.registry.PROOFS, TOY_PROOFS)
    )
    monkeypatch.setattr(
        cardlaw.games,
        "RECORDS",
        MappingProxyType({**cardlaw.games.RECORDS, TOY.name: TOY_RECORD}),
    )
    monkeypatch.setattr(cardlaw_games, "DOCS_GAMES", (*cardlaw_games.DOCS_GAMES, TOY_DOCS))
    outside = {name: game for name, game in tests.games.OUTSIDE.items() if name != TOY.name}
    monkeypatch.setattr(tests.games, "OUTSIDE", MappingProxyType(outside))
