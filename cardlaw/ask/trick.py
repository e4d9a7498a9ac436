"""What the ``ask ... trick`` commands of the trick-taking games share.

The cards of a trick (an argument, each card read once), and ``--trump``
read by the game's own parser; the game says which cards it has no place for.

>>> read_cards(["KH", "7S"], lambda card: None)
(Card('KH'), Card('7S'))
>>> read_cards(["KH", "KH"], lambda card: None)
Traceback (most recent call last):
...
spec.errors.MalformedInput: bad card 'KH': given twice
>>> from spec.cards import Rank
>>> read_trump("Z", Rank.parse, "a rank (2-10, J, Q, K, A)")
Traceback (most recent call last):
...
spec.errors.MalformedInput: --trump must be a rank (2-10, J, Q, K, A), not 'Z'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import typer

from spec.cards import Card
from spec.errors import CardlawError, MalformedInput

__all__ = ["cards_argument", "read_cards", "read_trump"]

T = TypeVar("T")


def cards_argument(example: str) -> Any:
    """The ``CARD...`` argument of a trick command, with an ``example`` trick in its help."""
    return typer.Argument(metavar="CARD", help=f"The trick's cards in play order, e.g. {example}.")


def read_cards(tokens: Sequence[str], foreign: Callable[[Card], str | None]) -> tuple[Card, ...]:
    """The cards ``tokens`` name, each once; ``foreign`` says why a card is not the game's.

    A token that is no card, a card given twice, or one for which
    ``foreign`` gives a reason, is malformed input.
    """
    cards: list[Card] = []
    for token in tokens:
        try:
            card = Card(token)
        except CardlawError as error:
            raise MalformedInput(str(error)) from None
        reason = foreign(card)
        if reason is not None:
            raise MalformedInput(reason)
        if card in cards:
            raise MalformedInput(f"bad card {token!r}: given twice")
        cards.append(card)
    return tuple(cards)


def read_trump(text: str, parse: Callable[[str], T], expected: str) -> T:
    """``--trump`` read by ``parse``; unreadable, it is malformed input (``expected`` says why)."""
    try:
        return parse(text)
    except CardlawError:
        raise MalformedInput(f"--trump must be {expected}, not {text!r}") from None
