"""Euchre's record events, recomputed from the actions alone by a referee written here.

The referee knows only the rule text (``spec/euchre/rules.py``), the spec's
constants and card basics: who deals each hand, the up-card, who bids in
which round, who makes trump and whether alone, who sits out, who leads,
who wins each trick (bowers included), the hand's points and the game's end;
under the variant lone-defender, who is asked to defend alone and who does.
It never calls ``engine.euchre``; every step's events must equal
``game.events(before, action, after)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardlaw.engine.api import Event
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.cards import Card, Rank, Suit
from cardlaw.spec.euchre.actions import (
    ChooseDealer,
    DefendAlone,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    Shuffle,
)
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import CARDS_EACH, PLAYERS, TARGET, TRICKS_PER_HAND
from tests.euchre.adapter import CONFIGS
from tests.euchre.rules import first_asked, hand_score, partner, team
from tests.generic.referee import checker, facets_met
from tests.referee import bots, uniform

KINDS = (
    "first-dealer", "deal", "bid", "defend-alone", "thrown-in", "trick", "hand-end", "game-end"
)  # fmt: skip
"""Every kind of event Euchre emits."""

FACETS = {"bid": ("round", "alone"), "hand-end": ("points", "alone")}

UP_CARD = PLAYERS * CARDS_EACH
"""The up-card's place in the shuffled deck: the 21st card from the top
[euchre.ruling.deal-packets]."""


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour."""
    return next(other for other in Suit if other != suit and other.red == suit.red)


def suit_in_hand(card: Card, trump: Suit) -> Suit:
    """The suit a card belongs to for the hand: the left bower is a trump
    [euchre.cards.left-bower]."""
    if card.rank == Rank.JACK and card.suit == same_colour(trump):
        return trump
    return card.suit


def power(card: Card, trump: Suit) -> int:
    """Order within a suit: right bower, left bower, then A K Q (J) 10 9
    [euchre.cards.trump-order]."""
    if card.rank == Rank.JACK and suit_in_hand(card, trump) == trump:
        return 20 if card.suit == trump else 19
    return int(card.rank)


def trick_winner(cards: list[Card], trump: Suit) -> int:
    """Where in ``cards`` the winner lies: the highest trump, else the best card of the led
    suit [euchre.trick.winner]."""
    trumps = [i for i, card in enumerate(cards) if suit_in_hand(card, trump) == trump]
    led = suit_in_hand(cards[0], trump)
    contenders = trumps or [i for i, card in enumerate(cards) if suit_in_hand(card, trump) == led]
    return max(contenders, key=lambda i: power(cards[i], trump))


class EuchreReferee:
    """Follows a game of Euchre from its actions."""

    def __init__(self, config: EuchreConfig) -> None:
        self.dealer = -1
        self.hand = 0
        self.scores = [0, 0]
        self.made = False  # trump is made: a pass now declines to defend alone
        self.asked = -1  # the seat asked whether to defend alone

    def step(self, action: Any) -> list[Event]:
        """The events ``action`` must produce."""
        if isinstance(action, ChooseDealer):
            self.dealer = action.seat
            return [{"event": "first-dealer", "seat": action.seat}]
        if isinstance(action, Shuffle):
            if self.hand:
                self.dealer = (self.dealer + 1) % PLAYERS  # [euchre.hand.dealer-rotation]
            self.hand += 1
            self.upcard = action.order[UP_CARD]
            self.round, self.passes, self.made = 1, 0, False
            return [
                {
                    "event": "deal",
                    "hand": self.hand,
                    "dealer": self.dealer,
                    "upcard": str(self.upcard),
                }
            ]
        if isinstance(action, Pass) and self.made:
            self.asked = partner(self.asked)  # [euchre.ruling.defender-alone]
            return []
        if isinstance(action, DefendAlone):
            self.defender, self.also = self.asked, partner(self.asked)
            self.leader = self._next_in((self.dealer + 1) % PLAYERS)
            return [
                {
                    "event": "defend-alone",
                    "hand": self.hand,
                    "defender": self.defender,
                    "sits_out": self.also,
                }
            ]
        if isinstance(action, Pass):
            self.passes += 1
            if self.passes < PLAYERS:
                return []
            self.round, self.passes = self.round + 1, 0
            if self.round == 2:  # [euchre.bid.second-round]
                return []
            # [euchre.ruling.all-pass]: thrown in, the deal moves on
            return [
                {
                    "event": "thrown-in",
                    "hand": self.hand,
                    "next_dealer": (self.dealer + 1) % PLAYERS,
                }
            ]
        if isinstance(action, OrderUp | NameTrump):
            return [self._bid(action)]
        if isinstance(action, Play):
            return self._play(action.card)
        return []

    def _bid(self, action: OrderUp | NameTrump) -> Event:
        # Bidding goes clockwise from the dealer's left [euchre.bid.first-round].
        self.maker = (self.dealer + 1 + self.passes) % PLAYERS
        self.trump = self.upcard.suit if isinstance(action, OrderUp) else Suit(action.suit)
        self.alone = action.alone
        self.out = partner(self.maker) if self.alone else -1  # [euchre.bid.alone]
        self.made, self.asked = True, first_asked(self.dealer, self.maker)
        self.defender = self.also = -1
        self.leader = self._next_in((self.dealer + 1) % PLAYERS)  # [euchre.ruling.lone-lead]
        self.trick: list[Card] = []
        self.tricks = 0
        self.won = [0, 0]
        return {
            "event": "bid",
            "hand": self.hand,
            "round": self.round,
            "maker": self.maker,
            "makers": team(self.maker),
            "trump": self.trump.letter,
            "alone": self.alone,
        }

    def _next_in(self, seat: int) -> int:
        """``seat``, or the next seat clockwise that does not sit out."""
        while seat in (self.out, self.also):
            seat = (seat + 1) % PLAYERS
        return seat

    def _play(self, card: Card) -> list[Event]:
        self.trick.append(card)
        players = PLAYERS - self.alone - (self.defender >= 0)
        if len(self.trick) < players:
            return []
        seats = [self.leader]
        while len(seats) < players:  # clockwise, skipping the seat that sits out
            seats.append(self._next_in((seats[-1] + 1) % PLAYERS))
        winner = seats[trick_winner(self.trick, self.trump)]
        self.tricks += 1
        self.won[team(winner)] += 1
        out: list[Event] = [
            {
                "event": "trick",
                "hand": self.hand,
                "trick": self.tricks,
                "leader": self.leader,
                "cards": [str(c) for c in self.trick],
                "winner": winner,
            }
        ]
        self.leader, self.trick = winner, []  # [euchre.trick.winner-leads]
        if self.tricks < TRICKS_PER_HAND:
            return out
        makers = team(self.maker)
        made, points = hand_score(self.won[makers], self.alone, self.defender >= 0)
        scorer = makers if made else 1 - makers
        self.scores[scorer] += points
        out.append(
            {
                "event": "hand-end",
                "hand": self.hand,
                "makers": makers,
                "alone": self.alone,
                "won": list(self.won),
                "team": scorer,
                "points": points,
                "scores": list(self.scores),
            }
        )
        if self.scores[scorer] >= TARGET:  # [euchre.end.ten], [euchre.ruling.end-at-once]
            out.append(
                {
                    "event": "game-end",
                    "scores": list(self.scores),
                    "winner": scorer,
                    "winners": [p for p in range(PLAYERS) if team(p) == scorer],
                }
            )
        return out


def passive(rng: random.Random, state: Any, legal: Sequence[Any]) -> Any:
    """Passes nine times in ten when it may: hands get thrown in (and the dealer gets stuck)."""
    if any(isinstance(action, Pass) for action in legal) and rng.random() < 0.9:
        return next(action for action in legal if isinstance(action, Pass))
    return rng.choice(legal)


CHOOSERS = (uniform, passive, bots(EUCHRE, "simple"))
"""How the players pick their actions: at random, by this file's bias, or as the game's
simple bot."""


check_game = checker(EUCHRE, EuchreReferee)
"""Play and check one game: ``check_game(options, seed, choose=uniform)``, its events."""


@pytest.mark.clauses("euchre.ruling.all-pass", "euchre.score.alone-march")
def test_every_kind_is_checked() -> None:
    """Fixed games reach every kind of event, both bidding rounds and every hand score."""
    seen = facets_met(check_game, CONFIGS, 8, CHOOSERS, FACETS)
    assert {(kind,) for kind in KINDS} <= seen
    assert {("bid", "round", 1), ("bid", "round", 2), ("bid", "alone", True)} <= seen
    assert {("hand-end", "points", p) for p in (1, 2, 4)} <= seen
