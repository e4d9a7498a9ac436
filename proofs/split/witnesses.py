"""How Split's links show a case: the command line or the position that reproduces it.

A disagreement between an encoding and the engine is shown with what lets a
judge see the engine's side for themselves: a ``cardlaw ask split play``
command (which cards a hand may play on two piles, after moving the middle
card), a position for ``cardlaw ask split legal`` (who plays next, and in
which direction), or a record for ``cardlaw replay``.

>>> play_command(1 << 45 | 1 << 12, 30, 60)
'cardlaw ask split play --piles 30 60 --hand 12 45'
>>> play_command(1 << 45, 30, 60, middle=52, cooperative=True, aids=1 << 100)
'cardlaw ask split play --piles 30 60 --middle 52 --hand 45 --cooperative --aids 100'
>>> legal_command(position(3, 0, 0, [1 << 12, 1 << 45 | 1 << 50, 1 << 7], (44, 46)), "play 50")
... # doctest: +NORMALIZE_WHITESPACE
'cardlaw ask split legal --position FILE --action "play 50", FILE holding {"game": "split", \
"mode": "competitive", "players": 3, "piles": [44, 46], "under": [0], \
"hands": [[12], [45, 50], [7]], "to_move": 0, "direction": "counterclockwise"}'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Final

from cardlaw.spec.split.cards import NumberSet
from cardlaw.spec.split.constants import AID_CARDS

__all__ = ["AID_MASK", "cards_text", "legal_command", "numbers", "play_command", "position"]

AID_MASK: Final = sum(1 << aid for aid in AID_CARDS)
"""The aids of the cooperative game, as a mask."""


def numbers(mask: int) -> list[int]:
    """The card numbers of a mask, lowest first.

    >>> numbers(0b1010)
    [1, 3]
    """
    return [n for n in range(mask.bit_length()) if mask >> n & 1]


def cards_text(mask: int) -> str:
    """A card set as the rulebook writes it (wild cards starred), or "nothing".

    >>> cards_text(1 << 45 | 1 << 50), cards_text(0)
    ('45 50*', 'nothing')
    """
    return NumberSet(mask).pretty if mask else "nothing"


def play_command(
    hand: int,
    left: int,
    right: int,
    *,
    middle: int = -1,
    cooperative: bool = False,
    aids: int | None = None,
) -> str:
    """The ``cardlaw ask split play`` line that asks the engine about this hand and these piles."""
    parts = ["cardlaw ask split play", f"--piles {left} {right}"]
    if middle >= 0:
        parts.append(f"--middle {middle}")
    parts.append("--hand " + " ".join(map(str, numbers(hand))))
    if cooperative:
        usable = ",".join(map(str, numbers(aids or 0))) or "none"
        parts.append(f"--cooperative --aids {usable}")
    return " ".join(parts)


def position(
    players: int,
    seat: int,
    clockwise: int,
    hands: Sequence[int],
    piles: tuple[int, int],
    *,
    cooperative: bool = False,
    table: int = 0,
    middle: int = -1,
) -> dict[str, object]:
    """A position for ``cardlaw ask split legal``: ``seat`` to play, the piles played on.

    The cards named nowhere go to the draw and discard piles (or, in
    cooperative play, under the piles), as the position format says
    (:mod:`engine.split.spot`).  ``table`` is every card on the table; without
    it, one card named nowhere is put under the piles, so that they need not
    be the opener's fresh ones.
    """
    spot: dict[str, object] = {
        "game": "split",
        "mode": "cooperative" if cooperative else "competitive",
        "players": players,
        "piles": list(piles),
    }
    shown = 1 << piles[0] | 1 << piles[1] | (1 << middle if middle >= 0 else 0)
    if table:
        spot["under"] = numbers(table & ~shown)
    else:
        taken = sum(hands) | shown | (AID_MASK if cooperative else 0)
        spot["under"] = [next(n for n in range(101) if not taken >> n & 1)]
    if middle >= 0:
        spot["middle"] = middle
    spot |= {
        "hands": [numbers(h) for h in hands],
        "to_move": seat,
        "direction": "clockwise" if clockwise else "counterclockwise",
    }
    return spot


def legal_command(spot: dict[str, object], action: str) -> str:
    """The ``cardlaw ask split legal`` line for ``action`` in the position ``spot``."""
    return (
        f'cardlaw ask split legal --position FILE --action "{action}", '
        f"FILE holding {json.dumps(spot)}"
    )
