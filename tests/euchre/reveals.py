"""What a Euchre player must be shown: everything the rules reveal to them, when they reveal it.

The converse of ``test_observe``.  ``REVEALS`` states, clause by clause, which
event reveals which fact to whom: the up-card to everyone at the deal, every
bid, the dealer taking the up-card, the trump named, every card played; the
card the dealer lays down to the dealer alone.  ``EuchreReplay`` replays a
game from its actions alone (the deal in packets, the two rounds of bidding,
the tricks with both bowers, the scoring), never through the engine's state
or ``observe``.  Over random whole games, every seat's observation must show
every fact revealed to it so far, with its true value.
"""

from __future__ import annotations

import random
from typing import Any

from cardlaw.spec.cards import Card, CardSet, Rank, Suit
from cardlaw.spec.euchre.actions import (
    PASS,
    ChooseDealer,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    Shuffle,
)
from cardlaw.spec.euchre.constants import PLAYERS, TARGET, TRICKS_PER_HAND
from cardlaw.spec.euchre.state import Stage
from tests.euchre.rules import first_asked, hand_score, partner, team
from tests.generic.observe import RevealTable
from tests.observation import ALWAYS, Event, Policy, Reveal, TurnReplay, constant, hand_sizes

LIMIT = 600
"""Actions per walk: a game of thrown-in hands may never end [euchre.ruling.endless-game]."""


def left_bower_suit(trump: int) -> int:
    """The other suit of trump's colour [euchre.cards.left-bower]."""
    return next(s for s in Suit if s != trump and s.red == Suit(trump).red)


def belongs_to(card: Card, trump: int) -> int:
    """The suit a card follows and wins in: the left bower is a trump."""
    if card.rank == Rank.JACK and card.suit == left_bower_suit(trump):
        return trump
    return int(card.suit)


def strength(card: Card, trump: int, led: int) -> int:
    """Right bower, left bower, the other trumps by rank, then the led suit; else nothing."""
    suit = belongs_to(card, trump)
    if suit == trump:
        if card.rank == Rank.JACK:
            return 300 if card.suit == trump else 200
        return 100 + card.rank
    return card.rank if suit == led else 0


class EuchreReplay(TurnReplay):
    """A Euchre game replayed from its actions, by the rules as the rulebook states them."""

    def __init__(self, config: Any) -> None:
        self.sitting_dealer_discards = bool(getattr(config, "sitting_dealer_discards", False))
        self.lone_defender = bool(getattr(config, "lone_defender", False))
        self.stage = Stage.FIRST_DEALER
        self.deal = 0
        self.dealer = -1
        self.actor = -1
        self.scores = [0, 0]
        self.results: list[tuple[int, int]] = []
        self.hands = [0] * PLAYERS
        self.upcard = -1
        self._clear_hand()

    def _clear_hand(self) -> None:
        self.bids: list[tuple[int, str]] = []
        self.maker = -1
        self.trump = -1
        self.alone = False
        self.out = -1
        self.defender = self.also = -1
        self.taken_up = False
        self.discard = -1
        self.leader = -1
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.won = [0, 0]

    def apply(self, action: Any) -> list[Event]:
        p = self.actor
        if isinstance(action, ChooseDealer):
            self.dealer, self.stage = action.seat, Stage.DEAL
            return []
        if isinstance(action, Shuffle):
            return self._deal(action.order)
        if isinstance(action, DefendAlone):  # [euchre.ruling.defender-alone]
            self.defender, self.also = p, partner(p)
            self._start_tricks()
            return [("defend-alone", p)]
        if isinstance(action, Pass) and self.stage == Stage.DEFEND:
            if p == first_asked(self.dealer, self.maker):
                self.actor = partner(p)
            else:
                self._start_tricks()
            return []
        if isinstance(action, Pass):
            self.bids.append((p, action.text))
            if p != self.dealer:
                self.actor = (p + 1) % PLAYERS
            elif self.stage == Stage.ORDER_UP:  # the up-card is turned down
                self.stage, self.actor = Stage.NAME_TRUMP, (self.dealer + 1) % PLAYERS
            else:  # everybody passed twice: thrown in [euchre.ruling.all-pass]
                self.stage, self.actor = Stage.DEAL, -1
                self.results.append((-1, 0))
                return [("bid", p), ("thrown-in", -1)]
            return [("bid", p)]
        if isinstance(action, OrderUp | NameTrump):
            self.bids.append((p, action.text))
            self.maker, self.alone = p, bool(action.alone)
            self.out = partner(p) if self.alone else -1
            if isinstance(action, NameTrump):
                self.trump = int(action.suit)
                self._trump_made()
                return [("bid", p), ("trump", p)]
            self.trump = Card(self.upcard).suit
            if self.out == self.dealer and not self.sitting_dealer_discards:  # takes nothing
                self._trump_made()
                return [("bid", p), ("trump", p), ("dealer-sits-out", -1)]
            self.hands[self.dealer] |= Card(self.upcard).bit
            self.taken_up = True
            self.stage, self.actor = Stage.DISCARD, self.dealer
            return [("bid", p), ("trump", p), ("pick-up", self.dealer)]
        if isinstance(action, Discard):
            self.hands[p] &= ~action.card.bit
            self.discard = int(action.card)
            self._trump_made()
            return [("discard", p)]
        assert isinstance(action, Play), action
        self.hands[p] &= ~action.card.bit
        self.trick.append(int(action.card))
        if len(self.trick) < PLAYERS - (self.out >= 0) - (self.also >= 0):
            self.actor = self._next(p)
        else:
            self._finish_trick()
        return [("play", p)]

    def _deal(self, order: tuple[Card, ...]) -> list[Event]:
        """Three each, then two each, from the dealer's left; the 21st card turned up."""
        if self.deal:
            self.dealer = (self.dealer + 1) % PLAYERS  # [euchre.hand.dealer-rotation]
        self.deal += 1
        self._clear_hand()
        self.hands = [0] * PLAYERS
        position = 0
        for packet in (3, 2):
            for k in range(1, PLAYERS + 1):
                for card in order[position : position + packet]:
                    self.hands[(self.dealer + k) % PLAYERS] |= card.bit
                position += packet
        self.upcard = int(order[position])
        self.stage, self.actor = Stage.ORDER_UP, (self.dealer + 1) % PLAYERS
        return [("deal", -1)]

    def _next(self, seat: int) -> int:
        """The next seat clockwise that takes part [euchre.trick.clockwise]."""
        seat = (seat + 1) % PLAYERS
        while seat in (self.out, self.also):
            seat = (seat + 1) % PLAYERS
        return seat

    def _trump_made(self) -> None:
        """The defenders are asked to go alone (variant lone-defender), or the tricks begin."""
        if self.lone_defender:
            self.stage, self.actor = Stage.DEFEND, first_asked(self.dealer, self.maker)
        else:
            self._start_tricks()

    def _start_tricks(self) -> None:
        self.stage = Stage.TRICKS
        self.leader = self.actor = self._next(self.dealer)  # [euchre.ruling.lone-lead]

    def _finish_trick(self) -> None:
        cards = [Card(c) for c in self.trick]
        led = belongs_to(cards[0], self.trump)
        best = max(range(len(cards)), key=lambda i: strength(cards[i], self.trump, led))
        seat = self.leader
        for _ in range(best):
            seat = self._next(seat)
        self.won[team(seat)] += 1
        self.tricks.append((self.leader, tuple(self.trick)))
        self.trick = []
        if len(self.tricks) < TRICKS_PER_HAND:
            self.leader = self.actor = seat
            return
        makers = team(self.maker)
        makers_score, points = hand_score(self.won[makers], self.alone, self.defender >= 0)
        scorer = makers if makers_score else 1 - makers
        self.scores[scorer] += points
        self.results.append((scorer, points))
        self.leader = self.actor = -1
        self.stage = Stage.OVER if max(self.scores) >= TARGET else Stage.DEAL


def passing(rng: random.Random, actions: tuple[Any, ...]) -> Any:
    """Mostly pass: random players almost never throw a hand in (all eight must pass)."""
    if PASS in actions and rng.random() < 0.9:
        return PASS
    return rng.choice(actions)


POLICIES: tuple[Policy | None, ...] = (None, passing)
"""Random players, and players who mostly pass (thrown-in hands, stuck dealers)."""


def _cards(cards: list[int] | tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(Card(c) for c in cards)


REVEALS: tuple[Reveal, ...] = (
    # Standing facts: a seat's own cards, and everything public.
    Reveal("euchre.info.hidden", ALWAYS, "all", "hand", lambda r, s: CardSet(r.hands[s])),
    hand_sizes("euchre.deal.five"),
    Reveal("euchre.hand.phases", ALWAYS, "all", "to_move", lambda r, s: r.to_move()),
    Reveal("euchre.hand.phases", ALWAYS, "all", "stage", lambda r, s: r.stage),
    Reveal("euchre.hand.dealer-rotation", ALWAYS, "all", "dealer", lambda r, s: r.dealer),
    Reveal("euchre.ruling.thrown-in-hand", ALWAYS, "all", "deal", lambda r, s: r.deal),
    Reveal("euchre.trick.winner-leads", ALWAYS, "all", "leader", lambda r, s: r.leader),
    Reveal("euchre.trick.winner", ALWAYS, "all", "won", lambda r, s: tuple(r.won)),
    Reveal("euchre.score.one-team", ALWAYS, "all", "scores", lambda r, s: tuple(r.scores)),
    Reveal("euchre.score.one-team", ALWAYS, "all", "results", lambda r, s: tuple(r.results)),
    # The deal: the up-card for all to see, and a fresh hand.
    Reveal("euchre.deal.up-card", "deal", "all", "upcard", lambda r, s: Card(r.upcard)),
    *(
        Reveal("euchre.deal.shuffle", "deal", "all", fact, constant(value))
        for fact, value in (
            ("bids", ()),
            ("maker", -1),
            ("trump", None),
            ("alone", False),
            ("sitting_out", -1),
            ("defender", -1),
            ("up_card_taken", False),
            ("discard", None),
            ("trick", ()),
            ("tricks", ()),
        )
    ),
    # Every bid; the trump it makes, the maker and whether they go alone.
    Reveal("euchre.info.hidden", "bid", "all", "bids", lambda r, s: tuple(r.bids)),
    Reveal("euchre.bid.makers", "trump", "all", "maker", lambda r, s: r.maker),
    Reveal("euchre.bid.makers", "trump", "all", "trump", lambda r, s: Suit(r.trump)),
    Reveal("euchre.bid.alone", "trump", "all", "alone", lambda r, s: r.alone),
    Reveal("euchre.bid.alone", "trump", "all", "sitting_out", lambda r, s: r.out),
    Reveal(
        "euchre.ruling.defender-alone", "defend-alone", "all", "defender", lambda r, s: r.defender
    ),
    # The dealer takes the up-card in everyone's sight; only the dealer sees the card laid down.
    Reveal("euchre.bid.pick-up", "pick-up", "all", "up_card_taken", lambda r, s: r.taken_up),
    Reveal("euchre.info.hidden", "discard", "seat", "discard", lambda r, s: Card(r.discard)),
    # Every card played to a trick.
    Reveal("euchre.info.hidden", "play", "all", "trick", lambda r, s: _cards(r.trick)),
    Reveal(
        "euchre.info.hidden",
        "play",
        "all",
        "tricks",
        lambda r, s: tuple((leader, _cards(cards)) for leader, cards in r.tricks),
    ),
)
"""What each of Euchre's clauses reveals, to whom, and when."""


TABLE = RevealTable(
    "euchre",
    EuchreReplay,
    REVEALS,
    needed=("pick-up", "discard", "thrown-in", "dealer-sits-out", "defend-alone"),
    limit=LIMIT,
    policies=POLICIES,
)
"""The table, and how its fixed games are played (checked in
``tests/engine/test_generic_observe_complete.py``)."""
