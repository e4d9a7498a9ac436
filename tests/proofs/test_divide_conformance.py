"""Every Z3 encoding of a Divide rule fragment agrees exactly with the engine."""

from __future__ import annotations

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.divide.game import DIVIDE
from engine.divide.scoring import card_strength, decide_winner, take_token
from engine.divide.tricks import legal_plays, trick_winner
from proofs.divide import encoding as E
from spec.cards import DECK52, RANK_MASKS, SUIT_MASKS
from spec.divide.config import DivideConfig
from spec.divide.state import Stage
from tests.games import random_walk
from tests.proofs.conformance import card, mask, value

pytestmark = pytest.mark.clauses(
    "divide.trick.lead-restriction",
    "divide.trick.follow-suit",
    "divide.trick.winner-trump",
    "divide.trick.winner-led-suit",
    "divide.score.suit-token",
    "divide.score.bonus-token",
    "divide.tiebreak.eighth-trick",
    "divide.divide.final-hand",
)

P = {"printed": E.spec_params(4, "printed"), "own": E.spec_params(4, "own")}


hands = st.integers(1, DECK52)
cards = st.integers(0, 51)
ranks = st.integers(0, 12)


@given(hands, st.one_of(st.none(), cards), ranks, st.sampled_from(["printed", "own"]))
def test_legal_plays(hand: int, led: int | None, trump: int, rule: str) -> None:
    if led is not None:
        hand &= ~(1 << led)
        if not hand:
            return
    trick = () if led is None else (led,)
    engine = legal_plays(hand, trick, trump, rule == "own")
    z3_led = None if led is None else card(led)
    assert value(E.legal_plays(mask(hand), z3_led, z3.BitVecVal(trump, 4), P[rule])) == engine


@given(st.lists(cards, min_size=4, max_size=5, unique=True), ranks)
def test_trick_winner(trick: list[int], trump: int) -> None:
    position, best = E.trick_winner([card(c) for c in trick], z3.BitVecVal(trump, 4), P["printed"])
    engine = trick_winner(tuple(trick), trump)
    assert value(position) == engine
    assert value(best) == trick[engine]


@given(st.lists(st.integers(0, 3), min_size=4, max_size=4), st.integers(1, 5), st.integers(0, 3))
def test_take_token(stacks: list[int], bonus: int, suit: int) -> None:
    new_stacks, new_bonus, is_bonus = E.take_token(
        [z3.IntVal(s) for s in stacks], z3.IntVal(bonus), z3.BitVecVal(suit, 2)
    )
    engine = take_token(tuple(stacks), bonus, suit)
    assert (tuple(value(s) for s in new_stacks), value(new_bonus), bool(value(is_bonus))) == engine


@given(st.integers(0, 2**32), st.sampled_from([4, 5]))
@settings(max_examples=20)
def test_round_points_match_real_rounds(seed: int, players: int) -> None:
    """Score every trick of a real engine round with the encoding: same points, same bonuses."""
    p = E.spec_params(players)
    walk = [s for s, _ in random_walk(DIVIDE, DivideConfig(players=players), seed)]
    state = next(s for s in walk if s.stage == Stage.DEAL and s.round == 1)
    winners, suits = [], []
    for leader, trick in state.tricks:
        position = trick_winner(trick, state.trump >> 2)
        winners.append(z3.IntVal((leader + position) % players))
        suits.append(z3.BitVecVal(trick[position] & 3, 2))
    points, bonuses = E.round_points(winners, suits, p)
    assert tuple(value(x) for x in points) == state.scores[0]
    assert tuple(value(b) for b in bonuses) == state.bonus_taken
    assert sum(value(v) for v in E.trick_values(suits, p)) == sum(state.scores[0])


@given(st.data(), st.sampled_from([4, 5]))
def test_tiebreak(data: st.DataObject, n: int) -> None:
    totals = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    bonus = data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    eighth = data.draw(st.lists(cards, min_size=n, max_size=n, unique=True))
    flags = E.tiebreak_winners(
        [z3.IntVal(t) for t in totals],
        [z3.IntVal(b) for b in bonus],
        [card(c) for c in eighth],
        P["printed"],
    )
    engine, _, _ = decide_winner(tuple(totals), tuple(bonus), tuple(eighth))
    assert tuple(q for q in range(n) if value(flags[q])) == engine


@given(cards, cards)
def test_card_strength(a: int, b: int) -> None:
    ka, kb = (value(E.card_strength_key(card(c), P["printed"])) for c in (a, b))
    assert (ka > kb) == (card_strength(a) > card_strength(b))


@given(st.integers(0, 2**32), st.sampled_from([4, 5]))
@settings(max_examples=20)
def test_exchange_matches_engine(seed: int, players: int) -> None:
    """The encoding's round hands equal the engine's after a real Great Divide."""
    state = next(
        s
        for s, _ in random_walk(DIVIDE, DivideConfig(players=players), seed)
        if s.stage == Stage.REVEAL
    )
    hands = E.exchange_hands(
        [mask(m) for m in state.secured],
        [mask(m) for m in state.offers_left],
        [mask(m) for m in state.offers_right],
        [mask(m) for m in state.kept_left],
        [mask(m) for m in state.kept_right],
        E.spec_params(players),
    )
    assert tuple(value(h) for h in hands) == state.hands


@given(st.integers(0, 2**64 - 1), st.sampled_from([9, 36, 45, 52, 64]))
def test_popcount(number: int, width: int) -> None:
    number &= (1 << width) - 1
    assert value(E.popcount(mask(number, width))) == number.bit_count()


@given(ranks, st.integers(0, 3))
def test_masks(rank: int, suit: int) -> None:
    assert value(E.rank_mask(z3.BitVecVal(rank, 4))) == RANK_MASKS[rank]
    assert value(E.suit_mask(z3.BitVecVal(suit, 2))) == SUIT_MASKS[suit]


def test_spec_params_come_from_spec() -> None:
    from spec.divide import constants as K

    p = E.spec_params()
    assert p["bonus_tokens"] == K.BONUS_TOKENS and p["suit_tokens"] == K.SUIT_TOKENS_PER_SUIT
    assert p["tricks"] == K.TRICKS_PER_ROUND and p["hand_size"] == K.HAND_SIZE
