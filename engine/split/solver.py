"""The cooperative solver: can the table still win, with every hand and the draw order known.

With every hand known, cooperative Split is a puzzle for one mind: after the
opening nothing is left to chance (a reset loses, so nobody draws again), and
the table wins if some sequence of choices (which pile each middle card goes
onto, which card or aid each player plays) empties every hand.  :func:`solve`
searches those choices exhaustively, depth first, and either returns a
winning line or proves that none exists.

The search (:mod:`engine.split.solver_search`) runs on the same rules as the
engine (:mod:`engine.split.piles`; ``tests/split/test_solver.py`` checks it
against a search over the engine's own states, and against the solver it
replaced) and remembers every position it has shown to be lost.  What keeps
it small:

* **order only**: whether a card may be played depends only on how its number
  compares with the pile numbers, so a position is remembered by its held
  cards in ascending order, each as its *label* (owner and wildness), with
  the seat to play, the direction (only while three seats or more hold
  cards) and where the piles fall among those cards.  Positions that differ
  only in numbers, or in which of two neighbouring cards of one owner is
  left, are one position.
* **narrower gaps, fewer aids**: a position is no easier with less room
  between the piles, or with fewer aids left.  Whatever line wins with the
  piles closer together also wins with them further apart (every card still
  fits, and each card put on a pile can go on the side that keeps a gap
  holding the other line's gap), and an aid need not be used; so a
  position is lost as soon as one with the same held cards, seat and
  direction, a gap holding its gap and the same aids or more is known to be
  lost.  The memory keeps, for each held position, only the widest lost gaps.
* **dead cards**: a hand holding only wild cards can never be emptied (no
  hand may end on a wild card, and cooperative hands never grow); a standard
  card outside the piles with no wild card or aid beyond it can never be
  played again.  The search never makes a play that leaves either.
* **an opening that leaves wild cards**: an opener short of standard cards
  puts a card under and takes one, so the hand keeps its size, and opens as
  soon as it holds two standard cards, both of which go onto the piles; every
  other card it then holds is wild.  So an opener who must put cards under
  holding three cards or more leaves a dead hand however the opening goes,
  and the search does not try the (often millions of) ways of opening.
  With two cards it tries them, but an open table reached again by another
  way of putting cards under (the same hands, piles and seat to play: the
  draw pile is never drawn from again) is known lost at once.
* **plays no better than another**: playing a card, or putting it on one
  pile, that leaves the same cards and a gap inside another choice's gap (a
  card put on the pile nearest it when a card of the same owner lies next to
  it between the piles; a card put on the pile that leaves nothing between
  the piles when the other pile leaves something; a wild card outside the
  piles put on the far pile).
* **no wild card left**: with no wild card in any hand and no aid, the gap
  only narrows, so every card played but the last must be the lowest or the
  highest of those still held: a search over how many went from each end.
* **restarts**: a winnable deal is often found at once in one order of the
  plays and only after millions of positions in another, so the search runs
  in three orders in turn (:data:`engine.split.solver_search.MODES`), each
  stopped after a budget that doubles every round, all sharing one memory of
  lost positions (a proof of a loss holds in any order), until one decides.

>>> from cardlaw.engine.split.position import position_from_json
>>> state = position_from_json({"hands": [[45], [33, 52], [48]], "piles": [20, 80],
...                             "middle": 60, "to_move": 1, "aids": []})
>>> solution = solve(state)
>>> solution.winnable, solution.explored
(True, 7)
>>> [f"{seat}: {action.text}" for seat, action in solution.line][:4]
['1: move right', '1: play 52', '2: move right', '2: play 48']
>>> solve(position_from_json({"hands": [[45], [33, 52], [75]], "piles": [20, 80],
...                           "middle": 60, "to_move": 1, "aids": []})).winnable
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardlaw.engine.split.opening import apply_bury, legal_buries
from cardlaw.engine.split.solver_search import AID, MODES, Limit, Search, Step
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.actions import AIDS, MOVES, PLAYS, Action
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.state import End, SplitState, Stage

__all__ = ["DEFAULT_MAX_STATES", "FIRST_BUDGET", "Solution", "solve"]

DEFAULT_MAX_STATES: Final = 10_000_000
"""The solver's default budget of positions.

Over the 200 random five-player deals with the 0 and 100 of the findings
(``cardlaw ask split solve --deals 200 --players 5 --seed 1``), the largest
search took 2,184,801 positions (deal 199, proved lost), so every one of
them is decided well within it.
"""

FIRST_BUDGET: Final = 40_000
"""Positions each order of the plays may search in the first round of restarts (doubled each
round)."""

_LOW: Final[tuple[int, ...]] = tuple((1 << n) - 1 for n in range(102))
_WILD_LABEL: Final = 8


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer.

    ``winnable`` is ``True`` with a winning ``line`` (the seat and action of
    every step from the position to the win), ``False`` when no line wins,
    and ``None`` when the search stopped at ``max_states`` undecided.
    ``explored`` counts the positions searched, over every restart: each
    position where a seat is to play that the memory did not already know
    lost (those with no wild card left counted one per step of their
    search), and each play after which no wild card is left and the next
    seat holds neither the lowest card nor the highest.  A play the search
    never makes (it leaves a dead card, or another play is no worse) is not
    counted.
    """

    winnable: bool | None
    line: tuple[tuple[int, Action], ...]
    explored: int


def _bits(mask: CardMask) -> list[CardId]:
    if mask < 0:  # no set of cards: the loop below would never end
        raise ValueError("a card set is never negative")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _dead(hands: list[int], held: int, lo: int, hi: int, aids: int) -> bool:
    """Whether some card can never be played (see *dead cards*)."""
    for hand in hands:
        if hand and not hand & STANDARD_MASK:
            return True
    wild = held & WILD_MASK | aids
    standard = held & STANDARD_MASK
    if not wild:
        return standard & ~(_LOW[hi] & ~_LOW[lo + 1]) != 0
    lowest_wild = (wild & -wild).bit_length() - 1
    highest_wild = wild.bit_length() - 1
    return bool(standard & _LOW[min(lo, lowest_wild) + 1]) or bool(
        standard >> max(hi, highest_wild)
    )


def _labels(hands: tuple[int, ...]) -> list[int]:
    labels = [0] * 101
    for seat, hand in enumerate(hands):
        for card in _bits(hand):
            labels[card] = seat + 1
    for card in _bits(WILD_MASK):
        labels[card] |= _WILD_LABEL
    return labels


def _open_table(search: Search, state: SplitState) -> bool:
    """Whether the table can win from a dealt position (a card may be in the middle)."""
    search.labels = _labels(state.hands)
    search.path = []
    hands = list(state.hands)
    held = 0
    for hand in hands:
        held |= hand
    aids = state.aside & state.config.aid_mask
    code = search.code_of(held)
    search.seats = sum(1 for hand in hands if hand)
    direction = state.direction if search.seats > 2 else 1
    low, high = sorted((state.left, state.right))
    starts = [(low, high, -1)]
    middle = state.middle
    if middle >= 0:  # onto the low pile, or onto the high pile
        starts = [
            (min(middle, high), max(middle, high), 0),
            (min(low, middle), max(low, middle), 1),
        ]
    for lo, hi, side in starts:
        if _dead(hands, held, lo, hi, aids):
            search.counted()
            continue
        if side >= 0:
            search.path.append((-1, middle << 1 | side, state.actor, side))
        if search.play(hands, held, code, lo, hi, state.actor, direction, aids):
            return True
        search.path.clear()
    return False


def _line(
    state: SplitState, path: list[Step], prefix: list[tuple[int, Action]]
) -> tuple[tuple[int, Action], ...]:
    """The actions of a winning path, from the position where the search began."""
    out = list(prefix)
    left, right = state.left, state.right
    for seat, option, placer, side in path:
        card = option >> 1 & 127
        if seat >= 0:
            out.append((seat, AIDS[card] if option & AID else PLAYS[card]))
        if placer < 0:
            break
        if (side == 0) == (left < right):
            out.append((placer, MOVES[0]))
            left = card
        else:
            out.append((placer, MOVES[1]))
            right = card
    return tuple(out)


def _search(
    search: Search, state: SplitState, prefix: list[tuple[int, Action]]
) -> tuple[tuple[int, Action], ...] | None:
    """A winning line from ``state`` (the opening may still be going on), or ``None``."""
    if state.stage == Stage.OVER:
        return tuple(prefix) if state.end == End.GROUP_WIN else None
    if state.stage == Stage.BURY:
        if state.hands[state.opener].bit_count() > 2:  # an opening that leaves wild cards
            search.counted()
            return None
        for action in legal_buries(state):
            found = _search(search, apply_bury(state, action), [*prefix, (state.actor, action)])
            if found is not None:
                return found
        return None
    if state.stage not in (Stage.MOVE, Stage.PLAY):
        raise MalformedInput(
            f"the solver needs a dealt cooperative position, not one at {state.stage.name}"
        )
    key = _opened(state)
    if key in search.openings_lost:  # reached again by another way of putting cards under
        search.counted()
        return None
    if _open_table(search, state):
        return _line(state, search.path, prefix)
    search.openings_lost.add(key)
    return None


def _opened(state: SplitState) -> tuple[object, ...]:
    """What an open table's outcome depends on: not the draw pile, never drawn from again."""
    return (
        state.hands,
        state.aside & state.config.aid_mask,
        state.direction,
        state.left,
        state.right,
        state.middle,
        state.actor,
    )


def solve(state: SplitState, *, max_states: int | None = DEFAULT_MAX_STATES) -> Solution:
    """Whether the table can win from ``state``, with a winning line, or a proof that none exists.

    ``state`` must be a cooperative position after the deal (see
    :mod:`engine.split.position`).  The search stops undecided after
    exploring ``max_states`` positions (:data:`DEFAULT_MAX_STATES` unless
    told; ``None`` for no limit), counted over every restart.
    """
    if not state.config.cooperative:
        raise MalformedInput("the solver answers questions about the cooperative game only")
    search = Search(state.players, [])
    round_ = 0
    while True:
        budget = FIRST_BUDGET << (round_ // MODES)
        final = max_states is not None and search.explored + budget >= max_states
        search.limit = max_states if final and max_states is not None else search.explored + budget
        search.mode = round_ % MODES
        try:
            line = _search(search, state, [])
        except Limit:
            if final:
                return Solution(None, (), search.limit)
            round_ += 1
            continue
        return Solution(line is not None, line or (), search.explored)
