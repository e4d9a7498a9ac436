"""Divide's scoring: the token step after each trick, and the winner of the game.

>>> take_token((3, 3, 0, 3), 5, 2)
((3, 3, 0, 3), 4, True)
>>> take_token((3, 3, 1, 3), 5, 2)
((3, 3, 0, 3), 5, False)
>>> decide_winner((40, 40, 12, 9), (1, 2, 0, 0), (-1, -1, -1, -1))
((1,), 'bonus-tokens', (0, 1))
"""

from __future__ import annotations

from spec.cards import Suit
from spec.divide.constants import RANK_STRENGTH, SUIT_STRENGTH
from spec.divide.state import DecidedBy
from spec.errors import InvalidState
from spec.trace import enforces

__all__ = ["card_strength", "decide_winner", "take_token"]


@enforces(
    "divide.score.winning-suit",
    "divide.score.suit-token",
    "divide.score.bonus-token",
    "divide.ruling.bonus-supply",
)
def take_token(
    suit_tokens: tuple[int, ...], bonus: int, suit: int
) -> tuple[tuple[int, ...], int, bool]:
    """Take the token a trick won with a card of ``suit`` earns.

    Returns the suit stacks and bonus supply afterwards, and whether the
    token was a bonus token.  A suit token while that stack has one; a bonus
    token once it is empty.  An empty bonus supply cannot be reached (see the
    ruling) and is reported as an invalid state.
    """
    left = suit_tokens[suit]
    if left > 0:
        return suit_tokens[:suit] + (left - 1,) + suit_tokens[suit + 1 :], bonus, False
    if bonus <= 0:
        raise InvalidState([f"a trick won with suit {suit} finds the bonus supply empty"])
    return suit_tokens, bonus - 1, True


def card_strength(card: int) -> tuple[int, int]:
    """A card's strength by printed rank, then suit [divide.ruling.eighth-trick-comparison].

    >>> from spec.cards import Card
    >>> card_strength(Card("7S")) > card_strength(Card("7H")) > card_strength(Card("6S"))
    True
    """
    return (RANK_STRENGTH[card >> 2], SUIT_STRENGTH[Suit(card & 3)])


@enforces(
    "divide.end.highest-total",
    "divide.tiebreak.bonus",
    "divide.tiebreak.eighth-trick",
    "divide.tiebreak.share",
    "divide.ruling.tiebreak-group",
    "divide.ruling.eighth-trick-comparison",
    "divide.ruling.share",
)
def decide_winner(
    totals: tuple[int, ...], final_bonus: tuple[int, ...], eighth_trick: tuple[int, ...]
) -> tuple[tuple[int, ...], DecidedBy, tuple[int, ...]]:
    """Who wins, what decided it, and who tied on total.

    ``final_bonus`` is each seat's bonus tokens from the last round and
    ``eighth_trick`` the card each seat played to its last trick.
    """
    best = max(totals)
    tied = tuple(p for p, total in enumerate(totals) if total == best)
    if len(tied) == 1:
        return tied, "score", tied
    most = max(final_bonus[p] for p in tied)
    group = tuple(p for p in tied if final_bonus[p] == most)
    if len(group) == 1:
        return group, "bonus-tokens", tied
    top = max(card_strength(eighth_trick[p]) for p in group)
    group = tuple(p for p in group if card_strength(eighth_trick[p]) == top)
    if len(group) == 1:
        return group, "eighth-trick", tied
    return group, "shared", tied
