"""Split's numbered cards and action notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.spec.errors import MalformedCard, MalformedInput
from cardlaw.spec.split import NumberCard, NumberSet
from cardlaw.spec.split.actions import parse_action
from tests.split.adapter import REPR_NAMES


@pytest.mark.clauses("split.components.deck", "split.cards.wild")
@given(st.integers(0, (1 << 101) - 1))
def test_sets_round_trip(mask: int) -> None:
    cards = NumberSet(mask)
    assert NumberSet.parse(str(cards)) == cards
    assert eval(repr(cards), REPR_NAMES) == cards
    assert len(cards.standard) + len(cards.wild) == len(cards)
    assert all(NumberCard(int(c)) is c for c in cards)


@pytest.mark.parametrize("token", ["101", "-1", "7S", "", "1.5", "x"])
def test_bad_numbers(token: str) -> None:
    with pytest.raises(MalformedCard):
        NumberCard(token)


@pytest.mark.parametrize(
    "text",
    [
        "play",
        "play 1 2",
        "play 101",
        "move up",
        "reset now",
        "aid 50",
        "dealer x",
        "shuffle 1 2 3",
        "shuffle " + " ".join(["5"] * 101),
        "reshuffle",
        "jump 5",
    ],
)
def test_bad_actions(text: str) -> None:
    with pytest.raises(MalformedInput):
        parse_action(text)
