"""The rules of play: the draft, the reserve, the builds and the scoring, with their clauses."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from cardlaw.engine.divided_ranks.arrange import build_value
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.scoring import decide
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divided_ranks.actions import (
    KEEP,
    TAKE_DOWN,
    TAKE_UP,
    Build,
    FirstSplitter,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    parse_action,
)
from cardlaw.spec.divided_ranks.constants import PACK
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.errors import IllegalAction, MalformedInput

ORDER = [
    *["JK", "AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"],
    *["JS", "JH", "JD", "JC", "10S", "10H", "10D", "10C"],
]
"""A fixed shuffle: the Joker is the reserve; the stock runs Aces, Kings, Queens, ..."""


def start(**options: Any) -> DividedRanksState:
    state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config(**options))
    state = DIVIDED_RANKS.apply(state, FirstSplitter(0))
    return DIVIDED_RANKS.apply(state, Shuffle(tuple(Card(c) for c in ORDER)))


def after_draft(**options: Any) -> DividedRanksState:
    state = start(**options)
    for _ in range(5):
        state = DIVIDED_RANKS.apply(state, DIVIDED_RANKS.legal_actions(state)[0])
        state = DIVIDED_RANKS.apply(state, TAKE_UP)
    return state


def build(one: str, two: str) -> int:
    return build_value(CardSet(one).mask, CardSet(two).mask)


def clause_of(state: DividedRanksState, action: Any) -> str:
    with pytest.raises(IllegalAction) as info:
        DIVIDED_RANKS.apply(state, action)
    return info.value.clause


@pytest.mark.clauses("divided-ranks.setup.reserve", "divided-ranks.setup.shuffle")
def test_the_shuffle_deals_the_reserve_and_the_stock() -> None:
    state = start()
    assert state.reserve == Card("JK") and len(state.stock) == 20
    assert state.stage == Stage.SPLIT and state.actor == 0
    space = DIVIDED_RANKS.chance_outcomes(DIVIDED_RANKS.new_game(DIVIDED_RANKS.config()))
    assert space is not None and space.probability(FirstSplitter(1)) == Fraction(1, 2)
    with pytest.raises(MalformedInput):
        parse_action("shuffle " + " ".join(ORDER[:-1]))


@pytest.mark.clauses("divided-ranks.draft.split", "divided-ranks.draft.choose")
def test_a_round_splits_the_top_four() -> None:
    state = start()
    splits = [s for s in DIVIDED_RANKS.legal_actions(state) if isinstance(s, Split)]
    assert len(splits) == 6 and all(
        s.up.mask | s.down.mask == CardSet("AS AH AD AC").mask for s in splits
    )
    bad = Split(CardSet("AS AH"), CardSet("KS KH"))
    assert clause_of(state, bad) == "divided-ranks.draft.split"
    state = DIVIDED_RANKS.apply(state, Split(CardSet("AS AH"), CardSet("AD AC")))
    assert state.actor == 1 and DIVIDED_RANKS.legal_actions(state) == (TAKE_UP, TAKE_DOWN)
    state = DIVIDED_RANKS.apply(state, TAKE_DOWN)
    assert state.hands == (CardSet("AS AH").mask, CardSet("AD AC").mask)
    assert state.actor == 1 and state.stage == Stage.SPLIT  # the splitter changes
    assert clause_of(state, KEEP) == "divided-ranks.play.phases"


@pytest.mark.clauses(
    "divided-ranks.draft.rounds", "divided-ranks.draft.end", "divided-ranks.reserve.order"
)
def test_five_rounds_then_the_player_who_split_twice_goes_first() -> None:
    state = after_draft()
    assert [r[0] for r in state.rounds] == [0, 1, 0, 1, 0]
    assert all(h.bit_count() == 10 for h in state.hands) and not state.stock
    assert state.stage == Stage.RESERVE and state.actor == state.reserve_first == 1


@pytest.mark.clauses("divided-ranks.variant.coin-flip-reserve")
def test_coin_flip_reserve_order() -> None:
    state = after_draft(reserve_order="coin")
    assert state.stage == Stage.RESERVE_ORDER and DIVIDED_RANKS.to_move(state) == "chance"
    space = DIVIDED_RANKS.chance_outcomes(state)
    assert space is not None and space.probability(ReserveFirst(0)) == Fraction(1, 2)
    state = DIVIDED_RANKS.apply(state, ReserveFirst(0))
    assert state.actor == state.reserve_first == 0


@pytest.mark.clauses("divided-ranks.reserve.turns", "divided-ranks.reserve.blind")
def test_reserve_turns() -> None:
    state = after_draft()
    first = state.actor
    assert len(DIVIDED_RANKS.legal_actions(state)) == 11
    theirs = next(c for c in PACK if state.hands[1 - first] >> c & 1)
    assert clause_of(state, Swap(Card(theirs))) == "divided-ranks.reserve.blind"
    mine = next(c for c in PACK if state.hands[first] >> c & 1)
    state = DIVIDED_RANKS.apply(state, Swap(Card(mine)))
    assert state.reserve == mine and state.hands[first] >> Card("JK") & 1
    assert state.actor == 1 - first
    # The second player swaps with whatever the first left there.
    other = next(c for c in PACK if state.hands[1 - first] >> c & 1)
    state = DIVIDED_RANKS.apply(state, Swap(Card(other)))
    assert state.hands[1 - first] >> mine & 1 and state.reserve == other
    assert state.stage == Stage.BUILD and state.actor == first


@pytest.mark.clauses("divided-ranks.build.two-hands", "divided-ranks.ruling.build-order")
def test_builds() -> None:
    state = after_draft()
    state = DIVIDED_RANKS.apply(DIVIDED_RANKS.apply(state, KEEP), KEEP)
    assert state.stage == Stage.BUILD and state.actor == state.reserve_first
    assert len(DIVIDED_RANKS.legal_actions(state)) == 126
    wrong = Build(CardSet("AS AH AD AC JK"), CardSet("KS KH KD KC QS"))
    assert clause_of(state, wrong) == "divided-ranks.build.two-hands"
    state = DIVIDED_RANKS.apply(state, DIVIDED_RANKS.legal_actions(state)[0])
    assert state.stage == Stage.BUILD and state.actor == 1 - state.reserve_first
    assert DIVIDED_RANKS.observe(state, state.actor).their_build is None  # hidden until both built
    state = DIVIDED_RANKS.apply(state, DIVIDED_RANKS.legal_actions(state)[-1])
    assert state.stage == Stage.OVER and DIVIDED_RANKS.result(state) is not None
    assert clause_of(state, KEEP) == "divided-ranks.end.reveal"


def test_build_is_unordered() -> None:
    a, b = CardSet("AS AH AD AC JK"), CardSet("KS KH KD KC QS")
    assert Build(a, b) == Build(b, a) and hash(Build(a, b)) == hash(Build(b, a))
    assert parse_action(Build(a, b).text) == Build(b, a)


@pytest.mark.clauses("divided-ranks.score.order", "divided-ranks.score.loser")
def test_the_four_steps() -> None:
    # 1. The weaker hands' categories: a full house beats a straight.
    assert decide(
        build("AS AH AD KS KH", "QS QH QD JS JH"), build("10S JD QC KD AC", "AD AC KC KD JK")
    ) == (0, "weaker-category")
    # 2. Then the stronger hands' categories, even against the higher weaker full house.
    houses = build("AS AH AD KS KH", "QS QH QD JS JH")
    quads = build("10S 10H 10D JD JC", "KD KC KS KH JK")
    assert decide(houses, quads) == (1, "stronger-category")
    # 3. Then the weaker hands in full.
    assert decide(
        build("AS AH AD KS KH", "QS QH QD JS JH"), build("AS AH AD KS KH", "JS JH JD QS QH")
    ) == (0, "weaker-hand")
    # 4. Then the stronger hands in full.
    assert decide(
        build("10S 10H 10D JS JH", "AS AH AD KS KH"), build("10S 10H 10D JS JH", "KS KH KD AS AH")
    ) == (0, "stronger-hand")


@pytest.mark.clauses("divided-ranks.score.draw")
def test_draws() -> None:
    straights = build("10S JD QH KD AC", "10C JC QS KH AD")
    assert decide(straights, build("10H JH QD KS AS", "10D JS QC KC AH")) == (None, "draw")


@pytest.mark.clauses("divided-ranks.hands.joker-tiebreak")
def test_the_joker_decides_an_otherwise_equal_weaker_hand() -> None:
    natural = build("10S JD QH KD AC", "AS AH AD KS KH")
    joker = build("10C JK QS KH AD", "AS AH AD KS KH")
    assert decide(natural, joker) == (0, "weaker-hand")
