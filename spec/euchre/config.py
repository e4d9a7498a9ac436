"""Euchre's configuration: four players and the named variants.

>>> EuchreConfig()
EuchreConfig(players=4, stick_the_dealer=False, rules=EuchreRules())
>>> EuchreConfig(keep_up_card=True, sitting_dealer_discards=True)  # doctest: +NORMALIZE_WHITESPACE
EuchreConfig(players=4, stick_the_dealer=False, rules=EuchreRules(), keep_up_card=True,
             sitting_dealer_discards=True)
>>> EuchreConfig(lone_defender=True)
EuchreConfig(players=4, stick_the_dealer=False, rules=EuchreRules(), lone_defender=True)
>>> EuchreConfig(rules=EuchreRules(target=11)).rules.target
11
>>> EuchreConfig(rules=EuchreRules(cards_each=6))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 4 players dealt CARDS_EACH=6 cards each take 24 of the 24 \
cards \
and leave none for the up-card [euchre.deal.up-card]
>>> EuchreConfig(players=3)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Euchre is for exactly 4 players, not 3
>>> EuchreConfig(stick_the_dealer=True).players = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'players'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from cardlaw.spec.configs import require_flag, require_players, whole_number
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.constants import PLAYERS
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules, check_rules
from cardlaw.spec.trace import enforces
from cardlaw.spec.variants import Variant

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
        keep_up_card: whether the dealer must keep the up-card taken
            [euchre.ruling.discard-up-card].  ``False`` (the default): any of
            the six cards may be laid down.  ``True`` (variant
            *keep-up-card*, OpenSpiel's rule): one of the other five.
        sitting_dealer_discards: whether a dealer who sits out (the partner
            ordered up alone) still takes the up-card and discards
            [euchre.ruling.dealer-sits-out].  ``False`` (the default): no
            exchange.  ``True`` (variant *sitting-dealer-discards*,
            OpenSpiel's rule): the exchange takes place before the dealer's
            hand is laid down.
        lone_defender: whether a defender may go alone
            [euchre.ruling.defender-alone].  ``False`` (the default): only
            the maker may.  ``True`` (variant *lone-defender*, OpenSpiel's
            ``allow_lone_defender``): once trump is made (and the dealer has
            discarded), the defenders are asked in turn, the first clockwise
            from the dealer's left; one may go alone, its partner sitting
            out, and a lone defender who euchres the makers scores
            ALONE_MARCH_POINTS [euchre.score.lone-defender].

    The three last flags come after ``rules`` and are shown only when set, so
    that the default configuration reads as it always has.
    """

    players: int = PLAYERS
    stick_the_dealer: bool = False
    rules: EuchreRules = PRINTED_RULES
    keep_up_card: bool = field(default=False, repr=False)
    sitting_dealer_discards: bool = field(default=False, repr=False)
    lone_defender: bool = field(default=False, repr=False)

    def __repr__(self) -> str:
        extra = "".join(
            f", {name}=True"
            for name in ("keep_up_card", "sitting_dealer_discards", "lone_defender")
            if getattr(self, name)
        )
        return (
            f"EuchreConfig(players={self.players!r}, stick_the_dealer={self.stick_the_dealer!r}, "
            f"rules={self.rules!r}{extra})"
        )

    @enforces(
        "euchre.setup.players",
        "euchre.ruling.all-pass",
        "euchre.ruling.discard-up-card",
        "euchre.ruling.dealer-sits-out",
        "euchre.ruling.defender-alone",
        "euchre.ruling.openspiel",
    )
    def __post_init__(self) -> None:
        players = whole_number(self.players, "players")
        require_players(players, PLAYER_COUNTS, f"Euchre is for exactly {PLAYERS} players")
        require_flag("stick_the_dealer", self.stick_the_dealer)
        require_flag("keep_up_card", self.keep_up_card)
        require_flag("sitting_dealer_discards", self.sitting_dealer_discards)
        require_flag("lone_defender", self.lone_defender)
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
    Variant(
        name="keep-up-card",
        options={"keep_up_card": True},
        clause="euchre.ruling.discard-up-card",
        summary="The dealer may not lay down the up-card just taken.",
    ),
    Variant(
        name="sitting-dealer-discards",
        options={"sitting_dealer_discards": True},
        clause="euchre.ruling.dealer-sits-out",
        summary="A dealer who sits out still takes the up-card and discards.",
    ),
    Variant(
        name="lone-defender",
        options={"lone_defender": True},
        clause="euchre.ruling.defender-alone",
        summary="A defender may go alone too; its partner sits out (OpenSpiel's "
        "allow_lone_defender).",
    ),
    Variant(
        name="openspiel",
        options={"stick_the_dealer": True, "keep_up_card": True, "sitting_dealer_discards": True},
        clause="euchre.ruling.openspiel",
        summary="OpenSpiel's rules: stick the dealer, keep the up-card, a sitting dealer discards.",
    ),
)
"""Euchre's named variants."""
