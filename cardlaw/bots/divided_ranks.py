"""Divided Ranks' bots: ``skilled`` and ``expert`` (``random`` is every game's).

The strongest, ``exact``, is in :mod:`cardlaw.bots.divided_ranks_exact`.

Both see only their seat's observation (:func:`engine.divided_ranks.observe.observe`)
and the legal actions; both always build with auto-arrange (the best build,
:func:`engine.divided_ranks.arrange.arrange`).

**skilled** plays by fixed rules of thumb, with no look-ahead:

* *value of a partial hand*: a static score that rewards concentration —
  per rank 0, 0, 2, 5 or 9 points for 0 to 4 cards, 1.5 for the Joker, and
  for each suit holding three or more cards one point per card beyond two;
* *split*: pair the four cards so that the better pair for itself is as good
  as possible, and lay that pair face down (hoping the chooser takes the
  visible one);
* *choose*: take the face-up pair if it adds at least as much to the score
  as an average pair of the cards it cannot place; otherwise the face-down;
* *reserve*: swap when the best build's weaker hand is below a straight and
  holds a card that plays no part in it (a kicker), giving the lowest such
  card; otherwise keep.

**expert** looks ahead and weighs what it cannot see:

* *choose*: deals the cards it cannot place at random into the places the
  ledger says they could be (the face-down pair, the opponent's hand, the
  stock, the reserve), gives each player half of what is left in the stock,
  and compares both final holdings' best builds; it takes the pair with the
  better average result over the same sampled deals (16 of them);
* *split*: with the same sampling, for each of the three pairings it scores
  both ways the chooser could go and assumes the chooser goes the way that is
  worse for the splitter; it picks the pairing with the best such score and
  lays face up the pair it would rather give away;
* *reserve*: for keeping and for each of its ten cards, the expected result
  over every card it cannot place, weighted by the ledger's exact odds of
  that card being the reserve: the opponent then holds the other ten cards
  outside its hand, and each final holding is scored by its best build.  At
  the first reserve turn it expects the second player to answer with their
  best swap or keep for whatever is left in the reserve, as if they could
  see it (in the face-up variant they can).  It swaps when some swap beats
  keeping.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.sampling import play_game
>>> game = get_game("divided-ranks")
>>> end = play_game(game, game.config(), [ExpertBot(), SkilledBot()], seed=3).final
>>> game.result(end).decided_by in ("weaker-category", "stronger-category", "weaker-hand",
...                                 "stronger-hand", "draw")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from math import floor
from operator import gt, itemgetter, lt
from typing import Final

from cardlaw.bots.base import RuleBot, Rules
from cardlaw.engine.divided_ranks.arrange import arrange
from cardlaw.engine.divided_ranks.evaluate import category
from cardlaw.engine.divided_ranks.values import LOW, value_table
from cardlaw.engine.picking import singles
from cardlaw.spec.cards import JOKER, bits
from cardlaw.spec.divided_ranks.actions import Action, Build, Keep, Split, Swap, Take
from cardlaw.spec.divided_ranks.constants import PACK_MASK, Category
from cardlaw.spec.divided_ranks.state import DividedRanksObservation

__all__ = ["BOTS", "ExpertBot", "SkilledBot", "potential"]

_RANK_POINTS: Final = (0.0, 0.0, 2.0, 5.0, 9.0)
_SUITS: Final = tuple(sum(1 << (32 + 4 * r + s) for r in range(5)) for s in range(4))
_RANKS: Final = tuple(0b1111 << (32 + 4 * r) for r in range(5))
_JOKER_BIT: Final = 1 << JOKER


def potential(mask: int) -> float:
    """The skilled bot's static score of some cards: concentration pays.

    >>> from cardlaw.spec.cards import CardSet
    >>> potential(CardSet("AS AH AD KS").mask) > potential(CardSet("AS KH QD JS").mask)
    True
    """
    score = sum(_RANK_POINTS[(mask & r).bit_count()] for r in _RANKS)
    if mask & _JOKER_BIT:
        score += 1.5
    for suit in _SUITS:
        n = (mask & suit).bit_count()
        if n >= 3:
            score += n - 2
    return score


def _build_action(hand: int, legal: Sequence[Action]) -> Action:
    weaker, _ = arrange(hand)
    for action in legal:
        if isinstance(action, Build) and weaker in (action.first.mask, action.second.mask):
            return action
    return legal[0]


def _pairings(four: int) -> list[tuple[int, int]]:
    """The ways to halve the drawn cards (four under the printed rules), first card's half first."""
    cards = [1 << c for c in bits(four)]
    first = cards[0]
    if len(cards) == 4:  # the printed rules
        return [(first | other, four ^ (first | other)) for other in cards[1:]]
    halves = (first | sum(rest) for rest in combinations(cards[1:], len(cards) // 2 - 1))
    return [(half, four ^ half) for half in halves]


def _split_action(legal: Sequence[Action], up: int, down: int) -> Action:
    for action in legal:
        if isinstance(action, Split) and action.up.mask == up and action.down.mask == down:
            return action
    raise AssertionError("the split is not among the legal actions")


@lru_cache(maxsize=256)
def _pair_plan(
    n: int, rs: tuple[int, ...]
) -> tuple[list[tuple[int, int]], list[Callable[[Sequence[int]], tuple[int, ...]]]]:
    """The pairs (i < j) of ``n`` cards that hold one of ``rs``, and a getter for each of ``rs``.

    Each getter takes values listed by pair and returns those of that card's pairs.
    """
    wanted = set(rs)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if i in wanted or j in wanted]
    slot = {pair: s for s, pair in enumerate(pairs)}
    getters: list[Callable[[Sequence[int]], tuple[int, ...]]] = [
        itemgetter(*(slot[(min(i, j), max(i, j))] for j in range(n) if j != i)) for i in rs
    ]
    return pairs, getters


def _score(mine: Sequence[int], theirs: Sequence[int]) -> int:
    """Twice the total result over paired best values, less one per game: wins less losses."""
    wins: int = sum(map(gt, mine, theirs))
    losses: int = sum(map(lt, mine, theirs))
    return wins - losses


def _build(obs: DividedRanksObservation, legal: Sequence[Action]) -> Action:
    return _build_action(obs.hand.mask, legal)


class SkilledBot(RuleBot[DividedRanksObservation, Action]):
    """The rule-of-thumb player described in the module docstring."""

    name = "skilled"

    def rules(self, rng: random.Random) -> Rules[DividedRanksObservation, Action]:
        """Split, take, the reserve turn and the builds, by the rules of thumb of this module."""
        return (
            (Split, self._split),
            (Take, self._take),
            ((Keep, Swap), self._reserve),
            (Build, _build),
        )

    @staticmethod
    def _split(obs: DividedRanksObservation, legal: Sequence[Action]) -> Action:
        hand = obs.hand.mask
        best = max(
            _pairings(obs.drawn.mask),
            key=lambda p: max(potential(hand | p[0]), potential(hand | p[1])),
        )
        keep, give = best if potential(hand | best[0]) >= potential(hand | best[1]) else best[::-1]
        return _split_action(legal, up=give, down=keep)

    @staticmethod
    def _take(obs: DividedRanksObservation, legal: Sequence[Action]) -> Action:
        hand = obs.hand.mask
        up = obs.face_up.mask
        unknown = [1 << c for c in bits(obs.unaccounted.mask)]
        pairs = [sum(group) for group in combinations(unknown, up.bit_count())]
        base = potential(hand)
        hidden = sum(potential(hand | p) for p in pairs) / len(pairs) if pairs else base
        want_up = potential(hand | up) >= hidden
        return next(a for a in legal if isinstance(a, Take) and a.face_up == want_up)

    def _reserve(self, obs: DividedRanksObservation, legal: Sequence[Action]) -> Action:
        dead = self._kicker(obs.hand.mask)
        if dead < 0:
            return next(a for a in legal if isinstance(a, Keep))
        return next(a for a in legal if isinstance(a, Swap) and a.card == dead)

    @staticmethod
    def _kicker(hand: int) -> int:
        """The lowest card of the weaker hand that plays no part in it, or -1."""
        weaker, _ = arrange(hand)
        if category(weaker) >= Category.STRAIGHT:
            return -1
        for card in bits(weaker):
            if card == JOKER:
                return card
            if (weaker & _RANKS[(card >> 2) - 8]).bit_count() == 1:
                return card
        return -1


class ExpertBot(RuleBot[DividedRanksObservation, Action]):
    """The look-ahead player described in the module docstring."""

    name = "expert"

    def __init__(self, samples: int = 16) -> None:
        self.samples = samples

    def rules(self, rng: random.Random) -> Rules[DividedRanksObservation, Action]:
        """Split, take, the reserve turn and the builds, by sampling and look-ahead."""
        return (
            (Split, lambda obs, legal: self._split(obs, legal, rng)),
            (Take, lambda obs, legal: self._take(obs, legal, rng)),
            ((Keep, Swap), self._reserve),
            (Build, _build),
        )

    def _deals(
        self, obs: DividedRanksObservation, rng: random.Random
    ) -> tuple[list[int], list[int], list[int]]:
        """Sampled deals: this seat's holding, the opponent's and the face-down pair in each.

        A deal places the cards this seat cannot place at random, as many in
        each place as the observation says, and shares the stock's cards at
        random between the players, half each (each takes two of every four
        still to be drawn): this seat then holds its hand and its half of the
        stock, the opponent the cards this seat has seen them take, their
        unseen cards and the other half.  It is a partial Fisher-Yates shuffle
        of those cards in ascending order, one ``rng.random()`` per step,
        continuing from the last deal: the steps fill every group but the
        largest, which keeps the cards left over.  Holdings are low masks
        (:data:`~engine.divided_ranks.values.LOW`).
        """
        cards = singles(obs.unaccounted.mask >> LOW)
        count = dict(obs.whereabouts)
        stock = count.get("stock", 0)
        down = count.get("face-down", 0)
        theirs = count.get("opponent", 0) + stock - stock // 2
        rest = len(cards) - stock // 2 - down - theirs  # the reserve, and cards being split
        sizes = [stock // 2, down, theirs, rest]
        order = sorted(range(4), key=lambda group: -sizes[group])
        spans = [(0, 0)] * 4
        at = 0
        for group in order:  # the largest first
            spans[group] = (at, at + sizes[group])
            at += sizes[group]
        (a0, b0), (a1, b1), (a2, b2), _ = spans
        uniform = rng.random
        steps = [(i, i + 1) for i in range(len(cards) - 1, max(sizes[order[0]], 1) - 1, -1)]
        hand, seen = obs.hand.mask >> LOW, obs.seen.mask >> LOW
        mine, opponent, downs = [], [], []
        for _ in range(self.samples):
            for i, k in steps:
                j = floor(uniform() * k)  # as int(): the product is never negative
                cards[i], cards[j] = cards[j], cards[i]
            mine.append(hand | sum(cards[a0:b0]))
            downs.append(sum(cards[a1:b1]))
            opponent.append(seen | sum(cards[a2:b2]))
        return mine, opponent, downs

    def _take(
        self, obs: DividedRanksObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        up = obs.face_up.mask >> LOW
        mine, theirs, downs = self._deals(obs, rng)
        value = value_table().__getitem__
        score_up = _score(
            list(map(value, [m | up for m in mine])),
            list(map(value, [t | d for t, d in zip(theirs, downs, strict=True)])),
        )
        score_down = _score(
            list(map(value, [m | d for m, d in zip(mine, downs, strict=True)])),
            list(map(value, [t | up for t in theirs])),
        )
        want_up = score_up >= score_down
        return next(a for a in legal if isinstance(a, Take) and a.face_up == want_up)

    def _split(
        self, obs: DividedRanksObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        pairings = _pairings(obs.drawn.mask >> LOW)
        mine, theirs, _ = self._deals(obs, rng)
        value = value_table().__getitem__
        totals = []
        for a, b in pairings:  # this seat keeps a (the chooser takes b), or keeps b
            with_a = list(map(value, [m | a for m in mine]))
            with_b = list(map(value, [m | b for m in mine]))
            them_a = list(map(value, [t | a for t in theirs]))
            them_b = list(map(value, [t | b for t in theirs]))
            totals.append((_score(with_a, them_b), _score(with_b, them_a)))
        best = max(range(len(pairings)), key=lambda i: min(totals[i]))
        a, b = pairings[best]
        keep_a = totals[best][0] >= totals[best][1]
        up, down = (b, a) if keep_a else (a, b)
        return _split_action(legal, up=up << LOW, down=down << LOW)

    @staticmethod
    def reserve_values(obs: DividedRanksObservation) -> dict[int, float]:
        """Expected result of keeping (key -1) and of swapping each card (key: the card).

        The result of a game is 1 for a win, ½ for a draw, 0 for a loss; the
        expectation is over the reserve, by the observation's exact odds.
        The opponent holds the ten cards outside this hand but the reserve.
        At the first reserve turn the opponent is expected to answer with
        their best swap (or keep) for whatever is left in the reserve, as if
        they could see it.
        """
        hand = obs.hand.mask >> LOW
        outside = PACK_MASK >> LOW & ~hand
        odds = [(int(card), float(p)) for card, p in obs.reserve_odds]
        gives = singles(hand)
        outs = singles(outside)
        index = {c: i for i, c in enumerate(bits(outside << LOW))}
        rs = [index[r] for r, _ in odds]
        answering = not obs.swaps
        # Every holding whose best value is wanted, looked up in one pass.  With
        # the reserve outs[i] the opponent holds outside ^ outs[i]; swapping their
        # card outs[j] for what is left there, they hold outside ^ outs[j] when it
        # is the reserve we kept, or outside ^ outs[i] ^ outs[j] | g when it is the
        # card g we gave: the same holding for (i, j) as for (j, i).
        n = len(outs)
        pairs, getters = _pair_plan(n, tuple(rs))
        holdings = [hand, *(outside ^ o for o in outs)]
        for i in rs:
            holdings += [hand ^ g | outs[i] for g in gives]
        if answering:
            without = [outside ^ outs[i] ^ outs[j] for i, j in pairs]
            for g in gives:
                holdings += [m | g for m in without]
        values = list(map(value_table().__getitem__, holdings))
        keep, held = values[0], values[1 : 1 + n]
        at, width = 1 + n, len(gives)
        mine_by_r = [values[at + width * k : at + width * (k + 1)] for k in range(len(rs))]
        at += width * len(rs)
        if answering:
            size = len(pairs)
            per_give = [values[at + size * m : at + size * (m + 1)] for m in range(width)]
            best_keep = max(held)  # whatever we keep, their best swap of any card for it
            theirs_by_r = [
                [best_keep, *(max(held[i], *take(v)) for v in per_give)]
                for i, take in zip(rs, getters, strict=True)
            ]
        else:
            theirs_by_r = [[held[i]] * (1 + width) for i in rs]
        out: dict[int, float] = {}
        for n, give in enumerate((-1, *bits(hand << LOW))):
            total = 0.0
            for (_, p), swaps, answers in zip(odds, mine_by_r, theirs_by_r, strict=True):
                mine, other = (keep, answers[0]) if give < 0 else (swaps[n - 1], answers[n])
                total += p * (1.0 if mine > other else 0.5 if mine == other else 0.0)
            out[give] = total
        return out

    def _reserve(self, obs: DividedRanksObservation, legal: Sequence[Action]) -> Action:
        values = self.reserve_values(obs)
        best = max(values, key=lambda give: (values[give], give == -1))
        if values[best] <= values[-1] + 1e-9:
            return next(a for a in legal if isinstance(a, Keep))
        return next(a for a in legal if isinstance(a, Swap) and a.card == best)


BOTS = {"skilled": SkilledBot, "expert": ExpertBot}
"""Divided Ranks' own bots (``random`` is every game's)."""
