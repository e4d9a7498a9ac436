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
from typing import Final

from engine.divided_ranks.arrange import all_builds
from engine.divided_ranks.evaluate import KEY
from spec.cards import CardSet
from spec.divided_ranks.actions import Build
from spec.divided_ranks.constants import HAND_SIZE
from spec.divided_ranks.state import DividedRanksState, Stage
from spec.errors import IllegalAction
from spec.trace import enforces

__all__ = ["apply_build", "builds_of", "legal_builds"]


_HANDS: Final[dict[int, CardSet]] = {mask: CardSet(mask) for mask in KEY}
"""The shared :class:`~spec.cards.CardSet` of each of the 20,349 five-card hands."""


def _build(first: int, second: int) -> Build:
    # ``first`` holds the lowest card (see all_builds), so this is already the
    # canonical order Build.__post_init__ would produce; skip it for speed.
    action = object.__new__(Build)
    object.__setattr__(action, "first", _HANDS[first])
    object.__setattr__(action, "second", _HANDS[second])
    return action


@lru_cache(maxsize=4096)
def builds_of(holding: int) -> tuple[Build, ...]:
    """The 126 builds of a ten-card holding, as actions."""
    return tuple([_build(a, b) for a, b in all_builds(holding)])


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
