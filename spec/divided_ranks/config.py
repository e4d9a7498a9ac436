"""Divided Ranks' configuration: two players and the named variants.

>>> DividedRanksConfig()
DividedRanksConfig(players=2, swap='blind', reserve_order='fewer-splits')
>>> DividedRanksConfig(players=3)
Traceback (most recent call last):
...
spec.errors.MalformedInput: Divided Ranks is for 2 players, not 3
>>> DividedRanksConfig(swap="open")
Traceback (most recent call last):
...
spec.errors.MalformedInput: swap must be 'blind' or 'face-up', not 'open'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from spec.configs import require_choice, require_players
from spec.divided_ranks.constants import PLAYERS
from spec.trace import enforces
from spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "DividedRanksConfig", "ReserveOrder", "SwapRule"]

SwapRule = Literal["blind", "face-up"]
ReserveOrder = Literal["fewer-splits", "coin"]

PLAYER_COUNTS: Final[tuple[int, ...]] = (PLAYERS,)
"""The player counts of Divided Ranks: two [divided-ranks.setup.players]."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DividedRanksConfig:
    """How a game of Divided Ranks is set up.

    Attributes:
        players: always 2 [divided-ranks.setup.players].
        swap: ``"blind"`` (the default): a reserve exchange is seen only by
            the player making it [divided-ranks.reserve.blind,
            divided-ranks.ruling.blind-swap-view].  ``"face-up"`` (variant
            *face-up-swap*): both players see the card given and the card
            taken [divided-ranks.variant.face-up-swap].
        reserve_order: ``"fewer-splits"`` (the default): the player who split
            twice takes the first reserve turn [divided-ranks.reserve.order].
            ``"coin"`` (variant *coin-flip-reserve*): chance decides, as in
            the document's measurements [divided-ranks.variant.coin-flip-reserve].
    """

    players: int = PLAYERS
    swap: SwapRule = "blind"
    reserve_order: ReserveOrder = "fewer-splits"

    @enforces(
        "divided-ranks.setup.players",
        "divided-ranks.variant.face-up-swap",
        "divided-ranks.variant.coin-flip-reserve",
    )
    def __post_init__(self) -> None:
        require_players(self.players, PLAYER_COUNTS, f"Divided Ranks is for {PLAYERS} players")
        require_choice("swap", self.swap, get_args(SwapRule))
        require_choice("reserve_order", self.reserve_order, get_args(ReserveOrder))


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant(
        name="face-up-swap",
        options={"swap": "face-up"},
        clause="divided-ranks.variant.face-up-swap",
        summary="Reserve exchanges are made in the open: both players see both cards.",
    ),
    Variant(
        name="coin-flip-reserve",
        options={"reserve_order": "coin"},
        clause="divided-ranks.variant.coin-flip-reserve",
        summary="A coin, not the split count, decides who takes the first reserve turn.",
    ),
)
"""Divided Ranks' named variants."""
