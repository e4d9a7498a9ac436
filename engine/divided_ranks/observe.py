"""What one Divided Ranks player may know, and the ledger the game keeps for them.

A player sees their own cards, every face-up pair, the four cards of each
split they make, a face-down pair once they take it, and the card they take
or give at the reserve (both players see every exchange in the face-up-swap
variant) [divided-ranks.info.hidden, divided-ranks.ruling.blind-swap-view].
From that history the game keeps the books [divided-ranks.info.ledger]:

* the cards of mine the opponent watched arrive and can count on;
* the opponent's cards I have seen (and can still count on), and how many
  of theirs I cannot place;
* every card I cannot place, and where the cards I cannot place could be:
  the opponent's hand, the reserve, the stock, the four cards the opponent
  is splitting (``drawn``) or the face-down pair on offer.

Cards a player cannot place are exchangeable for them: they all could be in
the same places.  Once the stock is spent the candidates for the opponent's
hand are the eleven cards outside mine [divided-ranks.info.candidates], and
during the reserve turns the observation gives the exact odds of each card
being the reserve [divided-ranks.ruling.swap-odds].

>>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS as GAME
>>> from cardlaw.spec.divided_ranks import FirstSplitter
>>> state = GAME.apply(GAME.new_game(GAME.config()), FirstSplitter(0))
>>> state = GAME.apply(state, GAME.chance_outcomes(state).outcome(0))
>>> view = observe(state, 1)
>>> view.unseen, len(view.unaccounted), view.whereabouts
(0, 21, (('drawn', 4), ('reserve', 1), ('stock', 16)))
>>> len(observe(state, 0).drawn), observe(state, 0).whereabouts
(4, (('reserve', 1), ('stock', 16)))
"""

from __future__ import annotations

from collections import deque
from dataclasses import fields
from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from operator import call
from typing import Final, NamedTuple

from cardlaw.engine.base import mover, shown
from cardlaw.spec.cards import ALL_CARDS, CardSet, bits, card_set
from cardlaw.spec.divided_ranks.constants import PACK_MASK, STOCK_SIZE
from cardlaw.spec.divided_ranks.invariants import splitter_of
from cardlaw.spec.divided_ranks.state import (
    DividedRanksObservation,
    DividedRanksState,
    Mover,
    RoundView,
    Stage,
    SwapView,
)
from cardlaw.spec.domain import SeatId
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.trace import enforces

__all__ = ["Ledger", "ledger", "observe", "to_move"]

_DRAFT_OVER = (Stage.RESERVE_ORDER, Stage.RESERVE, Stage.BUILD, Stage.OVER)
_DRAFTING = (Stage.SPLIT, Stage.CHOOSE)
_RESERVE_TURNS = (Stage.RESERVE_ORDER, Stage.RESERVE)


def to_move(state: DividedRanksState) -> Mover:
    """The seat to act, ``"chance"``, or ``None`` at the end (:func:`~engine.base.mover`)."""
    return mover(state, Stage.OVER)


class Ledger(NamedTuple):
    """One player's books: what they can place, and what they cannot."""

    theirs: int
    """Cards the player knows are in the opponent's hand."""
    reserve: int
    """The reserve card, if the player knows it, else -1."""
    pool: int
    """The cards the player cannot place."""
    slots: tuple[tuple[str, int], ...]
    """Where the pool's cards are: each place and how many of them it holds."""
    odds: tuple[tuple[int, Fraction], ...]
    """Each card's chance of being the reserve (when the reserve is not known)."""


def _bit(card: int) -> int:
    return 1 << card


_new = object.__new__

_NO_CARDS: Final = CardSet()


@lru_cache(maxsize=64)
def _chance(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)``, made once for all the cards that share it."""
    return Fraction(numerator, denominator)


def _even(cards: int, denominator: int) -> dict[int, Fraction]:
    """Each of ``cards`` with the chance ``1/denominator``."""
    return dict.fromkeys(bits(cards), _chance(1, denominator)) if cards else {}


@enforces(
    "divided-ranks.info.hidden",
    "divided-ranks.info.ledger",
    "divided-ranks.info.candidates",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.ruling.swap-odds",
    "divided-ranks.variant.face-up-swap",
)
def ledger(state: DividedRanksState, viewer: int) -> Ledger:
    """The books of ``viewer``: derived from what that player has seen, nothing else.

    >>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS as GAME
    >>> from cardlaw.spec.divided_ranks.actions import TAKE_UP, FirstSplitter
    >>> state = GAME.apply(GAME.new_game(GAME.config()), FirstSplitter(0))
    >>> state = GAME.apply(state, GAME.chance_outcomes(state).outcome(0))
    >>> state = GAME.apply(GAME.apply(state, GAME.legal_actions(state)[0]), TAKE_UP)
    >>> books = ledger(state, 1)  # seat 1 took the face-up pair: two cards went unseen
    >>> books.theirs, books.slots  # and it now holds the next four, which it is splitting
    (0, (('opponent', 2), ('reserve', 1), ('stock', 12)))
    >>> ledger(state, 0).theirs == state.hands[1]  # the splitter saw all four
    True
    """
    return _books(state, viewer, odds=True)


_NO_BOOKS: Final = Ledger(0, -1, 0, (), ())


def _books(state: DividedRanksState, viewer: int, *, odds: bool) -> Ledger:
    """:func:`ledger`; without the odds on the reserve unless ``odds`` (they cost Fractions)."""
    stage = state.stage
    if stage <= Stage.DEAL:  # FIRST_SPLITTER or DEAL
        return _NO_BOOKS
    if stage == Stage.OVER:  # both builds are shown: only the reserve is left over
        return Ledger(state.hands[1 - viewer], state.reserve, 0, (), ())
    pool, theirs, opponent, stock, drawn, face_down = _draft_books(state, viewer)
    reserve_slot = 1
    reserve = -1
    weights: dict[int, Fraction] | None = None
    face_up = state.config.swap == "face-up"
    for seat, given, taken in state.swaps:
        if given < 0:
            continue
        if seat == viewer or face_up:
            if pool >> taken & 1:
                pool &= ~_bit(taken)
                reserve_slot -= 1
            if seat != viewer:
                theirs |= _bit(taken)
                if theirs >> given & 1:
                    theirs &= ~_bit(given)
                else:
                    pool &= ~_bit(given)
                    opponent -= 1
            reserve, weights = given, None
            continue
        # The opponent exchanged blind: any card they held may now be the reserve.
        k, known = opponent, theirs.bit_count()
        stock = drawn = face_down = 0
        reserve_slot = 1
        if reserve >= 0:
            theirs, merged, reserve = _bit(reserve), theirs | pool, -1
            weights = _even(merged, known + k)
            opponent = known + k - 1
        elif k == 0:
            theirs, merged = pool, theirs
            weights = _even(merged, known)
            opponent = known - 1
        else:
            merged = theirs | pool
            weights = _even(theirs, known + k)
            if pool:
                weights.update(dict.fromkeys(bits(pool), _chance(k, (k + 1) * (known + k))))
            theirs = 0
            opponent = known + k
        pool = merged
    pool &= ~state.hands[viewer]
    places = _places(drawn, face_down, opponent, reserve_slot, stock)
    if len(places) == 1 and pool:
        # Every card left unplaced is in one place: they are accounted for.
        if places[0][0] == "opponent":
            theirs, pool, places = theirs | pool, 0, ()
        elif places[0][0] == "reserve":
            reserve, pool, places = pool.bit_length() - 1, 0, ()
    chances: tuple[tuple[int, Fraction], ...] = ()
    if odds and stage in _RESERVE_TURNS:
        if reserve >= 0:
            chances = ((reserve, _chance(1, 1)),)
        elif weights is not None:
            chances = tuple(sorted(weights.items()))
        else:
            chances = tuple(_even(pool, pool.bit_count()).items())
    return Ledger(theirs, reserve, pool, places, chances)


@lru_cache(maxsize=512)
def _places(
    drawn: int, face_down: int, opponent: int, reserve: int, stock: int
) -> tuple[tuple[str, int], ...]:
    """The places holding some of the pool, in the order of their names (as sorted)."""
    return tuple(
        (place, n)
        for place, n in (
            ("drawn", drawn),
            ("face-down", face_down),
            ("opponent", opponent),
            ("reserve", reserve),
            ("stock", stock),
        )
        if n > 0
    )


_GAME_CACHE: Final = 64
"""How many entries the per-game caches below keep: a game's observations need about a dozen
(rounds so far, by seat); keeping thousands costs a simulation more than it saves (measured)."""


@lru_cache(maxsize=_GAME_CACHE)
def _rounds_books(
    rounds: tuple[tuple[int, int, int, int], ...], viewer: int, pair: int
) -> tuple[int, int, int]:
    """The cards the rounds done left ``viewer`` unable to place, and the opponent's.

    The opponent's cards it knows, and how many it has not seen; cached, as a
    game's rounds so far are looked up by every observation until the next.
    """
    pool = PACK_MASK
    theirs = 0
    opponent = 0
    for splitter, up, down, took_up in rounds:
        if viewer == splitter:
            pool &= ~(up | down)
            theirs |= up if took_up else down
        elif took_up:
            pool &= ~up
            opponent += pair  # the face-down pair went to the splitter, unseen
        else:
            pool &= ~(up | down)
            theirs |= up
    return pool, theirs, opponent


def _draft_books(state: DividedRanksState, viewer: int) -> tuple[int, int, int, int, int, int]:
    """What the draft so far left ``viewer`` unable to place, and where.

    The cards it cannot place, the opponent's cards it knows, and how many of
    the cards it cannot place are in the opponent's hand, the stock, the four
    the opponent is splitting and the face-down pair on offer: as the rounds
    done and the split under way left them.
    """
    rules = state.config.rules
    pair, drawn = rules.pair_size, rules.split_size
    rounds = state.rounds
    pool, theirs, opponent = _rounds_books(rounds, viewer, pair)
    stock = STOCK_SIZE - drawn * len(rounds)
    splitting = face_down = 0
    stage = state.stage
    if stage in _DRAFTING:
        stock -= drawn
        up, down = state.offer
        if viewer == splitter_of(state.first_splitter, len(rounds)):
            pool &= ~(up | down)
            if stage == Stage.SPLIT:
                for card in state.stock[:drawn]:
                    pool &= ~_bit(card)
        elif stage == Stage.SPLIT:
            splitting = drawn
        else:
            pool &= ~up
            face_down = pair
    return pool, theirs, opponent, stock, splitting, face_down


@lru_cache(maxsize=_GAME_CACHE)
def _rounds_seen(rounds: tuple[tuple[int, int, int, int], ...], seat: int) -> tuple[RoundView, ...]:
    """The finished rounds as ``seat`` saw them (each game's rounds grow one at a time)."""
    if not rounds:
        return ()
    splitter, up, down, took_up = rounds[-1]
    saw_down = splitter == seat or not took_up
    last = RoundView(splitter, card_set(up), card_set(down) if saw_down else None, bool(took_up))
    return (*_rounds_seen(rounds[:-1], seat), last)


@lru_cache(maxsize=_GAME_CACHE)
def _swaps_seen(
    swaps: tuple[tuple[int, int, int], ...], seat: int, face_up: bool
) -> tuple[SwapView, ...]:
    """The reserve turns as ``seat`` saw them."""
    out = []
    for who, given, taken in swaps:
        visible = given >= 0 and (who == seat or face_up)
        out.append(
            SwapView(
                who,
                given >= 0,
                ALL_CARDS[given] if visible else None,
                ALL_CARDS[taken] if visible else None,
            )
        )
    return tuple(out)


_FIELDS: Final = (
    "seat",
    "stage",
    "to_move",
    "swap_rule",
    "first_splitter",
    "splitter",
    "rounds_done",
    "reserve_first",
    "hand",
    "drawn",
    "face_up",
    "face_down",
    "stock_left",
    "watched",
    "seen",
    "unseen",
    "unaccounted",
    "whereabouts",
    "candidates",
    "reserve",
    "reserve_odds",
    "rounds",
    "swaps",
    "my_build",
    "their_build",
)
"""The observation's fields in their order: the order of the values :func:`observe` sets."""

if tuple(field.name for field in fields(DividedRanksObservation)) != _FIELDS:
    raise ImportError("observe's fields are not DividedRanksObservation's")  # the spec changed

_SETTERS: Final = tuple(getattr(DividedRanksObservation, name).__set__ for name in _FIELDS)
"""Each field's setter, as the dataclass's ``__init__`` sets it: :func:`observe` sets them
all at once (a call with the 25 fields as keywords costs twice as much)."""


def _build(pair: tuple[int, int]) -> tuple[CardSet, CardSet] | None:
    return None if pair == (0, 0) else (card_set(pair[0]), card_set(pair[1]))


@enforces("divided-ranks.info.hidden", "divided-ranks.build.secret")
def observe(state: DividedRanksState, seat: SeatId) -> DividedRanksObservation:
    """Exactly what ``seat`` may know about ``state``."""
    if type(seat) is not int or seat not in (0, 1):
        raise MalformedInput(f"there is no seat {shown(seat)} in a two-player game")
    mine = ledger(state, seat)
    watched = _books(state, 1 - seat, odds=False).theirs
    stage = state.stage
    drafting = stage in _DRAFTING
    split_by = splitter_of(state.first_splitter, len(state.rounds)) if drafting else -1
    drawn = 0
    split_size = state.config.rules.split_size
    if stage == Stage.SPLIT and split_by == seat:
        for card in state.stock[:split_size]:
            drawn |= _bit(card)
    up, down = state.offer
    unseen = 0
    for place, n in mine.slots:
        if place == "opponent":
            unseen = n
            break
    could_hold = mine.pool if unseen else 0
    swaps = state.swaps
    observation: DividedRanksObservation = _new(DividedRanksObservation)
    values = (
        seat,  # seat
        stage,  # stage
        to_move(state),  # to_move
        state.config.swap,  # swap_rule
        state.first_splitter,  # first_splitter
        split_by,  # splitter
        len(state.rounds),  # rounds_done
        state.reserve_first,  # reserve_first
        card_set(state.hands[seat]),  # hand
        card_set(drawn) if drawn else _NO_CARDS,  # drawn
        card_set(up) if up else _NO_CARDS,  # face_up
        card_set(down) if down and split_by == seat else None,  # face_down
        len(state.stock) - (split_size if stage == Stage.SPLIT else 0),  # stock_left
        card_set(watched),  # watched
        card_set(mine.theirs),  # seen
        unseen,  # unseen
        card_set(mine.pool),  # unaccounted
        mine.slots,  # whereabouts
        card_set(mine.theirs | could_hold) if stage in _DRAFT_OVER else _NO_CARDS,  # candidates
        ALL_CARDS[mine.reserve] if mine.reserve >= 0 else None,  # reserve
        tuple([(ALL_CARDS[c], p) for c, p in mine.odds]) if mine.odds else (),  # reserve_odds
        _rounds_seen(state.rounds, seat),  # rounds
        _swaps_seen(swaps, seat, state.config.swap == "face-up") if swaps else (),  # swaps
        _build(state.builds[seat]),  # my_build
        _build(state.builds[1 - seat]) if stage == Stage.OVER else None,  # their_build
    )
    deque(map(call, _SETTERS, repeat(observation), values), 0)
    return observation
