"""Divide's rule parameters: the constants a designer may change (``--set NAME=VALUE``).

Each defaults to its constant in :mod:`spec.divide.constants`.  The ranges
are those of each number on its own; :func:`check_rules` checks how they fit
together and with the player count (the configuration calls it).

>>> DivideRules()
DivideRules()
>>> DivideRules(bonus_tokens=4)
DivideRules(bonus_tokens=4)
>>> DivideRules(bonus_tokens=4).hand_size, DivideRules(cards_dealt=10, secure_size=3).hand_size
(8, 9)
>>> check_rules(DivideRules(cards_dealt=20), 5)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 5 players dealt CARDS_DEALT=20 cards each need 100 cards from \
a \
52-card deck [divide.deal.nine]
>>> check_rules(DivideRules(cards_dealt=10), 4)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: SECURE_SIZE + 2 x OFFER_SIZE = 8 must be the 9 cards left of \
CARDS_DEALT=10 after the offering [divide.divide.offers]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardlaw.spec.divide.constants import (
    BONUS_TOKEN_POINTS,
    BONUS_TOKENS,
    CARDS_DEALT,
    DECK_SIZE,
    KEEP_SIZE,
    OFFER_SIZE,
    OFFERING_SIZE,
    ROUNDS,
    SECURE_SIZE,
    SUIT_TOKEN_POINTS,
    SUIT_TOKENS_PER_SUIT,
)
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import RuleNumbers, parameter

__all__ = ["PRINTED_RULES", "DivideRules", "check_rules"]


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class DivideRules(RuleNumbers):
    """The numbers of Divide's rules; each field is one constant of :mod:`spec.divide.constants`.

    The hand a player plays the tricks with has ``hand_size`` cards, what is
    left of the deal after the offering, and a round has that many tricks.
    """

    cards_dealt: int = parameter(
        CARDS_DEALT, name="CARDS_DEALT", clause="divide.deal.nine", low=2, high=52,
        summary="Cards dealt to each player every round.",
    )  # fmt: skip
    secure_size: int = parameter(
        SECURE_SIZE, name="SECURE_SIZE", clause="divide.divide.secure", low=0, high=12,
        summary="Cards each player secures in the Great Divide.",
    )  # fmt: skip
    offer_size: int = parameter(
        OFFER_SIZE, name="OFFER_SIZE", clause="divide.divide.offers", low=1, high=6,
        summary="Cards in each of a player's two offers.",
    )  # fmt: skip
    keep_size: int = parameter(
        KEEP_SIZE, name="KEEP_SIZE", clause="divide.divide.choose", low=1, high=6,
        summary="Cards kept from each offer received; the rest goes back.",
    )  # fmt: skip
    suit_tokens: int = parameter(
        SUIT_TOKENS_PER_SUIT, name="SUIT_TOKENS_PER_SUIT", clause="divide.components.tokens",
        low=0, high=13, summary="Tokens in each suit's stack at the start of a round.",
    )  # fmt: skip
    suit_points: int = parameter(
        SUIT_TOKEN_POINTS, name="SUIT_TOKEN_POINTS", clause="divide.score.suit-token",
        low=0, high=100, summary="Points a suit token is worth.",
    )  # fmt: skip
    bonus_tokens: int = parameter(
        BONUS_TOKENS, name="BONUS_TOKENS", clause="divide.components.tokens", low=0, high=52,
        summary="Tokens in the shared bonus supply at the start of a round.",
    )  # fmt: skip
    bonus_points: int = parameter(
        BONUS_TOKEN_POINTS, name="BONUS_TOKEN_POINTS", clause="divide.score.bonus-token",
        low=0, high=100, summary="Points a bonus token is worth.",
    )  # fmt: skip
    rounds: int = parameter(
        ROUNDS, name="ROUNDS", clause="divide.end.four-rounds", low=1, high=20,
        summary="Rounds in a game.",
    )  # fmt: skip

    @property
    def hand_size(self) -> int:
        """Cards in the hand the tricks are played with, and so tricks in a round."""
        return self.cards_dealt - OFFERING_SIZE


PRINTED_RULES: Final = DivideRules()
"""The rules as printed: every parameter at its default."""


def check_rules(rules: DivideRules, players: int) -> None:
    """Raise :class:`MalformedInput` unless ``rules``' numbers fit together for ``players``.

    Called by the configuration, which knows the player count.
    """
    if players * rules.cards_dealt > DECK_SIZE:
        raise MalformedInput(
            f"{players} players dealt CARDS_DEALT={rules.cards_dealt} cards each need "
            f"{players * rules.cards_dealt} cards from a {DECK_SIZE}-card deck [divide.deal.nine]"
        )
    exchanged = rules.secure_size + 2 * rules.offer_size
    if exchanged != rules.hand_size:
        raise MalformedInput(
            f"SECURE_SIZE + 2 x OFFER_SIZE = {exchanged} must be the {rules.hand_size} cards "
            f"left of CARDS_DEALT={rules.cards_dealt} after the offering [divide.divide.offers]"
        )
    if rules.keep_size > rules.offer_size:
        raise MalformedInput(
            f"KEEP_SIZE={rules.keep_size} cannot be more than the OFFER_SIZE={rules.offer_size} "
            "cards of an offer [divide.divide.choose]"
        )
