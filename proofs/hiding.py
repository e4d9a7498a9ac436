"""Information hiding as noninterference: what a seat cannot see never changes what it observes.

For every state along fixed, seeded whole games (:mod:`proofs.trace`) and
every seat, a game's ``perturb(state, seat, rng)`` gives states that differ
from ``state`` only in what the rules keep from that seat (another seat's
hidden cards exchanged with each other or with the undealt cards, the order
of a face-down deck...).  It is written from the rules' own list of what
each rule reveals, never from ``observe``.  The claim: ``observe`` gives the
seat the same observation in every one of them.

The check is exhaustive over what it is given (every step of every game,
every seat, every perturbation drawn), its premise is that some perturbation
really changed the state (else it would be vacuous: the witness shows one),
and its mutant is an ``observe`` that leaks the whole state, which it must
catch.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> from cardlaw.spec.euchre.config import EuchreConfig
>>> def same(state, seat, rng):  # a perturbation that changes nothing hidden
...     yield state._replace(kitty=state.kitty), "the same kitty"
>>> ob = noninterference("euchre.hidden.demo", "demo", (), EUCHRE, EuchreConfig(), same,
...                      games=1, engine=("engine.euchre.observe.observe",))
>>> from cardlaw.proofs.core import check
>>> report = check(ob)
>>> report.status, report.detail
('unknown', 'unknown (no perturbation changed any state: vacuous)')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Final, TypeAlias, TypeVar

from cardlaw.engine.api import Game
from cardlaw.engine.manifest import Staged
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Witness, claim
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Trace, play

__all__ = ["GAMES", "PER_STATE", "Perturb", "completeness", "noninterference"]

GAMES: Final = 3
"""Seeded whole games per configuration."""

PER_STATE: Final = 2
"""Perturbations drawn per state and seat (a game's ``perturb`` may give more)."""

C = TypeVar("C")
S = TypeVar("S", bound=Staged)
A = TypeVar("A")
V = TypeVar("V")
R = TypeVar("R")

Perturb: TypeAlias = Callable[[S, int, random.Random], Iterable[tuple[S, str]]]
"""``perturb(state, seat, rng)``: states differing only in what ``seat`` cannot see, each with
what was changed, in words."""


def _difference(a: object, b: object) -> str:
    """The first field of two observations that differs, in words."""
    fields: tuple[str, ...] = tuple(
        getattr(type(a), "_fields", None) or getattr(type(a), "__slots__", None) or ()
    )
    for name in fields:
        x, y = getattr(a, name, None), getattr(b, name, None)
        if x != y:
            return f"its {name} changes from {x!r} to {y!r}"
    return "it changes"


def _check(
    traces: list[Trace[S, A]],
    game: Game[C, S, A, V, R],
    perturb: Perturb[S],
    per_state: int,
    mutated: bool,
    *,
    must_change: bool = False,
) -> Exhaustive:
    """Every perturbation leaves the observation as it was (or, ``must_change``, changes it).

    ``mutated`` is the obligation's mutant: an ``observe`` that leaks the whole
    state (noninterference) or that shows nothing (completeness).
    """

    def observe(state: S, seat: int) -> object:
        if mutated and must_change:
            return None
        seen = game.observe(state, seat)
        return (seen, state) if mutated else seen

    checked = 0
    example: Witness | None = None
    for trace in traces:
        rng = random.Random(f"{'shown' if must_change else 'hidden'}:{trace.seed}")
        states = [trace.steps[0].state, *(step.after for step in trace.steps)]
        for index, state in enumerate(states):
            for seat in range(state.config.players):
                seen = observe(state, seat)
                drawn = 0
                for other, change in perturb(state, seat, rng):
                    if drawn >= per_state:
                        break
                    drawn += 1
                    if other == state:
                        continue
                    checked += 1
                    now = observe(other, seat)
                    upto = max(index - 1, 0)
                    where = f"in seeded game {trace.seed} after step {index}: {change}"
                    data = {"game": trace.seed, "step": index, "seat": seat}
                    if (now == seen) == must_change:
                        record = trace.record(upto) if index else None
                        if must_change:
                            what = f"leaves what seat {seat} observes unchanged"
                        else:
                            what = (
                                f"changes what seat {seat} observes: "
                                f"{_difference(seen, now) if not mutated else 'the whole state'}"
                            )
                        return Exhaustive(
                            checked,
                            counterexample=Witness(
                                f"{where} {what}", record=record, replayed=True, data=data
                            ),
                        )
                    if example is None:
                        verb = "changes" if must_change else "leaves"
                        tail = "" if must_change else " unchanged"
                        example = Witness(
                            f"{where} {verb} what seat {seat} observes{tail}",
                            replayed=True,
                            data=data,
                        )
    if example is None:
        return Exhaustive(checked, undecided="no perturbation changed any state: vacuous")
    return Exhaustive(checked, attained=example, must_attain=True)


def noninterference(
    id: str,
    statement: str,
    clauses: tuple[str, ...],
    game: Game[C, S, A, V, R],
    config: C,
    perturb: Perturb[S],
    *,
    engine: tuple[str, ...],
    games: int = GAMES,
    per_state: int = PER_STATE,
    params: Params | None = None,
    variant: str = "",
) -> Obligation:
    """An obligation that ``game.observe`` never depends on what ``perturb`` changes.

    ``params`` are the rule parameters the obligation reports it read (the
    mutant adds ``leak``); the games are played under ``config``.
    """
    return _observation_claim(
        id, statement, clauses, game, config, perturb, engine, games, per_state, params, variant,
        must_change=False,
    )  # fmt: skip


def completeness(
    id: str,
    statement: str,
    clauses: tuple[str, ...],
    game: Game[C, S, A, V, R],
    config: C,
    reveal: Perturb[S],
    *,
    engine: tuple[str, ...],
    games: int = GAMES,
    per_state: int = PER_STATE,
    params: Params | None = None,
    variant: str = "",
) -> Obligation:
    """An obligation that ``game.observe`` shows whatever ``reveal`` changes.

    The converse of :func:`noninterference`: ``reveal(state, seat, rng)``
    gives states that differ from ``state`` in something the rules let the
    seat know (a card it may place exchanged with one it may not), and the
    seat's observation must differ.  An ``observe`` that drops something the
    seat is owed is caught; the mutant is an ``observe`` that shows nothing.
    """
    return _observation_claim(
        id, statement, clauses, game, config, reveal, engine, games, per_state, params, variant,
        must_change=True,
    )  # fmt: skip


_KINDS: Final = {
    False: (
        "noninterference",
        "leak",
        "an observe that also shows the whole state, hidden cards included",
    ),
    True: ("completeness", "blind", "an observe that shows nothing at all"),
}
"""Each direction's method, the parameter its mutant sets and the mutant in words."""


def _observation_claim(
    id: str,
    statement: str,
    clauses: tuple[str, ...],
    game: Game[C, S, A, V, R],
    config: C,
    perturb: Perturb[S],
    engine: tuple[str, ...],
    games: int,
    per_state: int,
    params: Params | None,
    variant: str,
    *,
    must_change: bool,
) -> Obligation:
    """:func:`noninterference` (``must_change`` false) or :func:`completeness` (true)."""
    method, key, wrong = _KINDS[must_change]
    traced: list[Trace[S, A]] = []

    def build(p: Params) -> Exhaustive:
        if not traced:
            traced.extend(play(game, config, games=games, seed=20261205))
        return _check(traced, game, perturb, per_state, bool(p[key]), must_change=must_change)

    return claim(
        id,
        statement,
        clauses,
        build,
        {**(params or {}), key: False},
        Mutant(f"{id}.mutant.{key}", wrong, {key: True}),
        method=method,
        variant=variant,
        engine=engine,
    )
