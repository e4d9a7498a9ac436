"""Opening piles: after the deal and after every reset, with cards put under if needed.

The opening procedure is one function, :func:`continue_opening`, run after
the deal, after a reset, after each card put under the draw pile and after
each reshuffle.  It draws what the opener still owes, then opens the piles
with the opener's lowest and highest standard cards, or asks the opener to
put a card under the draw pile, or asks chance to reshuffle.

>>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
>>> state = initial_state(SplitConfig(players=2))._replace(
...     stage=Stage.PLAY, dealer=0, actor=1, opener=0, hands=(1 << 5, 1 << 45 | 1 << 50),
...     table=1 << 12 | 1 << 88, left=12, right=88, draw=(30, 77, 3, 64))
>>> after = apply_reset(state)
>>> after.left, after.right, after.actor, after.turn, sorted(after.draw)
(3, 77, 0, 1, [64])
"""

from __future__ import annotations

from cardlaw.engine.split import fields as F
from cardlaw.engine.split.piles import next_seat, opening_cards
from cardlaw.engine.split.turn import end_turn, reset_allowed
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import BURIES, Bury, Reset, Reshuffle
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.state import CLOCKWISE, End, SplitState, Stage
from cardlaw.spec.trace import enforces

__all__ = ["apply_bury", "apply_reset", "apply_reshuffle", "continue_opening", "legal_buries"]


def _has_standard(cards: tuple[int, ...]) -> bool:
    return any(STANDARD_MASK >> card & 1 for card in cards)


@enforces(
    "split.open.piles",
    "split.open.put-under",
    "split.open.first-player",
    "split.reset.draw-three",
    "split.reset.reopen",
    "split.reset.fresh-start",
    "split.ruling.after-reset",
    "split.ruling.pile-sides",
    "split.ruling.empty-draw-pile",
    "split.ruling.short-draw",
    "split.ruling.put-under-exhausted",
    "split.ruling.put-under-round",
)
def continue_opening(state: SplitState) -> SplitState:
    """Go on with the opening by ``state.opener``, as far as it goes without a decision.

    The opener draws the cards still owed (chance reshuffles the discard pile
    when the draw pile is empty; with neither, the draw falls short).  With two
    standard cards the opener opens: the lowest on the left pile, the highest
    on the right; play restarts clockwise with the opener's left neighbour.
    Short of standard cards, the opener must put a card under the draw pile;
    if the draw pile has no standard card, chance first shuffles the discard
    pile under it, and with no standard card anywhere the game is drawn.  The
    count of cards put under starts again at 0 once the piles are open.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.RESHUFFLE, dealer=1, opener=0, owed=2,
    ...     hands=(1 << 5 | 1 << 50, 1 << 33), draw=(45, 90))
    >>> after = continue_opening(state)
    >>> after.stage.name, after.left, after.right, after.actor, after.turn
    ('PLAY', 5, 45, 1, 1)
    """
    p = state.opener
    hand = state.hands[p]
    draw, discard, owed = state.draw, state.discard, state.owed
    while owed:
        if draw:
            hand |= 1 << draw[0]
            draw = draw[1:]
            owed -= 1
        elif discard:
            break
        else:
            owed = 0
    fields = list(state)
    fields[F.DRAW] = draw
    fields[F.OWED] = owed
    fields[F.ACTOR] = -1
    cards = None if owed else opening_cards(hand)
    if cards is not None:
        low, high = cards
        hand &= ~(1 << low | 1 << high)
    hands = state.hands[:p] + (hand,) + state.hands[p + 1 :]
    fields[F.HANDS] = hands
    if owed:
        fields[F.STAGE] = Stage.RESHUFFLE
    elif cards is None:
        if _has_standard(draw):
            fields[F.STAGE] = Stage.BURY
            fields[F.ACTOR] = p
        elif discard & STANDARD_MASK:
            fields[F.STAGE] = Stage.RESHUFFLE
        else:
            fields[F.STAGE] = Stage.OVER
            fields[F.END] = End.BLOCKED
            fields[F.BURIED] = 0
    else:
        fields[F.STAGE] = Stage.PLAY
        fields[F.ACTOR] = next_seat(p, CLOCKWISE, hands, skip_empty=False)
        fields[F.DIRECTION] = CLOCKWISE
        fields[F.TABLE] = 1 << low | 1 << high
        fields[F.LEFT] = low
        fields[F.RIGHT] = high
        fields[F.MIDDLE] = -1
        fields[F.BURIED] = 0
        if state.turn or p != state.dealer:  # the dealer's first opening is not a turn
            return end_turn(F.new_state(fields))
    return F.new_state(fields)


@enforces(
    "split.reset.choose",
    "split.turn.must-reset",
    "split.reset.discard",
    "split.coop.lose-on-reset",
)
def apply_reset(state: SplitState, action: Reset | None = None) -> SplitState:
    """Reset: clear the table to the discard pile, draw three (``RESET_DRAW``), open new piles.

    In cooperative play a reset ends the game: the table loses.
    """
    if not reset_allowed(state):
        if state.config.cooperative and state.stage in (Stage.MOVE, Stage.PLAY):
            raise IllegalAction(
                "in cooperative play a reset comes only when nothing can be played",
                clause="split.ruling.coop-no-chosen-reset",
            )
        raise IllegalAction("nobody may reset now", clause="split.ruling.reset-timing")
    if state.config.cooperative:
        return state._replace(stage=Stage.OVER, actor=-1, end=End.GROUP_LOSS)
    return continue_opening(
        state._replace(
            discard=state.discard | state.table,
            table=0,
            left=-1,
            right=-1,
            middle=-1,
            opener=state.actor,
            owed=state.config.rules.reset_draw,
        )
    )


def _buriable(state: SplitState) -> int:
    """The mask of the cards the opener may put under now.

    Any card of the hand [split.ruling.put-under-card]; only a wild card under
    the variant *put-under-wild*, or once the opener has put a full round of
    the draw pile under in this opening [split.ruling.put-under-round].
    """
    hand = state.hands[state.opener]
    if state.config.put_under_wild or state.buried >= len(state.draw):
        return hand & WILD_MASK
    return hand


@enforces("split.open.put-under", "split.ruling.put-under-card", "split.ruling.put-under-round")
def legal_buries(state: SplitState) -> tuple[Bury, ...]:
    """The cards the opener may put under the draw pile, lowest first.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.BURY, dealer=0, actor=0, opener=0,
    ...     hands=(1 << 5 | 1 << 40 | 1 << 60, 1 << 33), draw=(85, 45, 90))
    >>> [action.text for action in legal_buries(state)]
    ['under 5', 'under 40', 'under 60']
    >>> [action.text for action in legal_buries(state._replace(buried=3))]  # a full round
    ['under 40', 'under 60']
    >>> wild = state._replace(config=SplitConfig(players=2, put_under_wild=True))
    >>> [action.text for action in legal_buries(wild)]
    ['under 40', 'under 60']
    """
    mask = _buriable(state)
    return tuple(BURIES[n] for n in range(101) if mask >> n & 1)


@enforces("split.open.put-under", "split.ruling.put-under-card", "split.ruling.put-under-round")
def apply_bury(state: SplitState, action: Bury) -> SplitState:
    """Put a card under the draw pile, take the top card, and go on opening.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.BURY, dealer=0, actor=0, opener=0,
    ...     hands=(1 << 5 | 1 << 40 | 1 << 60, 1 << 33), draw=(85, 45, 90))
    >>> after = apply_bury(state, Bury(40))  # takes 85 and opens 5 | 85
    >>> after.stage.name, after.left, after.right, after.draw
    ('PLAY', 5, 85, (45, 90, 40))
    >>> after = apply_bury(state, Bury(5))  # takes 85: still one standard card
    >>> after.stage.name, after.buried, after.draw
    ('BURY', 1, (45, 90, 5))
    """
    p = state.opener
    card = action.card
    hand = state.hands[p]
    if not 0 <= card <= 100 or not hand >> card & 1:
        raise IllegalAction(f"{card} is not in seat {p}'s hand", clause="split.open.put-under")
    if not _buriable(state) >> card & 1:
        if state.config.put_under_wild:
            raise IllegalAction(
                f"{card} is a standard card; under put-under-wild only a wild card goes under "
                "the draw pile",
                clause="split.ruling.put-under-card",
            )
        raise IllegalAction(
            f"{card} is a standard card; after a full round of the draw pile ({state.buried} "
            "cards put under) only a wild card goes under",
            clause="split.ruling.put-under-round",
        )
    draw = (*state.draw, card)
    hand = hand & ~(1 << card) | 1 << draw[0]
    hands = state.hands[:p] + (hand,) + state.hands[p + 1 :]
    return continue_opening(state._replace(hands=hands, draw=draw[1:], buried=state.buried + 1))


@enforces("split.ruling.empty-draw-pile", "split.ruling.put-under-exhausted")
def apply_reshuffle(state: SplitState, action: Reshuffle) -> SplitState:
    """Put the shuffled discard pile under the draw pile and go on opening.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage
    >>> state = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.RESHUFFLE, dealer=1, opener=0, owed=1,
    ...     hands=(1 << 5 | 1 << 50 | 1 << 70, 1 << 33), discard=1 << 45 | 1 << 88)
    >>> after = apply_reshuffle(state, Reshuffle((88, 45)))
    >>> after.left, after.right, after.draw, after.discard
    (5, 88, (45,), 0)
    """
    order = action.order
    mask = 0
    for card in order:
        mask |= 1 << card
    if len(order) != state.discard.bit_count() or mask != state.discard:
        raise IllegalAction(
            "a reshuffle must order exactly the cards of the discard pile",
            clause="split.ruling.empty-draw-pile",
        )
    return continue_opening(state._replace(draw=state.draw + order, discard=0))
