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
from typing import Final, Literal

from spec.divided_ranks.constants import PLAYERS
from spec.errors import MalformedInput
from spec.trace import enforces
from spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "DividedRanksConfig", "ReserveOrder", "SwapRule"]

SwapRule = Literal["blind", "face-up"]
ReserveOrder = Literal["fewer-splits", "coin"]


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
        if self.players != PLAYERS:
            raise MalformedInput(f"Divided Ranks is for {PLAYERS} players, not {self.players!r}")
        if self.swap not in ("blind", "face-up"):
            raise MalformedInput(f"swap must be 'blind' or 'face-up', not {self.swap!r}")
        if self.reserve_order not in ("fewer-splits", "coin"):
            raise MalformedInput(
                f"reserve_order must be 'fewer-splits' or 'coin', not {self.reserve_order!r}"
            )


PLAYER_COUNTS: Final[tuple[int, ...]] = (PLAYERS,)
"""The player counts of Divided Ranks: two [divided-ranks.setup.players]."""

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
