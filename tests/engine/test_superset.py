"""Superset actions: ``apply`` accepts exactly the legal actions, so every guard is met.

At random reachable states of random whole games of every game and
configuration, every action of a *superset* of the legal ones is submitted:
each game's ``tests/<game>/adapter.py::action_universe`` builds it from the
spec's action types and the state's cards (every card, every pair, every
seat...), never from ``legal_actions``.  Each one outside ``legal_actions``
(at a chance node: outside ``chance_outcomes``) must be rejected with
``IllegalAction`` citing a clause of the game's rulebook; each one inside
must be accepted.  Every member is a well-formed value of one of the game's
action types, and one the text form spells (``parse_action`` reads its text
back), except for the types the adapter lists in ``UNSPELLED``: chance's
orders with a card missing, doubled or foreign, seats off the table, Split's
aid of any number.  ``test_contract.py`` only retries actions seen earlier in
the game, so a guard that only an unusual action trips (a wild card the
opener does not hold, put under Split's draw pile) would go unnoticed there.

The states: from each of :data:`WALKS` random games, one state of each stage
it reaches, drawn at random; for a stage those games missed (Split's put-under
step, Euchre's second round of bidding are rare), the first state of it in up
to :data:`SEARCH` further games.  ``test_every_stage_is_checked`` makes sure
that, over a game's configurations, every stage is among them.
"""

from __future__ import annotations

import random
import zlib
from collections import defaultdict
from enum import IntEnum
from functools import cache
from typing import Any, cast

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.spec.errors import IllegalAction
from tests.games import (
    CASE_PARAMS,
    CASES,
    CONFIGS,
    GAME_PARAMS,
    adapter,
    case_id,
    load,
    random_walk,
)

WALKS = 2
"""Random games per configuration and example whose states are checked."""

SEARCH = 200
"""Further games searched (cheaply: walked, not checked) for a stage not yet met."""


def _base_seed(case: tuple[str, dict[str, Any]]) -> int:
    return zlib.crc32(case_id(case).encode())


CONFIG_OF: dict[str, dict[str, Any]] = {case_id(case): case[1] for case in CASES}


@cache
def _picked(name: str, key: str, seed: int) -> dict[Any, list[Any]]:
    """Stage -> the states to check of configuration ``key`` (see the module docstring)."""
    game, config = load(name, CONFIG_OF[key])
    rng = random.Random(seed)
    stages = set(cast("type[IntEnum]", type(game.new_game(config).stage)))
    picked: dict[Any, list[Any]] = {}
    for i in range(WALKS + SEARCH):
        if i >= WALKS and stages <= picked.keys():
            break
        by_stage: dict[Any, list[Any]] = defaultdict(list)
        for state, _ in random_walk(game, config, seed * 1000 + i):
            by_stage[state.stage].append(state)
        for stage, states in by_stage.items():
            if i < WALKS or stage not in picked:
                picked.setdefault(stage, []).append(rng.choice(states))
    return picked


def _problem(game: AnyGame, state: Any, action: Any, legal: bool) -> str | None:
    """What is wrong with ``apply(state, action)``, or ``None``."""
    text = action.text if len(action.text) < 60 else action.text[:56] + " ..."
    try:
        game.apply(state, action)
    except IllegalAction as error:
        if legal:
            return f"{text!r} is legal but was rejected: {error}"
        if error.clause not in game.rulebook:
            return f"{text!r} was rejected citing {error.clause!r}, not a clause"
        return None
    except Exception as error:
        return f"{text!r} raised {type(error).__name__}: {error}"
    return None if legal else f"{text!r} is not legal but was accepted"


def check_state(
    game: AnyGame, state: Any, universe: list[Any], unspelled: tuple[type, ...]
) -> None:
    """Every action of ``universe`` at ``state``: the legal accepted, the others rejected."""
    mover = game.to_move(state)
    legal = set(game.legal_actions(state))
    space = game.chance_outcomes(state)
    assert legal <= set(universe), f"the universe misses {sorted(a.text for a in legal)[:5]}"
    problems, inside = [], 0
    for action in universe:
        if type(action) not in unspelled:  # one the text form can spell
            assert game.parse_action(game.action_text(action)) == action, action
        if mover == CHANCE:
            assert space is not None, "a chance node without outcomes"
            ok = action in space
        else:
            ok = action in legal
        inside += ok
        problem = _problem(game, state, action, ok)
        if problem:
            problems.append(problem)
    assert not problems, f"{game.describe(state)}: {len(problems)} wrong, e.g. {problems[:4]}"
    if mover is not None:
        assert inside, f"{game.describe(state)}: nothing in the universe is open here"
    assert inside < len(universe), f"{game.describe(state)}: the universe has only open actions"


@pytest.mark.parametrize("case", CASE_PARAMS, ids=case_id)
@given(seed=st.integers(0, 2**20))
@example(seed=0)
@settings(max_examples=2)
def test_apply_accepts_exactly_the_legal_actions(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, _ = load(*case)
    game_adapter = adapter(game.name)
    rng = random.Random(seed)
    states = _picked(case[0], case_id(case), _base_seed(case) + seed)
    for state in (state for at in states.values() for state in at):
        universe = list(game_adapter.action_universe(state, rng))
        check_state(game, state, universe, game_adapter.UNSPELLED)


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_every_stage_is_checked(name: str) -> None:
    """Over a game's configurations, the states checked (seed 0) cover every stage."""
    cases = [(name, options) for options in CONFIGS[name]]
    met = {stage for case in cases for stage in _picked(name, case_id(case), _base_seed(case))}
    game, config = load(*cases[0])
    missed = set(cast("type[IntEnum]", type(game.new_game(config).stage))) - met
    assert not missed, f"no state of {sorted(s.name for s in missed)} is checked"
