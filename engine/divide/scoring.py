"""Divide's scoring: the token step after each trick, and the winner of the game.

>>> take_token((3, 3, 0, 3), 5, 2)
((3, 3, 0, 3), 4, 'bonus')
>>> take_token((3, 3, 1, 3), 5, 2)
((3, 3, 0, 3), 5, 'suit')
>>> take_token((3, 3, 0, 3), 0, 2)  # only under a changed supply (--set BONUS_TOKENS)
((3, 3, 0, 3), 0, 'none')
>>> decide_winner((40, 40, 12, 9), (1, 2, 0, 0), (-1, -1, -1, -1))
((1,), 'bonus-tokens', (0, 1))
"""

from __future__ import annotations

from typing import Literal

from cardlaw.spec.cards import Suit
from cardlaw.spec.divide.constants import RANK_STRENGTH, SUIT_STRENGTH
from cardlaw.spec.divide.state import DecidedBy
from cardlaw.spec.trace import enforces

__all__ = ["Token", "card_strength", "decide_winner", "take_token"]

Token = Literal["suit", "bonus", "none"]
"""The token a trick earns: a suit token, a bonus token, or none (an empty supply)."""


def take_token(
    suit_tokens: tuple[int, ...], bonus: int, suit: int
) -> tuple[tuple[int, ...], int, Token]:
    """Take the token a trick won with a card of ``suit`` earns.

    Returns the suit stacks and bonus supply afterwards, and the token taken.
    A suit token while that stack has one; a bonus token once it is empty.
    Under the printed rules the bonus supply never runs out (proved); under a
    changed supply, a trick that finds it empty earns no token
    [divide.ruling.bonus-supply].
    """
    left = suit_tokens[suit]
    if left > 0:
        return suit_tokens[:suit] + (left - 1,) + suit_tokens[suit + 1 :], bonus, "suit"
    if bonus <= 0:
        return suit_tokens, bonus, "none"
    return suit_tokens, bonus - 1, "bonus"


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces(
    "divide.score.winning-suit",
    "divide.score.suit-token",
    "divide.score.bonus-token",
    "divide.ruling.bonus-supply",
)(take_token)


def card_strength(card: int) -> tuple[int, int]:
    """A card's strength by printed rank, then suit [divide.ruling.eighth-trick-comparison].

    >>> from cardlaw.spec.cards import Card
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
