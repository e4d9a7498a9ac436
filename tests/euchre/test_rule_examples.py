"""The rule document's own example game, and properties of the trick and scoring rules."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.euchre.deal import deal_order
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.scoring import hand_score
from cardlaw.engine.euchre.tricks import (
    LEFT_BOWER,
    RIGHT_BOWER,
    effective_suit,
    explain_illegal_play,
    legal_plays,
    trick_winner,
    winning_value,
)
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.euchre.actions import DISCARDS, ORDER_UP, PASS, PLAYS, ChooseDealer
from cardlaw.spec.euchre.constants import EUCHRE_DECK
from cardlaw.spec.euchre.state import EuchreState, Stage

SPADES, CLUBS, HEARTS, DIAMONDS = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS

# The example of euchre.txt.  Seats: the dealer is seat 3, "left of the dealer" (the
# document's first player) is seat 0, "Player 2" seat 1 (the dealer's partner) and
# "Player 3" seat 2.  Cards the document does not name are filled in consistently.
EXAMPLE_DEALER = 3
EXAMPLE_HANDS = {
    0: "AH KC 10D KH AD",
    1: "QH QC JS AS JH",
    2: "9D 9C JC JD KD",
    3: "9S AC KS QS 9H",
}
EXAMPLE_UPCARD = "10S"
EXAMPLE_KITTY = "10H 10C QD"
EXAMPLE_DISCARD = "9H"
EXAMPLE_TRICKS = [
    # (leader, cards in play order, winner)
    (0, "AH QH 9D 9S", 3),  # the dealer trumps in with the 9 of Spades
    (3, "AC KC QC 9C", 3),  # the Ace of Clubs holds
    (3, "KS 10D JS JC", 1),  # the right bower beats the left bower, forced out as a Spade
    (1, "AS JD 10S KH", 1),  # with both bowers gone the Ace of Spades is best
    (1, "JH KD QS AD", 3),  # the dealer trumps his partner's Jack of Hearts
]


def example_deal() -> EuchreState:
    state = EUCHRE.new_game(EUCHRE.config())
    state = EUCHRE.apply(state, ChooseDealer(EXAMPLE_DEALER))
    shuffle = deal_order(EXAMPLE_DEALER, EXAMPLE_HANDS, EXAMPLE_UPCARD, EXAMPLE_KITTY)
    return EUCHRE.apply(state, shuffle)


@pytest.mark.clauses(
    "euchre.bid.first-round",
    "euchre.bid.pick-up",
    "euchre.cards.trump-order",
    "euchre.cards.left-bower",
    "euchre.trick.first-lead",
    "euchre.trick.follow-suit",
    "euchre.trick.void",
    "euchre.trick.winner",
    "euchre.trick.winner-leads",
    "euchre.score.euchred",
    "euchre.score.march",
)
@pytest.mark.parametrize("maker", ["left of the dealer", "the dealer"])
def test_the_documents_example_game(maker: str) -> None:
    """The five tricks of euchre.txt with Spades trump: the dealer's team takes all five.

    How we read the document: "the top of left" player, the one on the
    dealer's left, tells the dealer to pick up the 10 of Spades, so the left
    player's team are the makers and are euchred (the defenders score 2).
    Read instead as the dealer picking it up, the dealer's team are the makers
    and score a march (2).  Either way the dealer's team scores exactly the 2
    points the document gives, so the test plays both readings.  In the
    second trick the document says Player 3 "chooses the lower of two" Clubs;
    Player 3's printed Clubs are the 9 and the Jack, but the Jack is a Spade
    this hand (as the third trick says), so the 9 is the only legal card.
    The cards the document never shows are filled in: Player 3's low
    off-suit card in the first trick is the 9 of Diamonds, the dealer
    discards the 9 of Hearts, and the 10 of Hearts, 10 of Clubs and Queen of
    Diamonds stay under the up-card.
    """
    state = example_deal()
    assert Card(state.upcard) == Card("10S") and state.actor == 0
    if maker == "left of the dealer":
        state = EUCHRE.apply(state, ORDER_UP[False])
    else:
        for _ in range(3):
            state = EUCHRE.apply(state, PASS)
        state = EUCHRE.apply(state, ORDER_UP[False])
    assert state.stage == Stage.DISCARD and state.trump == SPADES
    assert Card("10S") in CardSet(state.hands[EXAMPLE_DEALER])
    state = EUCHRE.apply(state, DISCARDS[Card(EXAMPLE_DISCARD)])
    assert state.stage == Stage.TRICKS and state.leader == 0  # left of the dealer leads

    # Player 3 must play the 9 of Clubs to the Ace of Clubs: the Jack of Clubs is a Spade.
    trick2_hand = CardSet("9C JC JD KD").mask
    assert CardSet(legal_plays(trick2_hand, Card("AC"), SPADES)) == CardSet("9C")
    # ... and the Jack of Clubs to the King of Spades.
    assert CardSet(legal_plays(CardSet("JC JD KD").mask, Card("KS"), SPADES)) == CardSet("JC")

    for number, (leader, cards, winner) in enumerate(EXAMPLE_TRICKS, start=1):
        assert state.leader == leader, number
        played = [Card(c) for c in cards.split()]
        for card in played:
            state = EUCHRE.apply(state, PLAYS[card])
        assert state.tricks[-1] == (leader, tuple(played))
        assert trick_winner(tuple(played), SPADES) == (winner - leader) % 4
        if number == 3:
            assert state.won == (0, 3)  # "up 3/5 tricks": at least 1 point already
    assert state.won == (0, 5)
    assert state.results == ((1, 2),) and state.scores == (0, 2)
    assert state.stage == Stage.DEAL


def test_the_example_events_name_each_winner() -> None:
    state = EUCHRE.apply(example_deal(), ORDER_UP[False])
    state = EUCHRE.apply(state, DISCARDS[Card(EXAMPLE_DISCARD)])
    winners = []
    hand_end: list[dict[str, Any]] = []
    for _, cards, _ in EXAMPLE_TRICKS:
        for card in cards.split():
            after = EUCHRE.apply(state, PLAYS[Card(card)])
            for event in EUCHRE.events(state, PLAYS[Card(card)], after):
                if event["event"] == "trick":
                    winners.append(event["winner"])
                if event["event"] == "hand-end":
                    hand_end.append(event)
            state = after
    assert winners == [w for _, _, w in EXAMPLE_TRICKS]
    assert hand_end == [
        {
            "event": "hand-end",
            "hand": 1,
            "makers": 0,
            "alone": False,
            "won": [0, 5],
            "team": 1,
            "points": 2,
            "scores": [0, 2],
        }
    ]


@pytest.mark.clauses("euchre.cards.trump-order", "euchre.cards.plain-order")
def test_trump_order_from_the_document() -> None:
    """Spades trump: J♠, J♣, A K Q 10 9 of Spades, seven trumps; red Jacks are plain."""
    order = ["JS", "JC", "AS", "KS", "QS", "10S", "9S"]
    values = [winning_value(Card(c), SPADES, SPADES) for c in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == 7
    assert sum(effective_suit(c, SPADES) == SPADES for c in range(28, 52)) == 7
    hearts = ["AH", "KH", "QH", "JH", "10H", "9H"]
    values = [winning_value(Card(c), SPADES, HEARTS) for c in hearts]
    assert values == sorted(values, reverse=True) and min(values) > 0
    clubs = ["AC", "KC", "QC", "10C", "9C"]
    assert effective_suit(Card("JC"), SPADES) == SPADES
    assert all(winning_value(Card(c), SPADES, CLUBS) > 0 for c in clubs)


@pytest.mark.clauses("euchre.cards.left-bower", "euchre.trick.follow-suit")
def test_left_bower_follows_trump_not_its_printed_suit() -> None:
    assert effective_suit(Card("JD"), HEARTS) == HEARTS
    assert effective_suit(Card("JD"), DIAMONDS) == DIAMONDS
    assert effective_suit(Card("JD"), CLUBS) == DIAMONDS
    # Diamonds led with Hearts trump: J♦ is not a Diamond, so 9♦ must be played.
    hand = CardSet("JD 9D").mask
    assert CardSet(legal_plays(hand, Card("AD"), HEARTS)) == CardSet("9D")
    error = explain_illegal_play(hand, Card("AD"), HEARTS, Card("JD"))
    assert error is not None and error.clause == "euchre.trick.follow-suit"
    # The left bower led asks for trump.
    assert CardSet(legal_plays(CardSet("9H KD").mask, Card("JD"), HEARTS)) == CardSet("9H")
    error = explain_illegal_play(hand, Card("AD"), HEARTS, Card("AS"))
    assert error is not None and error.clause == "euchre.trick.play-from-hand"


@pytest.mark.clauses(
    "euchre.score.makers", "euchre.score.march", "euchre.score.alone-march", "euchre.score.euchred"
)
def test_scoring_table() -> None:
    """The document's table: 3/5 tricks 1 (2 for all five), alone 1/4, defenders 2."""
    for makers in (0, 1):
        for alone in (False, True):
            assert hand_score(makers, 3, alone) == (makers, 1)
            assert hand_score(makers, 4, alone) == (makers, 1)
            for tricks in (0, 1, 2):
                assert hand_score(makers, tricks, alone) == (1 - makers, 2)
        assert hand_score(makers, 5, False) == (makers, 2)
        assert hand_score(makers, 5, True) == (makers, 4)


euchre_cards = st.sampled_from([c for c in range(52) if EUCHRE_DECK >> c & 1])
tricks_of = st.lists(euchre_cards, min_size=3, max_size=4, unique=True)


@pytest.mark.clauses("euchre.trick.winner", "euchre.cards.left-bower")
@given(tricks_of, st.sampled_from(list(Suit)))
def test_the_winner_is_the_one_the_rules_name(cards: list[int], trump: Suit) -> None:
    trick = tuple(cards)
    winner = trick[trick_winner(trick, trump)]
    trumps = [c for c in trick if effective_suit(c, trump) == trump]
    if RIGHT_BOWER[trump] in trick:
        assert winner == RIGHT_BOWER[trump]
    elif LEFT_BOWER[trump] in trick:
        assert winner == LEFT_BOWER[trump]
    elif trumps:
        assert winner == max(trumps, key=lambda c: c >> 2)
    else:
        led = effective_suit(trick[0], trump)
        assert effective_suit(winner, trump) == led
        assert winner == max((c for c in trick if effective_suit(c, trump) == led), key=lambda c: c)


@pytest.mark.clauses("euchre.trick.void", "euchre.trick.follow-suit")
@given(
    st.lists(euchre_cards, min_size=1, max_size=6, unique=True),
    euchre_cards,
    st.sampled_from(list(Suit)),
)
def test_some_card_is_always_legal(cards: list[int], led: int, trump: Suit) -> None:
    hand = sum(1 << c for c in cards)
    legal = legal_plays(hand, led, trump)
    assert legal and legal & ~hand == 0
    follows = [c for c in cards if effective_suit(c, trump) == effective_suit(led, trump)]
    assert legal == (sum(1 << c for c in follows) or hand)
    assert legal_plays(hand, -1, trump) == hand
