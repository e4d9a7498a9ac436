"""The reserve turns: each player keeps their hand or swaps one card for the reserve.

A swap gives up one card of the hand and takes the reserve; the card given
up is the reserve from then on [divided-ranks.reserve.blind].  Whether the
other player sees the exchange is a matter of knowledge, not of the state
(see :mod:`engine.divided_ranks.observe`).

>>> from cardlaw.spec.cards import Card, CardSet
>>> from cardlaw.spec.divided_ranks import DividedRanksConfig, Stage, initial_state
>>> state = initial_state(DividedRanksConfig())._replace(
...     stage=Stage.RESERVE, actor=1, reserve_first=1, reserve=int(Card("JK")),
...     hands=(CardSet("AS AH AD AC KS KH KD KC QS QH").mask,
...            CardSet("10S 10H 10D 10C JS JH JD JC QD QC").mask))
>>> len(legal_reserve_actions(state))
11
>>> state = apply_reserve(state, Swap(Card("QC")))
>>> str(Card(state.reserve)), state.actor, state.swaps
('QC', 0, ((1, 40, 52),))
"""

from __future__ import annotations

from cardlaw.spec.cards import ALL_CARDS, bits
from cardlaw.spec.divided_ranks.actions import KEEP, Keep, Swap
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.trace import enforces

__all__ = ["SWAPS", "apply_reserve", "legal_reserve_actions"]

SWAPS: dict[int, Swap] = {card: Swap(ALL_CARDS[card]) for card in range(32, 53)}
"""The shared :class:`Swap` action of each card of the pack."""


@enforces("divided-ranks.reserve.turns")
def legal_reserve_actions(state: DividedRanksState) -> tuple[Keep | Swap, ...]:
    """Keep, or swap any one of the ten cards."""
    return (KEEP, *(SWAPS[c] for c in bits(state.hands[state.actor])))


@enforces(
    "divided-ranks.reserve.turns",
    "divided-ranks.reserve.blind",
    "divided-ranks.reserve.order",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.ruling.no-reserve-turns",
)
def apply_reserve(state: DividedRanksState, action: Keep | Swap) -> DividedRanksState:
    """Take one reserve turn; after the second, the builds begin (first player first).

    Under other rules the turns alternate from the first reserve player until
    ``RESERVE_TURNS`` have been taken.
    """
    p = state.actor
    if isinstance(action, Swap):
        card = int(action.card)
        hand = state.hands[p]
        if not hand >> card & 1:
            raise IllegalAction(
                f"seat {p} can only give up one of its own cards, not {action.card.pretty}",
                clause="divided-ranks.reserve.blind",
            )
        taken = state.reserve
        hands = list(state.hands)
        hands[p] = hand & ~(1 << card) | 1 << taken
        swaps = (*state.swaps, (p, card, taken))
        state = state._replace(hands=(hands[0], hands[1]), reserve=card, swaps=swaps)
    else:
        state = state._replace(swaps=(*state.swaps, (p, -1, -1)))
    if len(state.swaps) < state.config.rules.reserve_turns:
        return state._replace(actor=1 - p)
    return state._replace(stage=Stage.BUILD, actor=state.reserve_first)
