"""Every game's map of its rule document (:mod:`spec.sources`), by game name, listed by import.

>>> sorted(SOURCE_MAPS)
['divide', 'divided-ranks', 'euchre', 'split']
>>> SOURCE_MAPS["euchre"].document
'euchre.txt'
"""

from __future__ import annotations

from spec.divide.sources import SOURCES as DIVIDE
from spec.divided_ranks.sources import SOURCES as DIVIDED_RANKS
from spec.euchre.sources import SOURCES as EUCHRE
from spec.sources import SourceMap
from spec.split.sources import SOURCES as SPLIT

__all__ = ["SOURCE_MAPS"]

SOURCE_MAPS: dict[str, SourceMap] = {m.game: m for m in (DIVIDE, DIVIDED_RANKS, EUCHRE, SPLIT)}
"""The source map of each game, by the game's name."""
