"""Worked examples told as stories at the table, made by playing the engine when the docs build.

``.. cardlaw-story:: GAME NAME`` plays one of the stories of :data:`STORIES` (each
game's are in ``cardlaw_stories_<game>.py``) through the Game API and tells it in
plain words with pictures of the cards (the role and directives of
``cardlaw_cards``).  A story checks what it tells: a story whose game does not go
the way the story says (a seed that no longer ends in a tie, a trick won by
another card) raises :class:`StoryError`, and the build fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cardlaw.bots import default_bot, make_bots
from cardlaw.sampling import play_game
from engine.registry import get_game
from spec.cards import Card
from spec.split.cards import NumberCard

__all__ = [
    "STORIES",
    "Step",
    "Story",
    "StoryError",
    "card",
    "cards",
    "expect",
    "hand",
    "piles",
    "replay",
    "seeded",
    "story_lines",
    "trick",
]


class StoryError(Exception):
    """A story's game did not go the way the story tells it."""


def expect(condition: bool, what: str) -> None:
    """Fail the story (and the build) unless ``condition`` holds; ``what`` says what was expected."""
    if not condition:
        raise StoryError(f"the story expected {what}")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a game: the state before, the action, the state after, its events."""

    before: Any
    action: Any
    after: Any
    events: tuple[dict[str, Any], ...]


def replay(game: Any, config: Any, actions: Iterable[Any]) -> list[Step]:
    """The steps of ``actions`` played from a new game under ``config``."""
    state = game.new_game(config)
    out = []
    for action in actions:
        after = game.apply(state, action)
        out.append(Step(state, action, after, tuple(game.events(state, action, after))))
        state = after
    return out


def seeded(name: str, seed: int, config: Any = None, bots: Sequence[str] = ()) -> list[Step]:
    """The steps of a whole game of ``name`` played by the game's own bots from ``seed``."""
    game = get_game(name)
    config = config if config is not None else game.config()
    chosen = list(bots) or [default_bot(game)] * config.players
    playout = play_game(game, config, make_bots(game, chosen), seed=seed, max_actions=20_000)
    return replay(game, config, playout.actions)


# --- reStructuredText for the pictures ---------------------------------------------------------


def _token(c: int | str, numbers: bool = False) -> str:
    if isinstance(c, NumberCard) or numbers:
        return str(int(c))  # a Split card
    if isinstance(c, str):
        return c
    return str(Card(c))


def card(c: int | str, numbers: bool = False) -> str:
    """One card pictured inline (a :class:`Card`, an index, or a token; a number for Split)."""
    return f":card:`{_token(c, numbers)}`"


def cards(cs: Iterable[int | str]) -> str:
    """Cards pictured inline, separated by spaces."""
    return " ".join(card(c) for c in cs)


def hand(cs: Iterable[int | str], label: str = "", numbers: bool = False) -> list[str]:
    """A row of cards as a directive (``numbers``: Split's numbered cards)."""
    lines = [f".. cardlaw-hand:: {' '.join(_token(c, numbers) for c in cs)}"]
    if label:
        lines.append(f"   :label: {label}")
    return [*lines, ""]


def trick(cs: Sequence[int | str], seats: Sequence[str], winner: int | str | None = None) -> list[str]:
    """A trick as a directive: ``seats`` names who played each card, ``winner`` the winning card."""
    lines = [
        f".. cardlaw-trick:: {' '.join(_token(c) for c in cs)}",
        f"   :seats: {', '.join(seats)}",
    ]
    if winner is not None:
        lines.append(f"   :winner: {_token(winner)}")
    return [*lines, ""]


def piles(left: int, right: int, middle: int | None = None) -> list[str]:
    """Split's piles as a directive."""
    lines = [f".. cardlaw-piles:: {left} {right}"]
    if middle is not None:
        lines.append(f"   :middle: {middle}")
    return [*lines, ""]


# --- the stories --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Story:
    """A story: its title and the function that plays it and tells it in reStructuredText."""

    title: str
    tell: Callable[[], list[str]]


def _stories() -> dict[str, dict[str, Story]]:
    import cardlaw_stories_divide
    import cardlaw_stories_euchre
    import cardlaw_stories_ranks
    import cardlaw_stories_split

    return {
        "divide": cardlaw_stories_divide.STORIES,
        "euchre": cardlaw_stories_euchre.STORIES,
        "divided-ranks": cardlaw_stories_ranks.STORIES,
        "split": cardlaw_stories_split.STORIES,
    }


STORIES: dict[str, dict[str, Story]] = {}
"""Game name -> story name -> story, filled when the extension is set up."""


def story_lines(game: str, name: str) -> list[str]:
    """The reStructuredText of one story, played now."""
    if not STORIES:
        STORIES.update(_stories())
    if game not in STORIES or name not in STORIES[game]:
        known = ", ".join(f"{g} {n}" for g in STORIES for n in STORIES[g])
        raise StoryError(f"no story {game} {name} (known: {known})")
    story = STORIES[game][name]
    return [f".. rubric:: {story.title}", "", *story.tell()]


class StoryDirective(SphinxDirective):
    """``.. cardlaw-story:: GAME NAME`` — a worked example played by the engine."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        game, name = self.arguments
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
    """Register the story directive."""
    app.add_directive("cardlaw-story", StoryDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
