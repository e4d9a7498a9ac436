"""Split for the player at the table: the rulings that change play, and the quick reference.

>>> GUIDE.quick.ranking[1]
'Wild/Reverse cards: 0, 1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99, 100.'
>>> "split.ruling.reset-timing" in GUIDE.rulings
True
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.guide import Guide, QuickReference
from cardlaw.spec.split.constants import (
    CARDS_DEALT,
    DEALER_EXTRA,
    DEFAULT_MAX_TURNS,
    HIGHEST,
    LOWEST,
    RESET_DRAW,
    WILD_NUMBERS,
)

__all__ = ["GUIDE"]

_RULINGS: Final = {
    "split.ruling.first-dealer": "The dealer is chosen at random.",
    "split.ruling.put-under-card": "Short of standard cards to open with, you may put any "
    "card under the draw pile, a standard card too: holding 5 and three wild cards with 95, "
    "50 and 51 on top of the draw pile, putting a wild card under opens 5 | 95, putting the "
    "5 under opens 51 | 95.",
    "split.ruling.put-under-round": "Once you have put as many cards under as the draw pile "
    "holds (you have gone right round it), put only wild cards under: every standard card "
    "you take is then kept, and the piles are soon open.",
    "split.ruling.move-onto-pile": "The card in the middle must go onto the left or the right "
    "pile before anything else is played; it never stays in the middle.",
    "split.ruling.strictly-between": "Between means strictly between: a card equal to a "
    "pile's number does not fit, whichever pile is the higher.",
    "split.ruling.reset-timing": "You may reset at any point of your turn before you play a "
    "card: before you move the middle card, or after. The reset ends your turn.",
    "split.ruling.empty-draw-pile": "When you must draw and the draw pile is empty, shuffle "
    "the discard pile: it becomes the new draw pile.",
    "split.ruling.after-reset": "After a reset play goes clockwise again, starting with the "
    "resetting player's left neighbour, as at the start of a game.",
    "split.ruling.no-cheating": "The penalty for cheating never arises when the piles are "
    "opened as these rules say: the opener always lays down their lowest and their highest "
    "standard card, so a reset leaves nothing to cheat on.",
    "split.ruling.turn-limit": f"A game can go on for ever, so a game still running after "
    f"{DEFAULT_MAX_TURNS:,} turns ends in a draw.",
    "split.ruling.coop-no-chosen-reset": "In the cooperative game nobody resets by choice: a "
    "reset comes only when a player can play neither a card nor the 0 or the 100, and it "
    "loses the game for everyone.",
    "split.ruling.coop-empty-hand": "In the cooperative game a player whose hand is empty is "
    "skipped: turns pass them by, and they may not use the 0 or the 100.",
}

QUICK: Final = QuickReference(
    turn_title="A turn",
    turn=(
        f"Deal {CARDS_DEALT} cards each; the dealer takes {DEALER_EXTRA} more and opens two "
        "piles with their lowest standard card on the left and their highest on the right.",
        "The player on the dealer's left goes first; play passes clockwise.",
        "Your turn: first move the card in the middle (if there is one) onto either pile; it "
        "becomes that pile's number.",
        "Then play one card into the middle: a standard card strictly between the two pile "
        "numbers, or any wild card. A wild card turns the direction of play around (not with "
        "two players).",
        f"Cannot play, or would rather not? Reset: clear the table, draw {RESET_DRAW} cards and "
        "open new piles with your lowest and highest standard cards. Your left neighbour "
        "plays next, clockwise.",
    ),
    scoring_header=("When", "Result"),
    scoring=(
        ("A player plays their last card", "they win"),
        ("Your only card is a wild card", "you may not play it: reset"),
        ("Cooperative: every hand is empty", "everyone wins"),
        ("Cooperative: a player has to reset", "everyone loses"),
    ),
    ranking_title="The cards",
    ranking=(
        f"{HIGHEST - LOWEST + 1} cards, numbered {LOWEST} to {HIGHEST}, one of each.",
        f"Wild/Reverse cards: {', '.join(map(str, WILD_NUMBERS))}.",
        "Every other card is a standard card, played only strictly between the pile numbers.",
        "Cooperative: the 0 and the 100 lie beside the table; any player may use each once, "
        "instead of a card from hand.",
    ),
)

GUIDE: Final = Guide(rulings=_RULINGS, quick=QUICK)
"""Split's guide for players."""
