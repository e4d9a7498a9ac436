"""What a Split player must be shown: their hand, everything face up, and every count.

The converse of ``test_observe``.  Split's information rule is a standing one
[split.info.hidden]: a player sees their own hand, the table (both piles and
the middle card), the aids beside it, the discard pile, and how many cards
each hand and the draw pile hold.  ``REVEALS`` lists those facts (and the
public course of play: whose turn, the direction, the turn count, who opened)
clause by clause; ``SplitReplay`` replays a game from its actions alone (the
deal, every opening with its draws and cards put under, moves, plays, aids,
resets and reshuffles), never through the engine's state or ``observe``.
Over random whole games, at every step, every seat's observation must show
each fact with its true value.
"""

from __future__ import annotations

from typing import Any

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
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK, NumberCard, NumberSet
from cardlaw.spec.split.constants import AID_CARDS, CARDS_DEALT, DEALER_EXTRA, RESET_DRAW
from cardlaw.spec.split.state import Stage
from tests.generic.observe import RevealTable
from tests.observation import ALWAYS, Event, Reveal, TurnReplay, hand_sizes


class SplitReplay(TurnReplay):
    """A Split game replayed from its actions, by the rules as the rulebook states them."""

    def __init__(self, config: Any) -> None:
        self.n = config.players
        self.coop = config.mode == "cooperative"
        self.max_turns = config.max_turns
        self.usable = sum(1 << aid for aid in config.aids)
        self.stage = Stage.FIRST_DEALER
        self.dealer = self.actor = self.opener = -1
        self.direction = 1
        self.hands = [0] * self.n
        self.draw: list[int] = []
        self.discard = self.table = 0
        self.left = self.right = self.middle = -1
        self.aside = sum(1 << aid for aid in AID_CARDS) if self.coop else 0
        self.owed = self.turn = 0
        self.opened = False

    def apply(self, action: Any) -> list[Event]:
        p = self.actor
        if isinstance(action, ChooseDealer):
            self.dealer, self.stage = action.seat, Stage.DEAL
        elif isinstance(action, Shuffle):  # [split.ruling.deal-order]
            order = list(action.order)
            for j, card in enumerate(order[: CARDS_DEALT * self.n]):
                self.hands[(self.dealer + 1 + j) % self.n] |= 1 << card
            dealt = CARDS_DEALT * self.n + DEALER_EXTRA
            for card in order[CARDS_DEALT * self.n : dealt]:
                self.hands[self.dealer] |= 1 << card
            self.draw, self.opener = order[dealt:], self.dealer
            self._open()
        elif isinstance(action, Reshuffle):  # the discard pile goes under the draw pile
            self.draw += action.order
            self.discard = 0
            self._open()
        elif isinstance(action, Bury):  # [split.open.put-under]
            self.hands[p] &= ~(1 << action.card)
            self.draw.append(action.card)
            self.hands[p] |= 1 << self.draw.pop(0)
            self._open()
        elif isinstance(action, Move):  # [split.turn.move-middle]
            if action.side == "left":
                self.left = self.middle
            else:
                self.right = self.middle
            self.middle, self.stage = -1, Stage.PLAY
        elif isinstance(action, Play | Aid):
            if isinstance(action, Play):
                self.hands[p] &= ~(1 << action.card)
            else:
                self.aside &= ~(1 << action.card)
            self._card_down(p, action.card)
        else:
            assert isinstance(action, Reset), action
            if self.coop:  # [split.coop.lose-on-reset]
                self._over()
            else:  # [split.reset.discard]
                self.discard |= self.table
                self.table, self.left, self.right, self.middle = 0, -1, -1, -1
                self.opener, self.owed = p, RESET_DRAW
                self._open()
        return [(type(action).__name__.lower(), p)]

    def _over(self) -> None:
        self.stage, self.actor = Stage.OVER, -1

    def _open(self) -> None:
        """Draw what is owed, then open with the lowest and highest standard cards."""
        p = self.opener
        while self.owed:
            if self.draw:
                self.hands[p] |= 1 << self.draw.pop(0)
                self.owed -= 1
            elif self.discard:  # chance shuffles the discard pile first
                self.stage, self.actor = Stage.RESHUFFLE, -1
                return
            else:  # fewer cards than owed: draw what there is [split.ruling.short-draw]
                self.owed = 0
        standard = [c for c in range(101) if self.hands[p] >> c & 1 and STANDARD_MASK >> c & 1]
        if len(standard) < 2:
            if any(STANDARD_MASK >> c & 1 for c in self.draw):
                self.stage, self.actor = Stage.BURY, p
            elif self.discard & STANDARD_MASK:
                self.stage, self.actor = Stage.RESHUFFLE, -1
            else:  # no standard card anywhere: a draw [split.ruling.put-under-exhausted]
                self._over()
            return
        low, high = standard[0], standard[-1]
        self.hands[p] &= ~(1 << low | 1 << high)
        self.table, self.left, self.right, self.middle = 1 << low | 1 << high, low, high, -1
        self.direction, self.stage, self.actor = 1, Stage.PLAY, (p + 1) % self.n
        if self.opened:  # a reset ends a turn; the dealer's first opening is none
            self._end_turn()
        self.opened = True

    def _end_turn(self) -> bool:
        self.turn += 1
        if self.turn >= self.max_turns:  # [split.ruling.turn-limit]
            self._over()
        return self.stage == Stage.OVER

    def _card_down(self, p: int, card: int) -> None:
        """A card goes into the middle; the game may end; otherwise the turn passes."""
        self.table |= 1 << card
        self.middle = card
        if not self.hands[p] and (not self.coop or not any(self.hands)):
            self.turn += 1
            self._over()
            return
        if self._end_turn():
            return
        if WILD_MASK >> card & 1 and self.n > 2:  # [split.wild.reverse, split.wild.two-players]
            self.direction = -self.direction
        seat = (p + self.direction) % self.n
        if self.coop:  # seats out of cards are passed over [split.ruling.coop-empty-hand]
            while not self.hands[seat]:
                seat = (seat + self.direction) % self.n
        self.stage, self.actor = Stage.MOVE, seat


def _number(card: int) -> NumberCard | None:
    return NumberCard(card) if card >= 0 else None


REVEALS: tuple[Reveal, ...] = (
    Reveal("split.info.hidden", ALWAYS, "all", "hand", lambda r, s: NumberSet(r.hands[s])),
    hand_sizes("split.info.hidden"),
    Reveal("split.info.hidden", ALWAYS, "all", "draw_size", lambda r, s: len(r.draw)),
    Reveal("split.info.hidden", ALWAYS, "all", "left", lambda r, s: _number(r.left)),
    Reveal("split.info.hidden", ALWAYS, "all", "right", lambda r, s: _number(r.right)),
    Reveal("split.info.hidden", ALWAYS, "all", "middle", lambda r, s: _number(r.middle)),
    Reveal("split.info.hidden", ALWAYS, "all", "table", lambda r, s: NumberSet(r.table)),
    Reveal("split.info.hidden", ALWAYS, "all", "discard", lambda r, s: NumberSet(r.discard)),
    Reveal("split.coop.aids-aside", ALWAYS, "all", "aside", lambda r, s: NumberSet(r.aside)),
    Reveal("split.coop.aid-use", ALWAYS, "all", "aids", lambda r, s: NumberSet(r.aside & r.usable)),
    Reveal("split.turn.order", ALWAYS, "all", "to_move", lambda r, s: r.to_move()),
    Reveal("split.ruling.one-decision", ALWAYS, "all", "stage", lambda r, s: r.stage),
    Reveal("split.wild.reverse", ALWAYS, "all", "direction", lambda r, s: r.direction),
    Reveal("split.ruling.turn-limit", ALWAYS, "all", "turn", lambda r, s: r.turn),
    Reveal("split.ruling.first-dealer", ALWAYS, "all", "dealer", lambda r, s: r.dealer),
    Reveal("split.reset.fresh-start", ALWAYS, "all", "opener", lambda r, s: r.opener),
    Reveal("split.reset.draw-three", ALWAYS, "all", "owed", lambda r, s: r.owed),
)
"""What each of Split's clauses shows, to everyone (a hand to its holder), at every step."""


TABLE = RevealTable(
    "split",
    SplitReplay,
    REVEALS,
    needed=("bury", "reshuffle", "reset", "aid", "move", "play"),
)
"""The table, and how its fixed games are played (checked in
``tests/engine/test_generic_observe_complete.py``)."""
