"""Divided Ranks' ``exact`` bot: every decision from the game's exactness, none from rules of thumb.

It sees only its seat's observation and the legal actions, like the others.

* *builds* are solved: auto-arrange's best build
  (:func:`engine.divided_ranks.arrange.arrange`);
* *reserve*: for keeping and for each of its ten cards, the exact expected
  result (win 1, draw ½, loss 0) over the reserve, weighted by the
  knowledge panel's odds (``reserve_odds``); the opponent holds the other
  ten cards outside its hand.  At the last reserve turn that is all.  At the
  first, the opponent answers, and is modelled as this same bot with the
  opponent's own knowledge: the opponent's panel odds are rebuilt from what
  they have seen (the cards of ours they watched arrive, and whether we
  swapped; under the face-up swap also the card we gave), they take the
  keep or swap with the best expected result under those odds (keeping on
  a tie), and our result is scored against what is really left in the
  reserve;
* *draft* (how to pair the four cards drawn, which pair to show, which pair
  to take): the cards it cannot place are dealt into the places the ledger
  says they could be (the face-down pair, the opponent's hand, the reserve,
  the stock), and the rest of the stock is shared out half and half at
  random; each final holding is scored by its best build and the two
  compared (the showdown).  When the deals number at most
  :data:`EXACT_LIMIT` (the last round) it enumerates every one of them,
  equally likely; otherwise it samples ``samples`` of them, the same ones
  for every option.  The chooser takes the pair with the better expected
  result; the splitter assumes the chooser takes whichever pair is worse
  for the splitter on the splitter's expectation (the game is zero-sum),
  picks the pairing whose worse pair is best, and lays face down the pair
  it would rather keep.

Decisions are deterministic given the seat's random stream (sampling draws
only from it).

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.sampling import play_game
>>> from cardlaw.bots.divided_ranks import ExpertBot
>>> game = get_game("divided-ranks")
>>> end = play_game(game, game.config(), [ExactBot(samples=8), ExpertBot(samples=4)], seed=3).final
>>> game.result(end) is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Final

from cardlaw.bots.base import RuleBot, Rules
from cardlaw.bots.divided_ranks import _build, _pairings, _split_action
from cardlaw.engine.divided_ranks.arrange import best_value
from cardlaw.spec.cards import bits
from cardlaw.spec.divided_ranks.actions import Action, Build, Keep, Split, Swap, Take
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.divided_ranks.state import DividedRanksObservation

__all__ = ["EXACT_LIMIT", "ExactBot", "opponent_odds", "reserve_values"]

EXACT_LIMIT: Final = 1000
"""Deals of the hidden cards up to which a draft decision enumerates them all."""


def _outcome(mine: int, theirs: int) -> float:
    a, b = best_value(mine), best_value(theirs)
    return 1.0 if a > b else 0.5 if a == b else 0.0


def opponent_odds(
    outside: int, watched: int, swapped: bool, given: int | None
) -> list[tuple[int, float]]:
    """The opponent's panel odds on the reserve after our first reserve turn.

    ``outside`` is the eleven cards outside the opponent's hand (our ten and
    the reserve), ``watched`` our cards the opponent can count on (before our
    turn), ``swapped`` whether we swapped and ``given`` the card we gave when
    they saw it (the face-up swap).  A keep leaves every card outside their
    hand they cannot place equally likely; a blind swap may have given any of
    our ten cards: each watched card 1/10, each other card its share of the
    rest (:func:`engine.divided_ranks.observe.ledger` keeps the same books).

    >>> from cardlaw.spec.cards import CardSet
    >>> outside = CardSet("AS AH AD AC KS KH KD KC QS QH JK").mask
    >>> odds = opponent_odds(outside, CardSet("AS AH").mask, True, None)
    >>> round(sum(p for _, p in odds), 9), dict(odds)[CardSet("AS").mask.bit_length() - 1]
    (1.0, 0.1)
    """
    if given is not None:
        return [(given, 1.0)]
    pool = outside & ~watched
    if not swapped:
        n = pool.bit_count()
        return [(c, 1.0 / n) for c in bits(pool)]
    held = outside.bit_count() - 1  # our ten cards
    known = watched.bit_count()
    k = held - known
    out = [(c, 1.0 / held) for c in bits(watched)]
    if k:
        share = float(Fraction(k, (k + 1) * held))
        out += [(c, share) for c in bits(pool)]
    return out


def _best_answer(hand: int, outside: int, odds: Sequence[tuple[int, float]]) -> int:
    """The card the opponent (holding ``hand``) swaps under ``odds``, or -1 to keep.

    Whatever they take, we hold ``outside`` less the reserve they believe in.
    """
    best, top = -1, sum(p * _outcome(hand, outside & ~(1 << x)) for x, p in odds)
    for card in bits(hand):
        rest = hand & ~(1 << card)
        value = sum(p * _outcome(rest | 1 << x, outside & ~(1 << x)) for x, p in odds)
        if value > top + 1e-12:
            best, top = card, value
    return best


def reserve_values(obs: DividedRanksObservation) -> dict[int, float]:
    """Exact expected result of keeping (key -1) and of swapping each card (key: the card).

    The expectation is over the reserve, by the panel's exact odds; at the
    first reserve turn the opponent answers as the module docstring says.
    """
    hand = obs.hand.mask
    outside = PACK_MASK & ~hand
    odds = [(int(card), float(p)) for card, p in obs.reserve_odds]
    answering = not obs.swaps
    face_up = obs.swap_rule == "face-up"
    watched = obs.watched.mask
    answers: dict[tuple[int, bool, int], int] = {}

    def answer(r: int, swapped: bool, given: int) -> int:
        """The opponent's answer when the reserve was ``r``, after our keep or swap."""
        seen = given if face_up and swapped else None
        key = (r, swapped, -1 if seen is None else seen)
        if key not in answers:
            theirs = outside & ~(1 << r)
            ours = PACK_MASK & ~theirs
            their_odds = opponent_odds(ours, watched, swapped, seen)
            answers[key] = _best_answer(theirs, ours, their_odds)
        return answers[key]

    values: dict[int, float] = {}
    for give in (-1, *bits(hand)):
        total = 0.0
        for r, p in odds:
            theirs = outside & ~(1 << r)
            mine = hand if give < 0 else hand & ~(1 << give) | 1 << r
            left = r if give < 0 else give
            if answering:
                card = answer(r, give >= 0, give)
                if card >= 0:
                    theirs = theirs & ~(1 << card) | 1 << left
            total += p * _outcome(mine, theirs)
        values[give] = total
    return values


def _deal_count(pool: int, places: Sequence[tuple[str, int]]) -> int:
    """How many ways the pool's cards can be dealt into the places (a multinomial)."""
    total, left = 1, pool
    for _, n in places:
        total *= comb(left, n)
        left -= n
    return total


def _places(obs: DividedRanksObservation) -> list[tuple[str, int]]:
    """The places of the hidden cards, the stock split into our half and theirs."""
    out = []
    for place, n in obs.whereabouts:
        if place == "stock":
            out += [("mine", n // 2), ("theirs", n - n // 2)]
        else:
            out.append((place, n))
    return out


def _enumerate(cards: list[int], places: Sequence[tuple[str, int]]) -> Iterator[dict[str, int]]:
    """Every deal of ``cards`` (bit masks) into the places."""
    if not places:
        yield {}
        return
    (place, n), rest = places[0], places[1:]
    for chosen in combinations(range(len(cards)), n):
        picked = set(chosen)
        mask = sum(cards[i] for i in chosen)
        others = [c for i, c in enumerate(cards) if i not in picked]
        for deal in _enumerate(others, rest):
            deal[place] = mask
            yield deal


class ExactBot(RuleBot[DividedRanksObservation, Action]):
    """The exact player described in the module docstring.

    ``samples`` is the number of deals a draft decision samples when they
    cannot all be listed (48 by default).
    """

    name = "exact"

    def __init__(self, samples: int = 48) -> None:
        self.samples = samples

    def rules(self, rng: random.Random) -> Rules[DividedRanksObservation, Action]:
        """Split, take, the reserve turn and the builds."""
        return (
            (Split, lambda obs, legal: self._split(obs, legal, rng)),
            (Take, lambda obs, legal: self._take(obs, legal, rng)),
            ((Keep, Swap), self._reserve),
            (Build, _build),
        )

    def deals(self, obs: DividedRanksObservation, rng: random.Random) -> list[dict[str, int]]:
        """The deals of the hidden cards the draft decisions average over.

        Every deal, when there are at most :data:`EXACT_LIMIT`; otherwise
        ``samples`` of them drawn from ``rng``, each equally likely.
        """
        cards = [1 << c for c in bits(obs.unaccounted.mask)]
        places = _places(obs)
        if _deal_count(len(cards), places) <= EXACT_LIMIT:
            return list(_enumerate(cards, places))
        uniform = rng.random
        out = []
        for _ in range(self.samples):
            for i in range(len(cards) - 1, 0, -1):
                j = int(uniform() * (i + 1))
                cards[i], cards[j] = cards[j], cards[i]
            deal: dict[str, int] = {}
            at = 0
            for place, n in places:
                deal[place] = sum(cards[at : at + n])
                at += n
            out.append(deal)
        return out

    def _take(
        self, obs: DividedRanksObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        hand, up, seen = obs.hand.mask, obs.face_up.mask, obs.seen.mask
        score_up = score_down = 0.0
        for deal in self.deals(obs, rng):
            down, mine = deal.get("face-down", 0), hand | deal.get("mine", 0)
            opp = seen | deal.get("opponent", 0) | deal.get("theirs", 0)
            score_up += _outcome(mine | up, opp | down)
            score_down += _outcome(mine | down, opp | up)
        want_up = score_up >= score_down
        return next(a for a in legal if isinstance(a, Take) and a.face_up == want_up)

    def _split(
        self, obs: DividedRanksObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        hand, seen = obs.hand.mask, obs.seen.mask
        pairings = _pairings(obs.drawn.mask)
        totals = [[0.0, 0.0] for _ in pairings]
        for deal in self.deals(obs, rng):
            mine = hand | deal.get("mine", 0)
            opp = seen | deal.get("opponent", 0) | deal.get("theirs", 0)
            for i, (a, b) in enumerate(pairings):
                totals[i][0] += _outcome(mine | a, opp | b)
                totals[i][1] += _outcome(mine | b, opp | a)
        best = max(range(len(pairings)), key=lambda i: min(totals[i]))
        a, b = pairings[best]
        keep_a = totals[best][0] >= totals[best][1]
        return _split_action(legal, up=b if keep_a else a, down=a if keep_a else b)

    @staticmethod
    def _reserve(obs: DividedRanksObservation, legal: Sequence[Action]) -> Action:
        values = reserve_values(obs)
        best = max(values, key=lambda give: (values[give], give == -1))
        if values[best] <= values[-1] + 1e-9:
            return next(a for a in legal if isinstance(a, Keep))
        return next(a for a in legal if isinstance(a, Swap) and a.card == best)
