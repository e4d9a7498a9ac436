"""Euchre's configuration: four players and the named variants.

>>> EuchreConfig()
EuchreConfig(players=4, stick_the_dealer=False)
>>> EuchreConfig(players=3)
Traceback (most recent call last):
...
spec.errors.MalformedInput: Euchre is for exactly 4 players, not 3
>>> EuchreConfig(stick_the_dealer=True).players = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'players'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from spec.errors import MalformedInput
from spec.euchre.constants import PLAYERS
from spec.trace import enforces
from spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "EuchreConfig"]


@dataclass(frozen=True, slots=True, kw_only=True)
class EuchreConfig:
    """How a game of Euchre is set up.

    Attributes:
        players: always 4 [euchre.setup.players]; any other count is rejected.
        stick_the_dealer: what happens when all four pass in both rounds of
            bidding [euchre.ruling.all-pass].  ``False`` (the default): the
            hand is thrown in and the next dealer deals.  ``True`` (variant
            *stick-the-dealer*): the dealer may not pass in the second round
            and must name one of the three other suits.
    """

    players: int = PLAYERS
    stick_the_dealer: bool = False

    @enforces("euchre.setup.players", "euchre.ruling.all-pass")
    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise MalformedInput(f"players must be a number, not {self.players!r}")
        if self.players != PLAYERS:
            raise MalformedInput(f"Euchre is for exactly {PLAYERS} players, not {self.players!r}")
        if not isinstance(self.stick_the_dealer, bool):
            raise MalformedInput(
                f"stick_the_dealer must be true or false, not {self.stick_the_dealer!r}"
            )


PLAYER_COUNTS: Final[tuple[int, ...]] = (PLAYERS,)
"""The player counts of Euchre: four [euchre.setup.players]."""

VARIANTS: Final[tuple[Variant, ...]] = (
    Variant(
        name="stick-the-dealer",
        options={"stick_the_dealer": True},
        clause="euchre.ruling.all-pass",
        summary="When all pass twice the dealer must name trump instead of throwing in.",
    ),
)
"""Euchre's named variants."""
