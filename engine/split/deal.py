"""Split's chance events: the dealer, the shuffle and deal, and reshuffles.

>>> from cardlaw.spec.split import NumberSet, SplitConfig, initial_state
>>> state = initial_state(SplitConfig(players=3))
>>> dealer_outcomes(state).size
3
>>> state = apply_dealer(state, dealer_outcomes(state).outcome(2))
>>> state.dealer, state.stage.name
(2, 'DEAL')
>>> state = apply_shuffle(state, shuffle_outcomes(state).outcome(0))  # 0, 1, 2, ... 100
>>> [str(NumberSet(hand)) for hand in state.hands]  # one at a time from the dealer's left
['0 3 6 9 12 15 18', '1 4 7 10 13 16 19', '5 8 11 14 17 20 21']
>>> state.left, state.right, state.actor, state.draw[:3]  # the dealer opened with 2 and 22
(2, 22, 0, (23, 24, 25))
"""

from __future__ import annotations

from functools import cache
from typing import Final

from cardlaw.engine.chance import UniformChoice, UniformPermutation
from cardlaw.engine.split.opening import continue_opening
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import ChooseDealer, Reshuffle, Shuffle
from cardlaw.spec.split.cards import DECK_MASK
from cardlaw.spec.split.constants import COMPETITIVE_PLAYERS, DECK_SIZE
from cardlaw.spec.split.state import SplitState, Stage
from cardlaw.spec.trace import enforces

__all__ = [
    "apply_dealer",
    "apply_shuffle",
    "dealer_outcomes",
    "deck",
    "reshuffle_outcomes",
    "shuffle_outcomes",
]

_DEALERS: Final = {
    n: UniformChoice(tuple(ChooseDealer(p) for p in range(n))) for n in COMPETITIVE_PLAYERS
}


@enforces("split.setup.first-dealer", "split.ruling.first-dealer")
def dealer_outcomes(state: SplitState) -> UniformChoice[ChooseDealer]:
    """Each seat may be the dealer, with probability 1/n."""
    return _DEALERS[state.players]


def apply_dealer(state: SplitState, action: ChooseDealer) -> SplitState:
    """Make ``action.seat`` the dealer; the shuffle comes next."""
    if action not in dealer_outcomes(state):
        raise IllegalAction(
            f"seat {action.seat} is not at the table", clause="split.setup.first-dealer"
        )
    return state._replace(stage=Stage.DEAL, dealer=action.seat)


def _shuffle_order(action: object) -> tuple[int, ...] | None:
    return action.order if isinstance(action, Shuffle) else None


def _reshuffle_order(action: object) -> tuple[int, ...] | None:
    return action.order if isinstance(action, Reshuffle) else None


@cache
def _shuffles(aside: int) -> UniformPermutation[int, Shuffle]:
    return UniformPermutation(
        tuple(n for n in range(DECK_SIZE) if not aside >> n & 1), Shuffle, _shuffle_order
    )


def deck(state: SplitState) -> int:
    """The mask of the cards that are shuffled: all 101, less the aids set aside.

    >>> from cardlaw.spec.split import SplitConfig, initial_state
    >>> deck(initial_state(SplitConfig(mode="cooperative", players=3))).bit_count()
    99
    """
    return DECK_MASK & ~state.aside


@enforces("split.deal.shuffle", "split.coop.aids-aside")
def shuffle_outcomes(state: SplitState) -> UniformPermutation[int, Shuffle]:
    """Every order of the deck (99 cards in cooperative play), each with probability 1/n!."""
    return _shuffles(state.aside)


@enforces(
    "split.deal.shuffle",
    "split.deal.seven",
    "split.deal.dealer-extra",
    "split.deal.draw-pile",
    "split.ruling.deal-order",
    "split.coop.aids-aside",
)
def apply_shuffle(state: SplitState, action: Shuffle) -> SplitState:
    """Deal the shuffled deck and let the dealer open the piles.

    Seven cards each (``CARDS_DEALT``), one at a time clockwise from the
    dealer's left; then the dealer's two extra cards (``DEALER_EXTRA``); the
    rest is the draw pile, top card first.
    """
    order = action.order
    cards = 0
    for card in order:
        cards |= 1 << card
    if len(order) != deck(state).bit_count() or cards != deck(state):
        raise IllegalAction(
            f"a shuffle must order all {deck(state).bit_count()} cards of the deck",
            clause="split.deal.shuffle",
        )
    n = state.players
    dealer = state.dealer
    hands = [0] * n
    rules = state.config.rules
    dealt = rules.cards_dealt * n
    extra = dealt + rules.dealer_extra
    for j in range(dealt):
        hands[(dealer + 1 + j) % n] |= 1 << order[j]
    for card in order[dealt:extra]:
        hands[dealer] |= 1 << card
    return continue_opening(state._replace(hands=tuple(hands), draw=order[extra:], opener=dealer))


@enforces("split.ruling.empty-draw-pile", "split.ruling.put-under-exhausted")
def reshuffle_outcomes(state: SplitState) -> UniformPermutation[int, Reshuffle]:
    """Every order of the discard pile, each with probability 1/k!.

    >>> from cardlaw.spec.split import SplitConfig, initial_state
    >>> space = reshuffle_outcomes(initial_state(SplitConfig())._replace(discard=0b1011))
    >>> space.size, space.outcome(1).text
    (6, 'reshuffle 0 3 1')
    """
    cards = tuple(n for n in range(DECK_SIZE) if state.discard >> n & 1)
    return UniformPermutation(cards, Reshuffle, _reshuffle_order)
