"""Every Z3 encoding of a Split rule fragment agrees exactly with the engine."""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.split import deal, piles, turn
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.split import encoding as E
from cardlaw.spec.split.actions import Aid, Bury, ChooseDealer, Move, Play, Reset, Shuffle
from cardlaw.spec.split.cards import DECK_MASK, WILD_MASK, is_wild
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState, Stage, initial_state
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


_DEEP = pytest.mark.deep  # checked again under changed rule numbers (pytest -m deep)
_OVERRIDES = (
    PRINTED_RULES,
    pytest.param(SplitRules(reset_draw=2), marks=_DEEP),
    pytest.param(SplitRules(reset_draw=6), marks=_DEEP),
    pytest.param(SplitRules(cards_dealt=8, dealer_extra=4), marks=_DEEP),
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
    from cardlaw.engine.record import replay_record
    from cardlaw.proofs.core import check
    from cardlaw.proofs.registry import config_obligations

    options = {"mode": "cooperative", "players": 5, "aids": aids}
    ob = next(o for o in config_obligations("split", options) if o.id == "split.coop.ends")
    longest = PRINTED_RULES.cooperative_turns(5, len(aids))
    assert f"within {longest} turns" in ob.statement
    report = check(ob, mutants=False).to_json()
    assert report["status"] == "proved" and report["ok"] and report["witness_replayed"]
    assert report["record"] is not None
    replay = replay_record(report["record"])
    assert replay.legal and replay.final.config.aids == aids
    assert replay.final.turn == longest and SPLIT.result(replay.final) is not None
    used = {a.card for a in replay.actions if isinstance(a, Aid)}
    assert used == set(aids)


# --- the mirrors the links hold to the engine in ``cardlaw verify`` ---------------------------


@st.composite
def seats(draw: Any) -> tuple[int, int, int, int, bool]:
    """A table (either game), a seat, a direction and the seats that hold cards."""
    cooperative = draw(st.booleans())
    players = draw(st.sampled_from([3, 4, 5] if cooperative else [2, 3, 4, 5, 6]))
    seat = draw(st.integers(0, players - 1))
    direction = draw(st.sampled_from([1, -1]))
    held = draw(st.integers(1, (1 << players) - 1)) if cooperative else (1 << players) - 1
    return players, seat, direction, held, cooperative


@pytest.mark.clauses("split.ruling.coop-empty-hand", "split.setup.seating")
@given(seats())
def test_next_seat(table: tuple[int, int, int, int, bool]) -> None:
    players, seat, direction, held, cooperative = table
    hands = tuple(1 << (60 + s) if held >> s & 1 else 0 for s in range(players))
    encoded = E.next_seat(
        E.seat(seat),
        z3.BoolVal(direction == 1),
        E.seat(players),
        E.holding(held) if cooperative else None,
        P,
    )
    assert E.concrete_seat(encoded) == piles.next_seat(seat, direction, hands, cooperative)


@pytest.mark.clauses("split.ruling.after-reset", "split.open.first-player")
@given(seats(), masks)
def test_after_opening(table: tuple[int, int, int, int, bool], extra: int) -> None:
    """A reset's new piles: who plays next, and in which direction (the Game API)."""
    players, seat, direction, _, _ = table
    if players == 2:
        direction = 1  # with two players play always goes clockwise
    hand = 1 << 12 | 1 << 88
    used = hand | 1 << 30 | 1 << 60
    state = initial_state(SplitConfig(players=players))._replace(
        stage=Stage.PLAY,
        dealer=0,
        actor=seat,
        opener=0,
        direction=direction,
        hands=tuple(hand if s == seat else 1 << (70 + s) for s in range(players)),
        draw=tuple(c for c in range(101) if not (used | extra) >> c & 1 or c in (40, 41, 42)),
        table=1 << 30 | 1 << 60,
        left=30,
        right=60,
    )
    after = SPLIT.apply(state, Reset())
    assert after.stage == Stage.PLAY
    turned, nxt = E.after_opening(E.seat(seat), z3.BoolVal(direction == 1), E.seat(players), P)
    assert (bool(value(turned)), E.concrete_seat(nxt)) == (after.direction == 1, after.actor)


@pytest.mark.clauses("split.setup.first-dealer", "split.ruling.first-dealer")
@given(st.sampled_from([2, 3, 4, 5, 6]))
def test_dealers(players: int) -> None:
    space = deal.dealer_outcomes(initial_state(SplitConfig(players=players)))
    seats_mask = sum(1 << space.outcome(i).seat for i in range(space.size))
    assert value(E.dealers(E.seat(players))) == seats_mask


@pytest.mark.clauses("split.deal.seven", "split.deal.dealer-extra", "split.coop.aids-aside")
@given(st.booleans(), st.integers(0, 4), st.randoms(use_true_random=False))
def test_deal(cooperative: bool, dealer: int, rng: Any) -> None:
    config = SplitConfig(mode="cooperative" if cooperative else "competitive", players=5)
    state = SPLIT.apply(SPLIT.new_game(config), ChooseDealer(dealer))
    order = list(deal.shuffle_outcomes(state).outcome(0).order)
    rng.shuffle(order)
    after = SPLIT.apply(state, Shuffle(tuple(order)))
    held = [after.hands[s] | (after.table if s == dealer else 0) for s in range(5)]
    for s, hand in enumerate(held):
        assert value(E.dealt(z3.BoolVal(s == dealer), P)) == hand.bit_count()
    dealt = sum(held) | after.discard | sum(1 << c for c in after.draw)
    assert value(E.deck(z3.BoolVal(cooperative), P)) == dealt


@pytest.mark.clauses("split.open.put-under", "split.ruling.put-under-card")
@given(
    st.lists(
        st.sampled_from(sorted(n for n in range(101) if is_wild(n))),
        min_size=8,
        max_size=9,
        unique=True,
    ),
    st.integers(2, 98).filter(lambda n: not is_wild(n)),
)
def test_buriable_and_put_under(wilds: list[int], top: int) -> None:
    """An opener short of standard cards: the cards that may go under, and the hand after."""
    hand = sum(1 << c for c in wilds)
    if len(wilds) == 8:
        hand |= 1 << next(c for c in range(2, 99) if not is_wild(c) and c != top)
    draw = (top, *(c for c in range(2, 99) if not is_wild(c) and not (hand | 1 << top) >> c & 1))
    state = initial_state(SplitConfig(players=2))._replace(
        stage=Stage.BURY, dealer=0, actor=0, opener=0, hands=(hand, 1 << 99), draw=draw
    )
    pile = len(draw)
    for buried in (0, pile - 1, pile):
        for wild in (False, True):
            asked = state._replace(
                buried=buried, config=SplitConfig(players=2, put_under_wild=wild)
            )
            legal = sum(1 << a.card for a in SPLIT.legal_actions(asked) if isinstance(a, Bury))
            counts = (z3.BitVecVal(buried, E.COUNT_BITS), z3.BitVecVal(pile, E.COUNT_BITS))
            p = E.spec_params(put_under_wild=wild)
            assert value(E.buriable(E.mask(hand), *counts, p)) == legal
    under = wilds[0]
    after = SPLIT.apply(state, Bury(under))
    encoded = E.put_under(E.mask(hand), E.card(under), E.card(top))
    assert value(encoded) == after.hands[0] | after.table


@pytest.mark.clauses("split.end.first-empty", "split.coop.win")
@given(turn_states(), st.booleans(), st.booleans())
def test_card_played(state: SplitState, last: bool, others_empty: bool) -> None:
    """A card played through the Game API: the hand after, and whether the game is won.

    ``last``: the card is the hand's last (a standard card), which wins the
    competitive game, and the cooperative one only if every other hand is empty.
    """
    state = state._replace(stage=Stage.PLAY, middle=-1)
    played = turn.legal_turn_actions(state)
    cards = [a.card for a in played if isinstance(a, Play) and not is_wild(a.card)]
    if not cards:
        return
    hand = 1 << cards[0] if last else state.hands[0]
    others = tuple(0 if others_empty and state.config.cooperative else h for h in state.hands[1:])
    state = state._replace(hands=(hand, *others))
    after = SPLIT.apply(state, Play(cards[0]))
    encoded, won = E.card_played(
        E.mask(hand),
        E.mask(sum(others)),
        E.card(cards[0]),
        z3.BoolVal(state.config.cooperative),
        P,
    )
    assert value(encoded) == after.hands[0]
    assert bool(value(won)) == (after.end.name in ("WIN", "GROUP_WIN"))


@pytest.mark.clauses("split.ruling.turn-limit")
@given(st.integers(0, 60), st.integers(1, 60))
def test_turn_counted(done: int, limit: int) -> None:
    state = initial_state(SplitConfig(max_turns=limit))._replace(turn=done, stage=Stage.PLAY)
    after = turn.end_turn(state)
    count, over = E.turn_counted(z3.BitVecVal(done, E.TURN_BITS), z3.BitVecVal(limit, E.TURN_BITS))
    assert (value(count), bool(value(over))) == (after.turn, after.end.name == "TURN_LIMIT")


@pytest.mark.clauses("split.coop.aid-use", "split.ruling.coop-harder")
@given(
    st.integers(0, 2**32), st.sampled_from([3, 4, 5]), st.sampled_from([(), (0,), (100,), (0, 100)])
)
@settings(max_examples=20)
def test_turns_played(seed: int, players: int, aids: tuple[int, ...]) -> None:
    """In cooperative games, after the opening, the turns played are the ranking's."""
    config = SplitConfig(mode="cooperative", players=players, aids=aids)
    for state, _ in random_walk(SPLIT, config, seed, limit=200):
        if state.stage not in (Stage.MOVE, Stage.PLAY, Stage.OVER):
            continue
        supply = sum(state.hands) | state.aside & config.aid_mask
        encoded = E.turns_played(E.mask(supply), E.seat(players), E.seat(len(aids)), P)
        assert value(encoded) == state.turn
