"""The variants that match OpenSpiel's euchre: keep-up-card, sitting-dealer-discards, openspiel."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.deal import deal_order
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.euchre.actions import DISCARDS, ORDER_UP, PASS, ChooseDealer
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.state import EuchreState, Stage, sitting_out, up_card_taken
from tests.euchre.test_bidding import DEALER, HANDS, KITTY, UPCARD

OPENSPIEL = dict(EUCHRE.variants["openspiel"])


def dealt(**options: bool) -> EuchreState:
    state = EUCHRE.new_game(EUCHRE.config(**options))
    state = EUCHRE.apply(state, ChooseDealer(DEALER))
    return EUCHRE.apply(state, deal_order(DEALER, HANDS, UPCARD, KITTY))


def test_the_openspiel_preset_sets_the_three_rules() -> None:
    assert OPENSPIEL == {
        "stick_the_dealer": True,
        "keep_up_card": True,
        "sitting_dealer_discards": True,
    }
    assert EUCHRE.variants["keep-up-card"] == {"keep_up_card": True}
    assert EUCHRE.variants["sitting-dealer-discards"] == {"sitting_dealer_discards": True}
    assert repr(EuchreConfig()) == (
        "EuchreConfig(players=4, stick_the_dealer=False, rules=EuchreRules())"
    )


@pytest.mark.clauses("euchre.ruling.discard-up-card", "euchre.bid.pick-up")
def test_keep_up_card_forbids_laying_it_down() -> None:
    state = EUCHRE.apply(dealt(keep_up_card=True), ORDER_UP[False])
    legal = EUCHRE.legal_actions(state)
    assert len(legal) == 5 and DISCARDS[Card(UPCARD)] not in legal
    with pytest.raises(IllegalAction) as info:
        EUCHRE.apply(state, DISCARDS[Card(UPCARD)])
    assert info.value.clause == "euchre.ruling.discard-up-card"
    with pytest.raises(IllegalAction) as info:
        EUCHRE.apply(state, DISCARDS[Card("JH")])  # not the dealer's
    assert info.value.clause == "euchre.bid.pick-up"
    after = EUCHRE.apply(state, DISCARDS[Card("9C")])
    assert after.stage == Stage.TRICKS and not EUCHRE.violations(after)


@pytest.mark.clauses("euchre.ruling.dealer-sits-out")
def test_a_sitting_dealer_still_exchanges_under_the_variant() -> None:
    state = EUCHRE.apply(EUCHRE.apply(dealt(sitting_dealer_discards=True), PASS), ORDER_UP[True])
    assert state.stage == Stage.DISCARD and state.actor == DEALER
    assert sitting_out(state) == DEALER and not EUCHRE.violations(state)
    state = EUCHRE.apply(state, DISCARDS[Card("9C")])
    assert state.stage == Stage.TRICKS and state.discard == Card("9C")
    assert Card(UPCARD) in CardSet(state.hands[DEALER]) and up_card_taken(state)
    assert state.leader == 0 and not EUCHRE.violations(state)
    while state.stage == Stage.TRICKS:
        assert state.actor != DEALER
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[0])
    assert not EUCHRE.violations(state)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(["openspiel", "keep-up-card", "sitting-dealer-discards"]),
)
def test_random_games_under_the_variants_keep_every_invariant(seed: int, preset: str) -> None:
    """Whole random games under each variant: every state keeps every invariant, and the
    variant's rule holds at every discard."""
    import random

    rng = random.Random(seed)
    config = EUCHRE.config(**EUCHRE.variants[preset])
    state = EUCHRE.new_game(config)
    for _ in range(3000):
        if state.stage == Stage.OVER:
            break
        assert not EUCHRE.violations(state)
        chance = EUCHRE.chance_outcomes(state)
        if chance is not None:
            action = chance.outcome(rng.randrange(chance.size))
        else:
            legal = EUCHRE.legal_actions(state)
            if state.stage == Stage.DISCARD and config.keep_up_card:
                assert DISCARDS[state.upcard] not in legal
            action = rng.choice(legal)
        bidding = state.stage == Stage.ORDER_UP
        state = EUCHRE.apply(state, action)
        if bidding and state.maker >= 0 and sitting_out(state) == state.dealer:
            want = Stage.DISCARD if config.sitting_dealer_discards else Stage.TRICKS
            assert state.stage == want
