"""Euchre's configuration: four players and the named variants.

>>> EuchreConfig()
EuchreConfig(players=4, stick_the_dealer=False, rules=EuchreRules())
>>> EuchreConfig(rules=EuchreRules(target=11)).rules.target
11
>>> EuchreConfig(rules=EuchreRules(cards_each=6))
Traceback (most recent call last):
...
spec.errors.MalformedInput: 4 players dealt CARDS_EACH=6 cards each take 24 of the 24 cards \
and leave none for the up-card [euchre.deal.up-card]
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

from spec.configs import require_flag, require_players, whole_number
from spec.errors import MalformedInput
from spec.euchre.constants import PLAYERS
from spec.euchre.parameters import PRINTED_RULES, EuchreRules, check_rules
from spec.trace import enforces
from spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "EuchreConfig", "EuchreRules"]

PLAYER_COUNTS: Final[tuple[int, ...]] = (PLAYERS,)
"""The player counts of Euchre: four [euchre.setup.players]."""


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
        rules: the numbers of the rules (:mod:`spec.euchre.parameters`),
            the printed ones unless a designer changed some (``--set``).
    """

    players: int = PLAYERS
    stick_the_dealer: bool = False
    rules: EuchreRules = PRINTED_RULES

    @enforces("euchre.setup.players", "euchre.ruling.all-pass")
    def __post_init__(self) -> None:
        players = whole_number(self.players, "players")
        require_players(players, PLAYER_COUNTS, f"Euchre is for exactly {PLAYERS} players")
        require_flag("stick_the_dealer", self.stick_the_dealer)
        if type(self.rules) is not EuchreRules:
            raise MalformedInput(f"rules must be Euchre's rules, not {self.rules!r}")
        check_rules(self.rules)


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant(
        name="stick-the-dealer",
        options={"stick_the_dealer": True},
        clause="euchre.ruling.all-pass",
        summary="When all pass twice the dealer must name trump instead of throwing in.",
    ),
)
"""Euchre's named variants."""
