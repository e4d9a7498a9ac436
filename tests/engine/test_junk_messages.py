"""The exact message of every junk-argument error of the Game API, for every game.

``tests/engine/test_junk.py`` checks that junk is always rejected with a
:class:`~spec.errors.MalformedInput`; this module checks what the message
says, since the command line prints it: the entry point that was called, the
argument, what it must be, and the value that came instead
(``legal_actions: state must be a Divide state, not None``).  The hot entry
points (``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``) build
their messages themselves, the others through the shared guard; all must say
the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

import pytest

from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.engine.registry import all_games
from cardlaw.spec.errors import MalformedInput
from tests.games import CONFIGS, random_walk

GAMES = {game.name: game for game in all_games()}

JUNK = [
    pytest.param(None, "None", id="None"),
    pytest.param(7, "7", id="int"),
    pytest.param("state", "'state'", id="str"),
    pytest.param([1, 2], "[1, 2]", id="list"),
]
"""Junk values and how a message shows them."""

FIRST_STATE = {"step_violations": "before"}
"""The name of the first state argument where it is not ``state``."""


class Walk(NamedTuple):
    """A few states of one random game: the start, a decision and the step taken there."""

    start: Any
    decision: Any
    action: Any
    after: Any


@cache
def walk(name: str) -> Walk:
    """The start of a random game of ``name`` and its first decision."""
    game = GAMES[name]
    config = game.config(**CONFIGS.get(name, [{}])[0])
    steps = list(random_walk(game, config, seed=0, limit=400))
    for state, action in steps:
        mover = game.to_move(state)
        if action is not None and mover != CHANCE:
            return Walk(steps[0][0], state, action, game.apply(state, action))
    raise AssertionError(f"{name}: no decision within 400 steps")


def message(call: Callable[[], object]) -> str:
    """The message of the :class:`MalformedInput` that ``call`` raises."""
    with pytest.raises(MalformedInput) as caught:
        call()
    return str(caught.value)


def state_calls(game: AnyGame, seen: Walk, junk: object) -> dict[str, Callable[[], object]]:
    """Every entry point given ``junk`` for its first state argument, by name."""
    calls: dict[str, Callable[[], object]] = {
        "to_move": lambda: game.to_move(junk),
        "legal_actions": lambda: game.legal_actions(junk),
        "chance_outcomes": lambda: game.chance_outcomes(junk),
        "apply": lambda: game.apply(junk, seen.action),
        "observe": lambda: game.observe(junk, 0),
        "result": lambda: game.result(junk),
        "events": lambda: game.events(junk, seen.action, seen.after),
        "describe": lambda: game.describe(junk),
        "units_played": lambda: game.units_played(junk),
        "violations": lambda: game.violations(junk),
        "step_violations": lambda: game.step_violations(junk, seen.start),
        "state_to_json": lambda: game.state_to_json(junk),
    }
    if hasattr(game, "position_to_json"):
        calls["position_to_json"] = lambda: game.position_to_json(junk)
    if hasattr(game, "explain"):
        calls["explain"] = lambda: game.explain(junk, seen.action)
    return calls


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("junk", "shown"), JUNK)
def test_a_junk_state_is_named_with_the_entry_point(name: str, junk: object, shown: str) -> None:
    game = GAMES[name]
    for entry, call in state_calls(game, walk(name), junk).items():
        argument = FIRST_STATE.get(entry, "state")
        expected = f"{entry}: {argument} must be a {game.title} state, not {shown}"
        assert message(call) == expected, entry


@pytest.mark.parametrize("name", sorted(GAMES))
def test_another_games_state_is_shown_as_it_is(name: str) -> None:
    """A real state of another game: the message names the entry point and shows that state."""
    game = GAMES[name]
    for other in sorted(GAMES):
        if other == name:
            continue
        foreign = walk(other).decision
        for entry, call in state_calls(game, walk(name), foreign).items():
            text = message(call)
            argument = FIRST_STATE.get(entry, "state")
            prefix = f"{entry}: {argument} must be a {game.title} state, not "
            assert text.startswith(prefix), (entry, text)
            assert text[len(prefix) :].startswith(type(foreign).__name__ + "("), (entry, text)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_later_state_arguments_are_named_too(name: str) -> None:
    game, seen = GAMES[name], walk(name)
    title = game.title
    assert message(lambda: game.events(seen.decision, seen.action, None)) == (
        f"events: after must be a {title} state, not None"
    )
    assert message(lambda: game.step_violations(seen.start, 7)) == (
        f"step_violations: after must be a {title} state, not 7"
    )


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("junk", "shown"), JUNK)
def test_a_junk_action_is_named_with_the_entry_point(name: str, junk: object, shown: str) -> None:
    game, seen = GAMES[name], walk(name)
    title = game.title
    for state in (seen.start, seen.decision):
        assert message(lambda: game.apply(state, junk)) == (  # noqa: B023  (called at once)
            f"apply: action must be a {title} action, not {shown}"
        )
    assert message(lambda: game.action_text(junk)) == (
        f"action_text: action must be a {title} action, not {shown}"
    )
