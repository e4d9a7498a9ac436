"""Split's information hiding as noninterference (:mod:`proofs.hiding`).

What each rule lets a player see [split.info.hidden]: their own hand, the
whole table (both piles and the middle card), the discard pile (face up),
the aids beside the table, how many cards each hand and the draw pile hold,
and the public course of play (whose turn, the direction, the count of
turns, the dealer and the opener, the cards still owed by a resetting
player).  Hidden from a seat are the other hands' cards and the draw pile's
cards and order, in both games (cooperative players may talk but never name
numbers).  ``perturb`` is written from that list, never from ``observe``:
for a seat it deals the hidden cards afresh, the other hands keeping their
sizes and the draw pile its size, and it shuffles the draw pile alone.

>>> from proofs.core import check
>>> report = check(hidden("cooperative"))
>>> report.status, report.cases > 100, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, Final

from engine.split.game import SPLIT
from proofs.core import Obligation, Obligations
from proofs.hiding import noninterference
from proofs.split.trace import LONGEST
from spec.split.config import SplitConfig
from spec.split.parameters import PRINTED_RULES, SplitRules
from spec.split.state import SplitState

__all__ = ["FAMILIES", "hidden", "obligations", "perturb"]

FAMILIES: Final[Mapping[str, Mapping[str, Any]]] = {
    "competitive": {"players": 4, "max_turns": LONGEST},
    "cooperative": {"mode": "cooperative", "players": 4},
}
"""The configuration of each family traced: the competitive and the cooperative game."""


def _cards(mask: int) -> list[int]:
    return [c for c in range(101) if mask >> c & 1]


def _dealt_afresh(state: SplitState, seat: int, rng: random.Random) -> SplitState:
    """The other hands' cards and the draw pile's dealt again, each keeping its size."""
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in _cards(state.hands[s])] + list(state.draw)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = state.hands[s].bit_count()
        hands[s] = sum(1 << c for c in pool[:size])
        pool = pool[size:]
    return state._replace(hands=tuple(hands), draw=tuple(pool))


def perturb(state: SplitState, seat: int, rng: random.Random) -> Iterator[tuple[SplitState, str]]:
    """States that differ from ``state`` only in what ``seat`` may not see.

    The hidden cards dealt afresh among the other hands and the draw pile;
    the draw pile shuffled alone.
    """
    yield _dealt_afresh(state, seat, rng), "dealing the other hands and the draw pile afresh"
    order = list(state.draw)
    rng.shuffle(order)
    yield state._replace(draw=tuple(order)), "shuffling the draw pile"


def hidden(family: str, rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.hidden.<family>``: no observation depends on a card its seat cannot see."""
    config = SplitConfig(rules=rules, **FAMILIES[family])
    return noninterference(
        f"split.hidden.{family}",
        f"In seeded whole {family} games of {config.players} players, at every state and for "
        "every seat, dealing the other hands' cards and the draw pile's afresh (each keeping "
        "its size), or shuffling the draw pile alone, leaves what the seat observes unchanged: "
        "no observation depends on another hand's cards or on the draw pile's cards or order.",
        ("split.info.hidden",),
        SPLIT,
        config,
        perturb,
        engine=("engine.split.observe.observe",),
        games=3 if family == "competitive" else 8,
        params={"rules": rules},
        variant="" if family == "competitive" else "cooperative",
    )


def obligations(rules: SplitRules = PRINTED_RULES) -> Obligations:
    """One noninterference obligation per family of :data:`FAMILIES`."""
    return tuple(hidden(family, rules) for family in FAMILIES)
