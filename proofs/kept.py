"""The engine keeps the spec's invariants at every step it takes (:mod:`proofs.trace`).

``<game>.invariants.kept``: along seeded whole games of the game's printed
configuration and of each of its variants, and along one game of each in
which every seat takes the last action it may (a pass, when it may pass) (so that what needs every
seat to decline, such as a Euchre hand thrown in, is met), every state the
engine makes
keeps every invariant the spec states for the game's states
(``spec/<game>/invariants.py``: the cards all somewhere and once, the seat
to act a seat of the game and the one the stage names, the counts within
their bounds...), and every step keeps every invariant it states for a
step.  The invariants are the model's, written in the spec from the rules;
the states are the engine's.  A broken one is a verdict naming the
invariant, with the record of the game up to that step.

The check is exhaustive over the steps of the games given; the mutant adds
an invariant no state but the first keeps (it must be found broken: the
states are really checked).

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> from cardlaw.proofs.core import check
>>> report = check(invariants_kept(EUCHRE, games=1))
>>> report.status, report.cases > 100, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final, TypeVar

from cardlaw.engine.api import CHANCE
from cardlaw.engine.game import RulesGame, each_broken
from cardlaw.engine.manifest import Seated, Staged, Textual
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Witness, claim
from cardlaw.proofs.playout import random_step
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Step, Trace, play
from cardlaw.spec.invariants import step_violations

__all__ = ["GAMES", "invariants_kept", "step_broken"]

C = TypeVar("C", bound=Seated)
S = TypeVar("S", bound=Staged)
A = TypeVar("A", bound=Textual)
V = TypeVar("V")
R = TypeVar("R")

GAMES: Final = 2
"""Seeded whole games per configuration (the printed one and each variant)."""

LAST_STEPS: Final = 400
"""Steps of the game per configuration in which every seat takes the last action it may."""


def _last_choices(game: RulesGame[C, S, A, V, R], config: C, seed: int) -> Trace[S, A]:
    """A game in which every seat takes the last legal action (chance seeded), for a while.

    Random play rarely meets what needs every seat to decline (in Euchre,
    eight passes throw a hand in); taking the last action listed (a pass,
    when there is one) meets it at once.  At most :data:`LAST_STEPS` steps: such
    a game may never end.
    """
    rng = random.Random(f"last:{seed}")
    state = game.new_game(config)
    steps: list[Step[S, A]] = []
    stopped = ""
    try:
        while game.to_move(state) is not None and len(steps) < LAST_STEPS:
            if game.to_move(state) == CHANCE:
                after, action = random_step(game, state, rng)
            else:
                legal = game.legal_actions(state)
                if not legal:
                    stopped = f"seat {game.to_move(state)} is to move but has no legal action"
                    break
                action = legal[-1]
                after = game.apply(state, action)
            steps.append(Step(len(steps), state, action, after))
            state = after
    except Exception as error:  # a broken engine: the obligation says where it stopped
        stopped = f"the engine failed ({type(error).__name__}: {error})"
    if stopped:
        stopped += f" after step {len(steps)}"
    return Trace(game, config, -1, tuple(steps), stopped)


def _broken(game: RulesGame[C, S, A, V, R], trace: Trace[S, A], index: int) -> list[str]:
    """The invariants broken at step ``index`` of ``trace``: by its state after, or by the step.

    Called for each step in turn (:func:`_check`): the state before a step after the first is
    the state after the one before, whose form ``violations`` checked then, so the step's
    invariants are asked without checking it again (``violations`` checks the state after).
    """
    step = trace.steps[index]
    broken = game.violations(step.after)
    if index and trace.steps[index - 1].after is step.state:
        return [*broken, *step_broken(game, step.state, step.after)]
    return [*broken, *game.step_violations(step.state, step.after)]


def step_broken(game: RulesGame[C, S, A, V, R], before: S, after: S) -> list[str]:
    """``game.step_violations(before, after)`` of two states whose form is already checked.

    Each step invariant's problems, or that it cannot be checked, worded by the Game API's
    own :func:`~engine.game.each_broken`, without checking the two states' forms again.
    """
    return each_broken(
        game.manifest.step_invariants, lambda step: step_violations((step,), before, after)
    )


def _which(trace: Trace[object, object]) -> str:
    """The game a trace is, in words."""
    return "the last-choice game" if trace.seed < 0 else f"seeded game {trace.seed}"


def _check(game: RulesGame[C, S, A, V, R], traces: list[Trace[S, A]], stuck: bool) -> Exhaustive:
    checked = 0
    first = traces[0].steps[0].state if traces and traces[0].steps else None
    for trace in traces:
        for index in range(len(trace.steps)):
            checked += 1
            broken = _broken(game, trace, index)
            if stuck and trace.steps[index].after != first:
                broken.append("mutant.stuck: the game never leaves its first state")
            if broken:
                return Exhaustive(
                    checked,
                    counterexample=Witness(
                        f"in {_which(trace)} of {trace.config}, step {index + 1} "
                        f"({trace.steps[index].action.text}) breaks: {'; '.join(broken)}",
                        record=trace.record(index),
                        replayed=True,
                        data={"game": trace.seed, "step": index + 1},
                    ),
                )
        if trace.stopped:  # after its steps: a state that broke an invariant is named first
            return Exhaustive(checked, undecided=f"{_which(trace)}: {trace.stopped}")
    if not checked:
        return Exhaustive(0, undecided="no step was taken: vacuous")
    return Exhaustive(checked)


def invariants_kept(
    game: RulesGame[C, S, A, V, R],
    options: Mapping[str, object] | None = None,
    games: int = GAMES,
) -> Obligation:
    """``<game>.invariants.kept``: every state and step of seeded games keeps the invariants.

    ``options`` (the configuration's, its rules among them when changed) are
    those of every configuration played: the printed one and each variant's
    (a variant's flags over them).
    """
    name = game.name
    base = dict(options or {})
    make = type(game.config())  # the configuration's own class: it takes rules as they are
    configs = [make(**base)]
    configs += [make(**{**base, **flags}) for flags in game.variants.values()]
    traced: list[Trace[S, A]] = []

    def build(p: Params) -> Exhaustive:
        if not traced:
            for config in configs:
                traced.extend(play(game, config, games=games, seed=20261205))
                traced.append(_last_choices(game, config, 20261205))
        return _check(game, traced, bool(p["stuck"]))

    clauses = [c for i in game.invariants for c in i.clauses]
    clauses += [c for i in game.step_invariants for c in i.clauses]
    return claim(
        f"{name}.invariants.kept",
        f"In {games} seeded whole games of the printed configuration and of each variant "
        f"({', '.join(game.variants) or 'none'}), and in {LAST_STEPS} steps of one in which "
        "every seat takes the last action it may (a pass, when it may pass), every state the "
        "engine makes keeps each of "
        f"the spec's {len(game.invariants)} state invariants and every step its "
        f"{len(game.step_invariants)} step invariants.",
        tuple(dict.fromkeys(clauses)),
        build,
        {**base, "stuck": False},
        Mutant(
            f"{name}.invariants.kept.mutant.stuck",
            "an invariant no state but the first keeps",
            {"stuck": True},
        ),
        method="invariants",
        engine=(),
    )
