"""Worked examples told as stories at the table, made by playing the engine when the docs build.

``.. cardlaw-story:: GAME NAME`` plays one of the stories of :func:`stories` (each
game's are in ``cardlaw_stories_<game>.py``, listed in :mod:`cardlaw_games`, read when
asked) through the
Game API and tells it in plain words with pictures of the cards (the role and directives of
``cardlaw_cards``).  A story checks what it tells: a story whose game does not go
the way the story says (a seed that no longer ends in a tie, a trick won by
another card) raises :class:`StoryError`, and the build fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import cardlaw_games
import cardlaw_stories_rules
from cardlaw_stories_common import Story, StoryError
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

__all__ = ["StoryDirective", "stories", "story_lines"]


def stories() -> dict[str, Mapping[str, Story]]:
    """Game name -> story name -> story, from the docs' table of games
    (:data:`cardlaw_games.DOCS_GAMES`) as it is when asked.

    >>> sorted(stories()["split"])
    ['cooperative', 'reset', 'wild']
    """
    return {row.name: row.stories for row in cardlaw_games.DOCS_GAMES}


def story_lines(game: str, name: str) -> list[str]:
    """The reStructuredText of one story, played now."""
    told = stories()
    if game not in told or name not in told[game]:
        known = ", ".join(f"{g} {n}" for g in told for n in told[g])
        raise StoryError(f"no story {game} {name} (known: {known})")
    story = told[game][name]
    return [f".. rubric:: {story.title}", "", *story.tell()]


class StoryDirective(SphinxDirective):
    """``.. cardlaw-story:: GAME NAME`` — a worked example played by the engine."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        game, name = self.arguments
        package = game.replace("-", "_")
        here = Path(__file__).resolve().parent
        for path in sorted(here.glob("cardlaw_stories*.py")):  # rebuilt when a story changes
            self.env.note_dependency(str(path))
        root = here.parents[1]
        for pattern in (f"spec/{package}/*.py", f"engine/{package}/*.py", "cardlaw/bots/*.py"):
            for path in sorted(root.glob(pattern)):  # ... or the rules and bots it plays
                self.env.note_dependency(str(path))
        try:
            lines = story_lines(game, name)
        except StoryError as error:
            raise self.error(f"cardlaw-story {game} {name}: {error}") from error
        box = nodes.container()
        box["classes"].append("cardlaw-story")
        self.state.nested_parse(
            StringList(lines, source=f"<cardlaw-story {game} {name}>"), self.content_offset, box
        )
        return [box]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the story directive and the player's rules."""
    app.add_directive("cardlaw-story", StoryDirective)
    cardlaw_stories_rules.setup(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
