"""The draft: five rounds of splitting four cards and choosing a pair.

>>> from engine.divided_ranks.deal import SHUFFLES, apply_first_splitter, apply_shuffle
>>> from spec.divided_ranks import DividedRanksConfig, FirstSplitter, initial_state
>>> state = apply_first_splitter(initial_state(DividedRanksConfig()), FirstSplitter(0))
>>> state = apply_shuffle(state, SHUFFLES.outcome(0))
>>> [a.text for a in legal_splits(state)][:2]
['split 10H 10D / 10S JC', 'split 10S JC / 10H 10D']
>>> state = apply_split(state, legal_splits(state)[0])
>>> state.actor, [a.text for a in legal_takes(state)]
(1, ['take up', 'take down'])
>>> state = apply_take(state, TAKE_DOWN)
>>> str(CardSet(state.hands[1])), str(CardSet(state.hands[0])), state.actor
('10S JC', '10H 10D', 1)
"""

from __future__ import annotations

from typing import Final

from spec.cards import CardSet
from spec.divided_ranks.actions import TAKE_DOWN, TAKE_UP, Split, Take
from spec.divided_ranks.constants import PAIR_SIZE, ROUNDS, SPLIT_SIZE
from spec.divided_ranks.state import DividedRanksState, Stage
from spec.errors import IllegalAction
from spec.trace import enforces

__all__ = [
    "TAKE_DOWN",
    "TAKE_UP",
    "apply_split",
    "apply_take",
    "drawn_cards",
    "legal_splits",
    "legal_takes",
]

_PAIRINGS: Final = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))
"""The three ways to divide four cards (by position) into two pairs."""

_TAKES: Final = (TAKE_UP, TAKE_DOWN)


@enforces("divided-ranks.draft.split")
def drawn_cards(state: DividedRanksState) -> int:
    """The four cards the splitter is dividing: the top four of the stock."""
    mask = 0
    for card in state.stock[:SPLIT_SIZE]:
        mask |= 1 << card
    return mask


@enforces("divided-ranks.draft.split")
def legal_splits(state: DividedRanksState) -> tuple[Split, ...]:
    """The six splits: three ways to pair the four cards, either pair face up."""
    four = state.stock[:SPLIT_SIZE]
    out = []
    for a, b, c, d in _PAIRINGS:
        one = CardSet(1 << four[a] | 1 << four[b])
        two = CardSet(1 << four[c] | 1 << four[d])
        out += [Split(one, two), Split(two, one)]
    return tuple(out)


@enforces("divided-ranks.draft.split", "divided-ranks.info.hidden")
def apply_split(state: DividedRanksState, action: Split) -> DividedRanksState:
    """Lay out the two pairs; the other player chooses next."""
    four = drawn_cards(state)
    up, down = action.up.mask, action.down.mask
    if (
        up & down
        or up | down != four
        or up.bit_count() != PAIR_SIZE
        or down.bit_count() != PAIR_SIZE
    ):
        raise IllegalAction(
            f"seat {state.actor} must divide the top four cards of the stock "
            f"({CardSet(four).pretty}) into two pairs, not {action.text!r}",
            clause="divided-ranks.draft.split",
        )
    return state._replace(
        stage=Stage.CHOOSE,
        actor=1 - state.actor,
        stock=state.stock[SPLIT_SIZE:],
        offer=(up, down),
    )


@enforces("divided-ranks.draft.choose")
def legal_takes(state: DividedRanksState) -> tuple[Take, ...]:
    """The chooser takes the face-up pair or the face-down pair."""
    return _TAKES


@enforces(
    "divided-ranks.draft.choose",
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.end",
    "divided-ranks.reserve.order",
)
def apply_take(state: DividedRanksState, action: Take) -> DividedRanksState:
    """Give the chosen pair to the chooser and the other to the splitter.

    After the fifth round the reserve turns begin: the player who split twice
    goes first, or chance decides in the coin-flip-reserve variant.
    """
    if action not in _TAKES:
        raise IllegalAction(f"{action!r} is not a choice", clause="divided-ranks.draft.choose")
    chooser = state.actor
    split_by = 1 - chooser
    up, down = state.offer
    mine, theirs = (up, down) if action.face_up else (down, up)
    hands = list(state.hands)
    hands[chooser] |= mine
    hands[split_by] |= theirs
    rounds = (*state.rounds, (split_by, up, down, int(action.face_up)))
    fields: dict[str, object] = {"hands": tuple(hands), "offer": (0, 0), "rounds": rounds}
    if len(rounds) < ROUNDS:
        return state._replace(stage=Stage.SPLIT, actor=chooser, **fields)  # type: ignore[arg-type]
    if state.config.reserve_order == "coin":
        return state._replace(stage=Stage.RESERVE_ORDER, actor=-1, **fields)  # type: ignore[arg-type]
    first = 1 - state.first_splitter  # the player who split only twice
    return state._replace(stage=Stage.RESERVE, actor=first, reserve_first=first, **fields)  # type: ignore[arg-type]
