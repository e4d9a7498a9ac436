"""Divided Ranks' record events, recomputed from the actions alone by a referee written here.

The referee knows only the rule text (``spec/divided_ranks/rules.py``), the
spec's constants and card basics: who splits each round, which pair the
chooser took, whose reserve turn it is and what the reserve holds, and at
the end each hand's category and strength by a small evaluator of its own,
the weaker and stronger hand and the four scoring steps.  It never calls
``engine.divided_ranks``; every step's events must equal
``game.events(before, action, after)``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cardlaw.engine.api import Event
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks import (
    Build,
    FirstSplitter,
    Keep,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, RANK_VALUE, ROUNDS, Category
from tests.divided_ranks.adapter import CONFIGS
from tests.generic.referee import facets_met
from tests.referee import Chooser, bots, compare_game, uniform

KINDS = ("first-splitter", "reserve-first", "round", "reserve", "game-end")
"""Every kind of event Divided Ranks emits."""

FACETS = {
    "round": ("took",),
    "reserve": ("swapped",),
    "game-end": ("decided_by",),
}

Strength = tuple[Category, tuple[int, ...], int]
"""A hand's strength: its category, its cards lined up for comparison, 1 if it has no Joker."""


CATEGORY_OF_GROUPS: dict[tuple[int, ...], Category] = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.PAIR,
}
"""The category of a hand that is no straight, by the sizes of its groups of one rank,
largest first; the Joker, matching nothing, is a group of its own
[divided-ranks.hands.categories, divided-ranks.hands.joker-low]."""


def strength(hand: CardSet) -> Strength:
    """How strong a five-card hand is, by the rule text.

    Five different ranks (the Joker standing in for a missing one) are a
    straight, or a royal flush in one suit [divided-ranks.hands.no-high-card,
    divided-ranks.hands.joker-wild]; otherwise the Joker matches nothing and
    lines up last [divided-ranks.hands.joker-low].  Cards line up by the size
    of their rank's group, then by rank [divided-ranks.ruling.card-for-card],
    and the hand without the Joker wins what is still equal
    [divided-ranks.hands.joker-tiebreak].
    """
    cards = list(hand)
    assert len(cards) == HAND_SIZE
    joker = any(card.is_joker for card in cards)
    plain = [card for card in cards if not card.is_joker]
    ranks = Counter(RANK_VALUE[card.rank] for card in plain)
    no_joker = 0 if joker else 1
    if len(ranks) == len(plain):  # all different: with the Joker, five ranks again
        one_suit = len({card.suit for card in plain}) == 1
        category = Category.ROYAL_FLUSH if one_suit else Category.STRAIGHT
        return category, tuple(sorted(RANK_VALUE.values(), reverse=True)), no_joker
    groups = sorted([*ranks.values(), *([1] if joker else [])], reverse=True)
    category = CATEGORY_OF_GROUPS[tuple(groups)]
    lineup = [
        r for r, k in sorted(ranks.items(), key=lambda rk: (-rk[1], -rk[0])) for _ in range(k)
    ]
    return category, (*lineup, *([0] if joker else [])), no_joker


class DividedRanksReferee:
    """Follows a game of Divided Ranks from its actions."""

    def __init__(self, config: DividedRanksConfig) -> None:
        self.coin = config.reserve_order == "coin"
        self.rounds = 0
        self.turns = 0
        self.builds: list[tuple[int, tuple[CardSet, CardSet]]] = []
        self.ties: set[int] = set()
        """Seats whose two hands are equal: which is called weaker is left open."""

    def step(self, action: Any) -> list[Event]:
        """The events ``action`` must produce."""
        if isinstance(action, FirstSplitter):
            self.first = action.seat
            return [{"event": "first-splitter", "seat": action.seat}]
        if isinstance(action, Shuffle):
            self.reserve = action.order[0]  # [divided-ranks.setup.reserve]
            return []
        if isinstance(action, Split):
            self.offer = action
            return []
        if isinstance(action, Take):
            return [self._round(action.face_up)]
        if isinstance(action, ReserveFirst):
            self.reserve_first = action.seat
            return [{"event": "reserve-first", "seat": action.seat}]
        if isinstance(action, Swap | Keep):
            return [self._reserve_turn(action)]
        if isinstance(action, Build):
            return self._build(action)
        return []

    def _round(self, face_up: bool) -> Event:
        self.rounds += 1
        # The first splitter splits rounds 1, 3 and 5 [divided-ranks.ruling.first-splitter].
        splitter = self.first if self.rounds % 2 else 1 - self.first
        if self.rounds == ROUNDS and not self.coin:
            self.reserve_first = 1 - self.first  # two splits go first [divided-ranks.reserve.order]
        return {
            "event": "round",
            "round": self.rounds,
            "splitter": splitter,
            "chooser": 1 - splitter,
            "took": "face-up" if face_up else "face-down",
            "face_up": str(self.offer.up),
            "face_down": str(self.offer.down),
        }

    def _reserve_turn(self, action: Swap | Keep) -> Event:
        seat = self.reserve_first if self.turns == 0 else 1 - self.reserve_first
        self.turns += 1
        if isinstance(action, Keep):
            return {"event": "reserve", "seat": seat, "swapped": False}
        taken, self.reserve = self.reserve, action.card  # [divided-ranks.reserve.blind]
        return {
            "event": "reserve",
            "seat": seat,
            "swapped": True,
            "gave": str(action.card),
            "took": str(taken),
        }

    def _build(self, action: Build) -> list[Event]:
        # The first reserve player builds first [divided-ranks.ruling.build-order].
        seat = self.reserve_first if not self.builds else 1 - self.reserve_first
        self.builds.append((seat, (action.first, action.second)))
        if len(self.builds) < 2:
            return []
        hands: dict[int, dict[str, str]] = {}
        order: dict[int, tuple[Strength, Strength]] = {}
        for seat, (one, two) in self.builds:
            weaker, stronger = sorted((one, two), key=strength)
            if strength(one) == strength(two):
                self.ties.add(seat)
            order[seat] = (strength(weaker), strength(stronger))
            hands[seat] = {
                "weaker": str(weaker),
                "weaker_category": strength(weaker)[0].label,
                "stronger": str(stronger),
                "stronger_category": strength(stronger)[0].label,
            }
        winner, decided_by = None, "draw"
        steps: tuple[tuple[str, Callable[[Any], Any]], ...] = (  # [divided-ranks.score.order]
            ("weaker-category", lambda s: s[0][0]),
            ("stronger-category", lambda s: s[1][0]),
            ("weaker-hand", lambda s: s[0]),
            ("stronger-hand", lambda s: s[1]),
        )
        for name, key in steps:
            a, b = key(order[0]), key(order[1])
            if a != b:
                winner, decided_by = (0 if a > b else 1), name
                break
        return [
            {
                "event": "game-end",
                "winner": winner,
                "winners": [] if winner is None else [winner],
                "decided_by": decided_by,
                "hands": [hands[0], hands[1]],
            }
        ]

    def normalize(self, event: Event) -> Event:
        """Put a seat's two equal hands in one order on both sides of the comparison."""
        if event["event"] != "game-end":
            return event
        hands = [dict(hand) for hand in event["hands"]]
        for seat in self.ties:
            hand = hands[seat]
            if hand["stronger"] < hand["weaker"]:
                hand["weaker"], hand["stronger"] = hand["stronger"], hand["weaker"]
        return {**event, "hands": hands}


def _build_value(build: Build) -> tuple[Strength, Strength]:
    weaker, stronger = sorted((strength(build.first), strength(build.second)))
    return weaker, stronger


def builder(rng: random.Random, state: Any, legal: Sequence[Any]) -> Any:
    """Any action, except that it builds as well as it can (by this file's evaluator).

    Good builds bring the strong categories, close games and draws.
    """
    if isinstance(legal[0], Build):
        return max(legal, key=_build_value)
    return rng.choice(legal)


CHOOSERS = (uniform, builder, bots(DIVIDED_RANKS, "expert"))
"""How the players pick their actions: at random, by this file's bias, or as the game's
expert bot."""


def check_game(options: dict[str, Any], seed: int, choose: Chooser = uniform) -> list[Event]:
    config = DIVIDED_RANKS.config(**options)
    referee = DividedRanksReferee(config)
    events, _ = compare_game(
        DIVIDED_RANKS, config, seed, referee, choose=choose, normalize=referee.normalize
    )
    return events


@pytest.mark.clauses("divided-ranks.reserve.turns", "divided-ranks.score.order")
def test_every_kind_is_checked() -> None:
    """Fixed games reach every kind of event, both reserve choices and several scoring steps."""
    seen = facets_met(check_game, CONFIGS, 10, CHOOSERS, FACETS)
    assert {(kind,) for kind in KINDS} <= seen
    assert {("round", "took", "face-up"), ("round", "took", "face-down")} <= seen
    assert {("reserve", "swapped", True), ("reserve", "swapped", False)} <= seen
    steps = {"weaker-category", "stronger-category", "weaker-hand"}
    assert {("game-end", "decided_by", step) for step in steps} <= seen
