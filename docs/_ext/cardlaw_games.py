"""The docs' one table of games: each game's pages and its worked examples, listed by name.

A game of the registry (:mod:`engine.registry`) is shown by two pages,
``games/<name>.rst`` (the player's) and ``games/<name>-judge.rst`` (the judge's),
and tells the stories of its ``cardlaw_stories_<game>.py``.  A new game adds its
row here; the stories directive (:mod:`cardlaw_stories`) reads this table, and
``tests/test_game_tables.py`` checks that every registered game has a row and its pages.

>>> [row.name for row in DOCS_GAMES]
['divide', 'divided-ranks', 'split', 'euchre']
>>> DOCS_GAMES[1].pages
('games/divided-ranks', 'games/divided-ranks-judge')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

import cardlaw_stories_divide
import cardlaw_stories_euchre
import cardlaw_stories_ranks
import cardlaw_stories_split
from cardlaw_stories_common import Story

__all__ = ["DOCS_GAMES", "DocsGame"]


@dataclass(frozen=True)
class DocsGame:
    """One game's row in the docs."""

    name: str
    """The game's name, as in :data:`engine.registry.GAMES`."""
    stories: Mapping[str, Story]
    """Its worked examples (``cardlaw_stories_<game>.py``), by name."""

    @property
    def pages(self) -> tuple[str, str]:
        """Its player's page and its judge's page (documents under ``docs/``)."""
        return (f"games/{self.name}", f"games/{self.name}-judge")


DOCS_GAMES: Final[tuple[DocsGame, ...]] = (
    DocsGame("divide", cardlaw_stories_divide.STORIES),
    DocsGame("divided-ranks", cardlaw_stories_ranks.STORIES),
    DocsGame("split", cardlaw_stories_split.STORIES),
    DocsGame("euchre", cardlaw_stories_euchre.STORIES),
)
"""Every game the docs show, in the order of :data:`engine.registry.GAMES`."""
