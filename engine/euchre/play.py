"""Euchre's trick phase: playing a card, taking tricks, scoring the hand, ending the game.

This is the hottest code of the engine, so new states are built with
:mod:`engine.euchre.fields` rather than ``NamedTuple._replace``, and the
legal plays come from precomputed tables (:mod:`engine.euchre.masks`).

>>> from cardlaw.engine.euchre.bidding import apply_bid, apply_discard
>>> from cardlaw.engine.euchre.deal import (
...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
>>> from cardlaw.spec.cards import Card, CardSet
>>> from cardlaw.spec.euchre import EuchreConfig, initial_state
>>> from cardlaw.spec.euchre.actions import DISCARDS, ORDER_UP
>>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
>>> state = apply_bid(apply_shuffle(table, SHUFFLES.outcome(0)), ORDER_UP[False])
>>> state = apply_discard(state, DISCARDS[Card("JD")])  # Clubs trump; seat 1 leads
>>> [a.text for a in legal_play_actions(state)]
['play 9C', 'play 9D', 'play 9H', 'play QC', 'play QD']
>>> state = apply_play(state, PLAYS[Card("QD")])
>>> CardSet(legal_play_mask(state)), state.actor   # seat 2 must follow Diamonds
(CardSet('10D'), 2)
>>> for card in ("10D", "KD", "JS"):  # seat 0, the dealer, trumps with the left bower
...     state = apply_play(state, PLAYS[Card(card)])
>>> state.tricks[-1][1] == tuple(Card(c) for c in ("QD", "10D", "KD", "JS")), state.leader
(True, 0)
>>> trick_winner_seat(state, *state.tricks[-1])
0
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.euchre import fields as F
from cardlaw.engine.euchre.fields import (
    ACTOR,
    HANDS,
    LEADER,
    RESULTS,
    SCORES,
    STAGE,
    TRICK,
    TRICKS,
    TRUMP,
    WON,
)
from cardlaw.engine.euchre.masks import split_table
from cardlaw.engine.euchre.scoring import add_points, game_over, hand_score
from cardlaw.engine.euchre.tricks import FOLLOW, explain_illegal_play, legal_plays, trick_winner
from cardlaw.engine.picking import Below, bad_draw
from cardlaw.spec.cards import CARD_BITS
from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.euchre.actions import PLAYS, Play
from cardlaw.spec.euchre.constants import PARTNER, PLAYERS, TEAM_OF
from cardlaw.spec.euchre.invariants import trick_seats
from cardlaw.spec.euchre.state import EuchreState, Stage
from cardlaw.spec.trace import enforces

__all__ = [
    "PLAY_TABLE",
    "apply_play",
    "legal_play_actions",
    "legal_play_mask",
    "pick_play",
    "trick_winner_seat",
]

PLAY_TABLE: Final = split_table(PLAYS)
"""The shared :class:`Play` actions of every legal-play mask (see :mod:`engine.euchre.masks`)."""

_Seating = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]


def _seating(alone: bool, maker: SeatId, defender: SeatId) -> _Seating:
    out = PARTNER[maker] if alone else -1
    also = PARTNER[defender] if defender >= 0 else -1
    active = PLAYERS - (out >= 0) - (also >= 0)
    return (
        tuple(trick_seats(seat, 2, out, also)[1] for seat in range(PLAYERS)),
        tuple(trick_seats(leader, active, out, also) for leader in range(PLAYERS)),
        active,
    )


_SEATING: Final[tuple[tuple[tuple[_Seating, ...], ...], ...]] = tuple(
    tuple(
        tuple(_seating(bool(alone), maker, defender) for defender in range(-1, PLAYERS))
        for maker in range(PLAYERS)
    )
    for alone in (0, 1)
)
"""``_SEATING[alone][maker][defender + 1]``: for the hand's maker, whether they went alone
and who defends alone (-1: nobody), the next seat after each seat, the seats of a trick
from each leader, and how many play a trick [euchre.bid.alone, euchre.trick.clockwise,
euchre.ruling.defender-alone]."""


def trick_winner_seat(state: EuchreState, leader: SeatId, cards: tuple[CardId, ...]) -> SeatId:
    """The seat that won a trick of the hand on the table, led by ``leader``."""
    order = _SEATING[state.alone][state.maker][state.defender + 1][1]
    return order[leader][trick_winner(cards, state.trump)]


def legal_play_mask(state: EuchreState) -> CardMask:
    """The cards the actor may play now."""
    trick = state.trick
    return legal_plays(state.hands[state.actor], trick[0] if trick else -1, state.trump)


_PLAY_LOW: Final = PLAY_TABLE[0]
_PLAY_HIGH: Final = PLAY_TABLE[1]


def legal_play_actions(state: EuchreState) -> tuple[Play, ...]:
    """The actor's legal plays as shared actions, lowest card first: the tricks' legal actions.

    :func:`legal_play_mask` and :func:`~engine.euchre.masks.actions_of`, inlined
    (this runs once per card played), reading the fields by position, which is
    faster than by name.
    """
    trick = state[TRICK]
    mask = legal_plays(state[HANDS][state[ACTOR]], trick[0] if trick else -1, state[TRUMP])
    return _PLAY_LOW[mask >> 28 & 0xFFF] + _PLAY_HIGH[mask >> 40 & 0xFFF]


def pick_play(state: EuchreState, below: Below) -> Play:
    """The play at index ``below(n)`` of :func:`legal_play_actions`, without joining the halves.

    The legal plays are the low half's tuple of shared actions, then the high
    half's; the draw indexes into whichever half holds position ``k``.

    >>> from cardlaw.engine.euchre.bidding import apply_bid, apply_discard
    >>> from cardlaw.engine.euchre.deal import (
    ...     FIRST_DEALERS, SHUFFLES, apply_first_dealer, apply_shuffle)
    >>> from cardlaw.spec.cards import Card
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> from cardlaw.spec.euchre.actions import DISCARDS, ORDER_UP
    >>> table = apply_first_dealer(initial_state(EuchreConfig()), FIRST_DEALERS.outcome(0))
    >>> state = apply_bid(apply_shuffle(table, SHUFFLES.outcome(0)), ORDER_UP[False])
    >>> state = apply_discard(state, DISCARDS[Card("JD")])
    >>> [pick_play(state, lambda n, k=k: k) for k in range(5)] == list(legal_play_actions(state))
    True
    """
    trick = state[TRICK]
    mask = legal_plays(state[HANDS][state[ACTOR]], trick[0] if trick else -1, state[TRUMP])
    low = _PLAY_LOW[mask >> 28 & 0xFFF]
    high = _PLAY_HIGH[mask >> 40 & 0xFFF]
    split = len(low)
    n = split + len(high)
    k = below(n)
    if type(k) is not int or not 0 <= k < n:
        raise bad_draw(k, n)
    return low[k] if k < split else high[k - split]


_new: Final = tuple.__new__
_STATE: Final = EuchreState
"""The state class, named in this module (a static in the compiled build, not a global lookup)."""
_BITS: Final = CARD_BITS
"""The card bits, named in this module (a static in the compiled build, not a global lookup)."""


@enforces(
    "euchre.trick.clockwise",
    "euchre.trick.play-from-hand",
    "euchre.trick.winner-leads",
    "euchre.trick.count",
    "euchre.bid.alone",
)
def apply_play(state: EuchreState, action: Play) -> EuchreState:
    """Play a card; complete the trick, the hand and the game as they fill up.

    The hottest function of the engine: it unpacks the state once and builds
    the next one with ``tuple.__new__`` from the same fields in the same order
    (:data:`engine.euchre.fields.ORDER`, checked against :class:`EuchreState`
    at import), which is the fastest immutable copy Python offers.
    """
    # The fields passed on unchanged are declared ``object`` (a no-op in Python): the
    # compiled build then copies them as they are, without unboxing and boxing each.
    stage: object
    deal: object
    dealer: object
    kitty: object
    upcard: object
    discard: object
    scores: object
    results: object
    won: tuple[int, ...]
    (
        config, stage, deal, dealer, p, hands, kitty, upcard, maker, trump, alone, discard,
        leader, trick, tricks, won, scores, results, defender,
    ) = state  # fmt: skip
    card = action.card
    bit: int = card
    hand = hands[p]
    if trick:  # legal_plays, inlined: follow the led card's suit if the hand can
        led = trick[0]
        allowed = hand & FOLLOW[trump][led] or hand
    else:
        led, allowed = -1, hand
    if not allowed >> bit & 1:
        error = explain_illegal_play(hand, led, trump, bit)
        assert error is not None
        raise error
    hand ^= _BITS[bit]  # the card is in the hand: it passed legal_plays
    h0, h1, h2, h3 = hands
    if p == 0:
        hands = (hand, h1, h2, h3)
    elif p == 1:
        hands = (h0, hand, h2, h3)
    elif p == 2:
        hands = (h0, h1, hand, h3)
    else:
        hands = (h0, h1, h2, hand)
    trick = (*trick, card)
    following, order, active = _SEATING[alone][maker][defender + 1]
    if len(trick) < active:
        return _new(
            _STATE,
            (
                config, stage, deal, dealer, following[p], hands, kitty, upcard, maker,
                trump, alone, discard, leader, trick, tricks, won, scores, results, defender,
            ),
        )  # fmt: skip
    winner = order[leader][trick_winner(trick, trump)]
    won = (won[0] + 1, won[1]) if TEAM_OF[winner] == 0 else (won[0], won[1] + 1)
    tricks = (*tricks, (leader, trick))
    if len(tricks) < config.rules.cards_each:
        return _new(
            _STATE,
            (
                config, stage, deal, dealer, winner, hands, kitty, upcard, maker, trump, alone,
                discard, winner, (), tricks, won, scores, results, defender,
            ),
        )  # fmt: skip
    fields: list[object] = list(state)
    fields[HANDS] = hands
    fields[TRICK] = ()
    fields[TRICKS] = tricks
    fields[WON] = won
    return _finish_hand(state, fields, won)


def _finish_hand(state: EuchreState, fields: list[object], won: tuple[int, int]) -> EuchreState:
    """Score the hand; the game ends at once if a team has the target, else chance deals next.

    The hand stays on the table until the next shuffle, which passes the deal.
    """
    rules = state.config.rules
    makers = TEAM_OF[state.maker]
    team, points = hand_score(makers, won[makers], state.alone, rules, state.defender >= 0)
    scores = add_points(state.scores, team, points)
    fields[SCORES] = scores
    fields[RESULTS] = (*state.results, (team, points))
    fields[ACTOR] = fields[LEADER] = -1
    fields[STAGE] = Stage.OVER if game_over(scores, rules.target) else Stage.DEAL
    return F.new_state(fields)


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces(
    "euchre.score.one-team",
    "euchre.setup.partners",
    "euchre.end.ten",
    "euchre.ruling.end-at-once",
)(_finish_hand)
