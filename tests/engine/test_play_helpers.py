"""The trick phase's helpers agree with the Game API at every state of the tricks.

Divide's and Euchre's ``engine.<game>.play`` state the trick phase's legal
plays twice, as actions (``legal_play_actions``) and as a mask
(``legal_play_mask``); ``legal_actions`` answers the same during the tricks
(Euchre's inlines the computation for speed).  Leading and following (under
either reading of a Divide Trump Rank card's suit; in a Euchre lone hand
too), all three must name the same cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from engine.api import AnyGame
from engine.divide import play as divide_play
from engine.divide.game import DIVIDE
from engine.euchre import play as euchre_play
from engine.euchre.game import EUCHRE
from engine.euchre.masks import actions_of
from spec.divide.actions import PLAYS as DIVIDE_PLAYS
from spec.divide.state import Stage as DivideStage
from spec.euchre.state import Stage as EuchreStage
from tests.games import CONFIGS, random_walk


@dataclass(frozen=True)
class Helpers:
    """A game's trick-phase helpers, and how far its test games must go."""

    game: AnyGame
    actions: Callable[[Any], tuple[Any, ...]]
    """The legal plays as actions."""
    mask_actions: Callable[[Any], tuple[Any, ...]]
    """The legal plays as a mask, read back as actions."""
    in_tricks: Callable[[Any], bool]
    """Whether a seat is to play to a trick."""
    seeds: int
    """How many random games to walk."""
    sizes: set[int]
    """The sizes of trick the walks must meet a seat playing to."""


HELPERS: dict[str, Helpers] = {
    "divide": Helpers(
        DIVIDE,
        divide_play.legal_play_actions,
        lambda state: tuple(
            DIVIDE_PLAYS[c] for c in range(52) if divide_play.legal_play_mask(state) >> c & 1
        ),
        lambda state: state.stage == DivideStage.TRICKS and state.actor >= 0,
        seeds=2,
        sizes={0, 1, 2, 3},
    ),
    "euchre": Helpers(
        EUCHRE,
        euchre_play.legal_play_actions,
        lambda state: actions_of(euchre_play.legal_play_mask(state), euchre_play.PLAY_TABLE),
        lambda state: state.stage == EuchreStage.TRICKS,
        seeds=3,
        sizes={0, 1, 2},
    ),
}
"""Each trick-taking game's helpers, by game."""


@pytest.mark.parametrize(
    ("name", "options"),
    [
        *(
            pytest.param(
                "divide",
                options,
                id=f"divide-{options}",
                marks=pytest.mark.clauses(
                    "divide.trick.follow-suit", "divide.trick.lead-restriction"
                ),
            )
            for options in CONFIGS["divide"]
        ),
        *(
            pytest.param(
                "euchre",
                options,
                id=f"euchre-{options}",
                marks=pytest.mark.clauses("euchre.trick.follow-suit"),
            )
            for options in CONFIGS["euchre"]
        ),
    ],
)
def test_the_helpers_give_the_legal_plays(name: str, options: dict[str, object]) -> None:
    helpers = HELPERS[name]
    game = helpers.game
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
