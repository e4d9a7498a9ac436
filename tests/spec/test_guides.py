"""Each game's guide for players: its rulings are rulings of the game, and none is missing.

The rulings that change how a player plays must reach the player's page; those the
review of the rule documents found hidden on the judge's page alone are listed here.
"""

from __future__ import annotations

import pytest

from cardlaw.engine.registry import all_games
from cardlaw.spec.guides import guides
from tests.games import ADAPTERS

GUIDES = guides(game.rulebook for game in all_games())
"""Each game's guide for players, from its rulebook (which carries it)."""

GAMES = {game.name: game for game in all_games()}


def test_every_game_has_a_guide() -> None:
    assert sorted(GUIDES) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_guide_retells_rulings_of_its_game_in_rulebook_order(name: str) -> None:
    book = GAMES[name].rulebook
    ids = list(GUIDES[name].rulings)
    assert all(i in book and book[i].is_ruling for i in ids), ids
    order = [c.id for c in book.rulings]
    assert ids == sorted(ids, key=order.index)
    assert all(text.strip() and "[" not in text for text in GUIDES[name].rulings.values())


@pytest.mark.parametrize("name", [name for name in ADAPTERS if ADAPTERS[name].CHANGES_PLAY])
def test_the_rulings_that_change_play_reach_the_player(name: str) -> None:
    assert set(ADAPTERS[name].CHANGES_PLAY) <= set(GUIDES[name].rulings)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_quick_reference_has_every_part(name: str) -> None:
    quick = GUIDES[name].quick
    assert quick.turn and quick.scoring and quick.ranking
    assert all(len(row) == 2 and all(row) for row in quick.scoring)
    # One printed page: a card of a few dozen lines at most.
    assert len(quick.turn) + len(quick.scoring) + len(quick.ranking) <= 20
