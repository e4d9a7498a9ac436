"""Every Z3 encoding of a Split rule fragment agrees exactly with the engine."""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.split import piles, turn
from engine.split.game import SPLIT
from proofs.split import encoding as E
from spec.split.actions import Aid, Move, Play, Reset
from spec.split.cards import DECK_MASK, WILD_MASK, is_wild
from spec.split.config import SplitConfig
from spec.split.constants import AID_CARDS
from spec.split.parameters import PRINTED_RULES, SplitRules
from spec.split.state import SplitState, Stage, initial_state
from tests.games import random_walk
from tests.proofs.conformance import value

pytestmark = pytest.mark.clauses(
    "split.cards.wild",
    "split.turn.play-between",
    "split.ruling.strictly-between",
    "split.wild.any-time",
    "split.end.no-wild-finish",
    "split.open.piles",
    "split.turn.move-middle",
    "split.wild.reverse",
    "split.turn.must-reset",
    "split.reset.choose",
    "split.ruling.reset-timing",
    "split.ruling.coop-no-chosen-reset",
    "split.reset.draw-three",
    "split.ruling.empty-draw-pile",
    "split.ruling.short-draw",
)

P = E.spec_params()
AID_MASK = sum(1 << a for a in AID_CARDS)


numbers = st.integers(0, 100)
masks = st.integers(0, DECK_MASK)


@st.composite
def table(draw: Any) -> tuple[int, int, int]:
    """A hand and two distinct pile cards not in it (as at the table)."""
    left, right = draw(st.lists(numbers, min_size=2, max_size=2, unique=True))
    hand = draw(st.integers(1, DECK_MASK)) & ~(1 << left | 1 << right)
    size = draw(st.integers(1, 12))
    if draw(st.booleans()):  # small hands, where the last-card rule bites
        kept = 0
        while hand and kept.bit_count() < size:
            low = hand & -hand
            kept |= low
            hand ^= low
        hand = kept
    if not hand:
        hand = 1 << next(n for n in range(101) if n not in (left, right))
    return hand, left, right


@given(numbers, numbers)
def test_between_mask(a: int, b: int) -> None:
    assert value(E.between_mask(E.card(a), E.card(b), P)) == piles.between_mask(a, b)


@given(table())
def test_playable_mask(spot: tuple[int, int, int]) -> None:
    hand, left, right = spot
    encoded = E.playable_mask(E.mask(hand), E.card(left), E.card(right), P)
    assert value(encoded) == piles.playable_mask(hand, left, right)


@given(masks)
def test_opening_cards(hand: int) -> None:
    ok, low, high = E.opening_cards(E.mask(hand), P)
    engine = piles.opening_cards(hand)
    assert bool(value(ok)) == (engine is not None)
    if engine is not None:
        assert (E.concrete_card(low), E.concrete_card(high)) == engine


@given(masks, st.integers(0, 5))
def test_counting(cards: int, k: int) -> None:
    assert value(E.lowest(E.mask(cards))) == cards & -cards
    assert value(E.highest(E.mask(cards))) == (1 << cards.bit_length() >> 1)
    assert value(E.popcount(E.mask(cards))) == cards.bit_count()
    assert bool(value(E.at_least(E.mask(cards), k))) == (cards.bit_count() >= k)
    assert bool(value(E.exactly(E.mask(cards), k))) == (cards.bit_count() == k)


@given(st.integers(0, 127))
def test_onehot(number: int) -> None:
    expected = 1 << number if number <= 100 else 0
    assert value(E.onehot(z3.BitVecVal(number, E.NUMBER_BITS))) == expected


@given(numbers, numbers, st.booleans(), numbers)
def test_place(left: int, right: int, to_left: bool, middle: int) -> None:
    l2, r2 = E.place(E.card(left), E.card(right), z3.BoolVal(to_left), E.card(middle))
    side = "left" if to_left else "right"
    assert (E.concrete_card(l2), E.concrete_card(r2)) == piles.place(left, right, side, middle)


@given(st.sampled_from([1, -1]), numbers, st.integers(2, 6))
def test_reversed_direction(direction: int, c: int, players: int) -> None:
    encoded = E.reversed_direction(z3.BoolVal(direction == 1), E.card(c), players, P)
    assert (1 if value(encoded) else -1) == piles.reversed_direction(direction, c, players)


@st.composite
def turn_states(draw: Any) -> SplitState:
    """A state during a turn: either mode, moving or playing, any aids."""
    cooperative = draw(st.booleans())
    players = draw(st.sampled_from([3, 4, 5] if cooperative else [2, 3, 4, 5, 6]))
    aids: tuple[int, ...] = ()
    if cooperative:
        aids = tuple(draw(st.sampled_from([(), (0,), (100,), (0, 100)])))
    config = SplitConfig(
        mode="cooperative" if cooperative else "competitive", players=players, aids=aids
    )
    hand, left, right = draw(table())
    if cooperative:
        hand &= ~AID_MASK
        if not hand:
            hand = 1 << 50
    used = draw(st.sampled_from([0, 1 << 0, 1 << 100, AID_MASK])) if cooperative else 0
    aside = (AID_MASK & ~used) if cooperative else 0
    moving = draw(st.booleans())
    middle = -1
    if moving:
        free = [n for n in range(101) if not (hand | 1 << left | 1 << right | aside) >> n & 1]
        if free:
            middle = draw(st.sampled_from(free))
        else:  # the hand holds every other card: one of them lies in the middle instead
            middle = (hand & -hand).bit_length() - 1
            hand ^= 1 << middle
    hands = (hand,) + (1 << 57,) * (players - 1)
    return initial_state(config)._replace(
        stage=Stage.MOVE if moving else Stage.PLAY,
        dealer=0,
        actor=0,
        hands=hands,
        left=left,
        right=right,
        middle=middle,
        aside=aside,
    )


@given(turn_states())
def test_legal_turn(state: SplitState) -> None:
    actions = E.legal_turn(
        z3.BoolVal(state.config.cooperative),
        z3.BoolVal(state.stage == Stage.MOVE),
        E.mask(state.hands[state.actor]),
        E.card(state.left),
        E.card(state.right),
        E.mask(turn.usable_aids(state)),
        P,
    )
    engine = turn.legal_turn_actions(state)
    moves = any(isinstance(a, Move) for a in engine)
    plays = sum(1 << a.card for a in engine if isinstance(a, Play))
    aids = sum(1 << a.card for a in engine if isinstance(a, Aid))
    reset = any(isinstance(a, Reset) for a in engine)
    assert bool(value(actions.moves)) == moves
    assert value(actions.plays) == plays
    assert value(actions.aids) == aids
    assert bool(value(actions.reset)) == reset == turn.reset_allowed(state)


@given(turn_states())
def test_can_play(state: SplitState) -> None:
    hand = E.mask(state.hands[state.actor])
    middle = E.card(state.middle) if state.middle >= 0 else E.mask(0)
    encoded = E.can_play(
        hand,
        E.card(state.left),
        E.card(state.right),
        middle,
        z3.BoolVal(state.stage == Stage.MOVE),
        E.mask(turn.usable_aids(state)),
        P,
    )
    assert bool(value(encoded)) == turn.can_play(state)


@given(numbers)
def test_wild_cards(n: int) -> None:
    assert bool(value(E.is_wild(E.card(n), P))) == is_wild(n) == bool(WILD_MASK >> n & 1)


def _draw_mask(state: SplitState) -> int:
    return sum(1 << c for c in state.draw)


_OVERRIDES = (
    PRINTED_RULES,
    SplitRules(reset_draw=2),
    SplitRules(reset_draw=6),
    SplitRules(cards_dealt=8, dealer_extra=4),
)
"""The rules the draw relation is checked under: the printed ones and overrides."""


@pytest.mark.parametrize("rules", _OVERRIDES, ids=repr)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
@settings(max_examples=25)
def test_draw_step_matches_real_resets(rules: SplitRules, seed: int, players: int) -> None:
    """Every reset of a real game (without cards put under) satisfies the draw relation.

    Under the printed rules and under overrides: the encoding built from the
    rules ``rules`` agrees with the engine running them.
    """
    P = E.spec_params(rules)  # noqa: N806  # the module's name for the parameters
    config = SplitConfig(players=players, max_turns=300, rules=rules)
    walk = list(random_walk(SPLIT, config, seed, limit=1500))
    checked = 0
    for i, (before, action) in enumerate(walk):
        if not isinstance(action, Reset):
            continue
        # Follow chance (reshuffles) to the next decision of a player.
        j = i + 1
        while j < len(walk) and walk[j][0].stage == Stage.RESHUFFLE:
            j += 1
        if j >= len(walk) or walk[j][0].stage != Stage.PLAY:
            continue  # cards were put under, or the walk stopped
        after = walk[j][0]
        p = before.actor
        drawn = (after.hands[p] | after.table) & ~before.hands[p]
        step = E.draw_step(
            E.mask(_draw_mask(before)), E.mask(before.discard), E.mask(before.table), "drawn", P
        )
        substitution = [(step.drawn, E.mask(drawn))]
        assert all(value(z3.substitute(c, *substitution)) for c in step.premise)
        assert value(z3.substitute(step.draw, *substitution)) == _draw_mask(after)
        assert value(z3.substitute(step.discard, *substitution)) == after.discard
        # The proofs' abstraction over-approximates: the same draw from the supply.
        supply = E.supply_draw(
            E.mask(_draw_mask(before) | before.discard), E.mask(0), E.mask(before.table), "s", P
        )
        substitution = [(supply.drawn, E.mask(drawn))]
        assert all(value(z3.substitute(c, *substitution)) for c in supply.premise)
        rest = value(z3.substitute(supply.supply, *substitution))
        assert rest == _draw_mask(after) | after.discard
        checked += 1
    resets = sum(isinstance(a, Reset) for _, a in walk)
    assert checked or resets == 0 or any(s.stage == Stage.BURY for s, _ in walk)


@pytest.mark.clauses("split.ruling.coop-harder", "split.coop.aid-use")
@pytest.mark.parametrize("aids", [(), (0,), (100,), (0, 100)], ids=repr)
def test_the_cooperative_bound_follows_the_usable_aids(aids: tuple[int, ...]) -> None:
    """Under a harder cooperative game ``split.coop.ends`` is proved for its own bound, attained."""
    from engine.record import replay_record
    from proofs.core import check
    from proofs.registry import config_obligations

    options = {"mode": "cooperative", "players": 5, "aids": aids}
    ob = next(o for o in config_obligations("split", options) if o.id == "split.coop.ends")
    longest = PRINTED_RULES.cooperative_turns(5, len(aids))
    assert f"within {longest} turns" in ob.statement
    report = check(ob, mutants=False).to_json()
    assert report["status"] == "proved" and report["ok"] and report["witness_replayed"]
    replay = replay_record(report["record"])
    assert replay.legal and replay.final.config.aids == aids
    assert replay.final.turn == longest and SPLIT.result(replay.final) is not None
    used = {a.card for a in replay.actions if isinstance(a, Aid)}
    assert used == set(aids)
