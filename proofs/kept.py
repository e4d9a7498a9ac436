"""The engine keeps the spec's invariants at every step it takes (:mod:`proofs.trace`).

``<game>.invariants.kept``: along seeded whole games of the game's printed
configuration and of each of its variants, every state the engine makes
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

>>> from engine.euchre.game import EUCHRE
>>> from proofs.core import check
>>> report = check(invariants_kept(EUCHRE, games=1))
>>> report.status, report.cases > 100, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.game import RulesGame
from proofs.core import Exhaustive, Mutant, Obligation, Witness, claim
from proofs.trace import Trace, play

__all__ = ["GAMES", "invariants_kept"]

GAMES: Final = 2
"""Seeded whole games per configuration (the printed one and each variant)."""


def _broken(
    game: RulesGame[Any, Any, Any, Any, Any], trace: Trace[Any, Any], index: int
) -> list[str]:
    """The invariants broken at step ``index`` of ``trace``: by its state after, or by the step."""
    step = trace.steps[index]
    return [*game.violations(step.after), *game.step_violations(step.state, step.after)]


def _check(
    game: RulesGame[Any, Any, Any, Any, Any], traces: list[Trace[Any, Any]], stuck: bool
) -> Exhaustive:
    checked = 0
    first = traces[0].steps[0].state if traces and traces[0].steps else None
    for trace in traces:
        if trace.stopped:
            return Exhaustive(checked, undecided=f"seeded game {trace.seed}: {trace.stopped}")
        for index in range(len(trace.steps)):
            checked += 1
            broken = _broken(game, trace, index)
            if stuck and trace.steps[index].after != first:
                broken.append("mutant.stuck: the game never leaves its first state")
            if broken:
                return Exhaustive(
                    checked,
                    counterexample=Witness(
                        f"in seeded game {trace.seed} of {trace.config}, step {index + 1} "
                        f"({trace.steps[index].action.text}) breaks: {'; '.join(broken)}",
                        record=trace.record(index),
                        replayed=True,
                        data={"game": trace.seed, "step": index + 1},
                    ),
                )
    if not checked:
        return Exhaustive(0, undecided="no step was taken: vacuous")
    return Exhaustive(checked)


def invariants_kept(
    game: RulesGame[Any, Any, Any, Any, Any],
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
    traced: list[Trace[Any, Any]] = []

    def build(p: Mapping[str, Any]) -> Exhaustive:
        if not traced:
            for config in configs:
                traced.extend(play(game, config, games=games, seed=20261205))
        return _check(game, traced, bool(p["stuck"]))

    clauses = [c for i in game.invariants for c in i.clauses]
    clauses += [c for i in game.step_invariants for c in i.clauses]
    return claim(
        f"{name}.invariants.kept",
        f"In {games} seeded whole games of the printed configuration and of each variant "
        f"({', '.join(game.variants) or 'none'}), every state the engine makes keeps each of "
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
