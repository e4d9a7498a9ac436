"""``invariants.kept`` asks each step's invariants once per state form: the same answers.

:func:`proofs.kept.step_broken` (the step invariants of two states whose form was
already checked) says what the Game API's ``step_violations`` says, on every step of
a seeded game of each game, and words an invariant that raises as it does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardlaw.engine.game import RulesGame
from cardlaw.engine.registry import get_game
from cardlaw.proofs.core import check
from cardlaw.proofs.kept import invariants_kept, step_broken
from cardlaw.proofs.registry import games_with_proofs
from cardlaw.proofs.trace import play
from cardlaw.spec.invariants import StepInvariant


def _raises(before: Any, after: Any) -> list[str]:
    raise KeyError("a broken step invariant")


def _wrong(before: Any, after: Any) -> list[str]:
    return ["made up"] if before is not after else []


def _with_step_invariants(game: Any, *extra: StepInvariant[Any]) -> Any:
    """A game of its own (the registered one is never changed; compiled, it cannot be): the
    same manifest with ``extra`` step invariants after the game's own."""
    manifest = game.manifest
    return RulesGame(replace(manifest, step_invariants=(*manifest.step_invariants, *extra)))


@pytest.mark.parametrize("game", games_with_proofs())
def test_step_broken_is_the_game_apis_step_violations(game: str) -> None:
    registered: Any = get_game(game)
    (trace,) = play(registered, registered.config(), games=1, seed=7)
    extra = (
        StepInvariant("demo.raises", "raises", (), _raises),
        StepInvariant("demo.wrong", "is wrong", (), _wrong),
    )
    invariants = registered.manifest.step_invariants
    for engine in (registered, _with_step_invariants(registered, *extra)):
        for step in trace.steps[:300]:
            said = engine.step_violations(step.state, step.after)
            assert step_broken(engine, step.state, step.after) == said
            assert bool(said) == (engine.manifest.step_invariants is not invariants)


def test_a_broken_step_invariant_is_still_found_after_the_first_step() -> None:
    """The kept obligation finds a step invariant broken at a later step, as it words it."""
    seen: list[int] = []

    def late(before: Any, after: Any) -> list[str]:
        seen.append(1)
        return ["broken late"] if len(seen) == 5 else []

    broken = StepInvariant("demo.late", "late", (), late)
    engine = _with_step_invariants(get_game("divided-ranks"), broken)
    report = check(invariants_kept(engine, games=1), mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "step 5 " in report.witness.text and "demo.late: broken late" in report.witness.text
