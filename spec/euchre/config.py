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

from spec.errors import MalformedInput
from spec.euchre.constants import PLAYERS
from spec.trace import enforces

__all__ = ["EuchreConfig"]


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
            raise MalformedInput(f"Euchre is for exactly {PLAYERS} players, not {self.players}")
        if not isinstance(self.stick_the_dealer, bool):
            raise MalformedInput(
                f"stick_the_dealer must be true or false, not {self.stick_the_dealer!r}"
            )
