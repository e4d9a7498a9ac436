"""Divide's configuration: the player count and the named variants.

>>> DivideConfig()
DivideConfig(players=4, trump_suit='printed')
>>> DivideConfig(players=3)
Traceback (most recent call last):
...
spec.errors.MalformedInput: Divide is for 4 or 5 players, not 3
>>> DivideConfig().players = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'players'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from spec.configs import require_choice, require_players
from spec.divide.constants import PLAYER_COUNTS
from spec.trace import enforces
from spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "DivideConfig", "TrumpSuitRule"]

TrumpSuitRule = Literal["printed", "own"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DivideConfig:
    """How a game of Divide is set up.

    Attributes:
        players: 4 or 5 [divide.setup.players].
        trump_suit: which suit a Trump Rank card belongs to when following
            suit [divide.ruling.trump-rank-suit].  ``"printed"`` (the
            default): its printed suit, so a 7♥ follows Hearts and a led 7♠
            asks for Spades.  ``"own"`` (variant *trump-rank-own-suit*): the
            Trump Rank cards form a suit of their own; a 7♥ is not a Heart,
            and a led Trump Rank card asks for Trump Rank cards.
    """

    players: int = 4
    trump_suit: TrumpSuitRule = "printed"

    @enforces("divide.setup.players", "divide.ruling.trump-rank-suit")
    def __post_init__(self) -> None:
        require_players(self.players, PLAYER_COUNTS, "Divide is for 4 or 5 players")
        require_choice("trump_suit", self.trump_suit, get_args(TrumpSuitRule))


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant(
        name="trump-rank-own-suit",
        options={"trump_suit": "own"},
        clause="divide.ruling.trump-rank-suit",
        summary="The Trump Rank cards form a suit of their own when following suit.",
    ),
)
"""Divide's named variants (its ``PLAYER_COUNTS`` come from the constants)."""
