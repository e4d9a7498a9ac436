"""The derived lookup of the games' source maps: each rulebook carries its own.

A game's map of its rule document lives in ``spec/<game>/sources.py`` and is handed to
its rulebook (:func:`spec.rulebooks.game_rulebook`'s ``sources``); nothing here lists
the games.  The docs and the tests look the maps up from the registered games'
rulebooks:

>>> from cardlaw.spec.divide.rules import RULEBOOK as DIVIDE
>>> from cardlaw.spec.euchre.rules import RULEBOOK as EUCHRE
>>> maps = source_maps((DIVIDE, EUCHRE))
>>> sorted(maps), maps["euchre"].document
(['divide', 'euchre'], 'euchre.txt')
>>> from cardlaw.spec.clauses import Rulebook
>>> source_map(Rulebook("demo", "Demo", "demo.txt", (), ()))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: the rulebook of demo carries no map of its rule document
"""

from __future__ import annotations

from collections.abc import Iterable

from cardlaw.spec.clauses import Rulebook
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.source_map import SourceMap

__all__ = ["source_map", "source_maps"]


def source_map(book: Rulebook) -> SourceMap:
    """The map of ``book``'s rule document, which the rulebook carries."""
    if book.sources is None:
        raise MalformedInput(f"the rulebook of {book.game} carries no map of its rule document")
    return book.sources


def source_maps(books: Iterable[Rulebook]) -> dict[str, SourceMap]:
    """The map of each of ``books``' rule documents, by game name (each must carry one)."""
    return {book.game: source_map(book) for book in books}
