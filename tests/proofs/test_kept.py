"""``invariants.kept`` asks each step's invariants once per state form: the same answers.

:func:`proofs.kept.step_broken` (the step invariants of two states whose form was
already checked) says what the Game API's ``step_violations`` says, on every step of
a seeded game of each game, and words an invariant that raises as it does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

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


@pytest.mark.parametrize("game", games_with_proofs())
def test_step_broken_is_the_game_apis_step_violations(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine: Any = get_game(game)
    (trace,) = play(engine, engine.config(), games=1, seed=7)
    extra = (
        StepInvariant("demo.raises", "raises", (), _raises),
        StepInvariant("demo.wrong", "is wrong", (), _wrong),
    )
    manifest = engine.manifest
    for invariants in (manifest.step_invariants, (*manifest.step_invariants, *extra)):
        monkeypatch.setattr(engine, "manifest", replace(manifest, step_invariants=invariants))
        for step in trace.steps[:300]:
            said = engine.step_violations(step.state, step.after)
            assert step_broken(engine, step.state, step.after) == said
            assert bool(said) == (invariants is not manifest.step_invariants)


def test_a_broken_step_invariant_is_still_found_after_the_first_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kept obligation finds a step invariant broken at a later step, as it words it."""
    engine: Any = get_game("divided-ranks")
    seen: list[int] = []

    def late(before: Any, after: Any) -> list[str]:
        seen.append(1)
        return ["broken late"] if len(seen) == 5 else []

    broken = StepInvariant("demo.late", "late", (), late)
    manifest = engine.manifest
    monkeypatch.setattr(
        engine,
        "manifest",
        replace(manifest, step_invariants=(*manifest.step_invariants, broken)),
    )
    report = check(invariants_kept(engine, games=1), mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "step 5 " in report.witness.text and "demo.late: broken late" in report.witness.text
