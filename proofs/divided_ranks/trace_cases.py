"""The engine's side of Divided Ranks' trace links: what the engine did at each step of a game.

:func:`collect` walks seeded whole games (:func:`proofs.trace.play`) once:
the model's inputs come from the actions taken so far (who split first, the
shuffle's order, each split and choice, the coin, each reserve turn, each
build), the engine's values from what the Game API listed and what each
step made of the state, as (case, the engine's values) pairs, table by
table (:class:`Rows`).  :mod:`proofs.divided_ranks.trace` pairs them with
the encodings' terms and says what is checked.

>>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
>>> from cardlaw.proofs.trace import play
>>> traces = play(DIVIDED_RANKS, DIVIDED_RANKS.config(), games=1, seed=3)
>>> rows = collect(traces)
>>> len(rows.splits), len(rows.takes), len(rows.reserve), len(rows.builds), len(rows.showdowns)
(5, 5, 2, 2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from cardlaw.engine.divided_ranks import draft as D
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.divided_ranks.links_builds import STEPS, WINNER
from cardlaw.proofs.divided_ranks.links_support import local
from cardlaw.proofs.trace import Step, Trace
from cardlaw.spec.divided_ranks.actions import (
    Action,
    Build,
    FirstSplitter,
    Keep,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["OVER", "Rows", "collect"]

Pair = tuple[tuple[int, ...], tuple[int, ...]]

OVER: Final = -2
"""The seat to move when nobody is (the game is over); chance is -1."""


@dataclass
class Rows:
    """The engine's side of every table: (case, the engine's values) pairs, by table."""

    phases: list[Pair] = field(default_factory=list)
    first_splitter: list[Pair] = field(default_factory=list)
    shuffle: list[Pair] = field(default_factory=list)
    coin: list[Pair] = field(default_factory=list)
    deals: list[Pair] = field(default_factory=list)
    splits: list[Pair] = field(default_factory=list)
    takes: list[Pair] = field(default_factory=list)
    reserve: list[Pair] = field(default_factory=list)
    knowledge: list[Pair] = field(default_factory=list)
    builds: list[Pair] = field(default_factory=list)
    showdowns: list[Pair] = field(default_factory=list)
    places: list[Pair] = field(default_factory=list)
    finished: list[Pair] = field(default_factory=list)
    """Each game (its number): whether the engine played it to its end."""


@dataclass
class History:
    """What the actions of a game so far say: the model's inputs."""

    first: int = -1
    order: tuple[int, ...] = ()
    """The shuffle, as the encoding's one-card masks, top card first."""
    takes: list[int] = field(default_factory=list)
    offer: tuple[int, int] | None = None
    """The pairs of the split on offer (encoding masks), face up first."""
    coin: int = -1
    turns: list[int] = field(default_factory=list)
    """Each reserve turn: 1 if it was an exchange, 0 a keep."""
    built: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Each seat's build (encoding masks), by seat."""

    def counts(self) -> tuple[int, ...]:
        """``first``, ``coin`` and :class:`~proofs.divided_ranks.encoding_turns.Counts`."""
        return (
            max(self.first, 0),
            max(self.coin, 0),
            int(self.first >= 0),
            int(bool(self.order)),
            len(self.takes),
            int(self.offer is not None),
            int(self.coin >= 0),
            len(self.turns),
            len(self.built),
        )


def _record(h: History, action: Action, actor: int) -> None:
    if isinstance(action, FirstSplitter):
        h.first = action.seat
    elif isinstance(action, Shuffle):
        h.order = tuple(local(1 << int(card)) for card in action.order)
    elif isinstance(action, Split):
        h.offer = (local(action.up.mask), local(action.down.mask))
    elif isinstance(action, Take):
        h.takes.append(int(action.face_up))
        h.offer = None
    elif isinstance(action, ReserveFirst):
        h.coin = action.seat
    elif isinstance(action, Keep | Swap):
        h.turns.append(int(isinstance(action, Swap)))
    elif isinstance(action, Build):
        h.built[actor] = (local(action.first.mask), local(action.second.mask))


def _mover(state: DividedRanksState) -> int:
    mover = DIVIDED_RANKS.to_move(state)
    return mover if isinstance(mover, int) else OVER if mover is None else -1


def _chance(state: DividedRanksState, action: Action) -> tuple[int, int, int]:
    """The chance outcomes: how many, whether this one had the even chance, what they name."""
    space = DIVIDED_RANKS.chance_outcomes(state)
    assert space is not None
    outcomes: list[Action] = [action]
    if isinstance(action, Shuffle):
        named = local(sum(1 << int(c) for c in action.order))
    else:
        outcomes = [space.outcome(i) for i in range(space.size)]
        named = sum(1 << _seat(o) for o in outcomes)
    even = all(space.probability(o) == Fraction(1, space.size) for o in outcomes)
    return space.size, int(even), named


def _seat(outcome: Action) -> int:
    """The seat a chance outcome names (who splits first, who goes first at the reserve)."""
    assert isinstance(outcome, FirstSplitter | ReserveFirst), outcome
    return outcome.seat


def _choices(state: DividedRanksState) -> tuple[int, int, int, int]:
    """What the Game API lists of a player's choices.

    The cards chosen from, how many each choice picks (-1 if the choices
    differ), how many distinct choices, and whether each divides the cards in two.
    """
    legal = DIVIDED_RANKS.legal_actions(state)
    if state.stage == Stage.RESERVE:
        cards = [int(a.card) for a in legal if isinstance(a, Swap)]
        keeps = sum(isinstance(a, Keep) for a in legal)
        pool = local(sum(1 << c for c in cards))
        return pool, 1, len(set(cards)) + keeps, int(keeps == 1 and len(cards) + 1 == len(legal))
    halves: list[tuple[int, int]] = []
    for a in legal:
        if isinstance(a, Split):
            halves.append((a.up.mask, a.down.mask))
        elif isinstance(a, Build):
            halves.append((a.first.mask, a.second.mask))
    union = 0
    for one, two in halves:
        union |= one | two
    sizes = {one.bit_count() for one, _ in halves} | {two.bit_count() for _, two in halves}
    whole = all(not one & two and one | two == union for one, two in halves)
    distinct: set[object] = set(halves)
    if state.stage == Stage.BUILD:
        distinct = {frozenset(pair) for pair in halves}  # a build's hands are unordered
    return local(union), sizes.pop() if len(sizes) == 1 else -1, len(distinct), int(whole)


def collect(traces: Sequence[Trace[DividedRanksState, Action]]) -> Rows:
    """The engine's side of every table, from every step of ``traces``."""
    rows = Rows()
    for number, trace in enumerate(traces):
        h = History()
        for step in trace.steps:
            _step(rows, h, step, (number, step.index))
        if trace.steps and not trace.stopped:
            last = trace.steps[-1]
            final = (number, last.index)
            rows.phases.append(((*h.counts(), *final), (int(last.after.stage), _mover(last.after))))
        ended = bool(trace.steps) and DIVIDED_RANKS.to_move(trace.steps[-1].after) is None
        rows.finished.append(((number,), (int(ended and not trace.stopped),)))
    return rows


def _places(state: DividedRanksState) -> tuple[int, ...]:
    stock = local(sum(1 << c for c in state.stock))
    reserve = local(1 << state.reserve) if state.reserve >= 0 else 0
    return (local(state.hands[0]), local(state.hands[1]), stock, *map(local, state.offer), reserve)


def _step(
    rows: Rows, h: History, step: Step[DividedRanksState, Action], where: tuple[int, int]
) -> None:
    state: DividedRanksState = step.state
    after: DividedRanksState = step.after
    action = step.action
    case: tuple[int, ...]
    rows.phases.append(((*h.counts(), *where), (int(state.stage), _mover(state))))
    if isinstance(action, FirstSplitter):
        case = (action.seat, *where)
        rows.first_splitter.append((case, (*_chance(state, action), after.first_splitter)))
    elif isinstance(action, ReserveFirst):
        rows.coin.append(((h.first, action.seat, *where), (*_chance(state, action), after.actor)))
    elif isinstance(action, Shuffle):
        order = tuple(local(1 << int(card)) for card in action.order)
        rows.shuffle.append((where, _chance(state, action)))
        places = _places(after)
        stock, reserve = places[2], places[5]
        rows.deals.append(((*order, *where), (reserve, stock, local(D.drawn_cards(after)))))
    elif isinstance(action, Split):
        stock = local(sum(1 << c for c in after.stock))
        case = (*h.order, len(h.takes), *where)
        rows.splits.append((case, (*_choices(state), local(D.drawn_cards(state)), stock)))
    elif isinstance(action, Take):
        assert h.offer is not None, "a choice with no split on offer"
        chooser, splitter = state.actor, 1 - state.actor
        hands = (local(state.hands[chooser]), local(state.hands[splitter]))
        case = (*hands, *h.offer, int(action.face_up), *where)
        listed = DIVIDED_RANKS.legal_actions(state)
        both = int({a.face_up for a in listed if isinstance(a, Take)} == {True, False})
        took = (local(after.hands[chooser]), local(after.hands[splitter]))
        rows.takes.append((case, (len(listed), both, *took)))
    elif isinstance(action, Keep | Swap):
        seat = state.actor
        given = local(1 << int(action.card)) if isinstance(action, Swap) else 0
        reserve = local(1 << state.reserve)
        case = (local(state.hands[seat]), reserve, given, *where)
        after_cards = (local(after.hands[seat]), local(1 << after.reserve))
        rows.reserve.append((case, (*_choices(state), *after_cards)))
    elif isinstance(action, Build):
        hand = local(state.hands[state.actor])
        rows.builds.append(((hand, *where), _choices(state)))
    _record(h, action, state.actor)
    rows.places.append(((*_places(after), int(bool(h.order)), *where), (1, int(bool(h.order)))))
    if after.stage in (Stage.RESERVE, Stage.BUILD) and not h.built:
        _knowledge(rows, h, after, where)
    if isinstance(action, Build) and after.stage == Stage.OVER:
        result = DIVIDED_RANKS.result(after)
        assert result is not None
        built = tuple(hand for seat in (0, 1) for hand in h.built.get(seat, (0, 0)))
        weaker = tuple(local(w.mask) for w in result.weaker)
        value = (WINNER[result.winner], STEPS.index(result.decided_by), *weaker)
        rows.showdowns.append(((*built, *where), value))


def _knowledge(rows: Rows, h: History, after: DividedRanksState, where: tuple[int, int]) -> None:
    """After the draft, at each reserve turn: what each seat saw of it and knows of the reserve."""
    turns = after.config.rules.reserve_turns
    swapped = h.turns + [0] * (turns - len(h.turns))
    for viewer in (0, 1):
        view = DIVIDED_RANKS.observe(after, viewer)
        last = view.swaps[-1] if view.swaps else None
        seen = (
            int(last is not None and last.given is not None),
            int(last is not None and last.taken is not None),
        )
        case = (max(h.first, 0), max(h.coin, 0), *h.takes, *swapped, len(h.turns), viewer)
        rows.knowledge.append(((*case, *where), (*seen, int(view.reserve is not None))))
