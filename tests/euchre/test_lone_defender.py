"""The variant lone-defender: a defender may go alone, its partner sitting out (issue 16)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.record import build_record, replay_record
from cardlaw.spec.cards import Card
from cardlaw.spec.errors import IllegalAction, MalformedInput
from cardlaw.spec.euchre.actions import DEFEND_ALONE, DISCARDS, ORDER_UP, PASS, PLAYS, parse_action
from cardlaw.spec.euchre.constants import PARTNER, TEAM_OF
from cardlaw.spec.euchre.invariants import expected_points
from cardlaw.spec.euchre.state import EuchreState, Stage, seats_out
from tests.euchre.test_openspiel_variants import dealt

DEALER = 3  # tests.euchre.test_bidding's deal: seat 3 deals, 10♠ turned up


def asked(**options: bool) -> EuchreState:
    """Seat 0 passes, seat 1 orders up alone, the dealer discards: the defenders are asked."""
    state = EUCHRE.apply(dealt(lone_defender=True, **options), PASS)
    state = EUCHRE.apply(state, ORDER_UP[True])  # seat 1 alone: seat 3, the dealer, sits out
    if state.stage == Stage.DISCARD:
        state = EUCHRE.apply(state, DISCARDS[Card("9C")])
    return state


@pytest.mark.clauses("euchre.ruling.defender-alone", "euchre.ruling.lone-lead")
def test_the_defenders_are_asked_from_the_dealers_left() -> None:
    state = asked()
    assert state.stage == Stage.DEFEND and state.actor == 0  # the dealer's left defends
    assert [a.text for a in EUCHRE.legal_actions(state)] == ["defend alone", "pass"]
    second = EUCHRE.apply(state, PASS)
    assert second.stage == Stage.DEFEND and second.actor == PARTNER[0]
    tricks = EUCHRE.apply(second, PASS)
    assert tricks.stage == Stage.TRICKS and tricks.defender == -1 and tricks.leader == 0
    assert not EUCHRE.violations(second) and not EUCHRE.violations(tricks)


@pytest.mark.clauses("euchre.ruling.defender-alone", "euchre.trick.clockwise")
def test_a_lone_defender_against_a_lone_maker_plays_two_card_tricks() -> None:
    state = EUCHRE.apply(EUCHRE.apply(asked(), PASS), DEFEND_ALONE)  # seat 2 alone
    assert state.defender == 2 and seats_out(state) == (3, 0)
    assert state.leader == 1  # seats 0 and 3 sit out: the first in play from seat 0
    while state.stage == Stage.TRICKS:
        assert state.actor in (1, 2) and not EUCHRE.violations(state)
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[0])
    assert all(len(cards) == 2 for _, cards in state.tricks)
    team, points = state.results[-1]
    makers = TEAM_OF[1]
    assert (team, points) == expected_points(
        makers, state.won, alone=True, lone_defender=True, rules=state.config.rules
    )


@pytest.mark.clauses("euchre.ruling.defender-alone")
def test_defending_alone_is_refused_outside_its_turn_or_variant() -> None:
    plain = EUCHRE.apply(EUCHRE.apply(dealt(), PASS), ORDER_UP[True])
    with pytest.raises(IllegalAction):
        EUCHRE.apply(plain, DEFEND_ALONE)  # no variant: the tricks have begun
    with pytest.raises(IllegalAction) as info:
        EUCHRE.apply(asked(), PLAYS[Card("9C")])
    assert info.value.clause in ("euchre.ruling.defender-alone", "euchre.hand.phases")
    assert parse_action("defend alone") is DEFEND_ALONE
    with pytest.raises(MalformedInput):
        parse_action("defend")


@pytest.mark.clauses("euchre.ruling.lone-defender-score", "euchre.score.euchred")
def test_a_lone_defenders_euchre_scores_a_lone_march() -> None:
    """Random hands under the variant until a lone defender euchres the makers."""
    rng = random.Random(16)
    rules = EUCHRE.config().rules
    seen = set()
    for _ in range(400):
        state = EUCHRE.new_game(EUCHRE.config(lone_defender=True))
        while not state.results and state.stage != Stage.OVER:
            chance = EUCHRE.chance_outcomes(state)
            if chance is not None:
                action = chance.outcome(rng.randrange(chance.size))
            else:
                action = rng.choice(EUCHRE.legal_actions(state))
            state = EUCHRE.apply(state, action)
        if state.maker < 0:
            continue
        team, points = state.results[-1]
        makers = TEAM_OF[state.maker]
        lone = state.defender >= 0
        if team != makers:
            seen.add(lone)
            assert points == (rules.alone_march_points if lone else rules.euchre_points)
    assert seen == {True, False}


def test_a_game_under_the_variant_records_and_replays() -> None:
    rng = random.Random(7)
    config = EUCHRE.config(lone_defender=True, stick_the_dealer=True)
    state, actions = EUCHRE.new_game(config), []
    while state.stage != Stage.OVER:
        chance = EUCHRE.chance_outcomes(state)
        if chance is not None:
            action = chance.outcome(rng.randrange(chance.size))
        else:
            legal = EUCHRE.legal_actions(state)
            action = DEFEND_ALONE if DEFEND_ALONE in legal else rng.choice(legal)
        actions.append(action)
        state = EUCHRE.apply(state, action)
    record = build_record(EUCHRE, config, actions)
    assert any(entry["action"] == "defend alone" for entry in record["actions"])
    replay = replay_record(record)
    assert replay.error is None and replay.final == state
    assert EUCHRE.state_from_json(EUCHRE.state_to_json(state)) == state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), openspiel=st.booleans())
def test_random_games_under_lone_defender_keep_every_invariant(seed: int, openspiel: bool) -> None:
    """Whole random games: every state keeps every invariant, a sitting seat never acts."""
    rng = random.Random(seed)
    options = {**(EUCHRE.variants["openspiel"] if openspiel else {}), "lone_defender": True}
    state = EUCHRE.new_game(EUCHRE.config(**options))
    for _ in range(3000):
        if state.stage == Stage.OVER:
            break
        assert not EUCHRE.violations(state)
        chance = EUCHRE.chance_outcomes(state)
        if chance is not None:
            action = chance.outcome(rng.randrange(chance.size))
        else:
            assert state.actor not in seats_out(state) or state.stage == Stage.DISCARD
            action = rng.choice(EUCHRE.legal_actions(state))
        after = EUCHRE.apply(state, action)
        assert not EUCHRE.step_violations(state, after)
        state = after
