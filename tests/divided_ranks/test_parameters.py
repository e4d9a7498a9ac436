"""Divided Ranks under rule overrides: whole games, bad overrides, and a verdict that changes.

The overrides are those the fixed pack allows (:mod:`spec.divided_ranks.parameters`):
the draft's ``ROUNDS`` x ``PAIR_SIZE`` and the ``RESERVE_TURNS``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divided_ranks.codec import config_from_json, config_to_json
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import build_record, replay_record
from cardlaw.spec.divided_ranks.actions import Split, parse_action
from cardlaw.spec.divided_ranks.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules, check_rules
from cardlaw.spec.divided_ranks.state import Stage
from cardlaw.spec.errors import IllegalAction, MalformedInput
from cardlaw.spec.invariants import step_violations, violations
from tests.games import random_walk, space_at

pytestmark = pytest.mark.clauses(
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.split",
    "divided-ranks.draft.end",
    "divided-ranks.reserve.turns",
    "divided-ranks.ruling.equal-splits",
    "divided-ranks.ruling.no-reserve-turns",
)

DRAFTS = st.sampled_from([(5, 2), (10, 1), (2, 5)])
"""Every (ROUNDS, PAIR_SIZE) the 20-card stock allows with pairs of 1 to 5 cards."""

overrides = st.builds(
    lambda draft, turns: {"ROUNDS": draft[0], "PAIR_SIZE": draft[1], "RESERVE_TURNS": turns},
    DRAFTS,
    st.integers(0, 10),
)


@given(
    overrides,
    st.sampled_from(["blind", "face-up"]),
    st.sampled_from(["fewer-splits", "coin"]),
    st.integers(0, 2**32),
)
@settings(max_examples=40, deadline=None)
def test_random_games_under_overrides(
    rules: dict[str, int], swap: str, order: str, seed: int
) -> None:
    """A random game ends, keeps every invariant, and its record replays under its rules."""
    config = DIVIDED_RANKS.config(rules=rules, swap=swap, reserve_order=order)
    assert config_to_json(config).get("rules", {}) == {
        k: v for k, v in rules.items() if v != getattr(PRINTED_RULES, k.lower())
    }
    actions: list[Any] = []
    before = None
    final = None
    for state, action in random_walk(DIVIDED_RANKS, config, seed):
        assert violations(INVARIANTS, state) == []
        if before is not None:
            assert step_violations(STEP_INVARIANTS, before, state) == []
        for seat in (0, 1):
            DIVIDED_RANKS.observe(state, seat)
        before = state
        if action is None:
            final = state
        else:
            actions.append(action)
    assert final is not None and final.stage == Stage.OVER
    assert len(final.rounds) == rules["ROUNDS"] and len(final.swaps) == rules["RESERVE_TURNS"]
    assert all(h.bit_count() == 10 for h in final.hands)
    record = build_record(DIVIDED_RANKS, config, actions)
    replay = replay_record(record)
    assert replay.legal and replay.final == final
    assert replay.final.config.rules == config.rules


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"ROUND": 4}, "unknown Divided Ranks rule parameter 'ROUND' (known: ROUNDS, PAIR_SIZE, "),
        ({"PAIR_SIZE": 6}, "PAIR_SIZE must be from 1 to 5, not 6 [divided-ranks.draft.split]"),
        ({"RESERVE_TURNS": -1}, "RESERVE_TURNS must be from 0 to 10, not -1 "),
        ({"ROUNDS": "5"}, "ROUNDS must be a whole number, not '5' [divided-ranks.draft.rounds]"),
        ({"ROUNDS": 4}, "ROUNDS=4 x 2 x PAIR_SIZE=2 deals 16 cards, but the draft must deal out "),
        ({"PAIR_SIZE": 5}, "ROUNDS=5 x 2 x PAIR_SIZE=5 deals 50 cards"),
    ],
)
def test_bad_overrides_are_one_line(rules: dict[str, Any], message: str) -> None:
    with pytest.raises(MalformedInput) as caught:
        config_from_json({"rules": rules})
    text = str(caught.value)
    assert text.startswith(message) and "\n" not in text
    if "deals" in text:
        assert text.endswith("[divided-ranks.draft.end]")


def test_the_printed_rules_add_nothing_to_a_record() -> None:
    assert "rules" not in config_to_json(DIVIDED_RANKS.config())
    assert config_from_json({"rules": {"reserve-turns": 2}}).rules == PRINTED_RULES
    check_rules(PRINTED_RULES)


def _to_split(rules: dict[str, int]) -> Any:
    state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config(rules=rules))
    while state.stage != Stage.SPLIT:
        state = DIVIDED_RANKS.apply(state, space_at(DIVIDED_RANKS, state).outcome(0))
    return state


@pytest.mark.parametrize(("rounds", "pair", "splits"), [(5, 2, 6), (10, 1, 2), (2, 5, 252)])
def test_splits_follow_the_pair_size(rounds: int, pair: int, splits: int) -> None:
    state = _to_split({"ROUNDS": rounds, "PAIR_SIZE": pair})
    legal = DIVIDED_RANKS.legal_actions(state)
    assert len(legal) == len(set(legal)) == splits
    assert all(isinstance(a, Split) and len(a.up) == len(a.down) == pair for a in legal)
    assert all(parse_action(a.text) == a for a in legal)


def test_a_split_of_the_wrong_size_is_illegal_for_the_rules() -> None:
    state = _to_split({"ROUNDS": 10, "PAIR_SIZE": 1})
    pairs = DIVIDED_RANKS.legal_actions(_to_split({}))[0]
    with pytest.raises(IllegalAction, match=r"top two cards .* into two single cards"):
        DIVIDED_RANKS.apply(state, pairs)
    with pytest.raises(MalformedInput, match="as many cards on each side, got 1 and 2"):
        parse_action("split AS / AH AD")
    printed = _to_split({})
    top = DIVIDED_RANKS.legal_actions(printed)[0]
    assert isinstance(top, Split)
    one_each = parse_action(f"split {next(iter(top.up))} / {next(iter(top.down))}")
    with pytest.raises(IllegalAction, match=r"top four cards .* into two pairs, not"):
        DIVIDED_RANKS.apply(printed, one_each)


@pytest.mark.parametrize("order", ["fewer-splits", "coin"])
def test_no_reserve_turns_go_straight_to_the_builds(order: str) -> None:
    config = DIVIDED_RANKS.config(rules={"RESERVE_TURNS": 0}, reserve_order=order)
    for state, _ in random_walk(DIVIDED_RANKS, config, 7):
        assert state.stage != Stage.RESERVE
        if state.stage == Stage.BUILD and state.builds == ((0, 0), (0, 0)):
            assert state.actor == state.reserve_first
    assert state.stage == Stage.OVER and state.swaps == ()


def test_equal_splits_give_the_first_reserve_turn_to_the_second_splitter() -> None:
    config = DIVIDED_RANKS.config(rules={"ROUNDS": 10, "PAIR_SIZE": 1})
    for state, _ in random_walk(DIVIDED_RANKS, config, 3):
        if state.stage == Stage.RESERVE:
            counts = [sum(1 for r in state.rounds if r[0] == seat) for seat in (0, 1)]
            assert counts == [5, 5] and state.reserve_first == 1 - state.first_splitter
            return
    raise AssertionError("the game never reached the reserve")


def test_rules_repr_and_properties() -> None:
    rules = DividedRanksRules(rounds=2, pair_size=5, reserve_turns=0)
    assert repr(rules) == "DividedRanksRules(rounds=2, pair_size=5, reserve_turns=0)"
    assert (rules.split_size, rules.splits) == (10, (1, 1))
