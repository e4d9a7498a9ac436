"""High Card's own rules, checked by hand: the counts, the winner, the turns, what a seat sees.

The generic contract suite (``tests/engine``) runs the toy like every game;
these tests check what it cannot know: that the rules are the ones the
rulebook states.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial

import pytest

from cardlaw.engine.perft import perft
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.errors import IllegalAction
from tests.games import random_walk
from tests.toy.adapter import PERFT_CASES
from tests.toy.game import TOY
from tests.toy.spec import DECK, Action, Deal, FirstLeader, Play, Stage, ToyState


def deal(top: str) -> Deal:
    """The deal with the cards ``top`` on top (the rest below them, low to high)."""
    cards = tuple(Card(token) for token in top.split())
    return Deal(cards + tuple(card for card in DECK if card not in cards))


def dealt(top: str, *, leader: int = 0, low_wins: bool = False) -> ToyState:
    """The state after the toss for ``leader`` and :func:`deal` of ``top``."""
    state = TOY.new_game(TOY.config(low_wins=low_wins))
    return TOY.apply(TOY.apply(state, FirstLeader(leader)), deal(top))


def played(state: ToyState, *cards: str) -> ToyState:
    for card in cards:
        state = TOY.apply(state, Play(Card(card)))
    return state


@pytest.mark.parametrize(("options", "seed", "stage", "depth"), PERFT_CASES)
def test_perft_counts_by_hand(options: dict[str, bool], seed: int, stage: str, depth: int) -> None:
    """From the first trick: 3 leads, 3 replies, then 2 and 2, then 1 and 1."""
    config = TOY.config(**options)
    start = next(s for s, _ in random_walk(TOY, config, seed) if s.stage.name == stage)
    assert [perft(TOY, start, d) for d in range(1, depth + 1)] == [3, 9, 18, 36, 36, 36]


def test_chance_is_a_fair_coin_then_a_fair_shuffle() -> None:
    state = TOY.new_game(TOY.config())
    toss = TOY.chance_outcomes(state)
    assert toss is not None and toss.size == 2
    assert [toss.probability(FirstLeader(seat)) for seat in (0, 1, 2)] == [
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(0),
    ]
    deals = TOY.chance_outcomes(TOY.apply(state, FirstLeader(1)))
    assert deals is not None and deals.size == factorial(13)
    assert deals.probability(Deal(DECK[::-1])) == Fraction(1, factorial(13))
    assert deals.probability(Deal(DECK[:-1])) == 0


def test_the_deal_gives_the_top_three_to_seat_0_and_the_next_three_to_seat_1() -> None:
    state = dealt("AS KS QS 2S 3S 4S", leader=1)
    assert [CardSet(hand) for hand in state.hands] == [CardSet("AS KS QS"), CardSet("2S 3S 4S")]
    assert len(CardSet(state.aside)) == 7 and state.actor == 1 and state.stage == Stage.TRICKS


def test_the_higher_card_wins_and_its_player_leads_the_next_trick() -> None:
    state = played(dealt("2S 9S KS 3S 4S AS"), "9S", "4S")
    assert state.won == (1, 0) and state.actor == 0
    state = played(state, "2S", "AS")
    assert state.won == (1, 1) and state.actor == 1
    final = played(state, "3S", "KS")
    result = TOY.result(final)
    assert final.stage == Stage.OVER and TOY.to_move(final) is None and result is not None
    assert TOY.result_to_json(result) == {"won": [2, 1], "winner": 0}


def test_with_the_variant_the_lower_card_wins() -> None:
    state = played(dealt("2S 9S KS 3S 4S AS", low_wins=True), "9S", "4S")
    assert state.won == (0, 1) and state.actor == 1


def test_a_card_not_in_hand_is_illegal_and_any_card_in_hand_is_legal() -> None:
    state = dealt("2S 9S KS 3S 4S AS")
    assert set(TOY.legal_actions(state)) == {Play(card) for card in CardSet("2S 9S KS")}
    for card in ("3S", "5S", "AH", "JK"):
        with pytest.raises(IllegalAction) as info:
            TOY.apply(state, Play(Card(card)))
        assert info.value.clause == "toy.trick.play"
        assert str(info.value) == f"seat 0 does not hold {card} [toy.trick.play]"


def test_out_of_turn_and_after_the_end() -> None:
    state = dealt("2S 9S KS 3S 4S AS")
    with pytest.raises(IllegalAction) as info:
        TOY.apply(state, FirstLeader(1))
    assert str(info.value) == "seat 0 must play a card now, not 'leader 1' [toy.play.turns]"
    final = played(state, "9S", "4S", "2S", "AS", "3S", "KS")
    with pytest.raises(IllegalAction) as info:
        TOY.apply(final, Play(Card("2S")))
    assert str(info.value) == "the game is over; 'play 2S' cannot be played [toy.end.three-tricks]"


def test_a_seat_sees_its_hand_and_the_cards_played_only() -> None:
    one, other = dealt("2S 9S KS 3S 4S AS"), dealt("2S 9S KS 5S 6S 7S")
    assert one.hands[1] != other.hands[1] and one.aside != other.aside
    assert TOY.observe(one, 0) == TOY.observe(other, 0)
    assert TOY.observe(one, 1) != TOY.observe(other, 1)
    seen = TOY.observe(played(one, "9S"), 1)
    assert seen.hand == CardSet("3S 4S AS") and seen.trick == (Card("9S"),)


def test_the_events_of_a_game() -> None:
    state = TOY.new_game(TOY.config())
    actions: list[Action] = [FirstLeader(0), deal("2S 9S KS 3S 4S AS")]
    actions += [Play(Card(card)) for card in ["9S", "4S", "2S", "AS", "3S", "KS"]]
    found = []
    for action in actions:
        after = TOY.apply(state, action)
        found += TOY.events(state, action, after)
        state = after
    assert found == [
        {"event": "first-leader", "seat": 0},
        {"event": "trick", "number": 1, "leader": 0, "cards": ["9S", "4S"], "winner": 0},
        {"event": "trick", "number": 2, "leader": 0, "cards": ["2S", "AS"], "winner": 1},
        {"event": "trick", "number": 3, "leader": 1, "cards": ["3S", "KS"], "winner": 0},
        {"event": "game-over", "won": [2, 1], "winner": 0},
    ]
