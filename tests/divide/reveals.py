"""What a Divide player must be shown: everything the rules reveal to them, when they reveal it.

The converse of ``test_observe``.  ``REVEALS`` states, clause by clause, which
event reveals which fact to whom; ``DivideReplay`` replays a game from its
actions alone (the deal from the shuffle, the Great Divide turn by turn, the
tricks and their tokens), never through the engine's state or ``observe``.
Over random whole games, every seat's observation must show every fact
revealed to it so far, with its true value.
"""

from __future__ import annotations

from typing import Any

from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divide.actions import ChooseDealer, Keep, Offer, Play, Secure, Shuffle, Split
from cardlaw.spec.divide.actions import Reveal as TurnUp
from cardlaw.spec.divide.constants import (
    BONUS_TOKEN_POINTS,
    BONUS_TOKENS,
    CARDS_DEALT,
    ROUNDS,
    SUIT_STRENGTH,
    SUIT_TOKEN_POINTS,
    SUIT_TOKENS_PER_SUIT,
    TRICKS_PER_ROUND,
)
from cardlaw.spec.divide.state import Stage
from tests.generic.observe import RevealTable
from tests.observation import ALWAYS, Event, Reveal, TurnReplay, constant, hand_sizes


class DivideReplay(TurnReplay):
    """A Divide game replayed from its actions, by the rules as the rulebook states them."""

    def __init__(self, config: Any) -> None:
        self.n = config.players
        self.stage = Stage.FIRST_DEALER
        self.round = 0
        self.dealer = -1
        self.actor = -1
        self.scores: list[tuple[int, ...]] = []
        self._clear_table()

    def _clear_table(self) -> None:
        """Every card and token back for the next shuffle [divide.cleanup.reset]."""
        n = self.n
        self.first = -1
        self.hands = [0] * n
        self.offering = [-1] * n
        self.secured = [0] * n
        self.to_left = [0] * n
        self.to_right = [0] * n
        self.kept_left = [0] * n
        self.kept_right = [0] * n
        self.trump = -1
        self.leader = -1
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.tokens = [SUIT_TOKENS_PER_SUIT] * 4
        self.bonus = BONUS_TOKENS
        self.taken = [0] * n
        self.bonus_taken = [0] * n

    # What a seat was given and was sent back [divide.divide.choose, divide.divide.final-hand].
    def received_left(self, seat: int) -> int:
        """The offer from the left neighbour: the one it made to its right."""
        return int(self.to_right[(seat + 1) % self.n])

    def received_right(self, seat: int) -> int:
        return int(self.to_left[(seat - 1) % self.n])

    def returned(self, seat: int) -> int:
        left, right = (seat + 1) % self.n, (seat - 1) % self.n
        return int(
            (self.to_left[seat] & ~self.kept_right[left])
            | (self.to_right[seat] & ~self.kept_left[right])
        )

    def _next_in_stage(self) -> bool:
        """Pass the turn clockwise [divide.ruling.secret-turns]; whether the stage is done."""
        self.actor = (self.actor + 1) % self.n
        return self.actor == self.first

    def apply(self, action: Any) -> list[Event]:
        p = self.actor
        if isinstance(action, ChooseDealer):
            self.dealer, self.stage = action.seat, Stage.DEAL
            return []
        if isinstance(action, Shuffle):
            self._clear_table()
            return self._deal(action)
        if isinstance(action, Offer):
            self.hands[p] &= ~action.card.bit
            self.offering[p] = int(action.card)
            if self._next_in_stage():
                self.stage = Stage.SECURE
            return [("offer", p)]
        if isinstance(action, Secure):
            self.hands[p] &= ~action.cards.mask
            self.secured[p] = action.cards.mask
            if self._next_in_stage():
                self.stage = Stage.SPLIT
            return [("secure", p)]
        if isinstance(action, Split):
            self.hands[p] = 0
            self.to_left[p], self.to_right[p] = action.left.mask, action.right.mask
            if not self._next_in_stage():
                return [("split", p)]
            self.stage = Stage.CHOOSE
            return [("split", p), ("pick-up-left", self.actor)]
        if isinstance(action, Keep):
            if not self.kept_left[p]:
                self.kept_left[p] = action.cards.mask
                return [("keep-left", p), ("pick-up-right", p)]
            self.kept_right[p] = action.cards.mask
            if not self._next_in_stage():
                return [("keep-right", p), ("pick-up-left", self.actor)]
            for q in range(self.n):
                self.hands[q] = (
                    self.secured[q] | self.kept_left[q] | self.kept_right[q] | self.returned(q)
                )
            self.stage, self.actor = Stage.REVEAL, -1
            return [("keep-right", p), ("exchange-complete", -1)]
        if isinstance(action, TurnUp):
            self.trump = int(action.card)
            self.stage, self.leader = Stage.TRICKS, self.first
            self.actor = self.first
            return [("reveal", -1)]
        assert isinstance(action, Play), action
        self.hands[p] &= ~action.card.bit
        self.trick.append(int(action.card))
        if len(self.trick) < self.n:
            self.actor = (p + 1) % self.n
        else:
            self._finish_trick()
        return [("play", p)]

    def _deal(self, action: Shuffle) -> list[Event]:
        """Nine cards each, one at a time from the dealer's left [divide.deal.shuffle]."""
        self.first = self.actor = (self.dealer + 1) % self.n
        for j, card in enumerate(action.order[: CARDS_DEALT * self.n]):
            self.hands[(self.first + j) % self.n] |= card.bit
        self.stage = Stage.OFFERING
        return [("deal", -1)]

    def _finish_trick(self) -> None:
        """The winner takes a token and leads [divide.trick.winner-trump, divide.score.suit-token]."""
        trump_rank = Card(self.trump).rank
        cards = [Card(c) for c in self.trick]
        trumps = [c for c in cards if c.rank == trump_rank]
        if trumps:
            best = max(trumps, key=lambda c: SUIT_STRENGTH[c.suit])
        else:
            best = max((c for c in cards if c.suit == cards[0].suit), key=lambda c: c.rank)
        winner = (self.leader + cards.index(best)) % self.n
        if self.tokens[best.suit]:
            self.tokens[best.suit] -= 1
            self.taken[winner] += 1
        else:
            self.bonus -= 1
            self.bonus_taken[winner] += 1
        self.tricks.append((self.leader, tuple(self.trick)))
        self.trick = []
        if len(self.tricks) < TRICKS_PER_ROUND:
            self.leader = self.actor = winner
            return
        self.leader = self.actor = -1
        self.scores.append(
            tuple(
                SUIT_TOKEN_POINTS * t + BONUS_TOKEN_POINTS * b
                for t, b in zip(self.taken, self.bonus_taken, strict=True)
            )
        )
        if len(self.scores) == ROUNDS:
            self.stage = Stage.OVER
        else:
            self.stage = Stage.DEAL
            self.round += 1
            self.dealer = (self.dealer + 1) % self.n


def _cards(cards: list[int] | tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(Card(c) for c in cards)


def _card(card: int) -> Card | None:
    return Card(card) if card >= 0 else None


R = DivideReplay
EMPTY = CardSet()

REVEALS: tuple[Reveal, ...] = (
    # Standing facts: a seat's own cards, and everything on the table.
    Reveal("divide.info.hidden", ALWAYS, "all", "hand", lambda r, s: CardSet(r.hands[s])),
    Reveal("divide.ruling.secret-turns", ALWAYS, "all", "to_move", lambda r, s: r.to_move()),
    hand_sizes("divide.ruling.secret-turns"),
    Reveal("divide.round.phases", ALWAYS, "all", "stage", lambda r, s: r.stage),
    Reveal("divide.round.dealer-rotation", ALWAYS, "all", "dealer", lambda r, s: r.dealer),
    Reveal("divide.end.four-rounds", ALWAYS, "all", "round", lambda r, s: r.round),
    Reveal("divide.trick.winner-leads", ALWAYS, "all", "leader", lambda r, s: r.leader),
    Reveal("divide.score.suit-token", ALWAYS, "all", "suit_tokens", lambda r, s: tuple(r.tokens)),
    Reveal("divide.score.suit-token", ALWAYS, "all", "taken", lambda r, s: tuple(r.taken)),
    Reveal("divide.score.bonus-token", ALWAYS, "all", "bonus", lambda r, s: r.bonus),
    Reveal(
        "divide.score.bonus-token", ALWAYS, "all", "bonus_taken", lambda r, s: tuple(r.bonus_taken)
    ),
    Reveal("divide.cleanup.record", ALWAYS, "all", "scores", lambda r, s: tuple(r.scores)),
    # A new deal: nothing of the round has been chosen or shown yet.
    *(
        Reveal("divide.cleanup.reset", "deal", "all", fact, constant(value))
        for fact, value in (
            ("offering", None),
            ("secured", EMPTY),
            ("offer_left", EMPTY),
            ("offer_right", EMPTY),
            ("received_left", None),
            ("received_right", None),
            ("kept_left", EMPTY),
            ("kept_right", EMPTY),
            ("returned", EMPTY),
            ("trump", None),
            ("trick", ()),
            ("tricks", ()),
        )
    ),
    # The Great Divide: a player knows their own choices ...
    Reveal("divide.info.hidden", "offer", "seat", "offering", lambda r, s: _card(r.offering[s])),
    Reveal("divide.info.hidden", "secure", "seat", "secured", lambda r, s: CardSet(r.secured[s])),
    Reveal("divide.info.hidden", "split", "seat", "offer_left", lambda r, s: CardSet(r.to_left[s])),
    Reveal(
        "divide.info.hidden", "split", "seat", "offer_right", lambda r, s: CardSet(r.to_right[s])
    ),
    Reveal(
        "divide.info.hidden", "keep-left", "seat", "kept_left", lambda r, s: CardSet(r.kept_left[s])
    ),
    Reveal(
        "divide.info.hidden",
        "keep-right",
        "seat",
        "kept_right",
        lambda r, s: CardSet(r.kept_right[s]),
    ),
    # ... each offer they receive once they pick it up, the left one first ...
    Reveal(
        "divide.divide.choose",
        "pick-up-left",
        "seat",
        "received_left",
        lambda r, s: CardSet(r.received_left(s)),
    ),
    Reveal(
        "divide.ruling.offer-order",
        "pick-up-right",
        "seat",
        "received_right",
        lambda r, s: CardSet(r.received_right(s)),
    ),
    # ... and the cards sent back to them, when both have come back.
    Reveal(
        "divide.divide.final-hand",
        "exchange-complete",
        "all",
        "returned",
        lambda r, s: CardSet(r.returned(s)),
    ),
    # The offering turned up, and every card played to a trick.
    Reveal("divide.trump.reveal", "reveal", "all", "trump", lambda r, s: _card(r.trump)),
    Reveal("divide.info.hidden", "play", "all", "trick", lambda r, s: _cards(r.trick)),
    Reveal(
        "divide.info.hidden",
        "play",
        "all",
        "tricks",
        lambda r, s: tuple((leader, _cards(cards)) for leader, cards in r.tricks),
    ),
)
"""What each of Divide's clauses reveals, to whom, and when."""


TABLE = RevealTable("divide", DivideReplay, REVEALS)
"""The table, and how its fixed games are played (checked in
``tests/engine/test_generic_observe_complete.py``)."""
