"""What the four games' independent event checks share, besides :mod:`tests.referee`.

Each game's ``test_events_independent.py`` plays and checks a game with
its referee (:func:`checker`) and checks in :func:`facets_met` that fixed
games reach every kind of event it names;
``tests/engine/test_generic_events_independent.py`` checks every game's
referee over whole games drawn from :func:`games_drawn` (a configuration, a
seed, a way of choosing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from cardlaw.engine.api import AnyGame, Event
from tests.referee import Chooser, Referee, compare_game, facets, uniform

Check = Callable[[dict[str, Any], int, Chooser], Sequence[Event]]
"""Plays and checks one game: ``check(options, seed, choose)``, its events."""


def checker(game: AnyGame, referee: Callable[[Any], Referee]) -> Callable[..., list[Event]]:
    """``check_game(options, seed, choose=uniform)``: play one game of ``game`` and compare its
    events step by step with those of a fresh ``referee(config)``; the events."""

    def check_game(options: dict[str, Any], seed: int, choose: Chooser = uniform) -> list[Event]:
        config = game.config(**options)
        events, _ = compare_game(game, config, seed, referee(config), choose=choose)
        return events

    return check_game


def games_drawn(
    configs: Sequence[dict[str, Any]], choosers: Sequence[Chooser]
) -> dict[str, st.SearchStrategy[Any]]:
    """The keyword strategies of ``@given`` for one random game: ``options``, ``seed``, ``choose``."""
    return {
        "options": st.sampled_from(configs),
        "seed": st.integers(0, 2**32 - 1),
        "choose": st.sampled_from(choosers),
    }


def facets_met(
    check: Check,
    configs: Iterable[dict[str, Any]],
    seeds: int,
    choosers: Iterable[Chooser],
    fields: Mapping[str, tuple[str, ...]],
) -> set[tuple[Any, ...]]:
    """The :func:`~tests.referee.facets` of the games ``check`` plays and checks: seeds 0 to
    ``seeds - 1`` in every configuration, with every way of choosing."""
    seen: set[tuple[Any, ...]] = set()
    for options in configs:
        for seed in range(seeds):
            for choose in choosers:
                seen |= facets(check(options, seed, choose), fields)
    return seen
