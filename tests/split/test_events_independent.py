"""Split's record events, recomputed from the actions alone by a referee written here.

The referee knows only the rule text (``spec/split/rules.py``), the spec's
constants and card numbers, and follows every card itself: the deal, the
hands, the draw and discard piles, the two piles on the table and the middle
card, the direction of play, whose turn it is, every opening (after the deal,
after a reset, after cards put under the draw pile or a reshuffle), whether a
reset was forced, the turn count and the end.  It never calls
``engine.split``; every step's events must equal
``game.events(before, action, after)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardlaw.engine.api import Event
from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.split.actions import (
    Aid,
    Bury,
    ChooseDealer,
    Move,
    Play,
    Reset,
    Reshuffle,
    Shuffle,
)
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import CARDS_DEALT, DEALER_EXTRA, RESET_DRAW, WILD_NUMBERS
from tests.generic.referee import checker, facets_met
from tests.referee import bots, uniform
from tests.split.adapter import CONFIGS

KINDS = ("dealer", "deal", "reshuffle", "reset", "reverse", "open", "game-end")
"""Every kind of event Split emits."""

FACETS = {
    "reset": ("forced",),
    "reverse": ("direction",),
    "game-end": ("reason",),
}

WILD = frozenset(WILD_NUMBERS)


def playable(hand: set[int], low: int, high: int) -> bool:
    """Whether ``hand`` holds a card it may play between piles showing ``low`` and ``high``.

    A standard card strictly between the two numbers [split.ruling.strictly-between], or any
    wild card [split.wild.any-time] unless it is the hand's last card [split.end.no-wild-finish].
    """
    low, high = min(low, high), max(low, high)
    if any(low < card < high for card in hand - WILD):
        return True
    return len(hand) > 1 and bool(hand & WILD)


class SplitReferee:
    """Follows a game of Split from its actions."""

    def __init__(self, config: SplitConfig) -> None:
        self.n = config.players
        self.cooperative = config.mode == "cooperative"
        self.mode = config.mode
        self.max_turns = config.max_turns
        self.aids = set(config.aids or ())
        self.hands: list[set[int]] = [set() for _ in range(self.n)]
        self.draw: list[int] = []
        self.discard: set[int] = set()
        self.table: set[int] = set()
        self.left = self.right = self.middle = -1
        self.clockwise = True
        self.turns = 0
        self.owed = 0
        self.over = False
        self.actor = -1
        self.opener = -1

    def step(self, action: Any) -> list[Event]:
        """The events ``action`` must produce."""
        assert not self.over
        if isinstance(action, ChooseDealer):
            self.dealer = action.seat
            return [{"event": "dealer", "seat": action.seat}]
        if isinstance(action, Shuffle):
            self._deal(list(action.order))
            return [{"event": "deal", "dealer": self.dealer}, *self._opening(reset=False)]
        if isinstance(action, Reshuffle):
            # The discard pile goes, shuffled, under the draw pile [split.ruling.empty-draw-pile].
            assert set(action.order) == self.discard
            self.draw += action.order
            self.discard = set()
            return [
                {"event": "reshuffle", "cards": len(action.order)},
                *self._opening(self.resetting),
            ]
        if isinstance(action, Bury):
            # A card under the draw pile, the top card taken [split.open.put-under].
            hand = self.hands[self.opener]
            hand.remove(action.card)
            self.draw.append(action.card)
            hand.add(self.draw.pop(0))
            return self._opening(self.resetting)
        if isinstance(action, Move):
            # The middle card goes onto a pile [split.turn.move-middle].
            if action.side == "left":
                self.left = self.middle
            else:
                self.right = self.middle
            self.middle = -1
            return []
        if isinstance(action, Play | Aid):
            return self._card(action)
        if isinstance(action, Reset):
            return self._reset()
        raise AssertionError(f"unknown action {action!r}")

    def _deal(self, order: list[int]) -> None:
        """Seven each, one at a time from the dealer's left; two more to the dealer
        [split.ruling.deal-order]."""
        for j in range(CARDS_DEALT * self.n):
            self.hands[(self.dealer + 1 + j) % self.n].add(order[j])
        rest = order[CARDS_DEALT * self.n :]
        self.hands[self.dealer] |= set(rest[:DEALER_EXTRA])
        self.draw = rest[DEALER_EXTRA:]
        self.opener = self.dealer

    def _card(self, action: Play | Aid) -> list[Event]:
        seat = self.actor
        if isinstance(action, Aid):  # from beside the table [split.coop.aid-use]
            self.aids.remove(action.card)
        else:
            self.hands[seat].remove(action.card)
        self.middle = action.card
        self.table.add(action.card)
        self.turns += 1
        if not self.hands[seat] and (not self.cooperative or not any(self.hands)):
            # [split.end.first-empty], [split.coop.win]
            return [self._end("win", [seat] if not self.cooperative else list(range(self.n)))]
        if self.turns >= self.max_turns:  # the game stops before the turn passes on
            return [self._end("draw", [], "turn-limit")]
        out: list[Event] = []
        if action.card in WILD and self.n > 2:  # [split.wild.reverse], [split.wild.two-players]
            self.clockwise = not self.clockwise
            direction = "clockwise" if self.clockwise else "counterclockwise"
            out.append({"event": "reverse", "direction": direction})
        self.actor = self._next(seat)
        return out

    def _next(self, seat: int) -> int:
        """The next seat in the direction of play; cooperative play skips empty hands
        [split.ruling.coop-empty-hand]."""
        step = 1 if self.clockwise else -1
        nxt = (seat + step) % self.n
        while self.cooperative and not self.hands[nxt]:
            nxt = (nxt + step) % self.n
        return nxt

    def _can_play(self) -> bool:
        """Whether the player to move could play this turn, after moving the middle card."""
        if self.aids:
            return True
        hand = self.hands[self.actor]
        if self.middle < 0:
            return playable(hand, self.left, self.right)
        return playable(hand, self.middle, self.right) or playable(hand, self.left, self.middle)

    def _reset(self) -> list[Event]:
        out: list[Event] = [{"event": "reset", "seat": self.actor, "forced": not self._can_play()}]
        if self.cooperative:  # [split.coop.lose-on-reset]
            return [*out, self._end("loss", [], "reset")]
        # Clear the table, draw three, open again [split.reset.discard, split.reset.draw-three].
        self.discard |= self.table
        self.table = set()
        self.left = self.right = self.middle = -1
        self.opener = self.actor
        self.owed = RESET_DRAW
        return [*out, *self._opening(reset=True)]

    def _opening(self, reset: bool) -> list[Event]:
        """Go on opening as far as possible without a decision [split.open.piles]."""
        self.resetting = reset
        hand = self.hands[self.opener]
        while self.owed and self.draw:
            hand.add(self.draw.pop(0))
            self.owed -= 1
        if self.owed and self.discard:
            return []  # the discard pile must be reshuffled first
        self.owed = 0  # nothing left anywhere: the draw falls short [split.ruling.short-draw]
        standard = sorted(hand - WILD)
        if len(standard) < 2:
            if any(card not in WILD for card in self.draw):
                return []  # a wild card goes under the draw pile first
            if self.discard - WILD:
                return []  # the discard pile goes under the draw pile first
            return [self._end("draw", [], "blocked")]  # [split.ruling.put-under-exhausted]
        self.left, self.right = standard[0], standard[-1]  # [split.ruling.pile-sides]
        hand -= {self.left, self.right}
        self.table = {self.left, self.right}
        self.middle = -1
        self.clockwise = True  # [split.ruling.after-reset]
        self.actor = (self.opener + 1) % self.n  # [split.open.first-player]
        out: list[Event] = [
            {"event": "open", "seat": self.opener, "left": self.left, "right": self.right}
        ]
        if reset:  # a reset is a turn once its piles are open
            self.turns += 1
            if self.turns >= self.max_turns:
                out.append(self._end("draw", [], "turn-limit"))
        return out

    def _end(self, outcome: str, winners: list[int], reason: str = "") -> Event:
        self.over = True
        if not reason:
            reason = "all-hands-empty" if self.cooperative else "emptied-hand"
        return {
            "event": "game-end",
            "mode": self.mode,
            "outcome": outcome,
            "winners": winners,
            "reason": reason,
            "turns": self.turns,
        }


def hoarder(rng: random.Random, state: Any, legal: Sequence[Any]) -> Any:
    """Plays when it can and resets only when it must (mostly): long piles, many reversals,
    empty draw piles and forced resets."""
    keep_going = [action for action in legal if not isinstance(action, Reset)]
    if keep_going and rng.random() < 0.95:
        return rng.choice(keep_going)
    return rng.choice(legal)


GREEDY = bots(SPLIT, "greedy")
"""The greedy bot wins some cooperative games, which random play never does."""

CHOOSERS = (uniform, hoarder, GREEDY)


check_game = checker(SPLIT, SplitReferee)
"""Play and check one game: ``check_game(options, seed, choose=uniform)``, its events."""


@pytest.mark.clauses("split.turn.must-reset", "split.wild.reverse", "split.ruling.empty-draw-pile")
def test_every_kind_is_checked() -> None:
    """Fixed games reach every kind of event, both directions, forced and chosen resets."""
    seen = facets_met(check_game, CONFIGS, 6, CHOOSERS, FACETS)
    assert {(kind,) for kind in KINDS} <= seen
    assert {("reset", "forced", True), ("reset", "forced", False)} <= seen
    assert {
        ("reverse", "direction", "clockwise"),
        ("reverse", "direction", "counterclockwise"),
    } <= seen
    reasons = ("emptied-hand", "all-hands-empty", "turn-limit", "reset")
    assert {("game-end", "reason", reason) for reason in reasons} <= seen
