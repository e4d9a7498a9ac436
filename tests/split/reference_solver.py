"""The cooperative solver as it was before issue 33, kept as the reference of the differential tests.

:mod:`engine.split.solver` replaced it (the same answers, found faster);
``tests/split/test_solver_reference.py`` checks that both give the same verdict on
every position and deal both decide.  Nothing outside the tests imports it.

With every hand known, cooperative Split is a puzzle for one mind: after the
opening nothing is left to chance (a reset loses, so nobody draws again), and
the table wins if some sequence of choices (which pile each middle card goes
onto, which card or aid each player plays) empties every hand.  :func:`solve`
searches those choices exhaustively, depth first, and either returns a
winning line or proves that none exists.

The search runs on the same rule fragments as the engine
(:mod:`engine.split.piles`) and remembers every position it has shown to be
lost.  Three reductions keep it small:

* **order only**: whether a card may be played depends only on how its number
  compares with the pile numbers, so a position is remembered by the *ranks*
  of the live numbers (cards in hand, the aids, the two pile tops and the
  middle card) among themselves, not by the numbers.  Positions that differ
  only in numbers no live card lies between are one position.
* **narrower gaps**: a position is no easier with less room between the
  piles.  Whatever line wins with the piles closer together also wins with
  them further apart (the same cards in the same turns: every card still
  fits, and each card put on a pile can go on the side that keeps a gap
  holding the other line's gap), so a position is lost as soon as one with
  the same cards, seat and direction and a gap holding its gap is known to
  be lost.  The memory keeps, for each such set of cards, only the widest
  lost gaps.
* **dead ends**: a hand holding only wild cards can never be emptied (no hand
  may end on a wild card, and cooperative hands never grow); and with no wild
  card left in any hand or among the aids the gap between the piles only
  narrows, so every card left must already fit on one side of the middle card.

>>> from cardlaw.engine.split.position import position_from_json
>>> state = position_from_json({"hands": [[45], [33, 52], [48]], "piles": [20, 80],
...                             "middle": 60, "to_move": 1, "aids": []})
>>> solution = solve(state)
>>> solution.winnable, solution.explored
(True, 6)
>>> [f"{seat}: {action.text}" for seat, action in solution.line][:4]
['1: move right', '1: play 52', '2: move right', '2: play 48']
>>> solve(position_from_json({"hands": [[45], [33, 52], [75]], "piles": [20, 80],
...                           "middle": 60, "to_move": 1, "aids": []})).winnable
False
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Final

from cardlaw.engine.split.opening import apply_bury, legal_buries
from cardlaw.engine.split.piles import (
    between_mask,
    next_seat,
    place,
    playable_mask,
    reversed_direction,
)
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.actions import AIDS, MOVES, PLAYS, Action, Move
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.state import End, SplitState, Stage

__all__ = ["DEFAULT_MAX_STATES", "Solution", "solve"]

DEFAULT_MAX_STATES: Final = 10_000_000
"""The solver's default budget of positions.

Over 200 random deals each of 3, 4 and 5 players (``random.Random(7)``, the
0 and 100 aids), the largest search took 5,025,535 positions (a 5-player deal
proved lost), so every one of those deals is decided within it.
"""

_SIDES: Final = (("left", MOVES[0]), ("right", MOVES[1]))
_LOW: Final[tuple[int, ...]] = tuple((1 << n) - 1 for n in range(102))
_ZERO_ONE: Final = bytes.maketrans(b"01", b"\x00\x01")
_AID_LABEL: Final = 6
_WILD_LABEL: Final = 8


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer.

    ``winnable`` is ``True`` with a winning ``line`` (the seat and action of
    every step from the position to the win), ``False`` when no line wins,
    and ``None`` when the search stopped at ``max_states`` undecided.
    ``explored`` counts the distinct positions searched.
    """

    winnable: bool | None
    line: tuple[tuple[int, Action], ...]
    explored: int


class _Limit(Exception):
    """The search reached its budget of positions."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    """One depth-first search, with its memory of lost positions and its current line."""

    def __init__(self, players: int, max_states: int | None) -> None:
        self.players = players
        self.labels = bytes(101)
        self.max_states = max_states
        self.lost: dict[tuple[object, ...], list[tuple[int, int]]] = {}
        self.path: list[tuple[int, Action]] = []
        self.explored = 0

    def signature(self, held: int, actor: int, direction: int) -> tuple[object, ...]:
        """What a position is remembered by, apart from its piles.

        The held cards (``held``: hands and aids) are written in ascending order
        as their labels (owner and wildness, fixed for the whole search, since
        cards never change hands), with the seat to play and the direction.
        """
        selected = format(held, "0101b").encode().translate(_ZERO_ONE)[::-1]
        return bytes(compress(self.labels, selected)), actor, direction

    def is_lost(self, signature: tuple[object, ...], below_low: int, below_high: int) -> bool:
        """Whether a remembered lost position has a gap that holds this one's (see *narrower*)."""
        for low, high in self.lost.get(signature, ()):
            if low <= below_low and below_high <= high:
                return True
        return False

    def remember_lost(self, signature: tuple[object, ...], below_low: int, below_high: int) -> None:
        """Remember a lost gap, forgetting the remembered gaps it holds (they say less)."""
        kept = [
            (low, high)
            for low, high in self.lost.get(signature, ())
            if not (below_low <= low and high <= below_high)
        ]
        kept.append((below_low, below_high))
        self.lost[signature] = kept

    def hopeless(
        self, hands: tuple[int, ...], left: int, right: int, middle: int, aids: int
    ) -> bool:
        """Whether a cheap argument shows the position lost (see the module docstring)."""
        held = 0
        for hand in hands:
            if hand and not hand & STANDARD_MASK:
                return True
            held |= hand
        wild = held & WILD_MASK | aids
        if middle >= 0 and WILD_MASK >> middle & 1:
            wild |= 1 << middle
        standard = held & STANDARD_MASK
        if not wild:
            if middle < 0:
                return standard & ~between_mask(left, right) != 0
            return (
                standard & ~between_mask(middle, right) != 0
                and standard & ~between_mask(left, middle) != 0
            )
        # A card outside the gap needs a wild card beyond it to reopen the gap there.
        low, high = (left, right) if left < right else (right, left)
        lowest_wild = (wild & -wild).bit_length() - 1
        highest_wild = wild.bit_length() - 1
        return bool(standard & _LOW[min(low, lowest_wild) + 1]) or bool(
            standard >> max(high, highest_wild)
        )

    def win(
        self,
        hands: tuple[int, ...],
        left: int,
        right: int,
        middle: int,
        actor: int,
        direction: int,
        aids: int,
    ) -> bool:
        """Whether the table can win from the start of ``actor``'s turn; extends ``path`` if so.

        With a card in the middle, ``actor`` first puts it on one pile or the
        other: the side that leaves more held cards between the piles is tried first.
        """
        if middle < 0:
            return self.play(hands, left, right, actor, direction, aids)
        held = aids
        for hand in hands:
            held |= hand
        options = []
        for side, side_move in _SIDES:
            piles = place(left, right, side, middle)
            options.append(((held & between_mask(*piles)).bit_count(), side, side_move, piles))
        options.sort(key=lambda option: -option[0])
        path = self.path
        for _, _, move, (low, high) in options:
            path.append((actor, move))
            if self.play(hands, low, high, actor, direction, aids):
                return True
            path.pop()
        return False

    def play(
        self,
        hands: tuple[int, ...],
        left: int,
        right: int,
        actor: int,
        direction: int,
        aids: int,
    ) -> bool:
        """Whether the table can win with ``actor`` to play on piles ``left`` and ``right``."""
        held = aids
        for hand in hands:
            held |= hand
        signature = self.signature(held, actor, direction)
        low, high = (left, right) if left < right else (right, left)
        below_low = (held & _LOW[low]).bit_count()
        below_high = (held & _LOW[high]).bit_count()
        if self.is_lost(signature, below_low, below_high):
            return False
        self.explored += 1
        if self.max_states is not None and self.explored > self.max_states:
            raise _Limit
        if self.hopeless(hands, left, right, -1, aids):
            self.remember_lost(signature, below_low, below_high)
            return False
        if not aids and not any(hand & WILD_MASK for hand in hands):
            if self.outside_in(hands, left, right, -1, actor, direction):
                return True
            self.remember_lost(signature, below_low, below_high)
            return False
        path = self.path
        for card, action, new_hand, new_aids in self.plays(hands[actor], left, right, aids):
            new_hands = hands[:actor] + (new_hand,) + hands[actor + 1 :]
            path.append((actor, action))
            if not any(new_hands):
                return True
            turn = reversed_direction(direction, card, self.players)
            nxt = next_seat(actor, turn, new_hands, skip_empty=True)
            if self.win(new_hands, left, right, card, nxt, turn, new_aids):
                return True
            path.pop()
        self.remember_lost(signature, below_low, below_high)
        return False

    def outside_in(
        self, hands: tuple[int, ...], left: int, right: int, middle: int, actor: int, direction: int
    ) -> bool:
        """Decide a position with no wild card in any hand and no aid; extends ``path`` if won.

        The gap between the piles now only narrows: a standard card goes on
        top of a pile and every later card must fit between the piles.  So
        every card played but the last must be the lowest or the highest of
        all cards still to be played (itself included), and the next player
        puts it on the pile on that side.  Which cards remain is then fixed by
        how many were taken from the bottom and from the top, so the search
        is over those two counts and the seat to play.
        """
        held = 0
        owner: dict[int, int] = {}
        for seat, hand in enumerate(hands):
            held |= hand
            for card in _bits(hand):
                owner[card] = seat
        cards = _bits(held)
        count = len(cards)
        path = self.path
        failed: set[tuple[int, int, int]] = set()

        def finish(bottom: int, top: int, seat: int, low_side: str, high_side: str) -> bool:
            # cards[bottom : count - top] remain; all lie strictly between the piles.
            if (bottom, top, seat) in failed:
                return False
            self.explored += 1
            remaining = [0] * len(hands)
            for card in cards[bottom : count - top]:
                remaining[owner[card]] |= 1 << card
            options = [(cards[bottom], bottom + 1, top, low_side)]
            if bottom < count - 1 - top:  # the highest is another card
                options.append((cards[count - 1 - top], bottom, top + 1, high_side))
            for card, nb, nt, side in options:
                if owner[card] != seat:
                    continue
                path.append((seat, PLAYS[card]))
                if nb + nt == count:
                    return True
                after = tuple(h & ~(1 << card) for h in remaining)
                nxt = next_seat(seat, direction, after, skip_empty=True)
                path.append((nxt, MOVES[0] if side == "left" else MOVES[1]))
                if finish(nb, nt, nxt, low_side, high_side):
                    return True
                path.pop()
                path.pop()
            failed.add((bottom, top, seat))
            return False

        starts: list[tuple[Move | None, tuple[int, int]]] = []
        if middle >= 0:
            for side, side_move in _SIDES:
                piles = place(left, right, side, middle)
                if held & ~between_mask(*piles) == 0:
                    starts.append((side_move, piles))
        elif held & ~between_mask(left, right) == 0:
            starts.append((None, (left, right)))
        for start, (new_left, new_right) in starts:
            if start is not None:
                path.append((actor, start))
            sides = ("left", "right") if new_left < new_right else ("right", "left")
            if finish(0, 0, actor, *sides):
                return True
            if start is not None:
                path.pop()
        return False

    @staticmethod
    def plays(hand: int, left: int, right: int, aids: int) -> list[tuple[int, Action, int, int]]:
        """The plays open to ``hand``: (card, action, hand after, aids after), best first.

        Standard cards nearest a pile come first (the hardest to place later),
        then wild cards, then the aids.
        """
        playable = playable_mask(hand, left, right)
        low, high = (left, right) if left < right else (right, left)
        standard = sorted(
            _bits(playable & STANDARD_MASK), key=lambda c: (min(c - low, high - c), c)
        )
        out: list[tuple[int, Action, int, int]] = [
            (c, PLAYS[c], hand & ~(1 << c), aids) for c in standard
        ]
        out += [(c, PLAYS[c], hand & ~(1 << c), aids) for c in _bits(playable & WILD_MASK)]
        out += [(a, AIDS[a], hand, aids & ~(1 << a)) for a in _bits(aids)]
        return out

    def from_state(self, state: SplitState) -> bool:
        """Whether the table can win from an engine state (the opening may still be going on)."""
        if state.stage == Stage.OVER:
            return state.end == End.GROUP_WIN
        if state.stage == Stage.BURY:
            for action in legal_buries(state):
                self.path.append((state.actor, action))
                if self.from_state(apply_bury(state, action)):
                    return True
                self.path.pop()
            return False
        if state.stage not in (Stage.MOVE, Stage.PLAY):
            raise MalformedInput(
                f"the solver needs a dealt cooperative position, not one at {state.stage.name}"
            )
        labels = bytearray(101)
        for seat, hand in enumerate(state.hands):
            for card in _bits(hand):
                labels[card] = seat + 1
        for aid in _bits(state.aside):
            labels[aid] = _AID_LABEL
        for card in _bits(WILD_MASK):
            labels[card] |= _WILD_LABEL
        self.labels = bytes(labels)
        return self.win(
            state.hands,
            state.left,
            state.right,
            state.middle,
            state.actor,
            state.direction,
            state.aside & state.config.aid_mask,
        )


def solve(state: SplitState, *, max_states: int | None = DEFAULT_MAX_STATES) -> Solution:
    """Whether the table can win from ``state``, with a winning line, or a proof that none exists.

    ``state`` must be a cooperative position after the deal (see
    :mod:`engine.split.position`).  The search stops undecided after
    exploring ``max_states`` positions (:data:`DEFAULT_MAX_STATES` unless
    told; ``None`` for no limit).
    """
    if not state.config.cooperative:
        raise MalformedInput("the solver answers questions about the cooperative game only")
    search = _Search(state.players, max_states)
    try:
        won = search.from_state(state)
    except _Limit:
        return Solution(None, (), search.explored - 1)
    line = tuple(search.path) if won else ()
    return Solution(won, line, search.explored)
