"""The shared harness of the independent event checks (``tests/<game>/test_events_independent.py``).

Each game's test writes a tiny referee of its own: an object whose
``step(action)`` follows the game from the actions alone, by the rule text,
and returns the events a record reader should get for that step.  This module
plays whole games and compares, step by step, the referee's events with the
engine's ``game.events(before, action, after)``.  Nothing here knows any
game's rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from cardlaw.bots import make_bots
from cardlaw.engine.api import CHANCE, AnyGame, Event
from cardlaw.sampling import sample_chance


class Referee(Protocol):
    """Follows one game from its actions and says what its events must be."""

    def step(self, action: Any) -> list[Event]:
        """Take one action into account; the events it must produce, in order."""
        ...


Chooser = Callable[[random.Random, Any, Sequence[Any]], Any]
"""Picks a player's action in a state from the legal ones: ``choose(rng, state, legal)``."""


def uniform(rng: random.Random, state: Any, legal: Sequence[Any]) -> Any:
    """Any legal action, each as likely as the others."""
    return rng.choice(legal)


def bots(game: AnyGame, name: str) -> Chooser:
    """The game's bot ``name`` in every seat, each seeing only its own observation."""
    (bot,) = make_bots(game, [name])

    def choose(rng: random.Random, state: Any, legal: Sequence[Any]) -> Any:
        seat = game.to_move(state)
        assert isinstance(seat, int)
        return bot.choose(game.observe(state, seat), legal, rng)

    choose.__name__ = f"bots_{name}"
    return choose


def check_step(
    game: AnyGame,
    state: Any,
    action: Any,
    referee: Referee,
    normalize: Callable[[Event], Event],
    where: Callable[[], str],
) -> tuple[Any, list[Event]]:
    """Apply ``action`` and check its events against the referee's: the state after, the events.

    ``where()`` says where the step is, for the failure's message (made only on a failure).
    """
    after = game.apply(state, action)
    expected = [normalize(event) for event in referee.step(action)]
    actual = [normalize(event) for event in game.events(state, action, after)]
    assert actual == expected, (
        f"{where()} ({action.text[:60]!r}): the engine says\n  {actual}\n"
        f"the referee says\n  {expected}"
    )
    return after, actual


def _same(event: Event) -> Event:
    return event


def compare_game(
    game: AnyGame,
    config: Any,
    seed: int,
    referee: Referee,
    *,
    choose: Chooser = uniform,
    normalize: Callable[[Event], Event] = _same,
    limit: int = 20_000,
) -> tuple[list[Event], list[Any]]:
    """Play one whole game from ``seed`` and check every step's events against ``referee``.

    Chance outcomes are drawn with their exact probabilities, players' actions
    by ``choose``.  ``normalize`` is applied to both sides of every event before
    they are compared (for facts the rules leave open).  Returns every event
    of the game and every action, in order.  A game that has not ended after
    ``limit`` actions fails, and so does one that ends without a ``game-end``.
    """
    rng = random.Random(seed)
    state = game.new_game(config)
    seen: list[Event] = []
    actions: list[Any] = []
    for _ in range(limit):
        mover = game.to_move(state)
        if mover is None:
            assert seen and seen[-1]["event"] == "game-end", f"seed {seed}: no game-end"
            return seen, actions
        if mover == CHANCE:
            space = game.chance_outcomes(state)
            assert space is not None
            action = sample_chance(space, rng)
        else:
            action = choose(rng, state, game.legal_actions(state))
        actions.append(action)

        def where() -> str:
            recent = " / ".join(a.text[:24] for a in actions[-8:])
            return f"seed {seed}, step {len(actions)}, after {recent}"

        state, events = check_step(game, state, action, referee, normalize, where)
        seen.extend(events)
    raise AssertionError(f"seed {seed}: the game did not end within {limit} actions")


def replay(
    game: AnyGame,
    config: Any,
    actions: Sequence[Any],
    referee: Referee,
    *,
    edit: Callable[[Any, Any], Any] = lambda state, action: state,
) -> list[Event]:
    """Replay ``actions``, checking every step's events; ``edit(state, action)`` may alter a
    state before the action is applied (to set up a position the dice rarely give)."""
    state = game.new_game(config)
    seen: list[Event] = []
    for index, action in enumerate(actions):
        state = edit(state, action)
        where = partial(str.format, "step {}", index + 1)  # made only for a failure's message
        state, events = check_step(game, state, action, referee, _same, where)
        seen.extend(events)
    assert game.to_move(state) is None and seen[-1]["event"] == "game-end"
    return seen


def facets(events: Sequence[Event], fields: Mapping[str, tuple[str, ...]]) -> set[tuple[Any, ...]]:
    """The event kinds seen, and for the kinds named in ``fields`` each value of those fields.

    ``{"trick": ("token",)}`` adds ``("trick", "token", "bonus")`` and the like
    beside the plain ``("trick",)``.
    """
    out: set[tuple[Any, ...]] = set()
    for event in events:
        kind = event["event"]
        out.add((kind,))
        for name in fields.get(str(kind), ()):
            value = event[name]
            out.add((kind, name, tuple(value) if isinstance(value, list) else value))
    return out
