"""Divided Ranks for the player at the table: the rulings that change play, the quick reference.

>>> GUIDE.quick.ranking[0]
'Royal flush: 10 J Q K A of one suit (every flush is one).'
>>> "divided-ranks.ruling.card-for-card" in GUIDE.rulings
True
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.divided_ranks.constants import HAND_SIZE, HOLDING_SIZE, ROUNDS, SPLIT_SIZE
from cardlaw.spec.guide import Guide, QuickReference

__all__ = ["GUIDE"]

_RULINGS: Final = {
    "divided-ranks.ruling.first-splitter": "Who splits first is decided at random, as by a "
    "coin toss; the first splitter splits rounds 1, 3 and 5, the other player rounds 2 and 4.",
    "divided-ranks.ruling.blind-swap-view": "When your opponent swaps blind, you see only that "
    "they swapped: neither the card they gave up nor the one they took. After your own swap "
    "you know exactly what the reserve is.",
    "divided-ranks.ruling.card-for-card": "Hands of the same category are compared card for "
    "card as in poker: first the cards of the biggest group (the three of a full house, the "
    "pairs of two pair, higher pair first), then the rest, highest first, Ace high. Suits "
    "never count; the first difference decides. So Kings full of Tens beat Queens full of "
    "Aces, and Aces and Tens beat Kings and Queens.",
    "divided-ranks.ruling.goal-and-scoring": "The weakest hand at the table does not always "
    "lose. The scoring decides: when both weaker hands are of the same category, the stronger "
    "hands' categories come next, so the player holding the weakest hand can still win with "
    "the better stronger hand.",
}

QUICK: Final = QuickReference(
    turn_title="A game",
    turn=(
        "Shuffle the 21 cards; one goes face down as the reserve, unseen. The other 20 are "
        "the stock.",
        f"{ROUNDS} rounds, the splitter changing every round: the splitter takes the top "
        f"{SPLIT_SIZE} cards of the stock and makes two pairs, one face up, one face down.",
        "The other player takes either pair, the face-down one unseen; the splitter takes "
        f"the other. After {ROUNDS} rounds each holds {HOLDING_SIZE} cards.",
        "The reserve: the player who split twice goes first. Keep your hand, or give up a "
        "card face down and take the reserve unseen; then the other player does the same.",
        f"Build: split your {HOLDING_SIZE} cards in secret into two hands of {HAND_SIZE}, "
        "using every card. Show both builds together.",
    ),
    scoring_header=("Compare, in this order, and stop at the first difference", "Decides"),
    scoring=(
        ("First, the categories of the two weaker hands", "the lower loses"),
        ("Then the categories of the two stronger hands", "the lower loses"),
        ("Then the two weaker hands, card for card", "the lower loses"),
        ("Then the two stronger hands, card for card", "the lower loses"),
        ("All four equal", "a draw"),
    ),
    ranking_title="Hands, strongest first",
    ranking=(
        "Royal flush: 10 J Q K A of one suit (every flush is one).",
        "Four of a kind; full house; straight: 10 J Q K A, not all one suit.",
        "Three of a kind; two pair; pair. Five cards with no pair are always a straight.",
        "The Joker is wild only to make a straight or a royal flush; anywhere else it counts "
        "below a Ten and matches nothing. Of two equal hands, the one without it wins.",
    ),
)

GUIDE: Final = Guide(rulings=_RULINGS, quick=QUICK)
"""Divided Ranks' guide for players."""
