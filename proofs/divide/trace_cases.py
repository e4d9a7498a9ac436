"""The engine's side of Divide's trace links: what the engine did at each step of seeded games.

:func:`play` plays seeded whole games through the Game API and
:func:`collect` walks them once: what the Game API listed and what each step
changed, as (case, the engine's values) pairs, table by table
(:class:`Rows`).  :mod:`proofs.divide.trace_tables` pairs them with the
encodings' terms; :mod:`proofs.divide.trace` says what is checked.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> from cardlaw.proofs.trace import play
>>> traces = play(DIVIDE, DIVIDE.config(players=4), games=1, seed=3)
>>> rows = collect(traces)
>>> len(rows.tricks), len(rows.rounds), len(rows.result)
(32, 4, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Final, cast

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.links import LEADING
from cardlaw.proofs.playout import random_step
from cardlaw.proofs.trace import MAX_STEPS, Step, Trace
from cardlaw.spec.divide.actions import (
    Action,
    ChooseDealer,
    Keep,
    Offer,
    Play,
    Reveal,
    Secure,
    Split,
)
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.state import DivideState, Stage

__all__ = ["LEADING", "Rows", "collect", "play"]


Pair = tuple[tuple[int, ...], tuple[int, ...]]
CHOICES: Final = (Stage.OFFERING, Stage.SECURE, Stage.SPLIT, Stage.CHOOSE)


@dataclass
class Rows:
    """The engine's side of every table: (case, the engine's values) pairs, by table."""

    first_dealer: list[Pair] = field(default_factory=list)
    deals: list[Pair] = field(default_factory=list)
    reveals: list[Pair] = field(default_factory=list)
    turns: list[Pair] = field(default_factory=list)
    pools: list[Pair] = field(default_factory=list)
    exchange: list[Pair] = field(default_factory=list)
    plays: list[Pair] = field(default_factory=list)
    tricks: list[Pair] = field(default_factory=list)
    tokens: list[Pair] = field(default_factory=list)
    counts: list[Pair] = field(default_factory=list)
    rounds: list[Pair] = field(default_factory=list)
    over: list[Pair] = field(default_factory=list)
    result: list[Pair] = field(default_factory=list)
    finished: list[Pair] = field(default_factory=list)
    stopped: dict[int, str] = field(default_factory=dict)
    """Why the engine could not go on with a game, by the game's number."""


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _seat(mover: object) -> int:
    """The seat to act, or -1 (chance, or nobody: the game is over)."""
    return mover if isinstance(mover, int) else -1


def _chosen(action: object) -> int:
    """The cards a Great Divide action picks (a split: its left offer)."""
    if isinstance(action, Offer):
        return 1 << action.card
    if isinstance(action, Split):
        return action.left.mask
    assert isinstance(action, Secure | Keep), action
    return action.cards.mask


def _pool(state: DivideState) -> tuple[int, int, int]:
    """What the Game API lists at a Great Divide choice.

    The cards chosen from, how many are picked (-1 if the choices differ in
    size), and whether the choices are every such pick.
    """
    legal = DIVIDE.legal_actions(state)
    masks = [_chosen(a) for a in legal]
    union = _mask([c for m in masks for c in range(52) if m >> c & 1])
    sizes = {m.bit_count() for m in masks}
    size = sizes.pop() if len(sizes) == 1 else -1
    complete = len(set(masks)) == len(masks) == comb(union.bit_count(), max(size, 0))
    if state.stage == Stage.SPLIT:
        hand = state.hands[state.actor]
        complete = complete and all(
            isinstance(a, Split)
            and a.left.mask | a.right.mask == hand
            and not a.left.mask & a.right.mask
            for a in legal
        )
    return union, size, int(complete)


def _chance(state: DivideState) -> tuple[int, int, int]:
    """The chance outcomes: how many, whether equally likely, and the seats or cards they name."""
    space = DIVIDE.chance_outcomes(state)
    assert space is not None
    outcomes = [space.outcome(i) for i in range(space.size)]
    uniform = all(space.probability(o) == Fraction(1, space.size) for o in outcomes)
    named = [
        o.seat if isinstance(o, ChooseDealer) else int(getattr(o, "card", -1)) for o in outcomes
    ]
    return space.size, int(uniform), _mask([x for x in named if x >= 0])


@dataclass
class _Walk:
    """What one game's walk remembers: the dealt hands, choices made in the stage, trick winners."""

    dealt: tuple[int, ...] = ()
    stage: int = -1
    count: int = 0
    winners: list[int] = field(default_factory=list)
    suits: list[int] = field(default_factory=list)


def play(
    config: DivideConfig, *, games: int, seed: int
) -> tuple[list[Trace[DivideState, Action]], Rows]:
    """Seeded whole games through the Game API, as :func:`proofs.trace.play` plays them.

    An engine that cannot go on (it lists no action for the seat to move, or
    raises) ends that game there: the game is kept as far as it went, and
    :func:`collect` makes it a case the model disagrees with (every game is
    played to its end), so a broken engine gives a verdict, not an error.
    """
    traces: list[Trace[DivideState, Action]] = []
    stopped: dict[int, str] = {}
    for k in range(games):
        rng = random.Random(f"{seed}:{k}")
        state = DIVIDE.new_game(config)
        steps: list[Step[DivideState, Action]] = []
        while DIVIDE.to_move(state) is not None and len(steps) < MAX_STEPS:
            try:
                after, action = random_step(DIVIDE, state, rng)
            except Exception as error:  # the engine's failure is the verdict
                stopped[k] = f"{type(error).__name__}: {error}"
                break
            steps.append(Step(len(steps), state, action, after))
            state = after
        traces.append(Trace(DIVIDE, config, k, tuple(steps)))
    rows = collect(traces)
    rows.stopped.update(stopped)
    return traces, rows


def collect(traces: Sequence[Trace[DivideState, Action]]) -> Rows:
    """The engine's side of every table, from every step of ``traces``."""
    rows = Rows()
    for number, trace in enumerate(traces):
        walk = _Walk()
        for step in trace.steps:
            _step(rows, walk, step, (number, step.index))
        final = (
            trace.steps[-1].after
            if trace.steps
            else DIVIDE.new_game(cast(DivideConfig, trace.config))
        )
        rows.finished.append(((number,), (int(DIVIDE.to_move(final) is None),)))
    return rows


def _step(rows: Rows, walk: _Walk, step: Step[DivideState, Action], where: tuple[int, int]) -> None:
    state: DivideState = step.state
    after: DivideState = step.after
    n = state.players
    if state.stage != walk.stage:
        walk.stage, walk.count = state.stage, 0
    rows.over.append(((len(after.scores), *where), (int(DIVIDE.to_move(after) is None),)))
    action = step.action
    if state.stage == Stage.FIRST_DEALER:
        assert isinstance(action, ChooseDealer)
        rows.first_dealer.append(((action.seat, *where), (*_chance(state), after.dealer)))
    elif state.stage == Stage.DEAL:
        walk.dealt, walk.winners, walk.suits = after.hands, [], []
        sizes = tuple(h.bit_count() for h in after.hands)
        union = _mask([c for h in (*after.hands, after.undealt) for c in range(52) if h >> c & 1])
        rows.deals.append(
            (
                (state.dealer, *where),
                (
                    *sizes,
                    after.undealt.bit_count(),
                    union,
                    _seat(DIVIDE.to_move(after)),
                    *after.suit_tokens,
                    after.bonus,
                ),
            )
        )
    elif state.stage == Stage.REVEAL:
        assert isinstance(action, Reveal)
        _exchange(rows, state, where)
        rows.reveals.append(
            (
                (*state.offerings, state.dealer, int(action.card), *where),
                (*_chance(state), after.trump, after.leader, _seat(DIVIDE.to_move(after))),
            )
        )
    elif state.stage in CHOICES:
        q = state.actor
        k = walk.count // 2 if state.stage == Stage.CHOOSE else walk.count
        rows.turns.append(((0, state.dealer, k, *where), (_seat(DIVIDE.to_move(state)),)))
        offering = 1 << state.offerings[q] if state.offerings[q] >= 0 else 0
        left, right = (q + 1) % n, (q - 1) % n
        rows.pools.append(
            (
                (
                    int(state.stage),
                    walk.dealt[q],
                    offering,
                    state.secured[q],
                    state.offers_left[left],
                    state.offers_right[left],
                    state.offers_left[right],
                    state.offers_right[right],
                    int(walk.count % 2 == 0),
                    *where,
                ),
                _pool(state),
            )
        )
    elif state.stage == Stage.TRICKS:
        assert isinstance(action, Play)
        _play(rows, walk, state, action, after, where)
    walk.count += 1


def _exchange(rows: Rows, state: DivideState, where: tuple[int, int]) -> None:
    """The round hands after the Great Divide, from what was secured, offered and kept."""
    case = (
        *state.secured,
        *state.offers_left,
        *state.offers_right,
        *state.kept_left,
        *state.kept_right,
        *where,
    )
    rows.exchange.append((case, state.hands))


def _play(
    rows: Rows,
    walk: _Walk,
    state: DivideState,
    action: Play,
    after: DivideState,
    where: tuple[int, int],
) -> None:
    n = state.players
    trump = state.trump >> 2
    legal = _mask([int(a.card) for a in DIVIDE.legal_actions(state) if isinstance(a, Play)])
    led = state.trick[0] if state.trick else LEADING
    rows.plays.append(((state.hands[state.actor], led, trump, *where), (legal,)))
    rows.turns.append(
        ((1, state.leader, len(state.trick), *where), (_seat(DIVIDE.to_move(state)),))
    )
    if len(state.trick) < n - 1:
        return
    cards = (*state.trick, int(action.card))
    gained = [
        q
        for q in range(n)
        if after.taken[q] + after.bonus_taken[q] > state.taken[q] + state.bonus_taken[q]
    ]
    taker = gained[0] if len(gained) == 1 else -1
    winner = after.leader if after.stage == Stage.TRICKS else taker
    if winner < 0:  # a last trick that found the bonus supply empty: its winner is not shown
        walk.winners.append(-1)
        return
    walk.winners.append(winner)
    walk.suits.append(cards[(winner - state.leader) % n] & 3)
    bonus_taken = int(sum(after.bonus_taken) > sum(state.bonus_taken))
    rows.tricks.append(((*cards, trump, state.leader, *where), (winner,)))
    rows.tokens.append(
        (
            (*state.suit_tokens, state.bonus, walk.suits[-1], winner, *where),
            (taker, *after.suit_tokens, after.bonus, bonus_taken),
        )
    )
    rows.counts.append(
        (
            (len(state.tricks), len(state.scores), state.dealer, *where),
            (
                len(after.tricks) if after.stage == Stage.TRICKS else 0,
                len(after.scores),
                after.dealer,
                int(after.stage == Stage.OVER),
            ),
        )
    )
    if len(after.scores) > len(state.scores) and -1 not in walk.winners:
        rows.rounds.append(((*walk.winners, *walk.suits, *where), after.scores[-1]))
    if after.stage == Stage.OVER:
        totals = tuple(sum(row[q] for row in after.scores) for q in range(n))
        leader, last = after.tricks[-1]
        eighth = tuple(last[(q - leader) % n] for q in range(n))
        result = DIVIDE.result(after)
        assert result is not None
        flags = tuple(int(q in result.winners) for q in range(n))
        step = E.DECIDED_BY.index(result.decided_by) if result.decided_by in E.DECIDED_BY else -1
        rows.result.append(((*totals, *after.bonus_taken, *eighth, *where), (*flags, step)))
