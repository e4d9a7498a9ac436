"""Every game's guide for players (:mod:`spec.guide`), by game name, listed by import.

>>> sorted(GUIDES)
['divide', 'divided-ranks', 'euchre', 'split']
>>> GUIDES["euchre"].quick.turn_title
'A hand'
"""

from __future__ import annotations

from typing import Final

from spec.divide.guide import GUIDE as DIVIDE
from spec.divided_ranks.guide import GUIDE as DIVIDED_RANKS
from spec.euchre.guide import GUIDE as EUCHRE
from spec.guide import Guide
from spec.split.guide import GUIDE as SPLIT

__all__ = ["GUIDES"]

GUIDES: Final[dict[str, Guide]] = {
    "divide": DIVIDE,
    "divided-ranks": DIVIDED_RANKS,
    "euchre": EUCHRE,
    "split": SPLIT,
}
"""The guide of each game, by the game's name."""
