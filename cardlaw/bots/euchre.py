"""Euchre's ``simple`` bot: a few documented, deterministic heuristics.

It sees only its own observation.  A card's *strength* is its
:func:`~engine.euchre.tricks.winning_value` in its own effective suit, so
trumps (right bower, left bower, A K Q 10 9) come above every plain card,
and plain cards go by rank.

* **Bidding**: count the trumps the hand would hold with a suit as trump (the
  left bower included; a dealer in the first round counts the up-card too).
  Order up, or name the best other suit in the second round, with three
  trumps or more; go alone with both bowers and at least four trumps.  A
  stuck dealer names the suit it holds most trumps in.
* **Defending alone** (variant lone-defender): with both bowers and at
  least three trumps; otherwise pass.
* **Discard**: the weakest card, preferring a plain card to a trump.
* **Tricks**: leading, the strongest card.  Following, the weakest legal card
  if the partner is winning the trick; otherwise the weakest legal card that
  would take the trick, or the weakest legal card if none would.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.sampling import play_game
>>> game = get_game("euchre")
>>> end = play_game(game, game.config(), [SimpleBot()] * 4, seed=3).final
>>> max(game.result(end).scores) >= 10
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlaw.bots.base import RuleBot, Rules
from cardlaw.engine.euchre.tricks import effective_suit, trick_winner, winning_value
from cardlaw.spec.cards import Card
from cardlaw.spec.euchre.actions import (
    DEFEND_ALONE,
    PASS,
    Action,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from cardlaw.spec.euchre.constants import PARTNER
from cardlaw.spec.euchre.invariants import trick_seats
from cardlaw.spec.euchre.state import EuchreObservation

__all__ = ["BOTS", "SimpleBot"]

_MAKE: int = 3
"""Trumps needed to make trump."""
_ALONE: int = 4
"""Trumps (both bowers among them) needed to go alone."""
_DEFEND_ALONE: int = 3
"""Trumps (both bowers among them) needed to defend alone (variant lone-defender)."""


def strength(card: int, trump: int) -> int:
    """A card's strength in its own effective suit (trumps above every plain card).

    >>> from cardlaw.spec.cards import Suit
    >>> strength(Card("JC"), Suit.SPADES) > strength(Card("AS"), Suit.SPADES) > strength(
    ...     Card("AH"), Suit.SPADES)
    True
    """
    return winning_value(card, trump, effective_suit(card, trump))


def _trumps(cards: Sequence[Card], trump: int) -> tuple[int, bool]:
    """How many trumps ``cards`` hold, and whether both bowers are among them."""
    trumps = [c for c in cards if effective_suit(c, trump) == trump]
    bowers = sum(1 for c in trumps if c.rank == 11)
    return len(trumps), bowers == 2


def _pick(legal: Sequence[Action], wanted: Action) -> Action:
    """The legal action equal to ``wanted`` (the shared object the engine handed out)."""
    return next(a for a in legal if a == wanted)


def _discard(obs: EuchreObservation, legal: Sequence[Action]) -> Action:
    """The weakest card to lay down."""
    assert obs.trump is not None
    trump = int(obs.trump)
    return min(legal, key=lambda a: strength(a.card, trump))  # type: ignore[union-attr]  # all Discards


class SimpleBot(RuleBot[EuchreObservation, Action]):
    """The heuristic player described in the module docstring."""

    name = "simple"

    def rules(self, rng: random.Random) -> Rules[EuchreObservation, Action]:
        """Play, discard, else bid, by the heuristics of this module."""
        return (
            (Play, self._play),
            (Discard, _discard),
            (DefendAlone, self._defend),
            (object, self._bid),
        )

    def _defend(self, obs: EuchreObservation, legal: Sequence[Action]) -> Action:
        assert obs.trump is not None
        count, bowers = _trumps(list(obs.hand), int(obs.trump))
        return DEFEND_ALONE if count >= _DEFEND_ALONE and bowers else PASS

    def _bid(self, obs: EuchreObservation, legal: Sequence[Action]) -> Action:
        assert obs.upcard is not None
        hand = list(obs.hand)
        if any(isinstance(a, OrderUp) for a in legal):
            if obs.seat == obs.dealer:
                hand.append(obs.upcard)
            count, bowers = _trumps(hand, obs.upcard.suit)
            if count >= _MAKE:
                return _pick(legal, OrderUp(alone=count >= _ALONE and bowers))
            return _pick(legal, PASS)
        names = [a for a in legal if isinstance(a, NameTrump) and not a.alone]
        best = max(names, key=lambda a: (_trumps(hand, a.suit)[0], a.suit))
        count, bowers = _trumps(hand, best.suit)
        stuck = not any(isinstance(a, Pass) for a in legal)
        if count >= _MAKE or stuck:
            return _pick(legal, NameTrump(best.suit, alone=count >= _ALONE and bowers))
        return _pick(legal, PASS)

    def _play(self, obs: EuchreObservation, legal: Sequence[Action]) -> Action:
        assert obs.trump is not None
        trump = int(obs.trump)
        plays = [a for a in legal if isinstance(a, Play)]
        weakest = min(plays, key=lambda a: strength(a.card, trump))
        if not obs.trick:
            return max(plays, key=lambda a: strength(a.card, trump))
        trick = tuple(int(c) for c in obs.trick)
        also = PARTNER[obs.defender] if obs.defender >= 0 else -1
        seats = trick_seats(obs.leader, len(trick), obs.sitting_out, also)
        if seats[trick_winner(trick, trump)] == PARTNER[obs.seat]:
            return weakest
        winners = [a for a in plays if trick_winner((*trick, a.card), trump) == len(trick)]
        if winners:
            return min(winners, key=lambda a: strength(a.card, trump))
        return weakest


BOTS = {"simple": SimpleBot}
"""Euchre's own bots (``random`` is every game's)."""
