"""Divided Ranks' configuration: two players and the named variants.

>>> DividedRanksConfig()
DividedRanksConfig(players=2, swap='blind', reserve_order='fewer-splits', rules=DividedRanksRules())
>>> DividedRanksConfig(rules=DividedRanksRules(rounds=10, pair_size=1)).rules.splits
(5, 5)
>>> DividedRanksConfig(rules=DividedRanksRules(pair_size=1))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: ROUNDS=5 x 2 x PAIR_SIZE=1 deals 10 cards, but the draft must \
deal \
out the 20-card stock so that each player holds 10 [divided-ranks.draft.end]
>>> DividedRanksConfig(players=3)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Divided Ranks is for 2 players, not 3
>>> DividedRanksConfig(swap="open")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: swap must be 'blind' or 'face-up', not 'open'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from cardlaw.spec.configs import require_choice, require_players
from cardlaw.spec.divided_ranks.constants import PLAYERS
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules, check_rules
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.trace import enforces
from cardlaw.spec.variants import Variant

__all__ = [
    "PLAYER_COUNTS",
    "VARIANTS",
    "DividedRanksConfig",
    "DividedRanksRules",
    "ReserveOrder",
    "SwapRule",
]

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
        rules: the numbers of the rules (:mod:`spec.divided_ranks.parameters`),
            the printed ones unless a designer changed some (``--set``).
    """

    players: int = PLAYERS
    swap: SwapRule = "blind"
    reserve_order: ReserveOrder = "fewer-splits"
    rules: DividedRanksRules = PRINTED_RULES

    @enforces(
        "divided-ranks.setup.players",
        "divided-ranks.variant.face-up-swap",
        "divided-ranks.variant.coin-flip-reserve",
    )
    def __post_init__(self) -> None:
        require_players(self.players, PLAYER_COUNTS, f"Divided Ranks is for {PLAYERS} players")
        require_choice("swap", self.swap, get_args(SwapRule))
        require_choice("reserve_order", self.reserve_order, get_args(ReserveOrder))
        if type(self.rules) is not DividedRanksRules:
            raise MalformedInput(f"rules must be Divided Ranks' rules, not {self.rules!r}")
        check_rules(self.rules)


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
