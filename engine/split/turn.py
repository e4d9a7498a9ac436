"""A turn of Split: move the middle card, then play a card (or an aid), or reset.

Moving and playing are separate actions [split.ruling.one-decision].  The
reset itself is in :mod:`engine.split.opening`; this module only says when
it is allowed.

>>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
>>> state = initial_state(SplitConfig(players=2))._replace(
...     stage=Stage.PLAY, dealer=0, actor=1, opener=0, hands=(1 << 5, 1 << 45 | 1 << 50),
...     table=1 << 12 | 1 << 88, left=12, right=88)
>>> [a.text for a in legal_turn_actions(state)]
['play 45', 'play 50', 'reset']
>>> after = apply_play(state, Play(45))
>>> after.stage.name, after.actor, after.middle, after.turn
('MOVE', 0, 45, 1)
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.split import fields as F
from cardlaw.engine.split.piles import next_seat, place, playable_mask, reversed_direction
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import AIDS, MOVES, PLAYS, RESET, Action, Aid, Move, Play
from cardlaw.spec.split.cards import WILD_MASK, NumberCard
from cardlaw.spec.split.state import End, SplitState, Stage
from cardlaw.spec.trace import enforces

__all__ = [
    "apply_aid",
    "apply_move",
    "apply_play",
    "can_play",
    "end_turn",
    "explain_illegal_play",
    "legal_turn_actions",
    "reset_allowed",
    "usable_aids",
]

_MOVES_AND_RESET: Final = (*MOVES, RESET)


def usable_aids(state: SplitState) -> int:
    """The aids beside the table that may still be used (cooperative play) [split.coop.aid-use].

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(mode="cooperative", players=3, aids=(100,)))._replace(
    ...     stage=Stage.PLAY, dealer=0, actor=1, hands=(1 << 5, 1 << 95, 1 << 45),
    ...     table=1 << 12 | 1 << 88, left=12, right=88)
    >>> usable_aids(state) == 1 << 100  # the 0 is beside the table but may not be used
    True
    """
    return state.aside & state.config.aid_mask


def _playable_now(state: SplitState) -> int:
    return playable_mask(state.hands[state.actor], state.left, state.right)


@enforces("split.turn.must-reset")
def can_play(state: SplitState) -> bool:
    """Whether the player to move can play something this turn (after moving, if due).

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.MOVE, dealer=0, actor=1, hands=(1 << 5, 1 << 45),
    ...     table=1 << 12 | 1 << 88 | 1 << 60, left=12, right=88, middle=60)
    >>> can_play(state)  # 45 fits after 60 goes onto the right pile
    True
    """
    if usable_aids(state):
        return True
    hand = state.hands[state.actor]
    if state.stage == Stage.PLAY:
        return playable_mask(hand, state.left, state.right) != 0
    return any(
        playable_mask(hand, *place(state.left, state.right, move.side, state.middle))
        for move in MOVES
    )


@enforces(
    "split.reset.choose",
    "split.ruling.reset-timing",
    "split.coop.lose-on-reset",
    "split.ruling.coop-no-chosen-reset",
)
def reset_allowed(state: SplitState) -> bool:
    """Whether the player to move may reset now.

    Competitive: at any point of the turn before a card is played.
    Cooperative: only when nothing can be played after the move, aids included.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(mode="cooperative", players=3, aids=(100,)))._replace(
    ...     stage=Stage.PLAY, dealer=0, actor=1, hands=(1 << 5, 1 << 95, 1 << 45),
    ...     table=1 << 12 | 1 << 88, left=12, right=88)
    >>> reset_allowed(state), reset_allowed(state._replace(aside=1))
    (False, True)
    """
    if state.stage not in (Stage.MOVE, Stage.PLAY):
        return False
    if not state.config.cooperative:
        return True
    return state.stage == Stage.PLAY and not _playable_now(state) and not usable_aids(state)


@enforces("split.turn.move-middle", "split.turn.play-between", "split.coop.aid-use")
def legal_turn_actions(state: SplitState) -> tuple[Action, ...]:
    """The actions of the player to move: moves, then plays (lowest first), aids, reset."""
    if state.stage == Stage.MOVE:
        return MOVES if state.config.cooperative else _MOVES_AND_RESET
    mask = _playable_now(state)
    if mask < 0:  # a forged hand: refused by the Game API, never looped on
        raise ValueError("a card set is never negative")
    out: list[Action] = []
    while mask:
        low = mask & -mask
        out.append(PLAYS[low.bit_length() - 1])
        mask ^= low
    aids = usable_aids(state)
    if aids:
        out.extend(AIDS[a] for a in sorted(AIDS) if aids >> a & 1)
    if reset_allowed(state):
        out.append(RESET)
    return tuple(out)


@enforces("split.turn.move-middle", "split.ruling.move-onto-pile")
def apply_move(state: SplitState, action: Move) -> SplitState:
    """Put the middle card on top of the chosen pile.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.MOVE, dealer=0, actor=1, hands=(1 << 5, 1 << 45),
    ...     table=1 << 12 | 1 << 88 | 1 << 60, left=12, right=88, middle=60)
    >>> after = apply_move(state, Move("right"))
    >>> after.stage.name, after.left, after.right, after.middle
    ('PLAY', 12, 60, -1)
    """
    if state.stage != Stage.MOVE:
        raise IllegalAction(
            "there is no card in the middle to move", clause="split.turn.move-middle"
        )
    if action not in MOVES:
        raise IllegalAction(f"there is no {action.side!r} pile", clause="split.turn.move-middle")
    fields = list(state)
    fields[F.LEFT], fields[F.RIGHT] = place(state.left, state.right, action.side, state.middle)
    fields[F.STAGE] = Stage.PLAY
    fields[F.MIDDLE] = -1
    return F.new_state(fields)


@enforces("split.ruling.turn-limit", "split.turn.order")
def end_turn(state: SplitState) -> SplitState:
    """Count a finished turn; at the turn limit the game ends as a draw.

    >>> from cardlaw.spec.split import SplitConfig, initial_state
    >>> state = initial_state(SplitConfig(max_turns=3))._replace(turn=2, stage=Stage.PLAY)
    >>> end_turn(state).end.name, end_turn(state).turn
    ('TURN_LIMIT', 3)
    """
    turn = state.turn + 1
    if turn >= state.config.max_turns and state.stage != Stage.OVER:
        return state._replace(turn=turn, stage=Stage.OVER, actor=-1, end=End.TURN_LIMIT)
    return state._replace(turn=turn)


def explain_illegal_play(state: SplitState, card: int) -> IllegalAction:
    """Why playing ``card`` now is illegal (``card`` must not be playable).

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.PLAY, dealer=0, actor=1, hands=(1 << 5, 1 << 45 | 1 << 95),
    ...     table=1 << 12 | 1 << 88, left=12, right=88)
    >>> print(explain_illegal_play(state, 95))
    95 is not between the piles 12 and 88 [split.turn.play-between]
    """
    hand = state.hands[state.actor]
    if not hand >> card & 1:
        return IllegalAction(
            f"{card} is not in seat {state.actor}'s hand", clause="split.turn.play-between"
        )
    if WILD_MASK >> card & 1:
        return IllegalAction(
            f"{NumberCard(card).pretty} is a wild card and the last card of the hand",
            clause="split.end.no-wild-finish",
        )
    return IllegalAction(
        f"{card} is not between the piles {state.left} and {state.right}",
        clause="split.turn.play-between",
    )


def _after_card(state: SplitState, card: int, hands: tuple[int, ...], aside: int) -> SplitState:
    """The middle card is down: end the game, or pass the turn (counting it)."""
    config = state.config
    p = state.actor
    fields = list(state)
    fields[F.HANDS] = hands
    fields[F.ASIDE] = aside
    fields[F.TABLE] = state.table | 1 << card
    fields[F.MIDDLE] = card
    fields[F.TURN] = turn = state.turn + 1
    if not hands[p] and (not config.cooperative or not any(hands)):
        fields[F.STAGE] = Stage.OVER
        fields[F.ACTOR] = -1
        if config.cooperative:
            fields[F.END] = End.GROUP_WIN
        else:
            fields[F.END] = End.WIN
            fields[F.WINNER] = p
        return F.new_state(fields)
    if turn >= config.max_turns:
        fields[F.STAGE] = Stage.OVER
        fields[F.ACTOR] = -1
        fields[F.END] = End.TURN_LIMIT
        return F.new_state(fields)
    direction = reversed_direction(state.direction, card, config.players)
    fields[F.DIRECTION] = direction
    fields[F.ACTOR] = next_seat(p, direction, hands, config.cooperative)
    fields[F.STAGE] = Stage.MOVE
    return F.new_state(fields)


@enforces(
    "split.turn.play-between",
    "split.wild.any-time",
    "split.wild.reverse",
    "split.end.first-empty",
    "split.end.no-wild-finish",
    "split.coop.win",
)
def apply_play(state: SplitState, action: Play) -> SplitState:
    """Play a card from hand into the middle; the first empty hand wins."""
    if state.stage != Stage.PLAY:
        raise IllegalAction(
            f"the middle card {state.middle} must be moved onto a pile first",
            clause="split.turn.move-middle",
        )
    card = action.card
    if not 0 <= card <= 100 or not _playable_now(state) >> card & 1:
        raise explain_illegal_play(state, card)
    p = state.actor
    hands = state.hands
    hands = hands[:p] + (hands[p] & ~(1 << card),) + hands[p + 1 :]
    return _after_card(state, card, hands, state.aside)


@enforces("split.coop.aid-use", "split.ruling.coop-harder")
def apply_aid(state: SplitState, action: Aid) -> SplitState:
    """Cooperative: play the 0 or the 100 from beside the table into the middle.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(mode="cooperative", players=3, aids=(100,)))._replace(
    ...     stage=Stage.PLAY, dealer=0, actor=1, hands=(1 << 5, 1 << 95, 1 << 45),
    ...     table=1 << 12 | 1 << 88, left=12, right=88)
    >>> after = apply_aid(state, Aid(100))
    >>> after.middle, after.actor, after.direction, after.hands == state.hands
    (100, 0, -1, True)
    """
    if state.stage != Stage.PLAY:
        raise IllegalAction(
            f"the middle card {state.middle} must be moved onto a pile first",
            clause="split.turn.move-middle",
        )
    card = action.card
    if card not in AIDS or not usable_aids(state) >> card & 1:
        why = (
            "aids belong to the cooperative game"
            if not state.config.cooperative
            else f"the {card} is not available as an aid"
        )
        raise IllegalAction(why, clause="split.coop.aid-use")
    return _after_card(state, card, state.hands, state.aside & ~(1 << card))
