"""Every Z3 encoding of a Divide rule fragment agrees exactly with the engine."""

from __future__ import annotations

from typing import Final

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.scoring import card_strength, decide_winner, take_token
from cardlaw.engine.divide.tricks import legal_plays, trick_winner
from cardlaw.proofs.divide import encoding as E
from cardlaw.spec.cards import DECK52, RANK_MASKS, SUIT_MASKS
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import Stage
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


@given(st.lists(st.integers(0, 3), min_size=4, max_size=4), st.integers(0, 5), st.integers(0, 3))
def test_take_token(stacks: list[int], bonus: int, suit: int) -> None:
    """Including an empty supply, which only changed rules reach [divide.ruling.bonus-supply]."""
    new_stacks, new_bonus, is_bonus, empty = E.take_token(
        [z3.IntVal(s) for s in stacks], z3.IntVal(bonus), z3.BitVecVal(suit, 2), P["printed"]
    )
    engine_stacks, engine_bonus, token = take_token(tuple(stacks), bonus, suit)
    assert tuple(value(s) for s in new_stacks) == engine_stacks
    assert value(new_bonus) == engine_bonus
    assert (bool(value(is_bonus)), bool(value(empty))) == (token == "bonus", token == "none")


CHANGED: Final = (
    PRINTED_RULES,
    DivideRules(bonus_tokens=4),
    DivideRules(bonus_tokens=1, suit_tokens=1, suit_points=3, bonus_points=7),
    DivideRules(cards_dealt=10, secure_size=3),
    DivideRules(cards_dealt=7, secure_size=2, offer_size=2, keep_size=1),
)
"""The printed rules and changed ones the encodings must agree with the engine under."""


@given(st.integers(0, 2**32), st.sampled_from([4, 5]), st.sampled_from(CHANGED))
@settings(max_examples=30)
def test_round_points_match_real_rounds(seed: int, players: int, rules: DivideRules) -> None:
    """Score every trick of a real engine round with the encoding: same points, same bonuses.

    Under changed rules too: a smaller supply runs out, and the encoding scores those tricks
    as the engine does (nothing).
    """
    p = E.spec_params(players, rules=rules)
    config = DivideConfig(players=players, rules=rules)
    walk = [s for s, _ in random_walk(DIVIDE, config, seed)]
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


@given(st.integers(0, 2**32), st.sampled_from([4, 5]), st.sampled_from(CHANGED))
@settings(max_examples=30)
def test_exchange_matches_engine(seed: int, players: int, rules: DivideRules) -> None:
    """The encoding's round hands equal the engine's after a real Great Divide (any sizes)."""
    config = DivideConfig(players=players, rules=rules)
    state = next(s for s, _ in random_walk(DIVIDE, config, seed) if s.stage == Stage.REVEAL)
    hands = E.exchange_hands(
        [mask(m) for m in state.secured],
        [mask(m) for m in state.offers_left],
        [mask(m) for m in state.offers_right],
        [mask(m) for m in state.kept_left],
        [mask(m) for m in state.kept_right],
        E.spec_params(players, rules=rules),
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
    from cardlaw.spec.divide import constants as K

    p = E.spec_params()
    assert p["bonus_tokens"] == K.BONUS_TOKENS and p["suit_tokens"] == K.SUIT_TOKENS_PER_SUIT
    assert p["tricks"] == K.TRICKS_PER_ROUND and p["hand_size"] == K.HAND_SIZE


@pytest.mark.parametrize("rules", CHANGED)
def test_spec_params_come_from_the_rules(rules: DivideRules) -> None:
    """The encodings read every parameter from the rules they are given, never a constant."""
    p = E.spec_params(5, rules=rules)
    assert (p["bonus_tokens"], p["suit_tokens"], p["suit_points"], p["bonus_points"]) == (
        rules.bonus_tokens,
        rules.suit_tokens,
        rules.suit_points,
        rules.bonus_points,
    )
    assert (p["cards_dealt"], p["secure"], p["offer"], p["keep"]) == (
        rules.cards_dealt,
        rules.secure_size,
        rules.offer_size,
        rules.keep_size,
    )
    assert p["tricks"] == p["hand_size"] == rules.hand_size and p["rounds"] == rules.rounds
