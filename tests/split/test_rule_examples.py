"""The rule document's own statements as tests, and the rulings' decisions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.piles import between_mask, opening_cards, playable_mask
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import Aid, Bury, ChooseDealer, Move, Play, Reset, Shuffle
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK, NumberSet, mask_of
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import CARDS_DEALT, DEALER_EXTRA
from cardlaw.spec.split.state import End, SplitState, Stage, initial_state
from tests.split.positions import table, texts


def deal(config: SplitConfig, dealer: int, order: list[int]) -> SplitState:
    state = SPLIT.apply(SPLIT.new_game(config), ChooseDealer(dealer))
    return SPLIT.apply(state, Shuffle(tuple(order)))


@pytest.mark.clauses("split.components.deck", "split.cards.wild", "split.cards.standard")
def test_the_cards() -> None:
    """101 cards, 0 to 100; 0, 1, 99, 100 and every number ending in 0 are wild."""
    wild = [n for n in range(101) if WILD_MASK >> n & 1]
    assert wild == [0, 1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99, 100]
    assert STANDARD_MASK.bit_count() == 88 and STANDARD_MASK & WILD_MASK == 0


@pytest.mark.clauses(
    "split.deal.seven",
    "split.deal.dealer-extra",
    "split.deal.draw-pile",
    "split.open.piles",
    "split.open.first-player",
    "split.ruling.pile-sides",
    "split.ruling.deal-order",
)
def test_deal_and_opening() -> None:
    """Seven cards each, two more for the dealer, who opens with the lowest and highest
    standard cards; the player to the dealer's left goes first."""
    order = list(range(101))
    random.Random(4).shuffle(order)
    state = deal(SplitConfig(players=4), 3, order)
    dealer_cards = set(order[28:30]) | {order[j] for j in range(3, 28, 4)}
    assert NumberSet(state.hands[0]).mask == mask_of(order[0:28:4])  # the dealer's left first
    standard = sorted(c for c in dealer_cards if STANDARD_MASK >> c & 1)
    assert (state.left, state.right) == (standard[0], standard[-1])
    assert state.hands[3].bit_count() == CARDS_DEALT + DEALER_EXTRA - 2
    assert len(state.draw) == 101 - 4 * CARDS_DEALT - DEALER_EXTRA
    assert state.draw == tuple(order[30:])
    assert SPLIT.to_move(state) == 0 and state.direction == 1


@pytest.mark.clauses("split.open.piles", "split.ruling.no-cheating")
def test_the_dealer_opens_with_standard_cards_even_holding_0_and_100() -> None:
    hand = mask_of([0, 100, 5, 97, 50])
    assert opening_cards(hand) == (5, 97)


@pytest.mark.clauses("split.turn.play-between", "split.ruling.strictly-between")
@given(st.integers(0, 100), st.integers(0, 100), st.integers(1, (1 << 101) - 1))
def test_between_is_strict_and_either_way(a: int, b: int, hand: int) -> None:
    assert between_mask(a, b) == between_mask(b, a)
    for card in range(101):
        assert bool(between_mask(a, b) >> card & 1) == (min(a, b) < card < max(a, b))
    playable = playable_mask(hand, a, b)
    assert playable & ~hand == 0
    assert playable & STANDARD_MASK == hand & STANDARD_MASK & between_mask(a, b)


@pytest.mark.clauses("split.turn.play-between", "split.wild.any-time")
def test_only_cards_between_or_wild_cards_may_be_played() -> None:
    state = table([[12, 45, 60, 95], [33]], 30, 70)
    assert texts(state) == ["play 45", "play 60", "reset"]
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(state, Play(12))
    assert info.value.clause == "split.turn.play-between"
    # The piles are 70 | 30 the other way round: the same cards fit.
    assert texts(table([[12, 45, 60, 95], [33]], 70, 30)) == texts(state)


@pytest.mark.clauses(
    "split.turn.move-middle", "split.ruling.move-onto-pile", "split.ruling.one-decision"
)
def test_the_next_player_moves_the_middle_card_then_plays() -> None:
    state = table([[45, 55], [48, 62]], 30, 70, middle=50, actor=1)
    assert texts(state) == ["move left", "move right", "reset"]
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(state, Play(62))  # the middle card must be moved first
    assert info.value.clause == "split.turn.move-middle"
    left = SPLIT.apply(state, Move("left"))
    assert (left.left, left.right, left.middle) == (50, 70, -1)
    assert texts(left) == ["play 62", "reset"]
    right = SPLIT.apply(state, Move("right"))
    assert (right.left, right.right) == (30, 50) and texts(right) == ["play 48", "reset"]
    with pytest.raises(IllegalAction):
        SPLIT.apply(left, Move("left"))  # nothing left in the middle


@pytest.mark.clauses("split.turn.must-reset")
def test_a_player_who_cannot_play_must_reset() -> None:
    state = table([[5, 95], [33]], 30, 70)
    assert texts(state) == ["reset"]


@pytest.mark.clauses("split.wild.reverse", "split.turn.order")
def test_a_wild_card_reverses_and_the_player_to_the_right_places_it() -> None:
    state = table([[45, 90], [33], [48], [52]], 30, 70, actor=1, config=SplitConfig(players=4))
    state = state._replace(hands=(state.hands[1], state.hands[0], *state.hands[2:]))
    # Seat 1 holds 45 and 90: it plays the wild 90; seat 0 (to its right) is next.
    after = SPLIT.apply(state, Play(90))
    assert after.direction == -1 and after.actor == 0 and after.middle == 90
    placed = SPLIT.apply(after, Move("right"))
    assert placed.right == 90  # the wild card's number is now that pile's number
    after = SPLIT.apply(placed, Reset())
    assert after.direction == 1  # a reset restarts clockwise [split.ruling.after-reset]


@pytest.mark.clauses("split.wild.two-players")
def test_two_players_ignore_the_reverse() -> None:
    state = table([[45, 90], [33]], 30, 70)
    after = SPLIT.apply(state, Play(90))
    assert after.direction == 1 and after.actor == 1


@pytest.mark.clauses("split.end.first-empty")
def test_playing_the_last_card_wins() -> None:
    state = table([[45], [33, 34]], 30, 70)
    after = SPLIT.apply(state, Play(45))
    assert after.stage == Stage.OVER and after.end == End.WIN and after.winner == 0
    result = SPLIT.result(after)
    assert result is not None and result.winners == (0,) and result.outcome == "win"


@pytest.mark.clauses("split.end.no-wild-finish")
def test_a_last_wild_card_cannot_be_played() -> None:
    state = table([[60], [33]], 30, 70)
    assert texts(state) == ["reset"]
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(state, Play(60))
    assert info.value.clause == "split.end.no-wild-finish"


@pytest.mark.clauses(
    "split.reset.discard",
    "split.reset.draw-three",
    "split.reset.reopen",
    "split.reset.fresh-start",
    "split.ruling.after-reset",
)
def test_reset_discards_draws_three_and_reopens() -> None:
    """The TIP: a reset ends the turn with one card more than it started with."""
    state = table(
        [[5, 95], [33, 34], [41]],
        30,
        70,
        middle=50,
        actor=1,
        draw=[12, 88, 20, 77],
        config=SplitConfig(players=3),
    )
    before = state.hands[1].bit_count()
    after = SPLIT.apply(state, Reset())
    assert after.hands[1].bit_count() == before + 1
    assert after.discard >> 30 & 1 and after.discard >> 50 & 1 and after.discard >> 70 & 1
    assert (after.left, after.right) == (12, 88)  # its own lowest and highest standard cards
    assert NumberSet(after.hands[1]) == NumberSet("20 33 34")
    assert after.draw == (77,)
    assert after.actor == 2 and after.direction == 1 and after.turn == state.turn + 1


@pytest.mark.clauses("split.reset.choose", "split.ruling.reset-timing")
def test_any_player_may_reset_on_their_turn_but_not_after_playing() -> None:
    state = table([[45, 55], [48, 62]], 30, 70)
    assert "reset" in texts(state)
    played = SPLIT.apply(state, Play(45))
    assert played.actor == 1  # the turn is over: seat 0 cannot reset now
    assert "reset" in texts(played) and "reset" in texts(SPLIT.apply(played, Move("left")))


@pytest.mark.clauses("split.open.put-under", "split.ruling.put-under-card", "split.reset.reopen")
def test_an_opener_short_of_standard_cards_puts_any_card_under() -> None:
    """The document's "place a card": a standard card may go under, and it can be the better
    choice (hand 5 and three wild cards, 95, 50 and 51 on top of the draw pile)."""
    state = table([[5], [33]], 31, 71, draw=[10, 20, 40, 95, 50, 51, 44])
    after = SPLIT.apply(state, Reset())  # draws the wild cards 10 20 40: one standard card
    assert after.stage == Stage.BURY and after.actor == 0 and after.draw[:3] == (95, 50, 51)
    assert texts(after) == ["under 5", "under 10", "under 20", "under 40"]
    wild_first = SPLIT.apply(after, Bury(10))  # takes 95: opens 5 | 95
    assert wild_first.stage == Stage.PLAY and (wild_first.left, wild_first.right) == (5, 95)
    five_first = SPLIT.apply(after, Bury(5))  # takes 95: still one standard card
    assert five_first.stage == Stage.BURY and five_first.buried == 1
    five_first = SPLIT.apply(five_first, Bury(10))  # takes 50, a wild card
    five_first = SPLIT.apply(five_first, Bury(20))  # takes 51: opens 51 | 95
    assert five_first.stage == Stage.PLAY and (five_first.left, five_first.right) == (51, 95)
    assert five_first.buried == 0 and five_first.draw[-3:] == (5, 10, 20)


@pytest.mark.clauses("split.ruling.put-under-card")
def test_under_put_under_wild_only_a_wild_card_goes_under() -> None:
    config = SplitConfig(players=2, put_under_wild=True)
    state = table([[5, 99], [33]], 31, 71, draw=[10, 20, 40, 60, 44, 80], config=config)
    after = SPLIT.apply(state, Reset())  # draws 10 20 40: wild cards only
    assert after.stage == Stage.BURY and after.actor == 0
    assert texts(after) == ["under 10", "under 20", "under 40", "under 99"]
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(after, Bury(5))
    assert info.value.clause == "split.ruling.put-under-card"
    one = SPLIT.apply(after, Bury(20))  # takes 60 (wild): still short
    assert one.stage == Stage.BURY and one.draw == (44, 80, 20)
    two = SPLIT.apply(one, Bury(60))  # takes 44
    assert two.stage == Stage.PLAY and (two.left, two.right) == (5, 44)
    assert NumberSet(two.hands[0]) == NumberSet("10 40 99")
    assert two.draw == (80, 20, 60)
    assert "put_under_wild" in SPLIT.config_to_json(config)
    assert "put_under_wild" not in SPLIT.config_to_json(SplitConfig(players=2))


@pytest.mark.clauses("split.ruling.put-under-round")
def test_after_a_full_round_of_the_draw_pile_only_wild_cards_go_under() -> None:
    """An opener who puts their one standard card under whenever a standard card is on top
    could go round the draw pile for ever; after one round only wild cards may go under."""
    state = table([[5], [33]], 31, 71, draw=[10, 20, 40, 95, 50, 62])
    state = SPLIT.apply(state, Reset())  # draws 10 20 40; the draw pile is 95 50 62
    rounds = len(state.draw)
    for _ in range(rounds):  # stall: the standard card under when a standard card is on top
        top_is_standard = STANDARD_MASK >> state.draw[0] & 1
        card = _lowest(state.hands[0] & (STANDARD_MASK if top_is_standard else WILD_MASK))
        state = SPLIT.apply(state, Bury(card))
        assert state.stage == Stage.BURY
    assert state.buried == rounds
    assert all(isinstance(a, Bury) and WILD_MASK >> a.card & 1 for a in SPLIT.legal_actions(state))
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(state, Bury(_lowest(state.hands[0] & STANDARD_MASK)))
    assert info.value.clause == "split.ruling.put-under-round"
    while state.stage == Stage.BURY:  # wild cards only: the opening ends
        state = SPLIT.apply(state, SPLIT.legal_actions(state)[0])
    assert state.stage == Stage.PLAY and state.buried == 0


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _all_but(*cards: int) -> list[int]:
    return [c for c in range(101) if c not in cards]


@pytest.mark.clauses("split.ruling.empty-draw-pile", "split.ruling.short-draw")
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile() -> None:
    rest = _all_but(5, 95, 12, 31, 71, 44)
    state = table([[5, 95], rest], 31, 71, draw=[12], under=[44])
    after = SPLIT.apply(state, Reset())  # draws 12, then the draw pile is empty
    assert after.stage == Stage.RESHUFFLE and SPLIT.to_move(after) == "chance"
    space = SPLIT.chance_outcomes(after)
    assert space is not None and space.size == 6  # 31, 44 and 71: 3! orders
    refilled = SPLIT.apply(after, space.outcome(0))
    assert refilled.stage == Stage.PLAY and refilled.hands[0].bit_count() == 3
    assert refilled.discard == 0 and len(refilled.draw) == 1


@pytest.mark.clauses("split.ruling.short-draw")
def test_fewer_than_three_cards_to_draw() -> None:
    wild = [c for c in range(101) if WILD_MASK >> c & 1]
    state = table([[*wild, 5], _all_but(*wild, 5, 44, 55)], 44, 55, draw=[])
    after = SPLIT.apply(state, Reset())  # only 44 and 55 (just discarded) can be drawn
    space = SPLIT.chance_outcomes(after)
    assert space is not None and space.size == 2
    refilled = SPLIT.apply(after, space.outcome(0))
    assert refilled.stage == Stage.PLAY and refilled.draw == () and refilled.discard == 0
    assert (refilled.left, refilled.right) == (5, 55)
    assert refilled.hands[0].bit_count() == 13 + 1 + 2 - 2


@pytest.mark.clauses("split.ruling.put-under-exhausted")
def test_no_standard_card_anywhere_blocks_the_opening() -> None:
    standard = [c for c in range(101) if STANDARD_MASK >> c & 1]
    wild = [c for c in range(101) if WILD_MASK >> c & 1]
    # Seat 1 holds every standard card but two on the table; seat 0 holds wild cards.
    state = table([wild[:4], standard[2:]], standard[0], standard[1], draw=wild[4:])
    after = SPLIT.apply(state, Reset())
    assert after.stage == Stage.RESHUFFLE  # the two standard cards just discarded
    space = SPLIT.chance_outcomes(after)
    assert space is not None
    refilled = SPLIT.apply(after, space.outcome(0))
    while refilled.stage == Stage.BURY:
        refilled = SPLIT.apply(refilled, SPLIT.legal_actions(refilled)[0])
    assert refilled.stage == Stage.PLAY
    # Now with the two standard cards in another hand: nothing can be found.
    blocked = table([wild[:4], standard[2:]], standard[0], standard[1], draw=wild[4:])
    blocked = blocked._replace(
        hands=(blocked.hands[0], blocked.hands[1] | 1 << standard[0] | 1 << standard[1]),
        table=1 << 50 | 1 << 60 | 1 << 70,
        left=50,
        right=70,
        draw=tuple(w for w in wild[4:] if w not in (50, 60, 70)),
    )
    assert not SPLIT.violations(blocked)
    end = SPLIT.apply(blocked, Reset())
    assert end.stage == Stage.OVER and end.end == End.BLOCKED
    result = SPLIT.result(end)
    assert result is not None and result.outcome == "draw" and result.reason == "blocked"


@pytest.mark.clauses("split.ruling.turn-limit")
def test_the_turn_limit_ends_the_game_as_a_draw() -> None:
    config = SplitConfig(players=2, max_turns=6)
    state = table([[45, 55], [48, 62]], 30, 70, config=config, turn=5)
    after = SPLIT.apply(state, Play(45))
    assert after.stage == Stage.OVER and after.end == End.TURN_LIMIT
    result = SPLIT.result(after)
    assert result is not None and result.outcome == "draw" and result.winners == ()


@pytest.mark.clauses("split.ruling.turn-limit", "split.reset.choose")
@pytest.mark.parametrize(("players", "period"), [(2, 4), (3, 6)])
def test_resets_can_go_on_for_ever(players: int, period: int) -> None:
    """Players who always reset come back to a position they were in: without the turn limit
    the game could go round that cycle for ever.  Chance takes its first outcome each time, a
    legal outcome with positive probability."""
    config = SplitConfig(players=players, max_turns=500)
    state = SPLIT.new_game(config)
    seen: dict[SplitState, int] = {}
    step = 0
    while SPLIT.to_move(state) is not None:
        key = state._replace(turn=0)  # the same position, whatever the turn count
        if key in seen:
            break
        seen[key] = step
        if SPLIT.to_move(state) == "chance":
            space = SPLIT.chance_outcomes(state)
            assert space is not None and space.probability(space.outcome(0)) > 0
            action = space.outcome(0)
        else:
            legal = SPLIT.legal_actions(state)
            action = Reset() if Reset() in legal else legal[0]
        state = SPLIT.apply(state, action)
        step += 1
    assert SPLIT.to_move(state) is not None, "the game ended before a position repeated"
    assert step - seen[state._replace(turn=0)] == period
    # With the limit, the same players reach it and the game is a draw.
    rng = random.Random(1)
    state = SPLIT.new_game(SplitConfig(players=players, max_turns=150))
    while SPLIT.to_move(state) is not None:
        if SPLIT.to_move(state) == "chance":
            space = SPLIT.chance_outcomes(state)
            assert space is not None
            action = space.outcome(rng.randrange(space.size))
        else:
            legal = SPLIT.legal_actions(state)
            action = Reset() if Reset() in legal else legal[0]
        state = SPLIT.apply(state, action)
    assert state.end == End.TURN_LIMIT and state.turn == 150


@pytest.mark.clauses("split.setup.modes", "split.ruling.player-count", "split.coop.players")
def test_player_counts() -> None:
    for players in (2, 3, 4, 5, 6):
        SplitConfig(players=players)
    for players in (3, 4, 5):
        SplitConfig(mode="cooperative", players=players)
    for bad in ({"players": 1}, {"players": 7}, {"mode": "cooperative", "players": 6}):
        with pytest.raises(ValueError):
            SPLIT.config(**bad)


@pytest.mark.clauses("split.coop.aids-aside", "split.ruling.coop-harder")
def test_cooperative_deck_sets_0_and_100_aside() -> None:
    for aids in ((0, 100), (0,), ()):
        config = SplitConfig(mode="cooperative", players=3, aids=aids)
        state = SPLIT.apply(SPLIT.new_game(config), ChooseDealer(0))
        space = SPLIT.chance_outcomes(state)
        assert space is not None
        dealt = SPLIT.apply(state, space.outcome(12345))
        assert dealt.aside == 1 | 1 << 100
        assert len(dealt.draw) == 99 - 3 * 7 - 2
        assert SPLIT.observe(dealt, 0).aids == NumberSet.of(aids)


@pytest.mark.clauses("split.coop.aid-use", "split.ruling.coop-no-chosen-reset")
def test_cooperative_aids_and_no_reset_by_choice() -> None:
    config = SplitConfig(mode="cooperative", players=3)
    state = table([[45, 55], [48], [62]], 30, 70, config=config)
    assert texts(state) == ["play 45", "play 55", "aid 0", "aid 100"]
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(state, Reset())
    assert info.value.clause == "split.ruling.coop-no-chosen-reset"
    after = SPLIT.apply(state, Aid(100))  # instead of a card from hand
    assert after.hands == state.hands and after.middle == 100 and after.aside == 1
    assert after.direction == -1 and after.actor == 2  # it reverses like any wild card
    assert "aid 100" not in texts(SPLIT.apply(after, Move("left")))  # once only
    stuck = table([[5, 95], [48], [62]], 30, 70, config=config)
    assert texts(stuck) == ["aid 0", "aid 100"]  # instead of a reset


@pytest.mark.clauses("split.coop.lose-on-reset")
def test_cooperative_reset_loses() -> None:
    config = SplitConfig(mode="cooperative", players=3, aids=())
    state = table([[5, 95], [48], [62]], 30, 70, config=config)
    assert texts(state) == ["reset"]
    after = SPLIT.apply(state, Reset())
    result = SPLIT.result(after)
    assert result is not None and result.outcome == "loss" and result.winners == ()


@pytest.mark.clauses("split.coop.win", "split.ruling.coop-empty-hand")
def test_cooperative_win_and_empty_hands_are_skipped() -> None:
    config = SplitConfig(mode="cooperative", players=3, aids=())
    state = table([[45], [48, 52], [62]], 30, 70, config=config)
    after = SPLIT.apply(state, Play(45))  # seat 0 is out of cards; the game goes on
    assert after.stage == Stage.MOVE and after.actor == 1
    after = SPLIT.apply(SPLIT.apply(after, Move("left")), Play(48))  # piles 45 | 70
    after = SPLIT.apply(SPLIT.apply(after, Move("left")), Play(62))  # piles 48 | 70
    assert after.actor == 1  # seat 0 is skipped
    after = SPLIT.apply(SPLIT.apply(after, Move("right")), Play(52))  # piles 48 | 62
    result = SPLIT.result(after)
    assert result is not None and result.outcome == "win" and result.winners == (0, 1, 2)


@pytest.mark.clauses("split.coop.win", "split.end.no-wild-finish")
def test_cooperative_hands_cannot_end_on_a_wild_card() -> None:
    config = SplitConfig(mode="cooperative", players=3, aids=(100,))
    state = table([[60], [48], [62]], 30, 70, config=config)
    assert texts(state) == ["aid 100"]


@pytest.mark.clauses("split.ruling.coop-reverse", "split.coop.aid-use")
def test_aids_are_not_usable_in_the_competitive_game() -> None:
    state = table([[45, 55], [48]], 30, 70)
    with pytest.raises(IllegalAction) as info:
        SPLIT.apply(state, Aid(0))
    assert info.value.clause == "split.coop.aid-use"


@pytest.mark.clauses("split.ruling.put-under-exhausted", "split.ruling.put-under-round")
def test_an_opening_blocked_after_cards_went_under_counts_none_under() -> None:
    standard = [c for c in range(101) if STANDARD_MASK >> c & 1]
    wild = [c for c in range(101) if WILD_MASK >> c & 1]
    # Seat 0 opens holding three wild cards; the only standard card left to draw is on top.
    state = initial_state(SplitConfig(players=2))._replace(
        stage=Stage.BURY,
        dealer=1,
        actor=0,
        opener=0,
        turn=3,
        hands=(mask_of(wild[:3]), mask_of(c for c in standard if c != 5)),
        draw=(5, *wild[3:]),
    )
    assert not SPLIT.violations(state)
    after = SPLIT.apply(state, Bury(wild[0]))  # takes 5: one standard card, none left to draw
    assert after.stage == Stage.OVER and after.end == End.BLOCKED
    assert after.buried == 0 and not SPLIT.violations(after)
