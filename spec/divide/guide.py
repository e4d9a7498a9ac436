"""Divide for the player at the table: the rulings that change play, and the quick reference.

>>> GUIDE.quick.turn[0]
'Deal 9 cards to each player; the rest stay face down, unseen.'
>>> "divide.ruling.offer-order" in GUIDE.rulings
True
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.divide.constants import (
    BONUS_TOKEN_POINTS,
    BONUS_TOKENS,
    CARDS_DEALT,
    KEEP_SIZE,
    OFFER_SIZE,
    ROUNDS,
    SECURE_SIZE,
    SUIT_TOKEN_POINTS,
    SUIT_TOKENS_PER_SUIT,
    TRICKS_PER_ROUND,
)
from cardlaw.spec.guide import Guide, QuickReference

__all__ = ["GUIDE"]

_RULINGS: Final = {
    "divide.ruling.first-dealer": "The first dealer is chosen at random; after each round the "
    "deal passes to the left.",
    "divide.ruling.offer-order": "Resolve the offer from your left neighbour first, and keep "
    f"your {KEEP_SIZE} cards from it before you pick up the offer from your right neighbour: "
    "you choose from the first without having seen the second.",
    "divide.ruling.trump-rank-suit": "A card of the Trump Rank still belongs to its printed "
    "suit. If that suit is led you may follow with it (and must, if it is your only card of "
    "the suit); and when a Trump Rank card is led, its printed suit is the suit to follow.",
    "divide.ruling.tiebreak-group": "When three or more players tie, the tiebreakers work "
    "step by step: first keep only the tied players with the most bonus tokens, then, if "
    "several remain, compare only their cards.",
    "divide.ruling.eighth-trick-comparison": "In the second tiebreaker the Trump Rank counts "
    "for nothing: the cards of the last trick are compared by rank, then by suit.",
    "divide.ruling.share": "The victory is never shared: no two players play the same card to "
    "the last trick, so the second tiebreaker always names one winner.",
}

QUICK: Final = QuickReference(
    turn_title="A round",
    turn=(
        f"Deal {CARDS_DEALT} cards to each player; the rest stay face down, unseen.",
        "Trump Offering: everyone lays one card face down in the middle.",
        f"Secure {SECURE_SIZE} cards face down in front of you: nobody can take them.",
        f"Split the other {2 * OFFER_SIZE} into two offers of {OFFER_SIZE}: one to the player "
        "on your left, one to the player on your right, face down.",
        f"From each offer you receive keep {KEEP_SIZE} and hand the other card back; the "
        "offer from your left neighbour first.",
        "Turn up one offering at random: its rank is the Trump Rank for the round.",
        f"Play {TRICKS_PER_ROUND} tricks. The player left of the dealer leads first; the "
        "winner of a trick leads the next.",
        "Follow the led suit if you can. Lead a Trump Rank card only when every card in your "
        "hand is of the Trump Rank.",
    ),
    scoring_header=("You win a trick with a card of a suit whose", "You take"),
    scoring=(
        (
            f"stack still has a token ({SUIT_TOKENS_PER_SUIT} per suit)",
            f"a suit token: {SUIT_TOKEN_POINTS} points",
        ),
        (
            "stack is empty",
            f"a bonus token: {BONUS_TOKEN_POINTS} points ({BONUS_TOKENS} in the supply)",
        ),
        (
            f"After {ROUNDS} rounds",
            "the highest total wins; a tie goes to the most bonus tokens in the last round, "
            "then to the higher card in the last trick",
        ),
    ),
    ranking_title="Card ranking",
    ranking=(
        "A K Q J 10 9 8 7 6 5 4 3 2, Ace high.",
        "Suits, to compare cards of one rank: ♠ above ♥ above ♦ above ♣.",
        "A Trump Rank card beats every other card; of two, the higher suit wins.",
        "With no Trump Rank card in the trick, the highest card of the led suit wins.",
    ),
)

GUIDE: Final = Guide(rulings=_RULINGS, quick=QUICK)
"""Divide's guide for players."""
