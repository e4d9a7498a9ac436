"""Out of turn, word for word: what each stage of each game says it waits for.

An action of the game's own at a stage that does not take it is refused with
``seat N must <what the stage waits for> now, not '<action>'`` (or, at a
chance stage, ``<what chance must do> now, ...``), naming a clause.  The
words come from each game's phase table; they are written out in each game's adapter
(``WAITS_FOR``), not read from it, so a changed word fails this test.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, cast

import pytest

from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.spec.errors import IllegalAction
from tests.games import CASES, each_game, manifested, random_walk

GAMES = each_game(lambda adapter: adapter.WAITS_FOR)
"""Every game, and each of its stages (but the end) with what it waits for, in the words of its
refusal (its adapter's ``WAITS_FOR``)."""


def _visits(game: AnyGame, options: dict[str, Any], seeds: range) -> dict[str, Any]:
    """A state of every stage that the random games of ``seeds`` reach, by stage name."""
    found: dict[str, Any] = {}
    for seed in seeds:
        for state, _ in random_walk(game, game.config(**options), seed, limit=400):
            found.setdefault(state.stage.name, state)
    return found


def _actions(game: AnyGame, options: dict[str, Any], seeds: range) -> dict[type, Any]:
    """One action of every type the random games of ``seeds`` play."""
    kinds: dict[type, Any] = {}
    for seed in seeds:
        for _, action in random_walk(game, game.config(**options), seed, limit=400):
            if action is not None:
                kinds.setdefault(type(action), action)
    return kinds


@pytest.mark.parametrize(("name", "waits_for"), GAMES)
def test_every_stage_is_listed(name: str, waits_for: dict[str, str]) -> None:
    game = manifested(name)
    stages = [phase.stage for phase in game.manifest.phases if phase.stage != game.manifest.over]
    enum = cast("type[IntEnum]", type(stages[0]))
    assert [enum(stage).name for stage in stages] == list(waits_for)


@pytest.mark.parametrize(("name", "waits_for"), GAMES)
def test_each_stage_says_what_it_waits_for(name: str, waits_for: dict[str, str]) -> None:
    game = manifested(name)
    seen: dict[str, Any] = {}
    kinds: dict[type, Any] = {}
    for case, options in CASES:
        if case == name:
            seen = {**_visits(game, options, range(12)), **seen}
            kinds = {**_actions(game, options, range(3)), **kinds}
    assert set(seen) >= set(waits_for), f"the random games never reach {set(waits_for) - set(seen)}"
    for stage, waits in waits_for.items():
        state = seen[stage]
        taken = set(game.manifest.phases[state.stage].moves)
        wrong = next(action for kind, action in kinds.items() if kind not in taken)
        with pytest.raises(IllegalAction) as caught:
            game.apply(state, wrong)
        who = f"seat {state.actor} must {waits}" if game.to_move(state) != CHANCE else waits
        assert str(caught.value).startswith(f"{who} now, not {game.action_text(wrong)!r}")
        assert caught.value.clause
