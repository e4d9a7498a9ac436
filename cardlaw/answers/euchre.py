"""Euchre's answers: who wins this trick, may this card be played here, what a hand scores.

The work of ``cardlaw ask euchre trick``, ``play`` and ``score``.

>>> print(trick(["KS", "10D", "JS", "JC"], trump="S", leader=3).verdict)
seat 1 wins with J♠
>>> print(play("JC 9C KH", "JC", trump="S", trick="AC").verdict)
illegal: J♣ does not follow the led A♣ (the left bower is a trump) while the hand holds 9♣
>>> print(score(5, alone=True).verdict)
team 0 (seats 0 and 2) scores 4 points
>>> trick(["KS", "10D", "JS"], trump="S")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: a trick has 4 cards, not 3
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlaw.answers import Answer, disputed, explained, read_cards, read_trump, tokens
from cardlaw.engine.euchre.explain import explain_play, explain_score, explain_trick
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.tricks import legal_plays
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.constants import EUCHRE_DECK, PARTNER, PLAYERS
from cardlaw.spec.euchre.parameters import EuchreRules

__all__ = ["play", "score", "trick"]


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


def play(
    hand: str,
    card: str,
    trump: str,
    trick: str = "",
    alone: bool = False,
    rules: EuchreRules | None = None,
) -> Answer:
    """May ``card`` be played from ``hand`` to ``trick`` (the cards so far, in play order), and why.

    ``hand`` is every card the player holds, ``card`` among them; ``trump``
    the trump suit; ``alone``: a maker went alone (a trick has three cards).
    The verdict is the engine's (:func:`engine.euchre.explain.explain_play`);
    a situation no hand can reach (a card in the hand and the trick, a trick
    or a hand too long) is malformed input.
    """
    held = read_cards(tokens(hand), _foreign)
    if not held:
        raise MalformedInput("--hand needs the cards the player holds, e.g. --hand 'JC 9C KH'")
    played = read_cards(tokens(trick), _foreign)
    (chosen,) = read_cards([card], _foreign)
    disputed(chosen, held, played, "the trick")
    most = PLAYERS - 1 - alone
    if len(played) > most:
        who = " with a player alone" if alone else ""
        raise MalformedInput(
            f"a trick{who} has at most {most} cards before the last one, not {len(played)}"
        )
    if rules is None:
        rules = EUCHRE.config().rules
    if len(held) > rules.cards_each:
        raise MalformedInput(f"a hand holds at most {rules.cards_each} cards, not {len(held)}")
    suit = read_trump(trump, Suit.parse, "a suit (C, D, H or S)")
    mask = sum(1 << card for card in held)
    led = int(played[0]) if played else -1
    ok, why = explain_play(mask, led, int(suit), int(chosen))
    may = legal_plays(mask, led, int(suit))
    return explained(why, EUCHRE, legal=ok, legal_cards=str(CardSet(may)).split())


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
