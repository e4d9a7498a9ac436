"""Positions and commands that reproduce a Divide link's disagreement with ``cardlaw ask``.

A differential link (:mod:`proofs.divide.links`) compares the encoding with
an engine function on a bare situation: a hand, the led card, the Trump
Rank.  To show a disagreement to a user, :func:`legal_position` writes that
situation as a position file ``cardlaw ask divide legal`` reads: seat 0 has
led the card (or seat 0 is to lead), the seat asked about holds the hand,
and the tricks before it are filler tricks that seat 0 led and won with a
card of one suit that everybody followed (so the position is legal under
any engine that lets a player follow suit).  :func:`legal_command` is the
command line that asks the engine about it, the position given on its standard
input (on one line: no card's name holds a quote).

>>> from cardlaw.spec.cards import Card, CardSet
>>> position = legal_position(CardSet("KH 7S").mask, int(Card("2H")), Card("7S").rank.index, False)
>>> position["hands"][1], position["trick"], len(position["tricks"])
('7S KH', {'leader': 0, 'cards': ['2H']}, 6)
>>> from cardlaw.engine.divide.game import DIVIDE
>>> state = DIVIDE.position_from_json(position)
>>> state.actor, state.hands[1] == CardSet("KH 7S").mask
(1, True)
>>> legal_command(position).endswith("| cardlaw ask divide legal --player 1 --position /dev/stdin")
True
"""

from __future__ import annotations

import json

from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divide.parameters import PRINTED_RULES

__all__ = ["legal_command", "legal_position"]

PLAYERS = 4
"""The positions are written for four players (the encodings' legal plays do not depend on it)."""


def _filler(pool: list[int], tricks: int, trump_rank: int) -> list[list[int]] | None:
    """``tricks`` tricks of four cards of one suit each, none of the Trump Rank, highest first."""
    by_suit = {
        s: sorted((c for c in pool if c & 3 == s and c >> 2 != trump_rank), reverse=True)
        for s in range(4)
    }
    out: list[list[int]] = []
    for _ in range(tricks):
        suit = max(by_suit, key=lambda s: len(by_suit[s]))
        if len(by_suit[suit]) < PLAYERS:
            return None
        out.append(by_suit[suit][:PLAYERS])
        by_suit[suit] = by_suit[suit][PLAYERS:]
    return out


def legal_position(
    hand: int, led: int | None, trump_rank: int, own_suit: bool
) -> dict[str, object] | None:
    """A position in which a seat holding ``hand`` must play, after ``led`` (or leading).

    ``None`` when no such position can be written: the hand is too big for
    the round, or the cards left cannot fill it (a Trump Rank card must be
    the offering turned up; a led Trump Rank card must come from a hand of
    Trump Rank cards).
    """
    cards = [int(c) for c in CardSet(hand)]
    size = len(cards)
    tricks = PRINTED_RULES.hand_size
    if not 1 <= size <= tricks or (led is not None and hand >> led & 1):
        return None
    seat = 0 if led is None else 1
    taken = hand | (0 if led is None else 1 << led)
    turned = next((c for c in range(trump_rank * 4, trump_rank * 4 + 4) if not taken >> c & 1), -1)
    if turned < 0:
        return None
    taken |= 1 << turned
    pool = [c for c in range(52) if not taken >> c & 1]
    leader_rest: list[int] = []
    if led is not None and led >> 2 == trump_rank:  # only an all-trump hand may lead it
        leader_rest = [c for c in pool if c >> 2 == trump_rank][: size - 1]
        if len(leader_rest) < size - 1:
            return None
        pool = [c for c in pool if c not in leader_rest]
    filler = _filler(pool, tricks - size, trump_rank)
    if filler is None:
        return None
    used = {c for trick in filler for c in trick}
    pool = [c for c in pool if c not in used]
    hands: list[list[int]] = []
    for q in range(PLAYERS):
        if q == seat:
            hands.append(cards)
        elif q == 0 and led is not None:
            own = leader_rest or pool[: size - 1]
            pool = [c for c in pool if c not in own]
            hands.append(own)
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    return {
        "game": "divide",
        "players": PLAYERS,
        "dealer": PLAYERS - 1,
        "trump": str(Card(turned)),
        "hands": [str(CardSet.of(h)) for h in hands],
        "tricks": [{"leader": 0, "cards": [str(Card(c)) for c in trick]} for trick in filler],
        "trick": {"leader": 0, "cards": [] if led is None else [str(Card(led))]},
        **({"variants": ["trump-rank-own-suit"]} if own_suit else {}),
    }


def legal_command(position: dict[str, object]) -> str:
    """The shell command that asks ``cardlaw`` the legal plays of the position's seat to act."""
    trick = position["trick"]
    assert isinstance(trick, dict)
    seat = len(trick["cards"])
    text = json.dumps(position, ensure_ascii=False, separators=(",", ":"))
    return f"echo '{text}' | cardlaw ask divide legal --player {seat} --position /dev/stdin"
