"""Trace validation: fixed, seeded whole games, each engine step held to the encodings.

A trace link (:func:`proofs.link.link` with ``method="trace"``) plays whole
games through the Game API from fixed seeds (chance drawn with its exact
probabilities, every player's action uniformly among the legal ones:
:func:`proofs.playout.random_step`) and turns what the engine did at each
step into cases of the encodings' tables: the legal actions it listed, the
trick winner it named, the points it scored.  Each case carries where it
was met (the game and the step), so a disagreement is shown with the record
of that game up to that step, which ``cardlaw replay`` replays.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> from cardlaw.spec.euchre.config import EuchreConfig
>>> traces = play(EUCHRE, EuchreConfig(), games=2, seed=1)
>>> len(traces), all(t.steps[-1].after is not None for t in traces)
(2, True)
>>> EUCHRE.result(traces[0].steps[-1].after) is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

import z3

from cardlaw.engine.api import CHANCE, JSON, AnyGame, Game
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Witness
from cardlaw.proofs.playout import random_step

__all__ = ["LOCATOR", "MAX_STEPS", "Step", "Trace", "cases", "located", "play", "plays", "stopped"]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
R = TypeVar("R")
S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)

MAX_STEPS: Final = 20_000
"""Steps after which a game is cut short (a Euchre game under the throw-in rule need not end)."""

LOCATOR: Final = (z3.Int("trace.game"), z3.Int("trace.step"))
"""Two inputs every trace case carries and no encoding reads: its game and its step."""


@dataclass(frozen=True, slots=True)
class Step(Generic[S_co, A_co]):
    """One step of a game: the state, the action taken in it, and the state after."""

    index: int
    state: S_co
    action: A_co
    after: S_co


@dataclass(frozen=True, slots=True)
class Trace(Generic[S_co, A_co]):
    """One seeded whole game: its configuration, seed and steps."""

    game: AnyGame
    config: object
    seed: int
    steps: tuple[Step[S_co, A_co], ...]
    stopped: str = ""
    """Why the engine could not go on with the game before its end, if it could not: a player
    to move with no legal action, or an exception (a broken engine; a trace link reports it)."""

    def record(self, upto: int) -> Mapping[str, JSON]:
        """The record of this game's actions up to and including step ``upto``."""
        actions = [step.action for step in self.steps[: upto + 1]]
        return build_record(self.game, self.config, actions)


def play(game: Game[C, S, A, V, R], config: C, *, games: int, seed: int) -> list[Trace[S, A]]:
    """``games`` whole games of ``config``, the ``k``-th from the seed ``f"{seed}:{k}"``."""
    return list(plays(game, config, games=games, seed=seed))


def plays(game: Game[C, S, A, V, R], config: C, *, games: int, seed: int) -> Iterator[Trace[S, A]]:
    """The games of :func:`play`, each played only when it is asked for.

    Each game draws from its own seed, so a search that stops at the first game
    it needs meets the very games :func:`play` gives, without playing the rest.
    """
    for k in range(games):
        rng = random.Random(f"{seed}:{k}")
        state = game.new_game(config)
        steps: list[Step[S, A]] = []
        stopped = ""
        try:
            while game.to_move(state) is not None and len(steps) < MAX_STEPS:
                if game.to_move(state) != CHANCE and not game.legal_actions(state):
                    stopped = f"seat {game.to_move(state)} is to move but has no legal action"
                    break
                after, action = random_step(game, state, rng)
                steps.append(Step(len(steps), state, action, after))
                state = after
        except Exception as error:  # a broken engine: the trace link says where it stopped
            stopped = f"the engine failed ({type(error).__name__}: {error})"
        if stopped:
            stopped += f" after step {len(steps)}"
        yield Trace(game, config, k, tuple(steps), stopped)


def stopped(traces: Sequence[Trace[S, A]]) -> Witness | None:
    """A witness for the first game the engine could not play to its end, if one could not.

    A trace link whose games stopped early reports it as its disagreement: the
    record of the game up to where it stopped replays the engine's last steps.
    """
    for trace in traces:
        if trace.stopped:
            record = trace.record(len(trace.steps) - 1) if trace.steps else None
            return Witness(
                f"in seeded game {trace.seed}, {trace.stopped}: the game cannot be played to "
                "its end",
                record=record,
                replayed=True,
                data={"game": trace.seed, "step": len(trace.steps)},
            )
    return None


def located(
    traces: Sequence[Trace[S, A]],
    describe: Callable[[Trace[S, A], Step[S, A], tuple[int, ...]], str],
) -> Callable[[tuple[int, ...]], Witness]:
    """A ``show`` for trace tables whose cases end with :data:`LOCATOR`'s two values.

    ``describe(trace, step, case)`` says what the case is; the witness adds
    where it was met and carries the record of the game up to that step.
    """

    def show(case: tuple[int, ...]) -> Witness:
        trace = traces[case[-2]]
        step = trace.steps[case[-1]]
        record = trace.record(step.index)
        text = (
            f"in seeded game {trace.seed} at step {step.index + 1} "
            f"({trace.game.action_text(step.action)}): {describe(trace, step, case[:-2])}"
        )
        return Witness(text, record=record, data={"step": step.index, "game": trace.seed})

    return show


def cases(traces: Sequence[Trace[S, A]]) -> Iterator[tuple[int, Trace[S, A], Step[S, A]]]:
    """Every step of every trace, with the trace's index (for :data:`LOCATOR`)."""
    for number, trace in enumerate(traces):
        for step in trace.steps:
            yield number, trace, step
