"""The derived lookup of the games' guides for players (:mod:`spec.guide`).

Each rulebook carries its own guide: a game's guide lives in ``spec/<game>/guide.py`` and
is handed to its rulebook (:func:`spec.rulebooks.game_rulebook`'s ``guide``); nothing here
lists the games.

>>> from cardlaw.spec.divide.rules import RULEBOOK as DIVIDE
>>> from cardlaw.spec.euchre.rules import RULEBOOK as EUCHRE
>>> table = guides((DIVIDE, EUCHRE))
>>> sorted(table), table["euchre"].quick.turn_title
(['divide', 'euchre'], 'A hand')
>>> from cardlaw.spec.clauses import Rulebook
>>> guide_of(Rulebook("demo", "Demo", "demo.txt", (), ()))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: the rulebook of demo carries no guide for players
"""

from __future__ import annotations

from collections.abc import Iterable

from cardlaw.spec.clauses import Rulebook
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.guide import Guide

__all__ = ["guide_of", "guides"]


def guide_of(book: Rulebook) -> Guide:
    """The guide for players of ``book``'s game, which the rulebook carries."""
    if book.guide is None:
        raise MalformedInput(f"the rulebook of {book.game} carries no guide for players")
    return book.guide


def guides(books: Iterable[Rulebook]) -> dict[str, Guide]:
    """The guide of each of ``books``' games, by game name (each must carry one)."""
    return {book.game: guide_of(book) for book in books}
