"""Junk at every public entry point of every game is rejected with the project's own errors.

Whatever a caller hands the Game API — ``None``, a bool, a string for a
seat, a state of another game, a huge int, a list nested too deep to print —
the answer is a :class:`~spec.errors.CardlawError` (``MalformedInput`` for
an argument of the wrong kind, ``IllegalAction`` for a well-formed action
the rules forbid), never a ``TypeError``, ``AttributeError``, ``KeyError``,
``IndexError`` or ``RecursionError``.  Good arguments at the same states
raise nothing.

The states are reached by random walks (:func:`tests.games.random_walk`):
the start, a chance node, a decision and a finished game of every game the
registry lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NamedTuple, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.spec.errors import CardlawError, IllegalAction, MalformedInput
from tests.games import CONFIGS, GAME_PARAMS, NAMES, TESTED, random_walk

GAMES = list(TESTED.values())


class Reached(NamedTuple):
    """The states of one game the tests feed junk at, with a good action for each."""

    config: Any
    start: Any
    chance: Any
    decision: Any
    finished: Any
    steps: tuple[tuple[Any, Any, Any], ...]
    """(state, its walk's action, the state after) at the start, a chance node and a decision."""
    actions: tuple[Any, ...]
    """Every action the walk took (each of this game's action types that came up)."""
    result: Any

    @property
    def states(self) -> tuple[Any, ...]:
        return (self.start, self.chance, self.decision, self.finished)


@cache
def reached(name: str) -> Reached:
    """A finished random game of ``name`` and the states along its way."""
    game = _game(name)
    options = CONFIGS.get(name, [{}])[0]
    config = game.config(**options)
    for seed in range(20):
        walk = list(random_walk(game, config, seed))
        if walk[-1][1] is not None:
            continue  # an endless game cut short: try another seed
        chances = [i for i, (s, _) in enumerate(walk[1:-1], 1) if game.to_move(s) == CHANCE]
        decisions = [i for i, (s, _) in enumerate(walk[:-1]) if isinstance(game.to_move(s), int)]
        assert chances and decisions, f"{name}: the walk has no mid-game chance node or decision"
        picks = (0, chances[-1], decisions[len(decisions) // 2])
        steps = tuple(
            (walk[i][0], walk[i][1], walk[i + 1][0] if i + 1 < len(walk) else None) for i in picks
        )
        finished = walk[-1][0]
        return Reached(
            config=config,
            start=walk[0][0],
            chance=walk[chances[-1]][0],
            decision=walk[decisions[len(decisions) // 2]][0],
            finished=finished,
            steps=steps,
            actions=tuple(dict.fromkeys(a for _, a in walk if a is not None)),
            result=game.result(finished),
        )
    raise AssertionError(f"{name}: no random game finished within 20 seeds")


def _game(name: str) -> AnyGame:
    return next(game for game in GAMES if game.name == name)


def _deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


REPRODUCERS: list[Any] = [
    "0",
    None,
    True,
    False,
    -1,
    1.0,
    b"0",
    [0],
    {"seat": 0},
    (0,),
    object(),
    10**5000,  # too long for str(): printing it in a message would raise ValueError
    _deep_list(100_000),  # too deep for repr(): printing it would raise RecursionError
    float("nan"),
    Ellipsis,
    int,
]
"""Known reproducers: junk that once reached a raw ``TypeError``, or would break a message."""


def _foreign(name: str) -> list[Any]:
    """A state, a config, an action and a result of every other game."""
    out: list[Any] = []
    for other in NAMES:
        if other != name:
            far = reached(other)
            out += [far.decision, far.config, far.actions[-1], far.result]
    return out


def _own(name: str, *, but: str) -> list[Any]:
    """This game's own objects of the other kinds (a config where a state belongs...)."""
    near = reached(name)
    game = _game(name)
    own = {
        "state": near.decision,
        "config": near.config,
        "action": near.actions[-1],
        "result": near.result,
        "observation": game.observe(near.decision, 0),
    }
    return [value for kind, value in own.items() if kind != but]


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**64),
    st.integers(max_value=-(2**64)),
    st.floats(),
    st.complex_numbers(),
    st.text(max_size=20),
    st.binary(max_size=20),
)


def junk(name: str, *, but: str) -> st.SearchStrategy[Any]:
    """Values of every type that are not a ``but`` (state, config, action...) of game ``name``."""
    containers = st.one_of(
        st.lists(_SCALARS, max_size=5),
        st.tuples(_SCALARS, _SCALARS),
        st.dictionaries(st.text(max_size=8), _SCALARS, max_size=4),
        st.sampled_from([int, str, bytes, frozenset, bytearray, range]).flatmap(st.from_type),
    )
    others = st.sampled_from([object(), Ellipsis, int, *_foreign(name), *_own(name, but=but)])
    return st.one_of(_SCALARS, containers, others)


def _outcome(call: Callable[[], object]) -> CardlawError | None:
    """Run ``call``: the project's error it raised (one line), or ``None``; any other error fails."""
    try:
        call()
    except CardlawError as error:
        assert "\n" not in str(error), f"a message of more than one line: {str(error)!r}"
        return error
    return None


def rejects(call: Callable[[], object], kind: type[CardlawError] = MalformedInput) -> CardlawError:
    """``call`` must raise ``kind`` (and nothing but the project's errors)."""
    error = _outcome(call)
    assert isinstance(error, kind), f"expected {kind.__name__}, got {error!r}"
    return error


def is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


@pytest.mark.parametrize("name", GAME_PARAMS)
@pytest.mark.parametrize("seat", ["0", None])
def test_observe_with_a_seat_that_is_no_number(name: str, seat: object) -> None:
    game, near = _game(name), reached(name)
    players = near.config.players
    for state in near.states:
        error = rejects(lambda: game.observe(state, cast("int", seat)))  # noqa: B023  (called at once)
        assert str(error) == (f"observe: seat must be a seat number 0–{players - 1}, not {seat!r}")


@pytest.mark.parametrize("name", GAME_PARAMS)
@pytest.mark.parametrize("value", REPRODUCERS, ids=lambda v: type(v).__name__)
def test_known_reproducers(name: str, value: Any) -> None:
    game, near = _game(name), reached(name)
    _every_slot(game, near, value)


def _state_readers(game: AnyGame) -> tuple[Callable[[Any], object], ...]:
    """The entry points that take a state alone, ``violations`` apart."""
    return (
        game.to_move,
        game.legal_actions,
        game.chance_outcomes,
        game.result,
        game.describe,
        game.state_to_json,
        game.units_played,
    )


def _every_slot(game: AnyGame, near: Reached, value: Any) -> None:
    """``value`` in every argument of every entry point, at every reached state."""
    players = near.config.players
    for state, action, after in near.steps:
        rejects(lambda: game.apply(value, action))  # noqa: B023
        rejects(lambda: game.apply(state, value))  # noqa: B023
        rejects(lambda: game.events(value, action, after))  # noqa: B023
        rejects(lambda: game.events(state, value, after))  # noqa: B023
        rejects(lambda: game.events(state, action, value))  # noqa: B023
    for state in near.states:
        if not is_seat(value, players):
            rejects(lambda: game.observe(state, value))  # noqa: B023
        rejects(lambda: game.apply(state, value))  # noqa: B023
    for method in (*_state_readers(game), game.violations):
        rejects(lambda: method(value))  # noqa: B023
    rejects(lambda: game.observe(value, 0))
    rejects(lambda: game.step_violations(value, near.start))
    rejects(lambda: game.step_violations(near.start, value))
    rejects(lambda: game.new_game(value))
    rejects(lambda: game.config_to_json(value))
    rejects(lambda: game.action_text(value))
    rejects(lambda: game.result_to_json(value))
    if not isinstance(value, str):
        rejects(lambda: game.parse_action(value))
    if not isinstance(value, Mapping):
        rejects(lambda: game.config_from_json(value))
        rejects(lambda: game.state_from_json(value))
    for option in game.config_to_json(near.config):
        _outcome(lambda: game.config(**{option: value}))  # noqa: B023
        _outcome(lambda: game.config_from_json({option: value}))  # noqa: B023
    error = rejects(lambda: game.config(no_such_option=value))
    assert "no_such_option" in str(error)
    rejects(
        lambda: game.config_from_json(
            cast("dict[str, Any]", {value: 1} if _hashable(value) else {(): 1})
        )
    )
    for field in game.state_to_json(near.decision):
        data = {**game.state_to_json(near.decision), field: value}
        _outcome(lambda: game.state_from_json(data))  # noqa: B023


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _every_game(test: Callable[[str, st.DataObject], None]) -> Callable[..., None]:
    """``test(name, data)`` run for every game, with 40 draws of Hypothesis data each."""
    drawn = given(data=st.data())(settings(max_examples=40)(test))
    return cast("Callable[..., None]", pytest.mark.parametrize("name", GAME_PARAMS)(drawn))


@_every_game
def test_junk_states_are_rejected(name: str, data: st.DataObject) -> None:
    game, near = _game(name), reached(name)
    value = data.draw(junk(name, but="state"), label="state")
    for method in _state_readers(game):
        rejects(lambda: method(value))  # noqa: B023
    state, action, after = data.draw(st.sampled_from(near.steps), label="step")
    rejects(lambda: game.apply(value, action))
    rejects(lambda: game.observe(value, 0))
    rejects(lambda: game.events(value, action, after))
    rejects(lambda: game.events(state, action, value))


@_every_game
def test_junk_seats_are_rejected(name: str, data: st.DataObject) -> None:
    game, near = _game(name), reached(name)
    seat = data.draw(st.one_of(junk(name, but="seat"), st.integers(-3, 8)), label="seat")
    state = data.draw(st.sampled_from(near.states), label="state")
    if is_seat(seat, near.config.players):
        game.observe(state, seat)
    else:
        error = rejects(lambda: game.observe(state, cast("int", seat)))
        last = near.config.players - 1
        if type(seat) is int:  # a number, but no seat's
            assert str(error).startswith(f"observe: there is no seat {seat} in a")
        else:
            assert str(error).startswith(f"observe: seat must be a seat number 0–{last}, not ")


@_every_game
def test_junk_actions_are_rejected(name: str, data: st.DataObject) -> None:
    game, near = _game(name), reached(name)
    value = data.draw(junk(name, but="action"), label="action")
    state, _, after = data.draw(st.sampled_from(near.steps), label="step")
    rejects(lambda: game.apply(state, value))
    rejects(lambda: game.apply(near.finished, value))
    rejects(lambda: game.events(state, value, after))
    rejects(lambda: game.action_text(value))
    if not isinstance(value, str):
        rejects(lambda: game.parse_action(value))


@pytest.mark.parametrize("name", GAME_PARAMS)
@given(
    text=st.text(max_size=30)
    | st.sampled_from(["play ", "dealer 9" * 9, "play 10**99", "9" * 5000])
)
@settings(max_examples=60)
def test_junk_action_text_is_rejected(name: str, text: str) -> None:
    game = _game(name)
    _outcome(lambda: game.parse_action(text))
    for verb in ("play", "dealer", "shuffle", "split", "keep", "bury", "move", "swap", "name"):
        _outcome(lambda: game.parse_action(f"{verb} {text}"))  # noqa: B023


def _accepts(expected: object, value: object) -> bool:
    """Whether ``value`` has the JSON type of an option whose default is ``expected``.

    A list option may also be given as null: the configuration's default.
    """
    if isinstance(expected, list):
        return value is None or isinstance(value, list | tuple)
    return type(value) is type(expected)


@_every_game
def test_junk_configs_are_rejected(name: str, data: st.DataObject) -> None:
    game, near = _game(name), reached(name)
    value = data.draw(junk(name, but="config"), label="config")
    rejects(lambda: game.new_game(value))
    rejects(lambda: game.config_to_json(value))
    if not isinstance(value, Mapping):
        rejects(lambda: game.config_from_json(value))
    defaults = game.config_to_json(near.config)
    option = data.draw(st.sampled_from(sorted(defaults)), label="option")
    option_value = data.draw(junk(name, but="option"), label="value")
    for build in (
        lambda: game.config(**{option: option_value}),
        lambda: game.config_from_json({option: option_value}),
    ):
        if _accepts(defaults[option], option_value):
            _outcome(build)
        else:
            assert option in str(rejects(build))
    key = data.draw(st.one_of(st.text(max_size=8), st.integers(), st.none()), label="key")
    if key not in defaults:
        rejects(lambda: game.config_from_json(cast("dict[str, Any]", {key: 1, **defaults})))
        if isinstance(key, str):
            assert repr(key) in str(rejects(lambda: game.config(**{key: 1})))


@_every_game
def test_junk_results_and_state_files_are_rejected(name: str, data: st.DataObject) -> None:
    game, near = _game(name), reached(name)
    rejects(lambda: game.result_to_json(data.draw(junk(name, but="result"), label="result")))
    state = data.draw(st.sampled_from(near.states), label="state")
    frozen = game.state_to_json(state)
    field = data.draw(st.sampled_from(sorted(frozen)), label="field")
    value = data.draw(junk(name, but="state-field"), label="value")
    _outcome(lambda: game.state_from_json({**frozen, field: value}))
    rejects(lambda: game.state_from_json({k: v for k, v in frozen.items() if k != field}))
    if not isinstance(value, Mapping):
        rejects(lambda: game.state_from_json(value))


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_good_arguments_raise_nothing(name: str) -> None:
    game, near = _game(name), reached(name)
    players = near.config.players
    assert game.new_game(near.config) == near.start
    assert game.config(**game.config_to_json(near.config)) == near.config
    assert game.config_from_json(game.config_to_json(near.config)) == near.config
    for state in near.states:
        game.to_move(state), game.legal_actions(state), game.chance_outcomes(state)
        game.result(state), game.describe(state), game.units_played(state)
        assert game.state_from_json(game.state_to_json(state)) == state
        for seat in range(players):
            game.observe(state, seat)
    for state, action, after in near.steps:
        assert game.apply(state, action) == after
        game.events(state, action, after)
        assert game.parse_action(game.action_text(action)) == action
    game.result_to_json(near.result)
    for action in near.actions:  # the game's own actions after the end break its last clause
        error = rejects(lambda: game.apply(near.finished, action), IllegalAction)  # noqa: B023
        assert isinstance(error, IllegalAction) and error.clause in game.rulebook


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_foreign_action_is_malformed_even_when_it_looks_alike(name: str) -> None:
    """Another game's ``Play`` is not this game's: rejected as malformed, before any rule."""
    game, near = _game(name), reached(name)
    for other in NAMES:
        if other != name:
            for action in reached(other).actions:
                for state in near.states:
                    error = rejects(lambda: game.apply(state, action))  # noqa: B023
                    assert str(error).startswith("apply: action must be")
