"""What a Divided Ranks player may know: unseen cards never reach their observation.

``known_cards`` states, from the rules and not from ``observe``, every card a
player has ever seen.  Swapping two cards the player has never seen, wherever
they are (hands, stock, reserve, pairs, history), must leave the observation
unchanged; swapping a card the player holds with one the opponent holds must
not.  The ledger itself is checked for consistency and against the
document's statements.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.bots.divided_ranks import ExpertBot, SkilledBot
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.observe import ledger
from cardlaw.sampling import play_game
from cardlaw.spec.divided_ranks.constants import PACK, PACK_MASK
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from tests.games import random_walk
from tests.generic.cards import Swap

CONFIGS = [{}, {"swap": "face-up"}, {"reserve_order": "coin"}]


def known_cards(state: DividedRanksState, seat: int) -> int:
    """Every card ``seat`` has seen, stated from the rules [divided-ranks.info.hidden]."""
    if state.stage == Stage.OVER:
        return PACK_MASK  # both builds are shown; the reserve is the card left over
    mask = state.hands[seat]
    for splitter, up, down, took_up in state.rounds:
        mask |= up
        if splitter == seat or not took_up:
            mask |= down
    if state.stage in (Stage.SPLIT, Stage.CHOOSE):
        splitter = state.first_splitter ^ (len(state.rounds) % 2)
        mask |= state.offer[0]
        if splitter == seat:
            mask |= state.offer[1]
            if state.stage == Stage.SPLIT:
                mask |= sum(1 << c for c in state.stock[:4])
    for who, gave, took in state.swaps:
        if gave >= 0 and (who == seat or state.config.swap == "face-up"):
            mask |= 1 << gave | 1 << took
    return mask


def swap_cards(state: DividedRanksState, a: int, b: int) -> DividedRanksState:
    """The same state with cards ``a`` and ``b`` exchanged wherever they are: the reserve, the
    stock, the hands and offer, and each round's pairs, swap and builds."""
    s = Swap(a, b)
    return s.apply(
        state,
        {"card": ("reserve",), "cards": ("stock",), "masks": ("hands", "offer")},
        rounds=tuple((w, s.mask(up), s.mask(down), took) for w, up, down, took in state.rounds),
        swaps=tuple((w, s.card(gave), s.card(took)) for w, gave, took in state.swaps),
        builds=tuple((s.mask(x), s.mask(y)) for x, y in state.builds),
    )


def games(seed: int, options: dict[str, Any], bots: bool) -> list[DividedRanksState]:
    config = DIVIDED_RANKS.config(**options)
    if not bots:
        return [s for s, _ in random_walk(DIVIDED_RANKS, config, seed)]
    playout = play_game(DIVIDED_RANKS, config, [ExpertBot(samples=4), SkilledBot()], seed=seed)
    states = [DIVIDED_RANKS.new_game(config)]
    for action in playout.actions:
        states.append(DIVIDED_RANKS.apply(states[-1], action))
    return states


@pytest.mark.clauses(
    "divided-ranks.info.hidden",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.build.secret",
    "divided-ranks.variant.face-up-swap",
)
@given(st.integers(0, 2**32), st.sampled_from(CONFIGS), st.booleans())
@settings(max_examples=30)
def test_unseen_cards_never_change_an_observation(
    seed: int, options: dict[str, Any], bots: bool
) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in games(seed, options, bots):
        for seat in (0, 1):
            hidden = [c for c in PACK if not known_cards(state, seat) >> c & 1]
            if len(hidden) < 2:
                continue
            a, b = rng.sample(hidden, 2)
            other = swap_cards(state, a, b)
            assert not DIVIDED_RANKS.violations(other)
            assert DIVIDED_RANKS.observe(other, seat) == DIVIDED_RANKS.observe(state, seat), (
                state.stage,
                a,
                b,
            )
            checked += 1
    assert checked


def test_swapping_a_known_card_is_seen() -> None:
    """The check above is not vacuous: exchanging my card with one of theirs shows."""
    for state in games(11, {}, bots=False):
        if state.stage == Stage.BUILD:
            break
    mine = next(c for c in PACK if state.hands[0] >> c & 1)
    theirs = next(c for c in PACK if state.hands[1] >> c & 1)
    assert DIVIDED_RANKS.observe(swap_cards(state, mine, theirs), 0) != DIVIDED_RANKS.observe(
        state, 0
    )


@pytest.mark.clauses("divided-ranks.info.ledger", "divided-ranks.info.candidates")
@given(st.integers(0, 2**32), st.sampled_from(CONFIGS))
@settings(max_examples=20)
def test_the_ledger_adds_up(seed: int, options: dict[str, Any]) -> None:
    for state in games(seed, options, bots=False):
        for seat in (0, 1):
            view = DIVIDED_RANKS.observe(state, seat)
            books = ledger(state, seat)
            opponent = state.hands[1 - seat]
            assert sum(n for _, n in view.whereabouts) == len(view.unaccounted)
            # What I can place is true, and I never "place" my own or unknown cards wrongly.
            assert view.seen.mask & ~opponent == 0
            assert view.watched.mask & ~state.hands[seat] == 0
            assert view.unseen == opponent.bit_count() - len(view.seen) or (
                state.stage in (Stage.SPLIT, Stage.CHOOSE, Stage.DEAL, Stage.FIRST_SPLITTER)
                and view.unseen == dict(view.whereabouts).get("opponent", 0)
            )
            if view.reserve is not None:
                assert int(view.reserve) == state.reserve
            assert view.hand.mask & (view.unaccounted.mask | view.seen.mask) == 0
            if state.stage in (Stage.RESERVE_ORDER, Stage.RESERVE, Stage.BUILD):
                outside = PACK_MASK & ~state.hands[seat]
                assert view.candidates.mask & ~outside == 0
                assert opponent & ~view.candidates.mask == 0
                if not state.swaps or all(g < 0 for _, g, _ in state.swaps):
                    # The document's eleven candidates, unless every opponent card was seen.
                    if len(view.seen) < 10:
                        assert len(view.candidates) == 11 and view.reserve is None
                    else:
                        assert len(view.candidates) == 10 and view.reserve is not None
            if state.stage in (Stage.RESERVE_ORDER, Stage.RESERVE):
                assert sum(p for _, p in view.reserve_odds) == 1
                assert state.reserve in [int(c) for c, p in view.reserve_odds if p > 0]
            else:
                assert view.reserve_odds == ()
            assert books.pool == view.unaccounted.mask


@pytest.mark.clauses("divided-ranks.info.hidden", "divided-ranks.info.ledger")
def test_splitter_learns_the_pair_that_crosses_and_hides_the_other() -> None:
    """Take the visible pair and the splitter walks off with two cards you never saw."""
    for state in games(4, {}, bots=False):
        if state.rounds:
            break
    splitter, up, down, took_up = state.rounds[0]
    chooser = 1 - splitter
    crossing = up if took_up else down
    # The splitter saw all four, so it knows the pair that crossed; the chooser watched
    # the splitter's pair arrive only if that pair was the face-up one.
    assert DIVIDED_RANKS.observe(state, splitter).seen.mask == crossing
    assert DIVIDED_RANKS.observe(state, splitter).watched.mask == (0 if took_up else up)
    view = DIVIDED_RANKS.observe(state, chooser)
    if took_up:
        assert view.seen.mask == 0 and view.unseen == 2
        assert down & view.unaccounted.mask == down
    else:
        assert view.seen.mask == up and view.unseen == 0


@pytest.mark.clauses("divided-ranks.ruling.swap-odds", "divided-ranks.ruling.blind-swap-view")
def test_blind_swap_odds_after_the_opponent_swapped() -> None:
    """A blind swap by the opponent spreads the odds over every card they held."""
    for seed in range(50):
        states = games(seed, {}, bots=False)
        for state in states:
            if state.stage == Stage.RESERVE and state.swaps and state.swaps[0][1] >= 0:
                second = state.actor
                view = DIVIDED_RANKS.observe(state, second)
                odds = dict(view.reserve_odds)
                assert sum(odds.values()) == 1 and len(odds) == 11 - len(view.seen)
                # After an unseen exchange only the card they took can be certain, and only
                # if the reserve was known (every opponent card had been seen).
                assert len(view.seen) <= 1
                first = DIVIDED_RANKS.observe(state, 1 - second)
                assert first.reserve is not None and int(first.reserve) == state.reserve
                assert dict(first.reserve_odds) == {first.reserve: Fraction(1)}
                return
    raise AssertionError("no blind swap in 50 games")


def test_observation_is_immutable() -> None:
    state = games(2, {}, bots=False)[5]
    view = DIVIDED_RANKS.observe(state, 0)
    with pytest.raises(AttributeError):
        view.hand = None  # type: ignore[misc, assignment]  # a frozen view: the test shows the assignment is refused
