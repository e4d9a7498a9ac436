"""Divide's configuration: the player count and the named variants.

>>> DivideConfig()
DivideConfig(players=4, trump_suit='printed', rules=DivideRules())
>>> DivideConfig(players=5, rules=DivideRules(cards_dealt=11))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 5 players dealt CARDS_DEALT=11 cards each need 55 cards from a \
52-card deck [divide.deal.nine]
>>> DivideConfig(players=3)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Divide is for 4 or 5 players, not 3
>>> DivideConfig().players = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'players'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from cardlaw.spec.configs import require_choice, require_players
from cardlaw.spec.divide.constants import PLAYER_COUNTS
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules, check_rules
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.trace import enforces
from cardlaw.spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "DivideConfig", "DivideRules", "TrumpSuitRule"]

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
        rules: the numbers of the rules (:mod:`spec.divide.parameters`),
            the printed ones unless a designer changed some (``--set``).
    """

    players: int = 4
    trump_suit: TrumpSuitRule = "printed"
    rules: DivideRules = PRINTED_RULES

    @enforces("divide.setup.players", "divide.ruling.trump-rank-suit")
    def __post_init__(self) -> None:
        require_players(self.players, PLAYER_COUNTS, "Divide is for 4 or 5 players")
        require_choice("trump_suit", self.trump_suit, get_args(TrumpSuitRule))
        if type(self.rules) is not DivideRules:
            raise MalformedInput(f"rules must be Divide's rules, not {self.rules!r}")
        check_rules(self.rules, self.players)


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant(
        name="trump-rank-own-suit",
        options={"trump_suit": "own"},
        clause="divide.ruling.trump-rank-suit",
        summary="The Trump Rank cards form a suit of their own when following suit.",
    ),
)
"""Divide's named variants (its ``PLAYER_COUNTS`` come from the constants)."""
