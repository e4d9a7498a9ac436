"""Readable logs of games for the terminal (rich markup), one module per game.

``cardlaw/render/<package>.py`` provides ``log_lines(states, actions, events,
players)``; a game without one gets the generic log of :mod:`cardlaw.render.generic`.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from spec.cards import Card, CardSet

__all__ = ["card_markup", "cards_markup", "render_module"]


def render_module(game: str) -> ModuleType:
    """The module that renders logs of ``game``."""
    name = f"cardlaw.render.{game.replace('-', '_')}"
    if find_spec(name) is None:
        name = "cardlaw.render.generic"
    return import_module(name)


def card_markup(card: Card) -> str:
    """A card with its suit symbol, red for Hearts and Diamonds.

    >>> card_markup(Card("7H")), card_markup(Card("AS"))
    ('[red]7♥[/red]', 'A♠')
    """
    if not card.is_joker and card.suit.red:
        return f"[red]{card.pretty}[/red]"
    return card.pretty


def cards_markup(cards: CardSet) -> str:
    """A set of cards in display order, coloured; ``—`` when empty."""
    return " ".join(card_markup(c) for c in cards.sorted()) or "—"
