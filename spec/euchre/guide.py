"""Euchre for the player at the table: the rulings that change play, and the quick reference.

>>> GUIDE.quick.scoring[-1]
('First team to 10 points', 'wins the game')
>>> "euchre.ruling.dealer-sits-out" in GUIDE.rulings
True
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.euchre.constants import (
    ALONE_MARCH_POINTS,
    CARDS_EACH,
    EUCHRE_POINTS,
    FIRST_PACKET,
    MAJORITY,
    MAKER_POINTS,
    MARCH_POINTS,
    SECOND_PACKET,
    TARGET,
    TRICKS_PER_HAND,
)
from cardlaw.spec.guide import Guide, QuickReference

__all__ = ["GUIDE"]

_RULINGS: Final = {
    "euchre.ruling.first-dealer": "The first dealer is chosen at random; after each hand the "
    "deal passes to the left.",
    "euchre.ruling.discard-up-card": "A dealer who picks up the up-card may lay down any one "
    "of their six cards, the up-card itself included.",
    "euchre.ruling.all-pass": "If all four pass in both rounds, the cards are thrown in and "
    "the player on the dealer's left deals a new hand. (Many tables play stick the dealer "
    "instead: the dealer must then name a suit.)",
    "euchre.ruling.alone-timing": "Say whether you go alone when you order up or name trump, "
    "in the same breath; it cannot be changed afterwards. A dealer taking the up-card says it "
    "before discarding.",
    "euchre.ruling.dealer-sits-out": "If the dealer's partner orders up the up-card and goes "
    "alone, the dealer sits the hand out and does not pick up the up-card: it stays on the "
    "undealt cards, and its suit is trump.",
    "euchre.ruling.lone-lead": "If the player on the dealer's left sits out because their "
    "partner went alone, the next player who takes part leads first: the dealer's partner.",
    "euchre.ruling.end-at-once": f"Every hand is played to the end and scored; the game ends "
    f"as soon as a team has {TARGET} points or more, and a score above {TARGET} stands.",
}

QUICK: Final = QuickReference(
    turn_title="A hand",
    turn=(
        f"The dealer deals {CARDS_EACH} cards each, {FIRST_PACKET} then {SECOND_PACKET}, "
        "starting on the left, and turns up the next card.",
        "First round, from the dealer's left: pass, or order up the up-card. The dealer then "
        "takes it and lays down a card; its suit is trump.",
        "If all four pass: turn the up-card down. Second round: pass, or name another suit.",
        "If all four pass again: throw the cards in; the next dealer deals.",
        "Whoever makes trump may go alone: their partner lays down their cards and sits out.",
        f"Play {TRICKS_PER_HAND} tricks. The player left of the dealer leads first; the winner "
        "of a trick leads the next. Follow the led suit if you can.",
    ),
    scoring_header=("The makers take", "Points"),
    scoring=(
        (f"{MAJORITY} or {TRICKS_PER_HAND - 1} tricks", f"{MAKER_POINTS} to the makers"),
        (f"all {TRICKS_PER_HAND} tricks (a march)", f"{MARCH_POINTS} to the makers"),
        (f"all {TRICKS_PER_HAND} tricks alone", f"{ALONE_MARCH_POINTS} to the maker's team"),
        (f"fewer than {MAJORITY} tricks (euchred)", f"{EUCHRE_POINTS} to the other team"),
        (f"First team to {TARGET} points", "wins the game"),
    ),
    ranking_title="Card ranking",
    ranking=(
        "Trump, highest first: the Jack of trump (the right bower), the other Jack of the "
        "same colour (the left bower), then A K Q 10 9 of trump.",
        "The left bower belongs to the trump suit for the whole hand, for following suit too.",
        "Other suits: A K Q J 10 9.",
        "The highest trump wins the trick; with no trump in it, the highest card of the led suit.",
    ),
)

GUIDE: Final = Guide(rulings=_RULINGS, quick=QUICK)
"""Euchre's guide for players."""
