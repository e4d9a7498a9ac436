"""Divide's ``greedy`` bot: simple, documented, deterministic heuristics.

It sees only its own observation.  Card strength below is rank first, then
the suit order (Spades high).

* **Offering**: offer a card of the rank it holds most copies of (the lowest
  such rank on a tie), so that if that rank becomes trump it keeps the other
  copies.  Of that rank it gives up the suit it holds fewest of.
* **Secure**: the two strongest cards.
* **Offers**: sort the six cards by strength and deal them alternately, the
  strongest to the left neighbour, so the two offers are balanced.
* **Choose**: keep the two strongest cards of the offer.
* **Tricks**: when leading, the strongest legal card.  When following, the
  weakest legal card that would win the trick as it stands; if no card can
  win, the weakest legal card, keeping Trump Rank cards if it can.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.sampling import play_game
>>> game = get_game("divide")
>>> end = play_game(game, game.config(), [GreedyBot()] * 4, seed=1).final
>>> game.result(end).decided_by in ("score", "bonus-tokens", "eighth-trick")
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardlaw.bots.base import RuleBot, Rules
from cardlaw.engine.divide.scoring import card_strength
from cardlaw.engine.divide.tricks import trick_winner
from cardlaw.spec.cards import Card
from cardlaw.spec.divide.actions import Action, Keep, Offer, Play, Secure, Split
from cardlaw.spec.divide.state import DivideObservation

__all__ = ["BOTS", "GreedyBot"]


def _strength(card: Card) -> tuple[int, int]:
    return card_strength(card)


def _strongest(obs: DivideObservation, legal: Sequence[Action]) -> Action:
    """The legal choice (of cards to secure or keep) with the strongest cards."""
    return max(legal, key=lambda a: sorted(map(_strength, a.cards), reverse=True))  # type: ignore[union-attr]  # all of one kind with cards


class GreedyBot(RuleBot[DivideObservation, Action]):
    """The heuristic player described in the module docstring."""

    name = "greedy"

    def rules(self, rng: random.Random) -> Rules[DivideObservation, Action]:
        """Offer, secure and keep, split, then play, by the heuristics of this module."""
        return (
            (Offer, self._offer),
            ((Secure, Keep), _strongest),
            (Split, self._split),
            (Play, self._play),
        )

    def _offer(self, obs: DivideObservation, legal: Sequence[Action]) -> Action:
        hand = list(obs.hand)
        by_rank = Counter(card.rank for card in hand)
        by_suit = Counter(card.suit for card in hand)
        most = max(by_rank.values())
        rank = min(r for r, count in by_rank.items() if count == most)
        card = min(
            (c for c in hand if c.rank == rank), key=lambda c: (by_suit[c.suit], _strength(c))
        )
        return next(a for a in legal if isinstance(a, Offer) and a.card == card)

    def _split(self, obs: DivideObservation, legal: Sequence[Action]) -> Action:
        ordered = sorted(obs.hand, key=_strength, reverse=True)
        left = {int(c) for c in ordered[0::2]}
        return next(a for a in legal if isinstance(a, Split) and {int(c) for c in a.left} == left)

    def _play(self, obs: DivideObservation, legal: Sequence[Action]) -> Action:
        assert obs.trump is not None
        trump_rank = obs.trump.rank.index
        cards = [a.card for a in legal if isinstance(a, Play)]
        if not obs.trick:
            best = max(cards, key=_strength)
            return next(a for a in legal if isinstance(a, Play) and a.card == best)
        trick = tuple(int(c) for c in obs.trick)
        winners = [c for c in cards if trick_winner((*trick, int(c)), trump_rank) == len(trick)]
        if winners:
            pick = min(winners, key=lambda c: (c.rank.index == trump_rank, _strength(c)))
        else:
            pick = min(cards, key=lambda c: (c.rank.index == trump_rank, _strength(c)))
        return next(a for a in legal if isinstance(a, Play) and a.card == pick)


BOTS = {"greedy": GreedyBot}
"""Divide's own bots (``random`` is every game's)."""
