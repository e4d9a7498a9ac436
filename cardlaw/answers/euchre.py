"""Euchre's answers: who wins this trick, what a hand scores (``cardlaw ask euchre``).

>>> print(trick(["KS", "10D", "JS", "JC"], trump="S", leader=3).verdict)
seat 1 wins with J♠
>>> print(score(5, alone=True).verdict)
team 0 (seats 0 and 2) scores 4 points
>>> trick(["KS", "10D", "JS"], trump="S")
Traceback (most recent call last):
...
spec.errors.MalformedInput: a trick has 4 cards, not 3
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlaw.answers import Answer, explained, read_cards, read_trump
from engine.euchre.explain import explain_score, explain_trick
from engine.euchre.game import EUCHRE
from spec.cards import Card, Suit
from spec.errors import MalformedInput
from spec.euchre.constants import EUCHRE_DECK, PARTNER, PLAYERS
from spec.euchre.parameters import EuchreRules

__all__ = ["score", "trick"]


def _foreign(card: Card) -> str | None:
    if EUCHRE_DECK >> card & 1:
        return None
    return f"{card} is not a Euchre card (the deck runs from 9 to A)"


def _seat(value: int, what: str) -> int:
    if not 0 <= value < PLAYERS:
        raise MalformedInput(f"{what} must be a seat from 0 to {PLAYERS - 1}, not {value}")
    return value


def trick(
    cards: Sequence[str], trump: str, leader: int = 0, alone_seat: int | None = None
) -> Answer:
    """Who wins the trick ``cards`` (in play order) with ``trump`` the trump suit, and why.

    ``alone_seat`` is the seat of a maker who went alone (its partner sits out).
    """
    played = read_cards(cards, _foreign)
    suit = read_trump(trump, Suit.parse, "a suit (C, D, H or S)")
    _seat(leader, "--leader")
    out = -1
    if alone_seat is not None:
        out = PARTNER[_seat(alone_seat, "--alone-seat")]
    size = PLAYERS - (out >= 0)
    if len(played) != size:
        who = f"with seat {alone_seat} alone " if out >= 0 else ""
        raise MalformedInput(f"a trick {who}has {size} cards, not {len(played)}")
    if leader == out:
        raise MalformedInput(f"seat {leader} sits out (its partner went alone) and cannot lead")
    answer = explain_trick(tuple(int(c) for c in played), int(suit), leader=leader, out=out)
    return explained(answer, EUCHRE)


def score(
    makers_tricks: int, alone: bool = False, makers: int = 0, rules: EuchreRules | None = None
) -> Answer:
    """What a hand scores when the makers took ``makers_tricks`` tricks, and which team scores it.

    ``rules`` are Euchre's rule parameters (the default game's when not given).
    """
    if rules is None:
        rules = EUCHRE.config().rules
    if not 0 <= makers_tricks <= rules.tricks:
        raise MalformedInput(f"--makers-tricks must be 0 to {rules.tricks}, not {makers_tricks}")
    if makers not in (0, 1):
        raise MalformedInput(f"--makers must be team 0 or 1, not {makers}")
    return explained(explain_score(makers, makers_tricks, alone=alone, rules=rules), EUCHRE)
