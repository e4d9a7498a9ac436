"""Forged states: a real state with one field replaced by junk, at every entry point of every game.

A state of the right type can still hold anything in a field
(``state._replace(hands=None)``, or one seat's hand ``-1``).  Every public
function of the Game API that takes a state must then either work or raise
one of the project's errors (:class:`~spec.errors.CardlawError`, one line):
never a ``TypeError``, ``AttributeError``, ``IndexError``, ``KeyError`` or
``RecursionError``, and never run for ever (a card set of ``-1`` has no last
bit to stop a loop at).  A refusal of the state's form names the field.

The states are the start, a chance node, a decision and the end of a random
game of every game (:func:`tests.engine.test_junk.reached`), and a state at
each stage the game's random walks reach.  The forged value replaces a whole
field, or one item of a tuple field (an item of an item, for a trick of a
list of tricks); it is drawn from junk of many types (Hypothesis), and a
fixed list of known reproducers is tried in every field.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlaw.engine.game
from cardlaw.engine.api import CHANCE, Draw
from cardlaw.spec.errors import CardlawError, MalformedInput
from tests.engine.test_junk import reached
from tests.games import CONFIGS, GAME_PARAMS, TESTED, AnyRulesGame, manifested, random_walk

Call = Callable[[Any], object]


@cache
def staged(name: str) -> tuple[Any, ...]:
    """The first state of each stage that random games of ``name`` reach, with the junk tests'."""
    game = manifested(name)
    config = game.config(**CONFIGS.get(name, [{}])[0])
    seen: dict[int, Any] = {}
    for seed in range(3):
        for state, _ in random_walk(game, config, seed, limit=2000):
            seen.setdefault(int(state.stage), state)
    return (*reached(name).states, *seen.values())


class Rng:
    """A random number generator that draws what it is told (a good draw by default)."""

    def __init__(self, value: object = None) -> None:
        self.value = value

    def randrange(self, n: int) -> object:
        return random.Random(n).randrange(n) if self.value is None else self.value


def calls(game: AnyRulesGame, real: Any) -> dict[str, Call]:
    """Every public Game API function that takes a state, as a call of the (forged) state.

    The other arguments are good ones, taken from the real state ``real``: one
    of its legal actions (or chance's first outcome), a seat, the state after.
    """
    mover = game.to_move(real)
    if mover == CHANCE:
        space = game.chance_outcomes(real)
        action = space.outcome(0) if space is not None else None
    elif mover is None:
        action = reached(game.name).actions[-1]
    else:
        action = game.legal_actions(real)[0]
    after = game.apply(real, action) if mover is not None else real
    out: dict[str, Call] = {
        "to_move": game.to_move,
        "legal_actions": game.legal_actions,
        "sample_legal_action": lambda s: game.sample_legal_action(s, cast("Draw", Rng())),
        "chance_outcomes": game.chance_outcomes,
        "apply": lambda s: game.apply(s, action),
        "observe": lambda s: [game.observe(s, seat) for seat in range(real.config.players)],
        "result": game.result,
        "events": lambda s: (game.events(s, action, after), game.events(real, action, s)),
        "violations": game.violations,
        "step_violations": lambda s: (
            game.step_violations(s, after),
            game.step_violations(real, s),
        ),
        "describe": game.describe,
        "units_played": game.units_played,
        "state_to_json": game.state_to_json,
        "out_of_turn": lambda s: game.out_of_turn(s, action),
        "position_to_json": game.position_to_json,  # a game without positions refuses every state
        "explain": lambda s: game.explain(s, action),
    }
    return out


STATELESS = {
    "action_text",
    "config",
    "config_from_json",
    "config_to_json",
    "new_game",
    "parse_action",
    "position_from_json",
    "result_to_json",
    "state_from_json",
}
"""The public functions that take no state (``tests/engine/test_junk.py`` feeds them junk)."""


def public_functions() -> dict[str, set[str]]:
    """Every public method of the Game API's one implementation, with its parameters' names.

    Read from the source of :class:`engine.game.RulesGame` (a compiled build's methods
    cannot be introspected), properties left out.
    """
    tree = ast.parse(
        (Path(cardlaw.engine.game.__file__).parent / "game.py").read_text(encoding="utf-8")
    )
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "RulesGame")
    return {
        node.name: {arg.arg for arg in node.args.args}
        for node in cls.body
        if isinstance(node, ast.FunctionDef)
        and not node.name.startswith("_")
        and not any(getattr(d, "id", "") == "property" for d in node.decorator_list)
    }


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_every_public_function_that_takes_a_state_is_called(name: str) -> None:
    public = public_functions()
    taking_state = {f for f, params in public.items() if {"state", "before", "after"} & params}
    assert taking_state == set(calls(manifested(name), reached(name).decision)), taking_state
    assert set(public) == taking_state | STATELESS, set(public) - taking_state - STATELESS
    assert all(callable(getattr(manifested(name), f)) for f in public)


def places(state: Any) -> Iterator[tuple[int | str, ...]]:
    """Where a value can be forged: each field, each item of a tuple field, each item of those."""
    for name in state._fields:
        yield (name,)
        value = getattr(state, name)
        if isinstance(value, tuple):
            for i, item in enumerate(value):
                yield (name, i)
                if isinstance(item, tuple):
                    for j in range(len(item)):
                        yield (name, i, j)


def forge(state: Any, place: tuple[int | str, ...], junk: object) -> Any:
    """``state`` with the value at ``place`` (a field, then indexes into it) replaced by ``junk``."""
    name, *path = place

    def put(value: Any, path: list[Any]) -> Any:
        if not path:
            return junk
        i, *rest = path
        return (*value[:i], put(value[i], rest), *value[i + 1 :])

    return state._replace(**{str(name): put(getattr(state, str(name)), path)})


def check(game: AnyRulesGame, real: Any, forged: Any) -> None:
    """Every function that takes a state works on ``forged`` or raises the project's error."""
    for function, call in calls(game, real).items():
        try:
            call(forged)
        except CardlawError as error:
            assert "\n" not in str(error), f"{function}: a message of more than one line: {error}"
        except Exception as error:
            raise AssertionError(f"{function} raised {error!r} on a forged state") from error


REPRODUCERS: list[object] = [
    None,
    True,
    -1,
    -(2**64),
    2**64,
    10**5000,
    1.5,
    float("nan"),
    "x",
    b"",
    (),
    (-1,),
    (None, None),
    ((-1, -1),),
    [0],
    {},
    frozenset(),
    object(),
]
"""Junk known to break the functions once: every one is tried in every field of every state."""


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_known_reproducers_in_every_field(name: str) -> None:
    game = manifested(name)
    for state in (reached(name).decision, reached(name).chance):
        for field in state._fields:
            for junk in REPRODUCERS:
                check(game, state, forge(state, (field,), junk))


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 60),
    st.sampled_from([-1, -2, 2**52, 2**53 - 1, 2**101, -(2**70), 10**40]),
    st.floats(),
    st.text(max_size=5),
    st.binary(max_size=5),
)


@cache
def junk_values(name: str) -> st.SearchStrategy[object]:
    """Junk of many types, other games' states and this game's other objects among it (one
    strategy a game, made once: Hypothesis validates a strategy when it first draws from it)."""
    near = reached(name)
    others = [reached(other).decision for other in TESTED if other != name]
    return st.one_of(
        _SCALARS,
        st.lists(_SCALARS, max_size=4).map(tuple),
        st.lists(st.lists(st.integers(-2, 60), max_size=3).map(tuple), max_size=3).map(tuple),
        st.lists(_SCALARS, max_size=3),
        st.dictionaries(st.text(max_size=3), _SCALARS, max_size=2),
        st.sampled_from([object(), Ellipsis, int, near.config, near.result, *near.actions[:3]]),
        st.sampled_from(others),
    )


@pytest.mark.parametrize("name", GAME_PARAMS)
@given(data=st.data())
@settings(max_examples=150)
def test_forged_states_raise_only_the_projects_errors(name: str, data: st.DataObject) -> None:
    game = manifested(name)
    state = data.draw(st.sampled_from(staged(name)), label="state")
    place = data.draw(st.sampled_from(list(places(state))), label="place")
    junk = data.draw(junk_values(name), label="junk")
    check(game, state, forge(state, place, junk))


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_refused_form_names_the_field(name: str) -> None:
    game = manifested(name)
    state = reached(name).decision
    for field in state._fields:
        forged = forge(state, (field,), object())
        with pytest.raises(MalformedInput) as refused:
            game.state_to_json(forged)
        assert str(refused.value).startswith(f"state_to_json: state.{field} must be "), field
        with pytest.raises(MalformedInput, match=f"^describe: state.{field} must be "):
            game.describe(forged)


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_a_negative_card_set_ends(name: str) -> None:
    """The reproducer of the issue: a mask of -1 in every card-set field, item by item."""
    game = manifested(name)
    for state in staged(name):
        for place in places(state):
            forged = forge(state, place, -1)
            check(game, state, forged)


@pytest.mark.parametrize("name", GAME_PARAMS)
def test_good_states_pass_the_form(name: str) -> None:
    game = manifested(name)
    form = game.manifest.form
    for state in staged(name):
        assert form.problem(state) is None, form.problem(state)
