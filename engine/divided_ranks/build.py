"""The build: each player divides ten cards into two hands of five, in secret.

The builds are recorded as hidden turns in reserve order
[divided-ranks.ruling.build-order]; the second build ends the game.

>>> from spec.cards import CardSet
>>> builds = builds_of(CardSet("AS AH AD AC KS KH KD KC QS QH").mask)
>>> len(builds), builds[0].text
(126, 'build QS KH QH KD KC / AS KS AH AD AC')
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Final

from engine.divided_ranks.arrange import check_holding
from engine.divided_ranks.evaluate import KEY
from engine.picking import singles
from spec.cards import CardSet
from spec.divided_ranks.actions import Build
from spec.divided_ranks.constants import HAND_SIZE, HOLDING_SIZE
from spec.divided_ranks.state import DividedRanksState, Stage
from spec.errors import IllegalAction
from spec.trace import enforces

__all__ = ["apply_build", "builds_of", "legal_builds"]


_HANDS: Final[dict[int, CardSet]] = {mask: CardSet(mask) for mask in KEY}
"""The shared :class:`~spec.cards.CardSet` of each of the 20,349 five-card hands."""


_OTHERS: Final = tuple(combinations(range(1, HOLDING_SIZE), HAND_SIZE - 1))
"""The positions (in a holding, lowest card first) of the other four cards of each first hand.

The order of :func:`~engine.divided_ranks.arrange.all_builds`.
"""

_new = object.__new__
_first = Build.first.__set__  # type: ignore[attr-defined]
_second = Build.second.__set__  # type: ignore[attr-defined]


@lru_cache(maxsize=4096)
def builds_of(holding: int) -> tuple[Build, ...]:
    """The 126 builds of a ten-card holding, as actions.

    In the order of :func:`~engine.divided_ranks.arrange.all_builds`.  Each
    hand is the shared set of :data:`_HANDS`; the hand holding the lowest card
    comes first, the canonical order ``Build.__post_init__`` would make, so the
    actions are made without it (for speed).
    """
    check_holding(holding)
    hands = _HANDS
    cards = singles(holding)
    low = cards[0]
    out = []
    for i, j, k, m in _OTHERS:
        first = low | cards[i] | cards[j] | cards[k] | cards[m]
        action = _new(Build)
        _first(action, hands[first])
        _second(action, hands[holding ^ first])
        out.append(action)
    return tuple(out)


@enforces("divided-ranks.build.two-hands")
def legal_builds(state: DividedRanksState) -> tuple[Build, ...]:
    """Every way to divide the actor's ten cards into two hands of five.

    >>> from spec.divided_ranks import DividedRanksConfig, Stage, initial_state
    >>> state = initial_state(DividedRanksConfig())._replace(
    ...     stage=Stage.BUILD, actor=0, reserve_first=0,
    ...     hands=(CardSet("AS AH AD AC KS KH KD KC QS QH").mask, 0))
    >>> len(legal_builds(state))
    126
    """
    return builds_of(state.hands[state.actor])


@enforces(
    "divided-ranks.build.two-hands",
    "divided-ranks.build.secret",
    "divided-ranks.ruling.build-order",
    "divided-ranks.end.reveal",
)
def apply_build(state: DividedRanksState, action: Build) -> DividedRanksState:
    """Record a build; when both players have built, the game is over.

    >>> from spec.divided_ranks import DividedRanksConfig, Stage, initial_state
    >>> state = initial_state(DividedRanksConfig())._replace(
    ...     stage=Stage.BUILD, actor=0, reserve_first=0,
    ...     hands=(CardSet("AS AH AD AC KS KH KD KC QS QH").mask, 0))
    >>> quads = Build(CardSet("AS AH AD AC QS"), CardSet("KS KH KD KC QH"))
    >>> after = apply_build(state, quads)
    >>> after.actor, after.stage.name, [str(CardSet(h)) for h in after.builds[0]]
    (1, 'BUILD', ['KS KH QH KD KC', 'AS QS AH AD AC'])
    >>> apply_build(state, Build(CardSet("AS AH AD AC JK"), CardSet("KS KH KD KC QH")))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.errors.IllegalAction: seat 0 must divide its ten cards ... [divided-ranks.build.two-hands]
    """
    p = state.actor
    a, b = action.first.mask, action.second.mask
    hand = state.hands[p]
    if a & b or a | b != hand or a.bit_count() != HAND_SIZE or b.bit_count() != HAND_SIZE:
        raise IllegalAction(
            f"seat {p} must divide its ten cards {CardSet(hand).pretty} into two hands of "
            f"{HAND_SIZE}, not {action.text!r}",
            clause="divided-ranks.build.two-hands",
        )
    builds = list(state.builds)
    builds[p] = (a, b)
    if builds[1 - p] == (0, 0):
        return state._replace(builds=tuple(builds), actor=1 - p)  # type: ignore[arg-type]
    return state._replace(builds=tuple(builds), actor=-1, stage=Stage.OVER)  # type: ignore[arg-type]
