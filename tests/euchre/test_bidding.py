"""Making trump: both rounds, going alone, the dealer's exchange, throw-ins and rulings."""

from __future__ import annotations

import pytest

from cardlaw.engine.euchre.deal import deal_order
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.errors import IllegalAction, MalformedInput
from cardlaw.spec.euchre.actions import (
    DISCARDS,
    NAMES,
    ORDER_UP,
    PASS,
    PLAYS,
    Action,
    ChooseDealer,
    Play,
)
from cardlaw.spec.euchre.state import EuchreState, Stage, sitting_out
from tests.games import space_at

DEALER = 3
HANDS = {
    0: "JS JC AS KS QS",
    1: "AH KH QH JH 10H",
    2: "AD KD QD JD 10D",
    3: "AC KC QC 10C 9C",
}
UPCARD, KITTY = "10S", "9S 9H 9D"


def dealt(stick: bool = False, hands: dict[int, str] | None = None) -> EuchreState:
    state = EUCHRE.new_game(EUCHRE.config(stick_the_dealer=stick))
    state = EUCHRE.apply(state, ChooseDealer(DEALER))
    return EUCHRE.apply(state, deal_order(DEALER, hands or HANDS, UPCARD, KITTY))


def passes(state: EuchreState, count: int) -> EuchreState:
    for _ in range(count):
        state = EUCHRE.apply(state, PASS)
    return state


def clause_of(state: EuchreState, action: Action) -> str:
    with pytest.raises(IllegalAction) as info:
        EUCHRE.apply(state, action)
    return info.value.clause


@pytest.mark.clauses("euchre.bid.first-round", "euchre.bid.second-round", "euchre.ruling.up-card")
def test_two_rounds_of_bidding() -> None:
    state = dealt()
    assert state.actor == 0 and state.stage == Stage.ORDER_UP
    assert clause_of(state, NAMES[Suit.HEARTS][False]) == "euchre.bid.first-round"
    assert clause_of(state, PLAYS[Card("JS")]) == "euchre.hand.phases"
    state = passes(state, 4)
    assert state.stage == Stage.NAME_TRUMP and state.actor == 0
    assert clause_of(state, ORDER_UP[False]) == "euchre.bid.second-round"
    assert clause_of(state, NAMES[Suit.SPADES][False]) == "euchre.ruling.up-card"
    named = [a.text for a in EUCHRE.legal_actions(state)]
    assert named == ["name C", "name C alone", "name D", "name D alone", "name H",
                     "name H alone", "pass"]  # fmt: skip
    state = EUCHRE.apply(state, PASS)
    state = EUCHRE.apply(state, NAMES[Suit.HEARTS][False])
    assert (state.stage, state.maker, state.trump, state.discard) == (Stage.TRICKS, 1, 2, -1)
    assert Card("10S") not in CardSet(state.hands[DEALER])  # the up-card stays turned down


@pytest.mark.clauses("euchre.ruling.all-pass", "euchre.ruling.thrown-in-hand")
def test_all_pass_throws_the_hand_in() -> None:
    state = passes(dealt(), 8)
    assert state.stage == Stage.DEAL and state.results == ((-1, 0),) and state.scores == (0, 0)
    assert not EUCHRE.violations(state)
    assert EUCHRE.units_played(state) == 1
    state = EUCHRE.apply(state, space_at(EUCHRE, state).outcome(0))
    assert state.dealer == 0 and state.actor == 1 and state.deal == 2


@pytest.mark.clauses("euchre.ruling.all-pass")
def test_stick_the_dealer() -> None:
    state = passes(dealt(stick=True), 7)
    assert state.actor == DEALER
    assert PASS not in EUCHRE.legal_actions(state)
    assert clause_of(state, PASS) == "euchre.ruling.all-pass"
    state = EUCHRE.apply(state, NAMES[Suit.CLUBS][False])
    assert state.maker == DEALER and state.stage == Stage.TRICKS
    assert EUCHRE.variants["stick-the-dealer"] == {"stick_the_dealer": True}


@pytest.mark.clauses("euchre.bid.pick-up", "euchre.ruling.discard-up-card")
def test_the_dealer_may_discard_the_up_card() -> None:
    state = EUCHRE.apply(dealt(), ORDER_UP[False])
    assert state.stage == Stage.DISCARD and state.actor == DEALER
    assert len(EUCHRE.legal_actions(state)) == 6
    assert clause_of(state, DISCARDS[Card("JS")]) == "euchre.bid.pick-up"
    state = EUCHRE.apply(state, DISCARDS[Card("10S")])
    assert state.discard == Card("10S") and state.stage == Stage.TRICKS
    assert not EUCHRE.violations(state)


@pytest.mark.clauses("euchre.bid.alone", "euchre.score.alone-march", "euchre.ruling.alone-timing")
def test_a_lone_march_scores_four() -> None:
    state = EUCHRE.apply(dealt(), ORDER_UP[True])
    state = EUCHRE.apply(state, DISCARDS[Card("9C")])
    assert sitting_out(state) == 2 and state.leader == 0
    while state.stage == Stage.TRICKS:
        assert state.actor != 2
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[-1])
    assert state.won == (5, 0) and state.results == ((0, 4),)
    assert all(len(cards) == 3 for _, cards in state.tricks)
    assert CardSet(state.hands[2]) == CardSet(HANDS[2])  # the partner never played


@pytest.mark.clauses("euchre.ruling.dealer-sits-out")
def test_the_dealer_sits_out_without_taking_the_up_card() -> None:
    state = passes(dealt(), 1)  # seat 0 passes; seat 1, the dealer's partner, goes alone
    state = EUCHRE.apply(state, ORDER_UP[True])
    assert state.stage == Stage.TRICKS and sitting_out(state) == DEALER
    assert state.discard == -1 and Card("10S") not in CardSet(state.hands[DEALER])
    assert state.leader == 0 and not EUCHRE.violations(state)


@pytest.mark.clauses("euchre.ruling.lone-lead", "euchre.trick.first-lead")
def test_first_lead_when_the_dealers_left_sits_out() -> None:
    state = passes(dealt(), 4 + 2)  # everyone passes once, then seats 0 and 1 again
    # Seat 2, the partner of seat 0 (the dealer's left), names trump alone: seat 0 sits
    # out and the next seat clockwise, seat 1 (the dealer's partner), leads.
    state = EUCHRE.apply(state, NAMES[Suit.DIAMONDS][True])
    assert sitting_out(state) == 0 and state.leader == 1 and state.actor == 1


@pytest.mark.clauses("euchre.ruling.defender-alone")
def test_only_the_maker_goes_alone() -> None:
    state = EUCHRE.apply(dealt(), ORDER_UP[False])
    state = EUCHRE.apply(state, DISCARDS[Card("9C")])
    assert all(type(a) is Play for a in EUCHRE.legal_actions(state))
    assert clause_of(state, ORDER_UP[True]) == "euchre.hand.phases"


@pytest.mark.clauses("euchre.end.ten", "euchre.ruling.end-at-once")
def test_the_game_ends_at_once_at_ten() -> None:
    state = dealt()._replace(scores=(8, 3), results=((0, 4), (0, 4), (1, 2), (1, 1)), deal=5)
    state = EUCHRE.apply(state, ORDER_UP[False])  # seat 0 holds the top five trumps
    state = EUCHRE.apply(state, DISCARDS[Card("9C")])
    while state.stage == Stage.TRICKS:
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[-1])
    assert state.stage == Stage.OVER and state.scores == (10, 3)
    result = EUCHRE.result(state)
    assert result is not None and result.winner == 0 and result.winners == (0, 2)
    assert EUCHRE.to_move(state) is None and EUCHRE.legal_actions(state) == ()
    assert clause_of(state, PASS) == "euchre.end.ten"


@pytest.mark.clauses("euchre.setup.players")
def test_four_players_only() -> None:
    for players in (3, 5, 6):
        with pytest.raises(MalformedInput):
            EUCHRE.config(players=players)
    with pytest.raises(MalformedInput):
        EUCHRE.config(stick_the_dealer="yes")
