"""Every registered game is in each layer's one table, and the test says what is missing.

A game is declared once per layer (``docs/adding-a-game.rst`` is the checklist):

- **spec**: its rulebook carries its source map and its guide for players
  (``spec/<package>/sources.py`` and ``guide.py``, handed to
  :func:`spec.rulebooks.game_rulebook`): the spec has no table of games;
- **engine**: :mod:`engine.registry` lists its :class:`~engine.manifest.Manifest`
  (``engine/<package>/game.py``); the games of this test are those;
- **proofs**: :data:`proofs.registry.PROOFS` has its row;
- **cardlaw**: the command line's one record per game, ``cardlaw.games.RECORDS``, whose
  loaders load (see :func:`cardlaw_missing`);
- **docs**: ``docs/_ext/cardlaw_games.py``'s ``DOCS_GAMES`` has its row, its pages exist,
  and ``docs/index.rst`` lists the player's page;
- **tests**: :data:`tests.games.ADAPTERS` lists its ``tests/<package>/adapter.py``, which
  holds every datum of :class:`tests.games.Adapter`, none of them left empty.

The toy game (``tests/toy``) is no game of cardlaw's: its adapter must hold every
datum too, but may declare it has none (None, or empty).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import cardlaw.games
import cardlaw.proofs.registry
import tests.games
from cardlaw.engine.game import RulesGame
from cardlaw.engine.registry import GAMES, get_game
from tests.games import Adapter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import cardlaw_games  # noqa: E402

DOCS: Path = ROOT / "docs"
"""The docs' sources: each game's pages and ``index.rst``."""

# Each table is read from its module when a check runs, not copied at import: a test that lists
# one more game in each (tests/toy/test_built_in.py) is checked by the same functions.

DATA: tuple[str, ...] = (*Adapter.__annotations__, "action_universe", "reveals", "referee")
"""Every datum a game's test adapter holds (:class:`tests.games.Adapter`'s members)."""

MAY_BE_EMPTY: frozenset[str] = frozenset(
    {
        "UNSPELLED",
        "BAD_LINES",
        "MALFORMED_RECORDS",
        "PLAY_HELPERS",
        "EQUALLY_LEGAL",
        "ASK_BAD_VALUES",
        "OTHER_APIS",
    }
)
"""The data a game of cardlaw's may leave empty, having no such case: Divide refuses no
command line of its own beyond every game's, only the trick-taking games state their legal
plays twice, only Split has tampered records that are equally legal games, Divided
Ranks' questions take no option of their own, and only Divided Ranks and Euchre have public
entry points of their own beyond the Game API and positions."""


def cardlaw_missing(name: str) -> list[str]:
    """What cardlaw's command line lacks for game ``name``: its one record (``cardlaw.games``).

    The record's loaders are called, so a record that names a missing piece is found too.
    """
    record = cardlaw.games.RECORDS.get(name)
    if record is None:
        return ["cardlaw RECORDS, cardlaw/games.py"]
    gaps = []
    for part in ("bots", "renderer", "questions", "statistics"):
        try:
            getattr(record, part)()
        except Exception as error:  # a loader that cannot load is the gap it names
            gaps.append(f"cardlaw GameRecord.{part} ({type(error).__name__}: {error})")
    return gaps


def adapter_missing(name: str) -> list[str]:
    """The data game ``name``'s test adapter lacks (or, for a game of cardlaw's, leaves
    empty)."""
    if name not in tests.games.ADAPTERS:
        return [f"tests/{name.replace('-', '_')}/adapter.py in tests.games.ADAPTERS"]
    adapter = tests.games.ADAPTERS[name]
    missing = [f"tests adapter {datum}" for datum in DATA if not hasattr(adapter, datum)]
    if name in tests.games.OUTSIDE:
        return missing
    for datum in DATA:
        if datum in MAY_BE_EMPTY or not hasattr(adapter, datum):
            continue
        value = getattr(adapter, datum)
        if datum in ("reveals", "referee"):
            value = value()
        if not callable(value) and not value:
            missing.append(f"tests adapter {datum} (empty)")
    return missing


def missing(name: str, docs: Path = DOCS) -> list[str]:
    """Every table of every layer that lacks game ``name`` (its pages looked for in ``docs``)."""
    game = get_game(name)
    gaps: list[str] = []
    if game.rulebook.sources is None:
        gaps.append(
            f"spec: a source map carried by the rulebook (spec/{name.replace('-', '_')}/sources.py)"
        )
    if game.rulebook.guide is None:
        gaps.append(
            f"spec: a guide carried by the rulebook (spec/{name.replace('-', '_')}/guide.py)"
        )
    if not isinstance(game, RulesGame):
        gaps.append("engine: a Manifest (engine/<package>/game.py)")
    if name not in {row.game for row in cardlaw.proofs.registry.PROOFS}:
        gaps.append("proofs: proofs.registry.PROOFS")
    gaps += [f"cardlaw: {gap}" for gap in cardlaw_missing(name)]
    rows = {row.name: row for row in cardlaw_games.DOCS_GAMES}
    if name not in rows:
        gaps.append("docs: docs/_ext/cardlaw_games.py DOCS_GAMES")
    else:
        gaps += [
            f"docs: docs/{page}.rst"
            for page in rows[name].pages
            if not (docs / f"{page}.rst").is_file()
        ]
    index = (docs / "index.rst").read_text(encoding="utf-8").split()
    if f"games/{name}" not in index:
        gaps.append(f"docs: games/{name} in the Games contents of docs/index.rst")
    gaps += [f"tests: {gap}" for gap in adapter_missing(name)]
    return gaps


@pytest.mark.parametrize("name", list(GAMES))
def test_every_registered_game_is_in_every_layers_table(name: str) -> None:
    gaps = missing(name)
    assert not gaps, f"{name} is missing from: " + "; ".join(gaps)


def test_every_table_lists_registered_games_only() -> None:
    """No table keeps a game the registry does not know (a row left behind)."""
    known = set(GAMES)
    tables = {
        "proofs.registry.PROOFS": {row.game for row in cardlaw.proofs.registry.PROOFS},
        "docs DOCS_GAMES": {row.name for row in cardlaw_games.DOCS_GAMES},
        "tests.games.ADAPTERS": set(tests.games.ADAPTERS) - set(tests.games.OUTSIDE),
    }
    strays = {table: sorted(rows - known) for table, rows in tables.items() if rows - known}
    assert not strays, f"rows for games the registry does not list: {strays}"


@pytest.mark.parametrize("name", list(tests.games.OUTSIDE))
def test_the_tests_own_games_have_every_adapter_datum(name: str) -> None:
    gaps = adapter_missing(name)
    assert not gaps, f"{name} is missing from: " + "; ".join(gaps)
