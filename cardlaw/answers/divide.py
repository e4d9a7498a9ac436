"""Divide's answers: who wins this trick, may this card be played here, what token a trick earns.

The work of ``cardlaw ask divide trick``, ``play`` and ``token``.

>>> print(trick(["KH", "7S", "2H", "AH"], trump="7").verdict)
seat 1 wins with 7♠
>>> print(play("KH 7S", "7S", trump="7", trick="2H").verdict)
illegal: 7♠ does not follow the led 2♥ while the hand holds K♥
>>> print(token("AH", stacks="3,3,0,3", bonus=5).verdict)
a 5-point bonus token (the Hearts stack is empty)
>>> trick(["KH", "7S"], trump="7")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Divide is for 4 or 5 players, not 2
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlaw.answers import Answer, disputed, explained, read_cards, read_trump, tokens
from cardlaw.engine.divide.explain import explain_play, explain_token, explain_trick
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.tricks import legal_plays
from cardlaw.spec.cards import Card, CardSet, Rank
from cardlaw.spec.divide.constants import PLAYER_COUNTS
from cardlaw.spec.divide.parameters import DivideRules
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import overrides

__all__ = ["play", "token", "trick"]


def _foreign(card: Card) -> str | None:
    return "Divide has no Joker" if card.is_joker else None


def trick(cards: Sequence[str], trump: str, leader: int = 0, players: int | None = None) -> Answer:
    """Who wins the trick ``cards`` (in play order) under the Trump Rank ``trump``, and why.

    ``players`` defaults to as many as there are cards.
    """
    played = read_cards(cards, _foreign)
    n = players if players is not None else len(played)
    if n not in PLAYER_COUNTS:
        raise MalformedInput(f"Divide is for 4 or 5 players, not {n}")
    if len(played) != n:
        raise MalformedInput(f"a trick of {n} players has {n} cards, not {len(played)}")
    if not 0 <= leader < n:
        raise MalformedInput(f"there is no seat {leader}")
    rank = read_trump(trump, Rank.parse, "a rank (2-10, J, Q, K, A)")
    _trumps_seen(played, rank)
    answer = explain_trick(tuple(int(c) for c in played), rank.index, leader=leader, players=n)
    return explained(answer, DIVIDE)


def _trumps_seen(cards: Sequence[Card], rank: Rank) -> None:
    if sum(card.rank == rank for card in cards) > 3:
        raise MalformedInput(
            "no trick holds four Trump Rank cards: the offering turned up is one of them "
            "[divide.trump.offerings-aside]"
        )


def play(
    hand: str,
    card: str,
    trump: str,
    trick: str = "",
    players: int | None = None,
    own_suit: bool = False,
    rules: DivideRules | None = None,
) -> Answer:
    """May ``card`` be played from ``hand`` to ``trick`` (the cards so far, in play order), and why.

    ``hand`` is every card the player holds, ``card`` among them; ``trump``
    the Trump Rank; ``players`` 4 or 5 (when not given, a trick so far may
    hold up to four cards); ``own_suit`` the house rule under which the Trump
    Rank cards are a suit of their own.  The verdict is the engine's
    (:func:`engine.divide.explain.explain_play`); a situation no game can
    reach (a card in the hand and the trick, a trick or a hand too long, all
    four Trump Rank cards in sight) is malformed input.
    """
    held = read_cards(tokens(hand), _foreign)
    if not held:
        raise MalformedInput("--hand needs the cards the player holds, e.g. --hand 'KH 7S 2D'")
    played = read_cards(tokens(trick), _foreign)
    (chosen,) = read_cards([card], _foreign)
    disputed(chosen, held, played, "the trick")
    if players is not None and players not in PLAYER_COUNTS:
        raise MalformedInput(f"Divide is for 4 or 5 players, not {players}")
    most = (max(PLAYER_COUNTS) if players is None else players) - 1
    if len(played) > most:
        raise MalformedInput(
            f"a trick has at most {most} cards before the last one, not {len(played)}"
        )
    if rules is None:
        rules = DIVIDE.config().rules
    if len(held) > rules.hand_size:
        raise MalformedInput(
            f"a hand holds at most {rules.hand_size} cards in the tricks, not {len(held)}"
        )
    rank = read_trump(trump, Rank.parse, "a rank (2-10, J, Q, K, A)")
    _trumps_seen([*held, *played], rank)
    mask = sum(1 << card for card in held)
    so_far = tuple(int(c) for c in played)
    ok, why = explain_play(mask, so_far, rank.index, int(chosen), own_suit=own_suit)
    may = legal_plays(mask, so_far, rank.index, own_suit)
    return explained(why, DIVIDE, legal=ok, legal_cards=str(CardSet(may)).split())


def token(
    card: str, stacks: str | None = None, bonus: int | None = None, rules: DivideRules | None = None
) -> Answer:
    """What token a trick won with ``card`` earns, with ``stacks`` (``C,D,H,S``) and ``bonus`` left.

    Full stacks and the whole bonus supply by default; ``rules`` are Divide's
    rule parameters (the default game's when not given).
    """
    (won,) = read_cards([card], _foreign)
    if rules is None:
        rules = DIVIDE.config().rules
    full, supply = rules.suit_tokens, rules.bonus_tokens
    if stacks is None:
        stacks = ",".join([str(full)] * 4)
    try:
        left = tuple(int(x) for x in stacks.split(","))
    except ValueError:
        raise MalformedInput(
            f"--stacks must be four numbers, like 3,3,0,3, not {stacks!r}"
        ) from None
    if len(left) != 4 or not all(0 <= x <= full for x in left):
        raise MalformedInput(f"--stacks must be four numbers from 0 to {full}")
    bonus = supply if bonus is None else bonus
    if not 0 <= bonus <= supply:
        raise MalformedInput(f"--bonus must be 0 to {supply}")
    if left[won.suit] == 0 and bonus == 0 and not overrides(rules):
        raise MalformedInput(
            "an empty stack with an empty bonus supply cannot happen [divide.ruling.bonus-supply]"
        )
    return explained(explain_token(left, bonus, int(won), rules), DIVIDE)
