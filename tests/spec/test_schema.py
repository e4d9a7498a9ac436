"""The shared validator: every problem, by path, never a crash; bool is never a number."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.spec.cards import Card
from cardlaw.spec.schema import (
    ANY,
    MAX_PROBLEMS,
    Bool,
    Cards,
    Choice,
    Int,
    List,
    Nullable,
    Object,
    OneOf,
    Problem,
    Refine,
    SchemaError,
    Seat,
    Text,
    problems,
    validate,
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["chance", "AS", "7X", "up", "10H KH"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=20,
)

ENTRY = Object(
    {"actor": Seat(4, chance=True), "action": Text()},
    optional={"events": List(Object(extra=ANY))},
)
SCHEMAS = [
    ANY,
    Bool(),
    Int(min=0, max=3),
    Text(nonempty=True),
    Choice("up", "down", 1),
    Seat(4, chance=True),
    Nullable(Int(min=0)),
    List(ENTRY, max_length=3),
    Object({"a": Int()}, optional={"b": Cards(Card, count=2)}),
    OneOf(Int(min=0), List(Text())),
    Refine(Int(), lambda v: None if v != 3 else "three"),
    Object({"actions": List(ENTRY), "seed": Nullable(Int(min=0))}),
]


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: type(s).__name__)
@given(value=json_values)
def test_any_document_gets_problems_never_a_crash(schema: Any, value: Any) -> None:
    found = problems(schema, value, "doc")
    assert len(found) <= MAX_PROBLEMS
    for problem in found:
        assert problem.path.startswith("doc") and problem.message and "\n" not in str(problem)
    if found:
        with pytest.raises(SchemaError) as error:
            validate(schema, value, "doc")
        assert error.value.problems == tuple(found) and "\n" not in str(error.value)
    else:
        validate(schema, value, "doc")


@given(st.booleans())
def test_a_boolean_is_never_a_number(flag: bool) -> None:
    for schema in (Int(), Int(min=0, max=1), Seat(2), Choice(0, 1), Nullable(Int())):
        assert problems(schema, flag), schema
    assert not problems(Bool(), flag)


@given(st.integers(-10, 10))
def test_ranges(number: int) -> None:
    assert (not problems(Int(min=0, max=3), number)) == (0 <= number <= 3)
    assert (not problems(Seat(4), number)) == (0 <= number < 4)
    assert (not problems(Seat(None), number)) == (number >= 0)


def test_every_problem_is_named_by_its_path() -> None:
    value = {
        "actions": [
            {"actor": 0, "action": "play 7S"},
            {"actor": "x", "action": 3, "events": ["junk"], "extra": 1},
        ],
        "seed": -1,
        "other": True,
    }
    found = [str(p) for p in problems(SCHEMAS[-1], value, "record")]
    assert found == [
        'record.actions[1].actor: expected a seat 0–3 or "chance", got "x"',
        "record.actions[1].action: expected text, got 3",
        'record.actions[1].events[0]: expected an object, got "junk"',
        "record.actions[1].extra: unknown field (known: actor, action, events)",
        "record.seed: expected a whole number 0 or more, or null, got -1",
        "record.other: unknown field (known: actions, seed)",
    ]


def test_cards_use_the_games_parser() -> None:
    schema = Cards(Card, example="7D", count=2)
    assert not problems(schema, "AS 10H") and not problems(schema, ["AS", "10h"])
    assert [str(p) for p in problems(schema, ["AS", "7X", 3], "hand")] == [
        "hand[1]: bad card '7X': unknown suit 'X'",
        "hand[2]: expected a card, got 3",
        'hand: expected 2 cards, like "7D", got 3 cards',
    ]
    numbers = Cards(int, numbers=True)
    assert not problems(numbers, [1, "2"]) and problems(numbers, [True])


def test_many_problems_stay_one_line_and_are_capped() -> None:
    found = problems(List(Int()), ["x"] * 1000, "list")
    assert len(found) == MAX_PROBLEMS
    message = str(SchemaError(found))
    assert message.count("; ") == 10 and message.endswith("and 90+ more") and "\n" not in message
    assert str(SchemaError([Problem("", "alone")])) == "alone"
