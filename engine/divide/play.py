"""Divide's trick phase: playing a card, taking the token, ending rounds and the game.

This is the hottest code of the engine, so new states are built with
:mod:`engine.divide.fields` rather than ``NamedTuple._replace``.
"""

from __future__ import annotations

from cardlaw.engine.divide import fields as F
from cardlaw.engine.divide.scoring import take_token
from cardlaw.engine.divide.tricks import explain_illegal_play, legal_plays, trick_winner
from cardlaw.engine.picking import Below, bit_at
from cardlaw.spec.divide.actions import PLAYS, Play
from cardlaw.spec.divide.invariants import round_points_of
from cardlaw.spec.divide.state import DivideState, Stage
from cardlaw.spec.domain import CardMask
from cardlaw.spec.trace import enforces

__all__ = ["apply_play", "legal_play_actions", "legal_play_mask", "pick_play"]


def legal_play_mask(state: DivideState) -> CardMask:
    """The cards the actor may play now: what the Game API lists and draws from."""
    return legal_plays(
        state.hands[state.actor],
        state.trick,
        state.trump >> 2,
        state.config.trump_suit == "own",
    )


def legal_play_actions(state: DivideState) -> tuple[Play, ...]:
    """The actor's legal plays as actions, lowest card first (of :func:`legal_play_mask`)."""
    mask = legal_play_mask(state)
    if mask < 0:  # a forged hand: refused by the Game API, never looped on
        raise ValueError("a card set is never negative")
    out = []
    while mask:
        low = mask & -mask
        out.append(PLAYS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def pick_play(state: DivideState, below: Below) -> Play:
    """The play at index ``below(n)`` of :func:`legal_play_actions`."""
    mask = legal_play_mask(state)
    return PLAYS[bit_at(mask, below)]


@enforces(
    "divide.trick.clockwise",
    "divide.trick.winner-leads",
    "divide.trick.count",
    "divide.score.round",
    "divide.cleanup.record",
    "divide.round.dealer-rotation",
    "divide.end.four-rounds",
)
def apply_play(state: DivideState, action: Play) -> DivideState:
    """Play a card; complete the trick, the round and the game as they fill up.

    The hottest function of the engine: it unpacks the state once and, for a
    card that does not complete the trick, builds the next state from the
    same fields in the same order with ``tuple.__new__``.
    """
    (
        config, stage, round_, dealer, p, hands, undealt, offerings, secured, offers_left,
        offers_right, kept_left, kept_right, trump, leader, trick, tricks, suit_tokens, bonus,
        taken, bonus_taken, scores,
    ) = state  # fmt: skip
    card = action.card
    hand = hands[p]
    trump_rank = trump >> 2
    own_suit = config.trump_suit == "own"
    if not legal_plays(hand, trick, trump_rank, own_suit) >> card & 1:
        error = explain_illegal_play(hand, trick, trump_rank, card, own_suit=own_suit)
        assert error is not None
        raise error
    hands = (*hands[:p], hand & ~(1 << card), *hands[p + 1 :])
    trick = (*trick, int(card))
    n = config.players
    if len(trick) < n:
        return _new(
            DivideState,
            (
                config, stage, round_, dealer, (p + 1) % n, hands, undealt, offerings, secured,
                offers_left, offers_right, kept_left, kept_right, trump, leader, trick, tricks,
                suit_tokens, bonus, taken, bonus_taken, scores,
            ),
        )  # fmt: skip
    return _finish_trick(state, hands, trick, trump_rank)


_new = tuple.__new__


def _finish_trick(
    state: DivideState, hands: tuple[int, ...], trick: tuple[int, ...], trump_rank: int
) -> DivideState:
    """Give the completed trick's token to its winner; end the round after the eighth."""
    n = state.config.players
    position = trick_winner(trick, trump_rank)
    winner = (state.leader + position) % n
    suit_tokens, bonus, token = take_token(state.suit_tokens, state.bonus, trick[position] & 3)
    taken, bonus_taken = state.taken, state.bonus_taken
    if token == "suit":
        taken = _bump(taken, winner)
    elif token == "bonus":
        bonus_taken = _bump(bonus_taken, winner)
    tricks = (*state.tricks, (state.leader, trick))
    fields = list(state)
    fields[F.HANDS] = hands
    fields[F.TRICK] = ()
    fields[F.TRICKS] = tricks
    fields[F.SUIT_TOKENS] = suit_tokens
    fields[F.BONUS] = bonus
    fields[F.TAKEN] = taken
    fields[F.BONUS_TAKEN] = bonus_taken
    rules = state.config.rules
    if len(tricks) < rules.hand_size:
        fields[F.ACTOR] = fields[F.LEADER] = winner
        return F.new_state(fields)
    # The round is over: record the scores; the table stays as it is until the next shuffle.
    fields[F.ACTOR] = fields[F.LEADER] = -1
    fields[F.SCORES] = scores = (*state.scores, round_points_of(taken, bonus_taken, rules))
    if len(scores) == rules.rounds:
        fields[F.STAGE] = Stage.OVER
    else:
        fields[F.STAGE] = Stage.DEAL
        fields[F.ROUND] = state.round + 1
        fields[F.DEALER] = (state.dealer + 1) % n
    return F.new_state(fields)


def _bump(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + 1,) + values[index + 1 :]
