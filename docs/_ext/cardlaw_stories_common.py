"""What the stories share: playing the engine, checking what a story tells, picturing cards.

Each game's stories (``cardlaw_stories_<game>.py``) are built from these; the
directive that tells them is in ``cardlaw_stories``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardlaw.bots import default_bot, make_bots
from cardlaw.engine.registry import get_game
from cardlaw.sampling import play_game
from cardlaw.spec.cards import Card
from cardlaw.spec.split.cards import NumberCard

__all__ = [
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
    "trick",
]


class StoryError(Exception):
    """A story's game did not go the way the story tells it."""


def expect(condition: bool, what: str) -> None:
    """Fail the story (and the build) unless ``condition`` holds; ``what`` is what it expected."""
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


@cache
def seeded(name: str, seed: int, config: Any = None, bots: tuple[str, ...] = ()) -> list[Step]:
    """The steps of a whole game of ``name`` played by the game's own bots from ``seed``.

    Cached: several stories tell the same game, and none changes the list.
    """
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


def trick(
    cs: Sequence[int | str], seats: Sequence[str], winner: int | str | None = None
) -> list[str]:
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


_CARD = re.compile(r"(?<![\w`])((?:10|[2-9JQKA])[♠♥♦♣]|★)")
_CLAUSES = re.compile(r"\s*\[[a-z][a-z0-9-]*\.[a-z0-9.,\s-]+\]")


def pictured(text: str, names: Sequence[str]) -> str:
    """An engine explanation in plain words: seats by name, cards pictured, no clause ids.

    >>> pictured("Seat 1 wins with J♠ [euchre.trick.winner]", ["Ada", "Ben"])
    'Ben wins with :card:`J♠`'
    """
    text = _CLAUSES.sub("", text)
    text = re.sub(r"\b[Ss]eat (\d)", lambda m: names[int(m.group(1))], text)
    return _CARD.sub(lambda m: card("JK" if m.group(1) == "★" else m.group(1)), text)


# --- stories --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Story:
    """A story: its title and the function that plays it and tells it in reStructuredText."""

    title: str
    tell: Callable[[], list[str]]
