"""What a Divided Ranks player must be shown: everything the rules reveal to them, when.

The converse of ``test_observe``.  ``REVEALS`` states, clause by clause, which
event reveals which fact to whom: the four cards a splitter draws, every
face-up pair, all four cards of a split to its splitter, a face-down pair to
the chooser who takes it, one's own exchange at the reserve (both exchanges,
to both players, in the face-up-swap variant), and both builds at the end.
``DividedRanksReplay`` replays a game from its actions alone and keeps, for
each player, the opponent's cards they watched arrive and whether they know
the reserve; never through the engine's state or ``observe``.

The books (``seen``, ``watched``, ``unaccounted``, ``candidates``,
``reserve_odds``) may deduce more than the player watched, so ``CHECKS`` asks
that they contain what was watched, add up, and never name a wrong card.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divided_ranks import (
    Build,
    FirstSplitter,
    Keep,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.constants import PACK_MASK, ROUNDS, SPLIT_SIZE
from cardlaw.spec.divided_ranks.state import Stage, SwapView
from tests.generic.observe import RevealTable
from tests.observation import ALWAYS, AtLeast, Audience, Check, Event, Reveal, TurnReplay, constant


class DividedRanksReplay(TurnReplay):
    """A Divided Ranks game replayed from its actions, with what each player has watched."""

    def __init__(self, config: Any) -> None:
        self.open_swaps = config.swap == "face-up"
        self.coin = config.reserve_order == "coin"
        self.stage = Stage.FIRST_SPLITTER
        self.actor = -1
        self.first_splitter = -1
        self.reserve_first = -1
        self.reserve = -1
        self.stock: list[Card] = []
        self.drawn = 0
        """The four cards the splitter is dividing."""
        self.up = self.down = 0
        """The pairs on offer."""
        self.hands = [0, 0]
        self.rounds: list[tuple[int, int, int, bool]] = []
        self.swaps: list[tuple[int, int, int]] = []
        self.builds: list[tuple[CardSet, CardSet] | None] = [None, None]
        self.theirs = [0, 0]
        """``theirs[s]``: the opponent's cards ``s`` watched arrive and can still count on."""
        self.knows_reserve = [False, False]

    def splitter(self) -> int:
        """This round's splitter, -1 outside the draft."""
        if self.stage == Stage.SPLIT:
            return self.actor
        return 1 - self.actor if self.stage == Stage.CHOOSE else -1

    def placed(self, seat: int) -> int:
        """The cards ``seat`` can place from what it watched."""
        mask = self.hands[seat] | self.theirs[seat] | self.up
        if self.splitter() == seat:
            mask |= self.drawn | self.down
        if self.knows_reserve[seat]:
            mask |= 1 << self.reserve
        return mask

    def apply(self, action: Any) -> list[Event]:
        p = self.actor
        if isinstance(action, FirstSplitter):
            self.first_splitter, self.stage = action.seat, Stage.DEAL
            return []
        if isinstance(action, Shuffle):  # the top card is the reserve [divided-ranks.setup.reserve]
            self.reserve, self.stock = int(action.order[0]), list(action.order[1:])
            return self._draw(self.first_splitter)
        if isinstance(action, Split):
            self.up, self.down, self.drawn = action.up.mask, action.down.mask, 0
            self.stage, self.actor = Stage.CHOOSE, 1 - p
            return [("split", p)]
        if isinstance(action, Take):
            return self._take(p, action.face_up)
        if isinstance(action, ReserveFirst):
            self.reserve_first = self.actor = action.seat
            self.stage = Stage.RESERVE
            return []
        if isinstance(action, Keep | Swap):
            return self._reserve_turn(p, action)
        assert isinstance(action, Build), action
        self.builds[p] = (action.first, action.second)
        if self.builds[1 - p] is None:
            self.actor = 1 - p
            return [("build", p)]
        self.stage, self.actor = Stage.OVER, -1  # both builds are shown [divided-ranks.end.reveal]
        for seat in (0, 1):
            self.theirs[seat] = self.hands[1 - seat]
            self.knows_reserve[seat] = True
        return [("build", p), ("reveal", -1)]

    def _draw(self, splitter: int) -> list[Event]:
        """The splitter draws the top four cards of the stock [divided-ranks.draft.split]."""
        for card in self.stock[:SPLIT_SIZE]:
            self.drawn |= card.bit
        del self.stock[:SPLIT_SIZE]
        self.stage, self.actor = Stage.SPLIT, splitter
        return [("draw", splitter)]

    def _take(self, chooser: int, face_up: bool) -> list[Event]:
        splitter = 1 - chooser
        taken, left = (self.up, self.down) if face_up else (self.down, self.up)
        self.hands[chooser] |= taken
        self.hands[splitter] |= left
        self.theirs[splitter] |= taken  # the splitter saw both pairs
        if not face_up:
            self.theirs[chooser] |= left  # the face-up pair, seen going to the splitter
        self.rounds.append((splitter, self.up, self.down, face_up))
        self.up = self.down = 0
        events: list[Event] = [("take-up" if face_up else "take-down", chooser)]
        if len(self.rounds) < ROUNDS:
            return events + self._draw(chooser)  # the roles swap [divided-ranks.draft.rounds]
        for seat in (0, 1):  # twenty cards placed: the last one is the reserve
            self.knows_reserve[seat] = (self.placed(seat) | 1 << self.reserve) == PACK_MASK
        if self.coin:
            self.stage, self.actor = Stage.RESERVE_ORDER, -1
        else:  # the player who split twice goes first [divided-ranks.reserve.order]
            self.reserve_first = self.actor = 1 - self.first_splitter
            self.stage = Stage.RESERVE
        return [*events, ("draft-over", -1)]

    def _reserve_turn(self, seat: int, action: Keep | Swap) -> list[Event]:
        other = 1 - seat
        if isinstance(action, Swap):
            given, taken = int(action.card), self.reserve
            self.hands[seat] = self.hands[seat] & ~(1 << given) | 1 << taken
            self.swaps.append((seat, given, taken))
            self.reserve = given
            self.knows_reserve[seat] = True
            if self.open_swaps:
                self.theirs[other] = self.theirs[other] & ~(1 << given) | 1 << taken
            else:  # any card of theirs may be gone; the old reserve, if known, is theirs now
                self.theirs[other] = 1 << taken if self.knows_reserve[other] else 0
            self.knows_reserve[other] = self.open_swaps
            events: list[Event] = [("swap-open" if self.open_swaps else "swap-blind", seat)]
        else:
            self.swaps.append((seat, -1, -1))
            events = [("keep", seat)]
        if len(self.swaps) == 1:
            self.actor = other
        else:
            self.stage, self.actor = Stage.BUILD, self.reserve_first
        return events


R = DividedRanksReplay


def _pair(mask: int) -> CardSet:
    return CardSet(mask)


def _last(r: R) -> tuple[int]:
    return (len(r.rounds) - 1,)


def _last_swap(r: R) -> tuple[int]:
    return (len(r.swaps) - 1,)


def _swap_view(r: R, s: int, *, shown: bool) -> SwapView:
    who, given, taken = r.swaps[-1]
    if given < 0:
        return SwapView(who, False, None, None)
    return SwapView(who, True, Card(given) if shown else None, Card(taken) if shown else None)


def _swap_reveal(clause: str, on: str, to: Audience, *, shown: bool) -> Reveal:
    """``clause`` shows the last reserve turn to ``to`` on ``on``, its cards too if ``shown``."""
    return Reveal(clause, on, to, "swap", lambda r, s: _swap_view(r, s, shown=shown), _last_swap)


def _round_part(view: Any, index: int, part: str) -> object:
    return getattr(view.rounds[index], part) if index < len(view.rounds) else "<no such round>"


READERS = {
    "round.splitter": lambda v, i: _round_part(v, i, "splitter"),
    "round.face_up": lambda v, i: _round_part(v, i, "face_up"),
    "round.face_down": lambda v, i: _round_part(v, i, "face_down"),
    "round.took_face_up": lambda v, i: _round_part(v, i, "took_face_up"),
    "swap": lambda v, k: v.swaps[k] if k < len(v.swaps) else "<no such turn>",
}
"""How an observation shows the facts that are not one of its attributes."""

_TAKES = ("take-up", "take-down")

REVEALS: tuple[Reveal, ...] = (
    # Standing facts: a player's own cards and builds, and the course of the game.
    Reveal("divided-ranks.info.hidden", ALWAYS, "all", "hand", lambda r, s: CardSet(r.hands[s])),
    Reveal("divided-ranks.play.phases", ALWAYS, "all", "to_move", lambda r, s: r.to_move()),
    Reveal("divided-ranks.play.phases", ALWAYS, "all", "stage", lambda r, s: r.stage),
    Reveal(
        "divided-ranks.ruling.first-splitter",
        ALWAYS,
        "all",
        "first_splitter",
        lambda r, s: r.first_splitter,
    ),
    Reveal("divided-ranks.draft.rounds", ALWAYS, "all", "splitter", lambda r, s: r.splitter()),
    Reveal("divided-ranks.draft.rounds", ALWAYS, "all", "rounds_done", lambda r, s: len(r.rounds)),
    Reveal("divided-ranks.setup.reserve", ALWAYS, "all", "stock_left", lambda r, s: len(r.stock)),
    Reveal(
        "divided-ranks.reserve.order", ALWAYS, "all", "reserve_first", lambda r, s: r.reserve_first
    ),
    Reveal("divided-ranks.build.two-hands", ALWAYS, "all", "my_build", lambda r, s: r.builds[s]),
    # The books: the opponent's cards watched arriving, and mine they watched.
    Reveal("divided-ranks.info.ledger", ALWAYS, "all", "seen", lambda r, s: AtLeast(r.theirs[s])),
    Reveal(
        "divided-ranks.info.ledger", ALWAYS, "all", "watched", lambda r, s: AtLeast(r.theirs[1 - s])
    ),
    # The draft: the splitter sees the four cards drawn and both pairs it lays out ...
    Reveal("divided-ranks.draft.split", "draw", "seat", "drawn", lambda r, s: CardSet(r.drawn)),
    Reveal("divided-ranks.draft.split", "split", "seat", "drawn", lambda r, s: CardSet()),
    Reveal("divided-ranks.info.hidden", "split", "seat", "face_down", lambda r, s: _pair(r.down)),
    Reveal("divided-ranks.info.hidden", "split", "others", "face_down", lambda r, s: None),
    # ... everyone sees the face-up pair ...
    Reveal("divided-ranks.info.hidden", "split", "all", "face_up", lambda r, s: _pair(r.up)),
    *(
        Reveal("divided-ranks.draft.choose", take, "all", fact, constant(value))
        for take in _TAKES
        for fact, value in (("face_up", CardSet()), ("face_down", None))
    ),
    *(
        Reveal("divided-ranks.draft.choose", take, "all", fact, value, _last)
        for take in _TAKES
        for fact, value in (
            ("round.splitter", lambda r, s: r.rounds[-1][0]),
            ("round.face_up", lambda r, s: _pair(r.rounds[-1][1])),
            ("round.took_face_up", lambda r, s: r.rounds[-1][3]),
        )
    ),
    # ... and the face-down pair is seen by its splitter and, once taken, by the chooser.
    Reveal(
        "divided-ranks.info.hidden",
        "take-down",
        "all",
        "round.face_down",
        lambda r, s: _pair(r.rounds[-1][2]),
        _last,
    ),
    Reveal(
        "divided-ranks.info.hidden",
        "take-up",
        "others",
        "round.face_down",
        lambda r, s: _pair(r.rounds[-1][2]),
        _last,
    ),
    Reveal(
        "divided-ranks.info.hidden", "take-up", "seat", "round.face_down", lambda r, s: None, _last
    ),
    # After the draft a player who watched all ten of the opponent's cards knows the reserve.
    Reveal(
        "divided-ranks.info.candidates",
        "draft-over",
        "all",
        "reserve",
        lambda r, s: Card(r.reserve) if r.knows_reserve[s] else None,
    ),
    # The reserve turns: everyone sees that a turn was taken; the exchanger sees both cards
    # (and so knows the reserve); in the face-up-swap variant so does the opponent.
    _swap_reveal("divided-ranks.reserve.turns", "keep", "all", shown=False),
    _swap_reveal("divided-ranks.ruling.blind-swap-view", "swap-blind", "seat", shown=True),
    _swap_reveal("divided-ranks.ruling.blind-swap-view", "swap-blind", "others", shown=False),
    Reveal(
        "divided-ranks.ruling.blind-swap-view",
        "swap-blind",
        "seat",
        "reserve",
        lambda r, s: Card(r.reserve),
    ),
    Reveal(
        "divided-ranks.ruling.blind-swap-view", "swap-blind", "others", "reserve", lambda r, s: None
    ),
    _swap_reveal("divided-ranks.variant.face-up-swap", "swap-open", "all", shown=True),
    Reveal(
        "divided-ranks.variant.face-up-swap",
        "swap-open",
        "all",
        "reserve",
        lambda r, s: Card(r.reserve),
    ),
    # Both builds are shown together; the one card left over is the reserve.
    Reveal(
        "divided-ranks.build.secret", "reveal", "all", "their_build", lambda r, s: r.builds[1 - s]
    ),
    Reveal("divided-ranks.end.reveal", "reveal", "all", "reserve", lambda r, s: Card(r.reserve)),
)
"""What each of Divided Ranks' clauses reveals, to whom, and when."""


_DRAFTING = (Stage.SPLIT, Stage.CHOOSE)
_UNDEALT = (Stage.FIRST_SPLITTER, Stage.DEAL)


def _shown(view: Any) -> int:
    """Every card the observation places, or lists as one it cannot place."""
    mask = view.hand.mask | view.seen.mask | view.face_up.mask | view.drawn.mask
    mask |= view.unaccounted.mask | (view.face_down.mask if view.face_down else 0)
    return int(mask | (view.reserve.bit if view.reserve is not None else 0))


def _odds_hold(r: R, view: Any) -> bool | None:
    if r.stage not in (Stage.RESERVE_ORDER, Stage.RESERVE):
        return None
    odds = dict(view.reserve_odds)
    places = view.unaccounted.mask | (view.reserve.bit if view.reserve is not None else 0)
    return (
        sum(odds.values()) == 1
        and odds.get(Card(r.reserve), Fraction(0)) > 0
        and all(card.bit & places for card in odds)
    )


def _face_up_taken(r: R, seat: int) -> int:
    """How many times ``seat`` chose the face-up pair (u)."""
    return sum(1 for splitter, _, _, up in r.rounds if splitter != seat and up)


def _before_any_exchange(r: R) -> bool:
    """The draft is over and nobody has exchanged with the reserve yet."""
    return r.stage in (Stage.RESERVE_ORDER, Stage.RESERVE, Stage.BUILD) and all(
        given < 0 for _, given, _ in r.swaps
    )


def _eleven_or_ten(r: R, seat: int, view: Any) -> bool | None:
    """Eleven candidates, or ten when every pair the seat chose was face down."""
    if not _before_any_exchange(r):
        return None
    return len(view.candidates) == (11 if _face_up_taken(r, seat) else 10)


def _uniform_odds(r: R, seat: int, view: Any) -> bool | None:
    """Before any exchange: each of the 2u + 1 cards the seat cannot place, equally likely."""
    if not _before_any_exchange(r) or r.stage == Stage.BUILD:
        return None
    unknown = 2 * _face_up_taken(r, seat) + 1
    odds = dict(view.reserve_odds)
    return len(odds) == unknown and set(odds.values()) == {Fraction(1, unknown)}


def _candidates_hold(r: R, seat: int, view: Any) -> bool | None:
    if r.stage in _UNDEALT + _DRAFTING:
        return None
    theirs = r.hands[1 - seat]
    return view.candidates.mask & theirs == theirs and not view.candidates.mask & r.hands[seat]


CHECKS: tuple[Check, ...] = (
    Check(
        "divided-ranks.info.ledger",
        "every card is placed or listed as unplaced",
        lambda r, s, v: None if r.stage in _UNDEALT else _shown(v) == PACK_MASK,
    ),
    Check(
        "divided-ranks.info.ledger",
        "no card the player can place is listed as unplaced",
        lambda r, s, v: v.unaccounted.mask & r.placed(s) == 0,
    ),
    Check(
        "divided-ranks.info.ledger",
        "the opponent's cards seen are in their hand, and so many are unseen",
        lambda r, s, v: (
            v.seen.mask & ~r.hands[1 - s] == 0
            and len(v.seen) + v.unseen == r.hands[1 - s].bit_count()
        ),
    ),
    Check(
        "divided-ranks.info.ledger",
        "the cards watched are in the player's hand",
        lambda r, s, v: v.watched.mask & ~r.hands[s] == 0,
    ),
    Check(
        "divided-ranks.info.ledger",
        "the places of the unplaced cards hold as many cards",
        lambda r, s, v: sum(n for _, n in v.whereabouts) == len(v.unaccounted),
    ),
    Check(
        "divided-ranks.info.hidden",
        "a reserve shown is the reserve",
        lambda r, s, v: None if v.reserve is None else v.reserve == r.reserve,
    ),
    Check(
        "divided-ranks.info.candidates",
        "after the draft the candidates hold the opponent's hand and none of mine",
        _candidates_hold,
    ),
    Check(
        "divided-ranks.ruling.swap-odds",
        "the reserve odds add up to one and give the reserve a chance",
        lambda r, s, v: _odds_hold(r, v),
    ),
    Check(
        "divided-ranks.info.candidates",
        "after the draft, eleven candidates, or ten if every pair chosen was face down",
        _eleven_or_ten,
    ),
    Check(
        "divided-ranks.info.candidates",
        "after the draft, 2u + 1 equally likely cards for the reserve",
        _uniform_odds,
    ),
)
"""Conditions the books must meet at every step [divided-ranks.info.ledger]."""


TABLE = RevealTable("divided-ranks", DividedRanksReplay, REVEALS, READERS, CHECKS)
"""The table, and how its fixed games are played (checked in
``tests/engine/test_generic_observe_complete.py``)."""
