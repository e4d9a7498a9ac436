"""Split's rule parameters: the constants a designer may change (``--set NAME=VALUE``).

Each defaults to its constant in :mod:`spec.split.constants`.  The ranges
are those of each number on its own; :func:`check_rules` checks how they fit
together and with the mode (the configuration calls it).

The wild set (``WILD_NUMBERS``) is not a parameter: a ``--set`` value is
one whole number and the wild cards are a set, kept as printed under every
override.  The cheating penalty (five cards, [split.reset.cheating]) is not
one either: the engine always opens with the lowest and highest standard
cards, so the penalty never applies [split.ruling.no-cheating].  Both are
decided in [split.ruling.fixed-wild-set].

>>> SplitRules()
SplitRules()
>>> SplitRules(cards_dealt=8)
SplitRules(cards_dealt=8)
>>> SplitRules(cards_dealt=8).dealer_hand, PRINTED_RULES.most_held
(10, 7)
>>> SplitRules(reset_draw=1)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: RESET_DRAW must be from 2 to 99, not 1 [split.reset.draw-three]
>>> check_rules(SplitRules(cards_dealt=17), "competitive")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 6 players dealt CARDS_DEALT=17 cards each and the dealer's \
DEALER_EXTRA=2 need 104 cards from the 101 shuffled [split.deal.seven]
>>> check_rules(SplitRules(cards_dealt=17), "cooperative")
>>> check_rules(SplitRules(cards_dealt=1, dealer_extra=1), "competitive")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: the dealer's CARDS_DEALT + DEALER_EXTRA = 2 cards must be at \
least 3: two to open the piles and one to keep [split.deal.dealer-extra]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import RuleNumbers, parameter
from cardlaw.spec.split.constants import (
    AID_CARDS,
    CARDS_DEALT,
    COMPETITIVE_PLAYERS,
    COOPERATIVE_PLAYERS,
    DEALER_EXTRA,
    DECK_SIZE,
    RESET_DRAW,
    Mode,
)

__all__ = ["PRINTED_RULES", "SplitRules", "check_rules", "shuffled", "table_size"]


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class SplitRules(RuleNumbers):
    """The numbers of Split's rules; each field is one constant of :mod:`spec.split.constants`."""

    cards_dealt: int = parameter(
        CARDS_DEALT, name="CARDS_DEALT", clause="split.deal.seven", low=1, high=50,
        summary="Cards dealt to every player.",
    )  # fmt: skip
    dealer_extra: int = parameter(
        DEALER_EXTRA, name="DEALER_EXTRA", clause="split.deal.dealer-extra", low=0, high=50,
        summary="Extra cards the dealer takes after the deal.",
    )  # fmt: skip
    reset_draw: int = parameter(
        RESET_DRAW, name="RESET_DRAW", clause="split.reset.draw-three", low=2, high=99,
        summary="Cards a resetting player draws (two or more: a reset must leave three to open"
        " with and keep one).",
    )  # fmt: skip

    @property
    def dealer_hand(self) -> int:
        """Cards the dealer holds after the deal, before opening the piles."""
        return self.cards_dealt + self.dealer_extra

    @property
    def most_held(self) -> int:
        """The most cards a cooperative hand holds after the opening (a hand never grows there).

        Every player holds ``cards_dealt``; the dealer holds ``dealer_extra - 2``
        more (fewer when the extra cards are fewer than the two opened).
        """
        return self.cards_dealt + max(self.dealer_extra - 2, 0)

    def cooperative_turns(self, players: int, aids: int = len(AID_CARDS)) -> int:
        """The most turns a cooperative game lasts: the cards dealt less the two opened, and aids.

        >>> PRINTED_RULES.cooperative_turns(5), SplitRules(cards_dealt=8).cooperative_turns(5)
        (37, 42)
        """
        return players * self.cards_dealt + self.dealer_extra - 2 + aids


PRINTED_RULES: Final = SplitRules()
"""The rules as printed: every parameter at its default."""


def shuffled(mode: Mode) -> int:
    """The cards shuffled and dealt: all 101, less the 0 and the 100 cooperatively."""
    return DECK_SIZE - (len(AID_CARDS) if mode == "cooperative" else 0)


def table_size(mode: Mode) -> int:
    """The largest player count of ``mode``."""
    return max(COOPERATIVE_PLAYERS if mode == "cooperative" else COMPETITIVE_PLAYERS)


def check_rules(rules: SplitRules, mode: Mode) -> None:
    """Raise :class:`MalformedInput` unless ``rules``' numbers fit together in ``mode``.

    The deal must fit the deck for the largest table of the mode (six players
    competitively, five cooperatively, with the 0 and the 100 set aside), and
    the dealer must hold three cards or more, so that opening leaves a card.
    Called by the configuration.
    """
    n = table_size(mode)
    need = n * rules.cards_dealt + rules.dealer_extra
    if need > shuffled(mode):
        raise MalformedInput(
            f"{n} players dealt CARDS_DEALT={rules.cards_dealt} cards each and the dealer's "
            f"DEALER_EXTRA={rules.dealer_extra} need {need} cards from the {shuffled(mode)} "
            "shuffled [split.deal.seven]"
        )
    if rules.dealer_hand < 3:
        raise MalformedInput(
            f"the dealer's CARDS_DEALT + DEALER_EXTRA = {rules.dealer_hand} cards must be at "
            "least 3: two to open the piles and one to keep [split.deal.dealer-extra]"
        )
