"""Divided Ranks' sampled worlds: a whole state that shows one seat exactly what it saw.

The seat's observation carries the game's history as that seat saw it: each
round's pairs (the face-down pair only when it saw it), each reserve turn
(the cards only of its own exchanges, or of all of them in the face-up-swap
variant).  :func:`determinize` writes a whole history that fits it:

* every face-down pair the seat never saw went to the opponent: cards the
  seat cannot place;
* the reserve passes along the exchanges: each takes the reserve of the
  moment and leaves a card of the exchanger's hand in its place.  A blind
  exchange by the opponent leaves the card the seat was later seen to take
  (so the opponent held it) or else any card of the opponent's hand;
* the opponent's cards the seat can place are the opponent's;
* what is left (the first reserve if nobody showed it, the stock in a
  random order, a face-down pair on offer) comes from the cards the seat
  cannot place, at random.

An opponent who has built divided its hand at random.
"""

from __future__ import annotations

import random

from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, PACK_MASK
from cardlaw.spec.divided_ranks.state import (
    DividedRanksObservation,
    DividedRanksState,
    Stage,
    initial_state,
)
from cardlaw.spec.errors import MalformedInput

__all__ = ["determinize"]

_DECIDING = (Stage.SPLIT, Stage.CHOOSE, Stage.RESERVE, Stage.BUILD)


class _Var:
    """A card of the history the seat never saw (``card`` -1 until chosen)."""

    __slots__ = ("card",)

    def __init__(self, card: int = -1) -> None:
        self.card = card


Item = _Var | int


def _value(item: Item) -> int:
    return item.card if isinstance(item, _Var) else item


def _cards(mask: int) -> list[int]:
    return [c for c in range(53) if mask >> c & 1]


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def _inconsistent() -> MalformedInput:
    return MalformedInput("the observation's history does not fit together")


def _take(holding: list[Item], card: int, rng: random.Random) -> Item:
    """Remove from ``holding`` the item that is ``card``: a card, or a card not chosen yet."""
    for item in holding:
        if _value(item) == card:
            holding.remove(item)
            return item
    free = [item for item in holding if isinstance(item, _Var) and item.card < 0]
    if not free:
        raise _inconsistent()
    item = rng.choice(free)
    item.card = card
    holding.remove(item)
    return item


def _reserves(view: DividedRanksObservation) -> list[int]:
    """The reserve of each stretch between exchanges, where the seat saw it (-1 elsewhere)."""
    known = [-1]
    for s in view.swaps:
        if not s.swapped:
            continue
        if s.taken is not None:
            known[-1] = int(s.taken)
        known.append(-1 if s.given is None else int(s.given))
    if view.reserve is not None:
        known[-1] = int(view.reserve)
    return known


def determinize(
    config: DividedRanksConfig, view: DividedRanksObservation, rng: random.Random
) -> DividedRanksState:
    """A state consistent with ``view``, the history the seat never saw drawn from ``rng``."""
    if view.stage not in _DECIDING or not isinstance(view.to_move, int):
        raise MalformedInput(f"no seat decides in stage {view.stage.name}")
    p, opp, rules = view.seat, 1 - view.seat, config.rules
    pair = rules.pair_size
    holding: list[Item] = []  # the opponent's cards, as the history goes
    rounds: list[tuple[int, int, list[_Var] | int, int]] = []
    for r in view.rounds:
        if r.face_down is None:  # the seat took the face-up pair: the splitter got this one
            slots = [_Var() for _ in range(pair)]
            holding += slots
            rounds.append((r.splitter, r.face_up.mask, slots, 1))
            continue
        up, down = r.face_up.mask, r.face_down.mask
        theirs = (
            (down if r.took_face_up else up)
            if r.splitter == opp
            else (up if r.took_face_up else down)
        )
        holding += _cards(theirs)
        rounds.append((r.splitter, up, down, int(r.took_face_up)))
    stretches = _reserves(view)
    first = _Var(stretches[0])
    current: Item = first
    swaps: list[tuple[int, Item, Item]] = []
    stretch = 0
    for s in view.swaps:
        if not s.swapped:
            swaps.append((s.seat, -1, -1))
            continue
        stretch += 1
        if s.given is not None and s.taken is not None:
            given = int(s.given)
            if s.seat == opp:
                _take(holding, given, rng)
                holding.append(current)
            swaps.append((s.seat, given, current))
            current = given
            continue
        # The opponent's blind exchange: the reserve joins its hand, a card of it leaves.
        wanted = stretches[stretch]
        before = list(holding)
        left = _take(before, wanted, rng) if wanted >= 0 else before.pop(rng.randrange(len(before)))
        holding = [*before, current]
        swaps.append((s.seat, left, current))
        current = left
    for card in _cards(view.seen.mask):  # what the seat can place in the opponent's hand
        if all(_value(item) != card for item in holding):
            _take(list(holding), card, rng)
    stage = view.stage
    used = view.hand.mask | view.face_up.mask | view.drawn.mask
    if view.face_down is not None:
        used |= view.face_down.mask
    for _, up, laid, _took in rounds:
        used |= up | (laid if isinstance(laid, int) else 0)
    for item in [*holding, current, *(x for _, g, t in swaps for x in (g, t))]:
        if _value(item) >= 0:
            used |= 1 << _value(item)
    hidden = _cards(PACK_MASK & ~used)
    rng.shuffle(hidden)
    for item in [*holding, current]:
        if isinstance(item, _Var) and item.card < 0:
            item.card = hidden.pop()
    offer = (0, 0)
    stock: list[int] = []
    if stage == Stage.SPLIT and view.splitter == p:
        stock = sorted(_cards(view.drawn.mask))
    if stage == Stage.CHOOSE:
        down_pair = (
            view.face_down.mask
            if view.face_down is not None
            else _mask([hidden.pop() for _ in range(pair)])
        )
        offer = (view.face_up.mask, down_pair)
    opponent_splitting = stage == Stage.SPLIT and view.splitter == opp
    rest = view.stock_left + (rules.split_size if opponent_splitting else 0)
    if rest != len(hidden):
        raise _inconsistent()
    stock += hidden
    opp_hand = _mask([_value(item) for item in holding])
    builds = [(0, 0), (0, 0)]
    if view.my_build is not None:
        builds[p] = (view.my_build[0].mask, view.my_build[1].mask)
    if stage == Stage.BUILD and view.reserve_first == opp:
        cards = _cards(opp_hand)
        rng.shuffle(cards)
        one = _mask(cards[:HAND_SIZE])
        two = opp_hand & ~one
        low = opp_hand & -opp_hand
        builds[opp] = (one, two) if one & low else (two, one)
    hands = [0, 0]
    hands[p], hands[opp] = view.hand.mask, opp_hand
    return initial_state(config)._replace(
        stage=stage,
        actor=view.to_move,
        first_splitter=view.first_splitter,
        reserve_first=view.reserve_first,
        reserve=_value(current),
        stock=tuple(stock),
        hands=(hands[0], hands[1]),
        offer=offer,
        rounds=tuple(
            (s, up, down if isinstance(down, int) else _mask([v.card for v in down]), took)
            for s, up, down, took in rounds
        ),
        swaps=tuple((seat, _value(g), _value(t)) for seat, g, t in swaps),
        builds=(builds[0], builds[1]),
    )
