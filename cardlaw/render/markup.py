"""Cards in rich markup, for the games' logs: suit symbols, red for Hearts and Diamonds."""

from __future__ import annotations

from cardlaw.spec.cards import Card, CardSet

__all__ = ["card_markup", "cards_markup"]


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
