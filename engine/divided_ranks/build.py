"""The build: each player divides ten cards into two hands of five, in secret.

The builds are recorded as hidden turns in reserve order
[divided-ranks.ruling.build-order]; the second build ends the game.

>>> from cardlaw.spec.cards import CardSet
>>> builds = builds_of(CardSet("AS AH AD AC KS KH KD KC QS QH").mask)
>>> len(builds), builds[0].text
(126, 'build QS KH QH KD KC / AS KS AH AD AC')
"""

from __future__ import annotations

from functools import lru_cache

from cardlaw.engine.divided_ranks.arrange import all_builds
from cardlaw.spec.cards import CardSet, MaskSet
from cardlaw.spec.divided_ranks.actions import Build
from cardlaw.spec.divided_ranks.constants import HAND_SIZE
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.trace import enforces

__all__ = ["apply_build", "builds_of", "legal_builds"]


_new = object.__new__
_first = Build.first.__set__  # type: ignore[attr-defined]  # the slot's descriptor, which mypy reads as the field's value
_second = Build.second.__set__  # type: ignore[attr-defined]  # the slot's descriptor, which mypy reads as the field's value
_mask = MaskSet.mask.__set__  # type: ignore[misc, attr-defined]  # as spec.cards.card_set sets it


@lru_cache(maxsize=8)
def builds_of(holding: int) -> tuple[Build, ...]:
    """The 126 builds of a ten-card holding, as actions.

    The builds of :func:`~engine.divided_ranks.arrange.all_builds`, in its
    order.  The hand holding the lowest card comes first, the canonical order
    ``Build.__post_init__`` would make, so the actions are made without it
    (for speed), each with two new sets (made as :func:`~spec.cards.card_set`
    makes them).  The last few holdings' builds are kept, not thousands: 126
    actions a holding kept alive cost a simulation more (in memory touched
    and in the collector's passes) than making them again (measured: expert
    against expert 12% faster than with 4,096 kept, and 7% faster again with
    new sets instead of one shared set per five-card hand).
    """
    out = []
    for first, second in all_builds(holding):
        one, two, action = _new(CardSet), _new(CardSet), _new(Build)
        _mask(one, first)
        _mask(two, second)
        _first(action, one)
        _second(action, two)
        out.append(action)
    return tuple(out)


@enforces("divided-ranks.build.two-hands")
def legal_builds(state: DividedRanksState) -> tuple[Build, ...]:
    """Every way to divide the actor's ten cards into two hands of five.

    >>> from cardlaw.spec.divided_ranks import DividedRanksConfig, Stage, initial_state
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

    >>> from cardlaw.spec.divided_ranks import DividedRanksConfig, Stage, initial_state
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
    cardlaw.spec.errors.IllegalAction: seat 0 must divide its ten cards ... \
[divided-ranks.build.two-hands]
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
        return state._replace(builds=(builds[0], builds[1]), actor=1 - p)
    return state._replace(builds=(builds[0], builds[1]), actor=-1, stage=Stage.OVER)
