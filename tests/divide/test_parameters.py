"""Divide under a designer's changed rule parameters (``--set``): whole games, records, rulings."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.record import build_record, replay_record
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.invariants import violations
from tests.games import random_walk

pytestmark = pytest.mark.clauses(
    "divide.deal.nine",
    "divide.divide.secure",
    "divide.divide.offers",
    "divide.divide.choose",
    "divide.components.tokens",
    "divide.ruling.bonus-supply",
)


@st.composite
def rules_and_players(draw: st.DrawFn) -> tuple[DivideRules, int]:
    """Rules whose numbers fit together, and a player count they can be dealt to."""
    players = draw(st.sampled_from([4, 5]))
    dealt = draw(st.integers(3, 52 // players))
    hand = dealt - 1
    offer = draw(st.integers(1, hand // 2))
    rules = DivideRules(
        cards_dealt=dealt,
        secure_size=hand - 2 * offer,
        offer_size=offer,
        keep_size=draw(st.integers(1, offer)),
        suit_tokens=draw(st.integers(0, 4)),
        suit_points=draw(st.integers(0, 6)),
        bonus_tokens=draw(st.integers(0, 6)),
        bonus_points=draw(st.integers(0, 9)),
        rounds=draw(st.integers(1, 3)),
    )
    return rules, players


@given(rules_and_players(), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_whole_games_under_changed_rules(case: tuple[DivideRules, int], seed: int) -> None:
    """Every game ends, every state keeps the invariants, and the record replays as played."""
    rules, players = case
    config = DivideConfig(players=players, rules=rules)
    walk = list(random_walk(DIVIDE, config, seed))
    final, last = walk[-1]
    assert last is None and DIVIDE.result(final) is not None
    for state, _ in walk[::7]:
        assert not violations(DIVIDE.invariants, state)
    assert len(final.scores) == rules.rounds
    assert all(len(tricks) == rules.hand_size for tricks in [final.tricks])
    record = build_record(DIVIDE, config, [a for _, a in walk if a is not None])
    assert record["config"] == DIVIDE.config_to_json(config)
    replay = replay_record(record)
    assert replay.legal and replay.final == final


def test_the_printed_rules_add_nothing_to_a_record() -> None:
    assert "rules" not in DIVIDE.config_to_json(DIVIDE.config())
    assert DIVIDE.config_to_json(DIVIDE.config(rules={"BONUS_TOKENS": 4}))["rules"] == {
        "BONUS_TOKENS": 4
    }
    assert DIVIDE.config(rules={"bonus-tokens": 5}).rules == PRINTED_RULES


@pytest.mark.parametrize(
    ("rules", "players", "words"),
    [
        ({"CARDS_DEALT": 20}, 5, "need 100 cards from a 52-card deck [divide.deal.nine]"),
        ({"CARDS_DEALT": 10}, 4, "[divide.divide.offers]"),
        ({"KEEP_SIZE": 4}, 4, "cannot be more than the OFFER_SIZE=3 cards"),
        ({"BONUS_TOKENS": 53}, 4, "BONUS_TOKENS must be from 0 to 52, not 53"),
        ({"BONUS_TOKENS": "4"}, 4, "BONUS_TOKENS must be a whole number, not '4'"),
        ({"BONUS_TOKENS": True}, 4, "BONUS_TOKENS must be a whole number"),
        ({"TOKENS": 4}, 4, "unknown Divide rule parameter 'TOKENS' (known: CARDS_DEALT"),
        ([4], 4, "'rules' must be a JSON object"),
    ],
)
def test_bad_overrides_name_the_constraint(rules: Any, players: int, words: str) -> None:
    with pytest.raises(MalformedInput) as caught:
        DIVIDE.config_from_json({"players": players, "rules": rules})
    message = str(caught.value)
    assert words in message and "\n" not in message


def test_an_empty_bonus_supply_earns_no_token() -> None:
    """[divide.ruling.bonus-supply]: under a supply of four, the eighth Spade trick earns nothing."""
    from cardlaw.proofs.divide.scenarios import one_suit_sweep

    rules = DivideRules(bonus_tokens=4)
    config = DivideConfig(rules=rules)
    record = build_record(DIVIDE, config, one_suit_sweep(4, rules))
    tricks = [
        event
        for entry in record["actions"]
        for event in entry.get("events", [])
        if event["event"] == "trick"
    ]
    tokens = [event["token"] for event in tricks]
    assert tokens == ["suit"] * 3 + ["bonus"] * 4 + ["none"]
    final = replay_record(record).final
    assert final.bonus == 0 and sum(final.bonus_taken) == 4 and final.scores[0][0] == 26
    assert not violations(DIVIDE.invariants, final)


@pytest.mark.parametrize(
    "rules",
    [
        DivideRules(cards_dealt=7, secure_size=2, offer_size=2, keep_size=1),
        DivideRules(cards_dealt=10, secure_size=3),
        DivideRules(cards_dealt=11, secure_size=2, offer_size=4, keep_size=3),
    ],
)
def test_sampling_picks_what_listing_lists_under_changed_sizes(rules: DivideRules) -> None:
    """``sample_legal_action`` makes the draw ``legal_actions`` would, under any sizes."""
    import random

    config = DivideConfig(rules=rules)
    for state, _ in random_walk(DIVIDE, config, 5):
        if DIVIDE.to_move(state) in ("chance", None):
            continue
        legal = DIVIDE.legal_actions(state)
        for seed in range(3):
            index = random.Random(seed).randrange(len(legal))
            assert DIVIDE.sample_legal_action(state, random.Random(seed)) == legal[index]


def test_offers_of_unequal_size_are_illegal() -> None:
    """Both offers hold OFFER_SIZE cards: two and four of six is no split [divide.divide.offers]."""
    from cardlaw.spec.cards import CardSet
    from cardlaw.spec.divide.actions import Split
    from cardlaw.spec.divide.state import Stage
    from cardlaw.spec.errors import IllegalAction

    config = DivideConfig()
    state = next(s for s, _ in random_walk(DIVIDE, config, 1) if s.stage == Stage.SPLIT)
    cards = list(CardSet(state.hands[state.actor]))
    for left in (cards[:2], cards[:4]):
        right = [c for c in cards if c not in left]
        with pytest.raises(IllegalAction, match="into two offers of 3") as caught:
            DIVIDE.apply(state, Split(CardSet.of(left), CardSet.of(right)))
        assert caught.value.clause == "divide.divide.offers"
