"""Observation completeness: a seat's observation shows everything the rules reveal to it.

The converse of the ``test_observe`` properties (hidden cards never reach
another seat).  Each game's ``tests/<game>/reveals.py`` states, as data, what
each information clause reveals: a table of :class:`Reveal` rows, "clause C
reveals fact F to audience A when event E happens".  A :class:`Replay`, the
game replayed from its actions alone (never through the engine's state or
its ``observe`` helpers), says which events each action sets off and what
every fact's true value is.  :func:`check_game` walks a random whole game
and, before every action, checks every seat's observation against every fact
revealed to that seat so far.

* A row with ``on=ALWAYS`` is a standing fact, known to every seat at every
  step (its own hand, the public counts; ``to`` is then ``"all"``), its value
  re-read from the replay each time.
* Any other row fires on its event: the fact's value is fixed then, for the
  audience, and stays known until a later row overwrites it.
* ``to`` is ``"seat"`` (the seat the event concerns), ``"others"`` (everyone
  else) or ``"all"``.
* A value may be :class:`AtLeast`: the observation's card set must contain
  those cards (for books that may also deduce more).
* :class:`Check` rows are conditions on an observation as a whole (books add
  up, a shown card is the true one), checked at every step.

>>> audience("seat", 1, 3), audience("others", 1, 3), audience("all", -1, 2)
((1,), (0, 2), (0, 1))
>>> AtLeast(0b101).holds(0b111), AtLeast(0b101).holds(0b011)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final, Literal, Protocol

from pytest import ParameterSet

from cardlaw.engine.api import AnyGame
from cardlaw.engine.registry import get_game
from tests.games import Policy, random_walk

__all__ = [
    "ALWAYS",
    "AtLeast",
    "Check",
    "Event",
    "Policy",
    "Replay",
    "Reveal",
    "audience",
    "check_game",
    "clauses_of",
    "hand_sizes",
    "marked_clauses",
    "rows_of",
    "uncovered",
]

ALWAYS: Final = "always"
"""The event of a standing fact: known at every step, its value re-read each time."""

Event = tuple[str, int]
"""An event an action sets off, and the seat it concerns (-1 for nobody in particular)."""

Audience = Literal["seat", "others", "all"]


@dataclass(frozen=True, slots=True)
class Reveal:
    """One row of a game's table: ``clause`` reveals ``fact`` to ``to`` when ``on`` happens.

    ``value(replay, seat)`` is the fact's true value for ``seat``, read off the
    replay when the event happens (every step for a standing fact).  ``at``
    gives the fact's parameters fixed at the event (a round's index, say), which
    are passed on to the fact's reader.
    """

    clause: str
    on: str
    to: Audience
    fact: str
    value: Callable[[Any, int], object]
    at: Callable[[Any], tuple[Any, ...]] | None = None


def constant(value: object) -> Callable[[Any, int], object]:
    """A :attr:`Reveal.value` that is ``value`` whatever the replay and the seat.

    >>> constant(3)(None, 0)
    3
    """
    return lambda replay, seat: value


@dataclass(frozen=True, slots=True)
class Check:
    """A condition ``clause`` puts on every observation: ``holds(replay, seat, observation)``.

    ``holds`` returns ``None`` where the condition does not apply (then the
    step does not count as checking it).
    """

    clause: str
    name: str
    holds: Callable[[Any, int, Any], bool | None]


@dataclass(frozen=True, slots=True)
class AtLeast:
    """An expected card set that the observation's set must contain (it may hold more)."""

    cards: int

    def holds(self, shown: object) -> bool:
        """Whether ``shown`` (a mask or a card set) contains every card of ``cards``."""
        mask = shown if isinstance(shown, int) else getattr(shown, "mask", None)
        return isinstance(mask, int) and self.cards & ~mask == 0


class Replay(Protocol):
    """A game replayed from its actions alone, with the events each action sets off."""

    def to_move(self) -> int | str | None:
        """Who acts next by the rules: a seat, ``"chance"`` or ``None`` at the end."""
        ...

    def apply(self, action: Any) -> Iterable[Event]:
        """Apply one action (chance's or the player's to move); the events it set off."""
        ...


class TurnReplay:
    """The turns of a game's replay: ``actor`` is the seat to move, -1 for chance.

    The game is over once ``stage`` (the game's own ``Stage``) is ``OVER``.
    """

    stage: IntEnum
    actor: int

    def to_move(self) -> int | str | None:
        """Who acts next: ``actor``, ``"chance"`` when it is -1, ``None`` once over."""
        if self.stage.name == "OVER":
            return None
        return self.actor if self.actor >= 0 else "chance"


def hand_sizes(clause: str) -> Reveal:
    """The standing fact, shown to every seat by ``clause``, of how many cards each hand holds
    (a replay's ``hands``: card sets as masks)."""
    return Reveal(
        clause, ALWAYS, "all", "hand_sizes", lambda r, s: tuple(h.bit_count() for h in r.hands)
    )


def audience(to: Audience, seat: int, players: int) -> tuple[int, ...]:
    """The seats of ``to`` for an event concerning ``seat``."""
    if to == "all":
        return tuple(range(players))
    if to == "seat":
        return (seat,)
    return tuple(s for s in range(players) if s != seat)


def clauses_of(rows: Iterable[Reveal | Check]) -> set[str]:
    """The clauses a table cites."""
    return {row.clause for row in rows}


def marked_clauses(test: object, case: object = None) -> set[str]:
    """The clauses a test names with ``@pytest.mark.clauses``: on itself, and on its
    parametrized case of the one value ``case``, if given."""
    marks = list(getattr(test, "pytestmark", []))
    cases = [param for mark in marks if mark.name == "parametrize" for param in mark.args[1]]
    marks += [
        mark
        for param in cases
        if case is not None and isinstance(param, ParameterSet) and param.values == (case,)
        for mark in param.marks
    ]
    return {clause for mark in marks if mark.name == "clauses" for clause in mark.args}


def rows_of(rows: Iterable[Reveal | Check]) -> set[tuple[str, str]]:
    """Each row's (clause, fact or check name): what :func:`check_game` reports it checked."""
    return {(row.clause, row.fact if isinstance(row, Reveal) else row.name) for row in rows}


@dataclass
class _Known:
    """What each seat has been shown so far: (fact, parameters) -> (value, clause)."""

    players: int
    facts: list[dict[tuple[str, tuple[Any, ...]], tuple[object, str]]] = field(init=False)

    def __post_init__(self) -> None:
        self.facts = [{} for _ in range(self.players)]

    def learn(self, rows: Iterable[Reveal], events: Iterable[Event], replay: Any) -> None:
        for name, about in events:
            for row in rows:
                if row.on != name:
                    continue
                params = row.at(replay) if row.at else ()
                for seat in audience(row.to, about, self.players):
                    self.facts[seat][row.fact, params] = (row.value(replay, seat), row.clause)


def _same(expected: object, shown: object) -> bool:
    if isinstance(expected, AtLeast):
        return expected.holds(shown)
    return type(expected) is type(shown) and expected == shown


def check_game(
    game: AnyGame,
    config: Any,
    seed: int,
    replay: Replay,
    reveals: tuple[Reveal, ...],
    readers: dict[str, Callable[..., object]] | None = None,
    checks: tuple[Check, ...] = (),
    limit: int = 3000,
    events: set[str] | None = None,
    policy: Policy | None = None,
) -> set[tuple[str, str]]:
    """Walk the random game of ``seed``; check every seat's observation before every action.

    A fact is read from an observation by ``readers[fact](observation, *params)``,
    or as the observation's attribute of that name.  Returns the rows that were
    checked at least once, as (clause, fact or check name); the names of the
    events the replay reported are added to ``events`` if given.  The players
    choose at random among the legal actions, or by ``policy``.
    """
    readers = readers or {}
    players = config.players
    standing = tuple(row for row in reveals if row.on == ALWAYS)
    on_events = tuple(row for row in reveals if row.on != ALWAYS)
    known = _Known(players)
    checked: set[tuple[str, str]] = set()
    history: list[str] = []
    for state, action in random_walk(game, config, seed, limit, policy):
        mover = game.to_move(state)
        assert replay.to_move() == mover, (
            f"the replay has {replay.to_move()!r} to move, the engine {mover!r} "
            f"(seed {seed}, after {history[-3:]})"
        )
        for seat in range(players):
            view = game.observe(state, seat)
            expected = [(row.clause, row.fact, (), row.value(replay, seat)) for row in standing] + [
                (clause, fact, params, value)
                for (fact, params), (value, clause) in known.facts[seat].items()
            ]
            for clause, fact, params, value in expected:
                read = readers.get(fact)
                shown = read(view, *params) if read else getattr(view, fact)
                assert _same(value, shown), (
                    f"[{clause}] seat {seat} should see {fact}{list(params) or ''} = {value!r}, "
                    f"its observation shows {shown!r} (seed {seed}, {len(history)} actions, "
                    f"the last {history[-3:]})"
                )
                checked.add((clause, fact))
            for check in checks:
                verdict = check.holds(replay, seat, view)
                if verdict is None:  # it does not apply here
                    continue
                assert verdict, (
                    f"[{check.clause}] seat {seat}: {check.name} fails (seed {seed}, "
                    f"{len(history)} actions, the last {history[-3:]}): {view!r}"
                )
                checked.add((check.clause, check.name))
        if action is None:
            break
        history.append(getattr(action, "text", repr(action))[:60])
        happened = list(replay.apply(action))
        if events is not None:
            events.update(name for name, _ in happened)
        known.learn(on_events, happened, replay)
    return checked


def uncovered(
    name: str,
    configs: list[dict[str, Any]],
    replay: Callable[[Any], Replay],
    reveals: tuple[Reveal, ...],
    readers: dict[str, Callable[..., object]] | None = None,
    checks: tuple[Check, ...] = (),
    *,
    needed: Iterable[str] = (),
    seeds: int = 40,
    limit: int = 3000,
    policies: tuple[Policy | None, ...] = (None,),
) -> set[str]:
    """The rows never checked, and the ``needed`` events never met, in a few fixed games.

    Plays seed 0 in every configuration, then seed 1, and so on (at most
    ``seeds``), until every row has been checked and every needed event has
    happened; what is still missing then is returned (empty: nothing is dead).
    """
    rows = rows_of(reveals + checks)
    wanted = set(needed)
    checked: set[tuple[str, str]] = set()
    met: set[str] = set()
    for seed in range(seeds):
        for options in configs:
            game = get_game(name)
            config = game.config(**options)
            for policy in policies:
                checked |= check_game(
                    game, config, seed, replay(config), reveals, readers, checks, limit, met, policy
                )
        if rows <= checked and wanted <= met:
            break
    return {f"{clause}: {fact}" for clause, fact in rows - checked} | {
        f"event {event}" for event in wanted - met
    }
