"""The solver at an opening short of standard cards: exactly the engine's put-unders.

Issue 32 ruled that an opener short of standard cards may put any card under the
draw pile (a wild only once a whole round of the pile has gone under), and kept
the earlier reading, a wild only, as the variant *put-under-wild*.  The solver
(and the reference it replaced) must try exactly the put-unders the engine's
``legal_actions`` allow under each reading: their verdicts are checked against a
search over the engine's own states and actions, and every winning line replays
through the engine, on small openings that reach the put-unders, the round limit
included.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.opening import continue_opening
from cardlaw.engine.split.solver import solve
from cardlaw.engine.split.spot import AID_MASK
from cardlaw.spec.split.actions import Bury
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.state import SplitState, Stage, initial_state
from tests.split import reference_solver
from tests.split.test_solver import memoized_brute_force, replays_to_a_win

pytestmark = pytest.mark.clauses(
    "split.open.put-under",
    "split.ruling.put-under-card",
    "split.ruling.put-under-round",
    "split.coop.win",
)

_WILD = [c for c in range(1, 100) if WILD_MASK >> c & 1]
_STANDARD = [c for c in range(1, 100) if STANDARD_MASK >> c & 1]


@st.composite
def openings(draw: st.DrawFn) -> SplitState:
    """A cooperative deal whose dealer holds at most one standard card: the put-unders.

    The draw pile is short (a few cards, at least one standard), so that a whole
    round of it can go under; cards named nowhere are out of the game.
    """
    players = draw(st.integers(3, 4))
    wild = draw(st.permutations(_WILD))
    standard = draw(st.permutations(_STANDARD))
    dealer = draw(st.integers(0, players - 1))
    wilds_held = draw(st.integers(1, 2))
    dealer_hand = wild[:wilds_held] + standard[: draw(st.integers(0, 1))]
    used_w, used_s = wilds_held, len(dealer_hand) - wilds_held
    hands: list[list[int]] = []
    for seat in range(players):
        if seat == dealer:
            hands.append(dealer_hand)
            continue
        size = draw(st.integers(1, 2))
        hands.append(standard[used_s : used_s + size])
        used_s += size
    pile = standard[used_s : used_s + draw(st.integers(1, 3))]
    pile += wild[used_w : used_w + draw(st.integers(0, 2))]
    pile = draw(st.permutations(pile))
    config = SplitConfig(
        mode="cooperative",
        players=players,
        aids=draw(st.sampled_from([(), (0,), (100,), (0, 100)])),
        put_under_wild=draw(st.booleans()),
    )
    masks = tuple(sum(1 << c for c in hand) for hand in hands)
    state = initial_state(config)._replace(
        stage=Stage.DEAL,
        dealer=dealer,
        opener=dealer,
        hands=masks,
        draw=tuple(pile),
        aside=AID_MASK,
        buried=draw(st.integers(0, 3)),  # cards already put under: the round limit
    )
    return continue_opening(state)


def _check(state: SplitState) -> bool:
    """The solver's verdict, the reference's and the engine's agree; a win replays.

    (The cards named nowhere are out of the game, so ``SPLIT.violations`` would
    count them missing; nothing here draws them.)
    """
    truth = memoized_brute_force(state)
    solution = solve(state)
    assert solution.winnable == truth
    assert reference_solver.solve(state).winnable == truth
    if truth:
        assert replays_to_a_win(state, solution.line)
    else:
        assert solution.line == ()
    return truth


@given(openings())
@settings(max_examples=200, deadline=None)
def test_the_solver_puts_under_what_the_engine_allows(state: SplitState) -> None:
    assume(state.stage == Stage.BURY)
    won = _check(state)
    event("put-under-wild" if state.config.put_under_wild else "the ruling")
    event("a full round under" if state.buried >= len(state.draw) else "less than a round")
    event(f"winnable: {won}")
    legal = set(SPLIT.legal_actions(state))
    hand = state.hands[state.opener]
    wild_only = state.config.put_under_wild or state.buried >= len(state.draw)
    allowed = hand & WILD_MASK if wild_only else hand
    assert legal == {Bury(c) for c in range(101) if allowed >> c & 1}
    # every successor the engine allows is one the solver decides like the engine
    for action in legal:
        after = SPLIT.apply(state, action)
        if after.stage != Stage.OVER:
            assert solve(after).winnable == memoized_brute_force(after)


def test_the_two_readings_can_give_different_verdicts() -> None:
    """Deals the table wins only by putting a standard card under: won under the ruling,
    lost under put-under-wild, by the solver, the reference and the engine alike."""
    import random

    rng = random.Random(3)
    differ = 0
    for _ in range(300):
        cards = rng.sample(_STANDARD, 5)
        wilds = rng.sample(_WILD, 2)
        hands = (1 << cards[0] | 1 << wilds[0], 1 << cards[1], 1 << cards[2])
        base = initial_state(SplitConfig(mode="cooperative", players=3, aids=()))._replace(
            stage=Stage.DEAL,
            dealer=0,
            opener=0,
            hands=hands,
            draw=(wilds[1], cards[3], cards[4]),
            aside=AID_MASK,
        )
        ruling, wild_only = (
            _check(continue_opening(base._replace(config=replace(base.config, put_under_wild=w))))
            for w in (False, True)
        )
        assert ruling or not wild_only  # the ruling allows every put-under the variant does
        differ += ruling and not wild_only
    assert differ > 0
