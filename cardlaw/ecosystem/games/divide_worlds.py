"""Divide's sampled worlds: a whole state that shows one seat exactly what it saw.

:func:`determinize` takes a seat's observation (and nothing else) and places
every card the seat cannot place at random among the places it could be,
in the numbers the observation gives: the other hands, the offerings, the
secured cards and offers of the Great Divide, the undealt cards.  What the
seat knows stays where it is: its own cards and choices, the offers it
received, which of its offered cards each neighbour kept (once the Divide
is complete), every card played.  The state it returns breaks no invariant
and ``observe`` shows the seat the very observation it was given.
"""

from __future__ import annotations

import random
from itertools import combinations

from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.state import DivideObservation, DivideState, Stage, initial_state
from cardlaw.spec.errors import MalformedInput

__all__ = ["determinize"]

_DECIDING = (Stage.OFFERING, Stage.SECURE, Stage.SPLIT, Stage.CHOOSE, Stage.TRICKS)


class _Pool:
    """The cards the seat cannot place, in a random order, drawn from the top."""

    def __init__(self, cards: int, rng: random.Random) -> None:
        self.cards = [c for c in range(52) if cards >> c & 1]
        rng.shuffle(self.cards)

    def draw(self, count: int) -> int:
        if count > len(self.cards):
            raise MalformedInput("the observation places more cards than the deck holds")
        mask = 0
        for _ in range(count):
            mask |= 1 << self.cards.pop()
        return mask

    def rest(self) -> int:
        return self.draw(len(self.cards))


def _subset(mask: int, size: int, rng: random.Random) -> int:
    cards = [1 << c for c in range(52) if mask >> c & 1]
    return sum(rng.choice(list(combinations(cards, size)))) if size else 0


def determinize(config: DivideConfig, view: DivideObservation, rng: random.Random) -> DivideState:
    """A state consistent with ``view``, the cards its seat cannot place drawn from ``rng``."""
    if view.stage not in _DECIDING or not isinstance(view.to_move, int):
        raise MalformedInput(f"no seat decides in stage {view.stage.name}")
    n, p, rules = config.players, view.seat, config.rules
    actor = view.to_move
    first = (view.dealer + 1) % n

    def acted(q: int) -> bool:
        return (q - first) % n < (actor - first) % n

    played = 0
    for _, cards in view.tricks:
        for card in cards:
            played |= 1 << card
    for card in view.trick:
        played |= 1 << card
    known = played | view.hand.mask | view.secured.mask | view.offer_left.mask
    known |= view.offer_right.mask | view.kept_left.mask | view.kept_right.mask
    known |= view.returned.mask
    for shown in (view.received_left, view.received_right):
        known |= 0 if shown is None else shown.mask
    for shown_card in (view.offering, view.trump):
        known |= 0 if shown_card is None else 1 << shown_card
    pool = _Pool(((1 << 52) - 1) & ~known, rng)
    others = [q for q in range(n) if q != p]
    left, right = (p + 1) % n, (p - 1) % n
    hands = [0] * n
    offerings = [-1] * n
    secured, offers_left, offers_right = [0] * n, [0] * n, [0] * n
    kept_left, kept_right = [0] * n, [0] * n
    hands[p] = view.hand.mask
    offerings[p] = -1 if view.offering is None else int(view.offering)
    secured[p], kept_left[p], kept_right[p] = (
        view.secured.mask,
        view.kept_left.mask,
        view.kept_right.mask,
    )
    offers_left[p], offers_right[p] = view.offer_left.mask, view.offer_right.mask
    stage = view.stage

    if stage == Stage.TRICKS:
        kept_right[left] = view.offer_left.mask & ~view.returned.mask
        kept_left[right] = view.offer_right.mask & ~view.returned.mask
        assert view.received_left is not None and view.received_right is not None
        offers_right[left], offers_left[right] = view.received_left.mask, view.received_right.mask
        ended = {
            left: kept_right[left] | (view.received_left.mask & ~view.kept_left.mask),
            right: kept_left[right] | (view.received_right.mask & ~view.kept_right.mask),
        }
        trump = -1 if view.trump is None else int(view.trump)
        if trump >= 0 and trump != offerings[p]:
            offerings[rng.choice(others)] = trump
        for q in others:
            if offerings[q] < 0:
                offerings[q] = pool.draw(1).bit_length() - 1
            forced = ended.get(q, 0) & ~played
            hands[q] = forced | pool.draw(view.hand_sizes[q] - forced.bit_count())
    else:
        for q in others:
            offered = stage > Stage.OFFERING or acted(q)
            offerings[q] = pool.draw(1).bit_length() - 1 if offered else -1
            if stage > Stage.SECURE or (stage == Stage.SECURE and acted(q)):
                secured[q] = pool.draw(rules.secure_size)
        if stage == Stage.CHOOSE:
            if view.received_left is not None:
                offers_right[left] = view.received_left.mask
            if view.received_right is not None:
                offers_left[right] = view.received_right.mask
        if stage >= Stage.SPLIT:
            for q in others:
                if stage == Stage.CHOOSE or acted(q):
                    if not offers_left[q]:
                        offers_left[q] = pool.draw(rules.offer_size)
                    if not offers_right[q]:
                        offers_right[q] = pool.draw(rules.offer_size)
        if stage == Stage.CHOOSE:
            for q in others:
                both = acted(q)
                half = q == actor and rng.random() < 0.5
                if both or half:
                    kept_left[q] = _subset(offers_right[(q + 1) % n], rules.keep_size, rng)
                if both:
                    kept_right[q] = _subset(offers_left[(q - 1) % n], rules.keep_size, rng)
        else:
            for q in others:
                hands[q] = pool.draw(view.hand_sizes[q])
    undealt = pool.rest()
    return initial_state(config)._replace(
        stage=stage,
        round=view.round,
        dealer=view.dealer,
        actor=actor,
        hands=tuple(hands),
        undealt=undealt,
        offerings=tuple(offerings),
        secured=tuple(secured),
        offers_left=tuple(offers_left),
        offers_right=tuple(offers_right),
        kept_left=tuple(kept_left),
        kept_right=tuple(kept_right),
        trump=-1 if view.trump is None else int(view.trump),
        leader=view.leader,
        trick=tuple(int(c) for c in view.trick),
        tricks=tuple((leader, tuple(int(c) for c in cards)) for leader, cards in view.tricks),
        suit_tokens=view.suit_tokens,
        bonus=view.bonus,
        taken=view.taken,
        bonus_taken=view.bonus_taken,
        scores=view.scores,
    )
