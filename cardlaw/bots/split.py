"""Split's ``greedy`` bot: simple, documented, deterministic heuristics.

It sees only its own observation.

* **Moving the middle card**: onto the pile that leaves the most of its own
  standard cards strictly between the piles; on a tie, the move that leaves
  the wider gap; then the left pile.
* **Playing**: never resets while it can play.  It plays a standard card if
  one fits, the one closest to a pile (the hardest to place later); it plays
  a wild card only when no standard card fits, or when its hand is exactly
  two cards, one of them wild (so that its last card is not a wild card).
  Of several wild cards it plays the lowest.
* **Aids** (cooperative): only when no card from hand can be played.
* **Putting a card under**: the lowest wild card (every standard card is kept), else the
  lowest card.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.sampling import play_game
>>> game = get_game("split")
>>> end = play_game(game, game.config(players=3), [GreedyBot()] * 3, seed=1).final
>>> game.result(end).outcome in ("win", "draw")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlaw.bots.base import RuleBot, Rules
from cardlaw.spec.split.actions import Action, Aid, Bury, Move, Play, Reset
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.state import SplitObservation

__all__ = ["BOTS", "GreedyBot"]


def _between(low: int, high: int) -> int:
    if low > high:
        low, high = high, low
    return ((1 << high) - 1) & ~((1 << (low + 1)) - 1)


def _bury(obs: SplitObservation, legal: Sequence[Action]) -> Action:
    """The lowest wild card to put under (keeping every standard card), else the lowest card."""
    return min(
        legal,
        key=lambda a: (not WILD_MASK >> a.card & 1, a.card) if isinstance(a, Bury) else (True, 101),
    )


class GreedyBot(RuleBot[SplitObservation, Action]):
    """The heuristic player described in the module docstring."""

    name = "greedy"

    def rules(self, rng: random.Random) -> Rules[SplitObservation, Action]:
        """Put under, move the middle card, else play, by the heuristics of this module."""
        return ((Bury, _bury), (Move, self._move), (object, self._play))

    def _move(self, obs: SplitObservation, legal: Sequence[Action]) -> Action:
        assert obs.left is not None and obs.right is not None and obs.middle is not None
        standard = obs.hand.mask & STANDARD_MASK

        def score(action: Action) -> tuple[int, int, int]:
            assert isinstance(action, Move)
            left, right = (
                (obs.middle, obs.right) if action.side == "left" else (obs.left, obs.middle)
            )
            assert left is not None and right is not None
            fits = (standard & _between(left, right)).bit_count()
            return (fits, abs(right - left), action.side == "left")

        return max((a for a in legal if isinstance(a, Move)), key=score)

    def _play(self, obs: SplitObservation, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        standard = [a for a in plays if STANDARD_MASK >> a.card & 1]
        wild = [a for a in plays if WILD_MASK >> a.card & 1]
        if wild and len(obs.hand) == 2 and len(obs.hand.wild) == 1:
            return wild[0]
        if standard:
            assert obs.left is not None and obs.right is not None
            low, high = sorted((int(obs.left), int(obs.right)))
            return min(standard, key=lambda a: (min(a.card - low, high - a.card), a.card))
        if wild:
            return wild[0]
        aids = [a for a in legal if isinstance(a, Aid)]
        if aids:
            return aids[0]
        return next(a for a in legal if isinstance(a, Reset))


BOTS = {"greedy": GreedyBot}
"""Split's own bots (``random`` is every game's)."""
