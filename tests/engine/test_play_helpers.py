"""The trick phase's helpers agree with the Game API at every state of the tricks.

Divide's and Euchre's ``engine.<game>.play`` state the trick phase's legal
plays twice, as actions (``legal_play_actions``) and as a mask
(``legal_play_mask``); ``legal_actions`` answers the same during the tricks
(Euchre's inlines the computation for speed).  Leading and following (under
either reading of a Divide Trump Rank card's suit; in a Euchre lone hand
too), all three must name the same cards.
"""

from __future__ import annotations

import pytest

from cardlaw.engine.registry import get_game
from tests.game_data import PlayHelpers
from tests.games import ADAPTERS, CONFIGS, random_walk

HELPED: tuple[str, ...] = tuple(name for name in ADAPTERS if ADAPTERS[name].PLAY_HELPERS)
"""The trick-taking games with helpers (their adapter's ``PLAY_HELPERS``)."""


def helpers_of(name: str) -> PlayHelpers:
    """Game ``name``'s trick-phase helpers."""
    found = ADAPTERS[name].PLAY_HELPERS
    assert found is not None, f"{name} has no trick-phase helpers"
    return found


@pytest.mark.parametrize(
    ("name", "options"),
    [
        pytest.param(
            name,
            options,
            id=f"{name}-{options}",
            marks=pytest.mark.clauses(*helpers_of(name).clauses),
        )
        for name in HELPED
        for options in CONFIGS[name]
    ],
)
def test_the_helpers_give_the_legal_plays(name: str, options: dict[str, object]) -> None:
    helpers = helpers_of(name)
    game = get_game(name)
    config = game.config(**options)
    trick_sizes: set[int] = set()
    for seed in range(helpers.seeds):
        for state, _ in random_walk(game, config, seed):
            if not helpers.in_tricks(state):
                continue
            legal = game.legal_actions(state)
            assert helpers.actions(state) == legal
            assert helpers.mask_actions(state) == legal
            trick_sizes.add(len(state.trick))
    assert helpers.sizes <= trick_sizes
