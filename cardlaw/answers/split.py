"""Split's answer: which cards of a hand may go on the piles, and why (``cardlaw ask split play``).

>>> print(play(("30", "60"), "45 12 99").verdict)
may play 45, 99*
>>> play(("30", "60"), "45 30")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: bad card '30': given twice (the piles and the hand)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlaw.answers import Answer, explained
from cardlaw.engine.split.explain import explain_play
from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.errors import CardlawError, MalformedInput
from cardlaw.spec.split.cards import mask_of
from cardlaw.spec.split.constants import AID_CARDS

__all__ = ["numbers", "play", "read_spot"]


def numbers(text: str, what: str) -> list[int | str]:
    """The card numbers in ``text`` (spaces or commas between them), unread; none is an error.

    >>> numbers("45, 12 99", "draw")
    ['45', '12', '99']
    """
    tokens: list[int | str] = list(text.replace(",", " ").split())
    if not tokens and what != "hand":
        raise MalformedInput(f"{what} needs card numbers")
    return tokens


def read_spot(
    piles: tuple[str, str] | None,
    hand: Sequence[str],
    middle: str | None,
    cooperative: bool,
    aids: str | None,
) -> tuple[int, int, int, int, int]:
    """The short form's situation: (hand mask, left, right, middle or -1, usable aids mask).

    Every card is checked: a number from 0 to 100, given once.

    >>> hand, left, right, middle, aids = read_spot(("30", "60"), ["45 12 99"], None, False, None)
    >>> hand == 1 << 12 | 1 << 45 | 1 << 99, (left, right, middle, aids)
    (True, (30, 60, -1, 0))
    >>> read_spot(("30", "60"), ["45", "30"], None, False, None)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: bad card '30': given twice (the piles and the hand)
    """
    if piles is None:
        raise MalformedInput("--piles needs the two pile numbers: --piles LEFT RIGHT")
    tokens = [t for chunk in hand for t in chunk.replace(",", " ").split()]
    if not tokens:
        raise MalformedInput("--hand needs the hand's cards: --hand '45 12 99'")
    named: dict[int, str] = {}

    def take(token: str, where: str) -> int:
        try:
            number = mask_of([token]).bit_length() - 1
        except CardlawError as error:
            raise MalformedInput(f"{where}: {error}") from None
        if number in named:
            raise MalformedInput(f"bad card {token!r}: given twice ({named[number]} and {where})")
        named[number] = where
        return number

    left, right = take(piles[0], "the piles"), take(piles[1], "the piles")
    mid = take(middle, "the middle card") if middle is not None else -1
    cards = 0
    for token in tokens:
        cards |= 1 << take(token, "the hand")
    usable = 0
    if aids is not None and not cooperative:
        raise MalformedInput("--aids belongs to the cooperative game (add --cooperative)")
    if cooperative:
        held = cards & sum(1 << a for a in AID_CARDS)
        if held:
            raise MalformedInput(
                f"in cooperative play the {held.bit_length() - 1} is set aside, never in a hand"
            )
        given: list[int | str] = list(AID_CARDS)
        if aids is not None:
            given = [] if aids.strip().lower() in ("none", "-", "") else numbers(aids, "aids")
        for item in given:
            aid = take(str(item), "the aids")
            if aid not in AID_CARDS:
                raise MalformedInput(f"an aid is the 0 or the 100, not {aid}")
            usable |= 1 << aid
    return cards, left, right, mid, usable


def play(
    piles: tuple[str, str] | None,
    hand: str,
    middle: str | None = None,
    cooperative: bool = False,
    aids: str | None = None,
) -> Answer:
    """Which cards of ``hand`` (one text, ``"45 12 99"``) may go on ``piles``, and why.

    Or that the player must reset.  ``middle`` is a card in the middle (moved
    onto a pile first); ``aids`` the aids still usable in the cooperative game
    (``"0,100"`` by default, ``"100"`` or ``"none"``).
    """
    cards, left, right, mid, usable = read_spot(piles, [hand], middle, cooperative, aids)
    answer = explain_play(cards, left, right, middle=mid, cooperative=cooperative, aids=usable)
    return explained(answer, SPLIT)
