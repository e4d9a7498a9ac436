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

>>> from engine.divided_ranks.game import DIVIDED_RANKS as GAME
>>> from spec.divided_ranks import FirstSplitter
>>> state = GAME.apply(GAME.new_game(GAME.config()), FirstSplitter(0))
>>> state = GAME.apply(state, GAME.chance_outcomes(state).outcome(0))
>>> view = observe(state, 1)
>>> view.unseen, len(view.unaccounted), view.whereabouts
(0, 21, (('drawn', 4), ('reserve', 1), ('stock', 16)))
>>> len(observe(state, 0).drawn), observe(state, 0).whereabouts
(4, (('reserve', 1), ('stock', 16)))
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from engine.base import mover, shown
from spec.cards import ALL_CARDS, CardSet, bits
from spec.divided_ranks.constants import PACK_MASK, STOCK_SIZE
from spec.divided_ranks.invariants import splitter_of
from spec.divided_ranks.state import (
    DividedRanksObservation,
    DividedRanksState,
    Mover,
    RoundView,
    Stage,
    SwapView,
)
from spec.errors import MalformedInput
from spec.trace import enforces

__all__ = ["Ledger", "ledger", "observe", "to_move"]

_DRAFT_OVER = (Stage.RESERVE_ORDER, Stage.RESERVE, Stage.BUILD, Stage.OVER)


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

    >>> from engine.divided_ranks.game import DIVIDED_RANKS as GAME
    >>> from spec.divided_ranks.actions import TAKE_UP, FirstSplitter
    >>> state = GAME.apply(GAME.new_game(GAME.config()), FirstSplitter(0))
    >>> state = GAME.apply(state, GAME.chance_outcomes(state).outcome(0))
    >>> state = GAME.apply(GAME.apply(state, GAME.legal_actions(state)[0]), TAKE_UP)
    >>> books = ledger(state, 1)  # seat 1 took the face-up pair: two cards went unseen
    >>> books.theirs, books.slots  # and it now holds the next four, which it is splitting
    (0, (('opponent', 2), ('reserve', 1), ('stock', 12)))
    >>> ledger(state, 0).theirs == state.hands[1]  # the splitter saw all four
    True
    """
    if state.stage in (Stage.FIRST_SPLITTER, Stage.DEAL):
        return Ledger(0, -1, 0, (), ())
    if state.stage == Stage.OVER:  # both builds are shown: only the reserve is left over
        return Ledger(state.hands[1 - viewer], state.reserve, 0, (), ())
    pool, theirs, slots = _draft_books(state, viewer)
    reserve = -1
    weights: dict[int, Fraction] | None = None
    face_up = state.config.swap == "face-up"
    for seat, given, taken in state.swaps:
        if given < 0:
            continue
        if seat == viewer or face_up:
            if pool >> taken & 1:
                pool &= ~_bit(taken)
                slots["reserve"] -= 1
            if seat != viewer:
                theirs |= _bit(taken)
                if theirs >> given & 1:
                    theirs &= ~_bit(given)
                else:
                    pool &= ~_bit(given)
                    slots["opponent"] -= 1
            reserve, weights = given, None
            continue
        # The opponent exchanged blind: any card they held may now be the reserve.
        k, known = slots["opponent"], theirs.bit_count()
        if reserve >= 0:
            theirs, merged, reserve = _bit(reserve), theirs | pool, -1
            weights = {c: Fraction(1, known + k) for c in bits(merged)}
            slots = {"opponent": known + k - 1, "reserve": 1}
        elif k == 0:
            theirs, merged = pool, theirs
            weights = {c: Fraction(1, known) for c in bits(merged)}
            slots = {"opponent": known - 1, "reserve": 1}
        else:
            merged = theirs | pool
            weights = {c: Fraction(1, known + k) for c in bits(theirs)}
            weights.update({c: Fraction(k, (k + 1) * (known + k)) for c in bits(pool)})
            theirs = 0
            slots = {"opponent": known + k, "reserve": 1}
        pool = merged
    pool &= ~state.hands[viewer]
    return _settled(state, theirs, reserve, pool, slots, weights)


def _draft_books(state: DividedRanksState, viewer: int) -> tuple[int, int, dict[str, int]]:
    """The cards ``viewer`` cannot place, the opponent's cards it knows, and the slots.

    As the draft so far left them: the rounds done and the split under way.
    """
    pair, drawn = state.config.rules.pair_size, state.config.rules.split_size
    pool = PACK_MASK
    theirs = 0
    slots = {"opponent": 0, "reserve": 1, "stock": STOCK_SIZE, "drawn": 0, "face-down": 0}
    for splitter, up, down, took_up in state.rounds:
        slots["stock"] -= drawn
        if viewer == splitter:
            pool &= ~(up | down)
            theirs |= up if took_up else down
        elif took_up:
            pool &= ~up
            slots["opponent"] += pair  # the face-down pair went to the splitter, unseen
        else:
            pool &= ~(up | down)
            theirs |= up
    if state.stage in (Stage.SPLIT, Stage.CHOOSE):
        slots["stock"] -= drawn
        split_by = splitter_of(state.first_splitter, len(state.rounds))
        up, down = state.offer
        if viewer == split_by:
            pool &= ~(up | down)
            for card in state.stock[:drawn] if state.stage == Stage.SPLIT else ():
                pool &= ~_bit(card)
        elif state.stage == Stage.SPLIT:
            slots["drawn"] += drawn
        else:
            pool &= ~up
            slots["face-down"] += pair
    return pool, theirs, slots


def _settled(
    state: DividedRanksState,
    theirs: int,
    reserve: int,
    pool: int,
    slots: dict[str, int],
    weights: dict[int, Fraction] | None,
) -> Ledger:
    """The ledger: the places of the pool's cards, and the odds on the reserve."""
    places = tuple((place, n) for place, n in sorted(slots.items()) if n > 0)
    if len(places) == 1 and pool:
        # Every card left unplaced is in one place: they are accounted for.
        if places[0][0] == "opponent":
            theirs, pool, places = theirs | pool, 0, ()
        elif places[0][0] == "reserve":
            reserve, pool, places = pool.bit_length() - 1, 0, ()
    odds: tuple[tuple[int, Fraction], ...] = ()
    if state.stage in (Stage.RESERVE_ORDER, Stage.RESERVE):
        if reserve >= 0:
            odds = ((reserve, Fraction(1)),)
        elif weights is not None:
            odds = tuple(sorted(weights.items()))
        else:
            odds = tuple((c, Fraction(1, pool.bit_count())) for c in bits(pool))
    return Ledger(theirs, reserve, pool, places, odds)


def _rounds_seen(state: DividedRanksState, seat: int) -> tuple[RoundView, ...]:
    out = []
    for splitter, up, down, took_up in state.rounds:
        saw_down = splitter == seat or not took_up
        out.append(
            RoundView(splitter, CardSet(up), CardSet(down) if saw_down else None, bool(took_up))
        )
    return tuple(out)


def _swaps_seen(state: DividedRanksState, seat: int) -> tuple[SwapView, ...]:
    face_up = state.config.swap == "face-up"
    out = []
    for who, given, taken in state.swaps:
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


def _build(pair: tuple[int, int]) -> tuple[CardSet, CardSet] | None:
    return None if pair == (0, 0) else (CardSet(pair[0]), CardSet(pair[1]))


@enforces("divided-ranks.info.hidden", "divided-ranks.build.secret")
def observe(state: DividedRanksState, seat: int) -> DividedRanksObservation:
    """Exactly what ``seat`` may know about ``state``."""
    if type(seat) is not int or seat not in (0, 1):
        raise MalformedInput(f"there is no seat {shown(seat)} in a two-player game")
    mine = ledger(state, seat)
    theirs = ledger(state, 1 - seat)
    drafting = state.stage in (Stage.SPLIT, Stage.CHOOSE)
    split_by = splitter_of(state.first_splitter, len(state.rounds)) if drafting else -1
    drawn = 0
    split_size = state.config.rules.split_size
    if state.stage == Stage.SPLIT and split_by == seat:
        for card in state.stock[:split_size]:
            drawn |= _bit(card)
    up, down = state.offer
    draft_over = state.stage in _DRAFT_OVER
    could_hold = mine.pool if any(place == "opponent" for place, _ in mine.slots) else 0
    return DividedRanksObservation(
        seat=seat,
        stage=state.stage,
        to_move=to_move(state),
        swap_rule=state.config.swap,
        first_splitter=state.first_splitter,
        splitter=split_by,
        rounds_done=len(state.rounds),
        reserve_first=state.reserve_first,
        hand=CardSet(state.hands[seat]),
        drawn=CardSet(drawn),
        face_up=CardSet(up),
        face_down=CardSet(down) if down and split_by == seat else None,
        stock_left=len(state.stock) - (split_size if state.stage == Stage.SPLIT else 0),
        watched=CardSet(theirs.theirs),
        seen=CardSet(mine.theirs),
        unseen=dict(mine.slots).get("opponent", 0),
        unaccounted=CardSet(mine.pool),
        whereabouts=mine.slots,
        candidates=CardSet(mine.theirs | could_hold) if draft_over else CardSet(),
        reserve=ALL_CARDS[mine.reserve] if mine.reserve >= 0 else None,
        reserve_odds=tuple((ALL_CARDS[c], p) for c, p in mine.odds),
        rounds=_rounds_seen(state, seat),
        swaps=_swaps_seen(state, seat),
        my_build=_build(state.builds[seat]),
        their_build=_build(state.builds[1 - seat]) if state.stage == Stage.OVER else None,
    )
