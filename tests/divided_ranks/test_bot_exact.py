"""Divided Ranks' exact bot: its reserve values from the rules, its deals, and the swap counterfactual.

The reserve values are recomputed from the engine alone: each card the bot
cannot place is made the reserve (two unplaceable cards exchanged leave the
bot's view unchanged), the bot's option is applied, the opponent's odds are
the engine's own observation, their best answer is found by brute force in
exact fractions, and the showdown scores the result.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from cardlaw.bots import make_bots
from cardlaw.bots.divided_ranks_exact import ExactBot, reserve_values
from cardlaw.engine.divided_ranks.arrange import arrange, best_value, build_value
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS as GAME
from cardlaw.sampling import play_game
from cardlaw.simulation.divided_ranks import facts
from cardlaw.spec.cards import ALL_CARDS, CardSet, bits
from cardlaw.spec.divided_ranks.actions import KEEP, Action, Build, Keep, Swap
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from tests.divided_ranks.test_observe import known_cards, swap_cards


def _result(mine: int, theirs: int) -> Fraction:
    a, b = best_value(mine), best_value(theirs)
    return Fraction(1) if a > b else Fraction(1, 2) if a == b else Fraction(0)


def _answer(state: DividedRanksState) -> int:
    """The last reserve player's best option, by brute force over the engine's odds (-1: keep)."""
    view = GAME.observe(state, state.actor)
    hand = view.hand.mask
    outside = sum(1 << c for c in range(32, 53)) & ~hand
    values = {}
    for give in (-1, *bits(hand)):
        total = Fraction(0)
        for card, p in view.reserve_odds:
            x = int(card)
            mine = hand if give < 0 else hand & ~(1 << give) | 1 << x
            total += p * _result(mine, outside & ~(1 << x))
        values[give] = total
    best = max(values.values())
    return -1 if values[-1] == best else min(g for g, v in values.items() if v == best)


def _first_turn_values(state: DividedRanksState) -> dict[int, Fraction]:
    seat = state.actor
    view = GAME.observe(state, seat)
    out = {}
    for give in (-1, *bits(state.hands[seat])):
        total = Fraction(0)
        for card, p in view.reserve_odds:
            world = swap_cards(state, state.reserve, int(card))
            world = GAME.apply(world, KEEP if give < 0 else Swap(ALL_CARDS[give]))
            answer = _answer(world)
            if answer >= 0:
                world = GAME.apply(world, Swap(ALL_CARDS[answer]))
            total += p * _result(world.hands[seat], world.hands[1 - seat])
        out[give] = total
    return out


def _reserve_states(seed: int, swap: str) -> list[DividedRanksState]:
    config = GAME.config(swap=swap)
    playout = play_game(GAME, config, make_bots(GAME, ["random"] * 2), seed=seed)
    state, out = GAME.new_game(config), []
    for action in playout.actions:
        if state.stage == Stage.RESERVE:
            out.append(state)
        state = GAME.apply(state, action)
    return out


@pytest.mark.clauses("divided-ranks.ruling.swap-odds", "divided-ranks.variant.face-up-swap")
@pytest.mark.parametrize("swap", ["blind", "face-up"])
def test_the_first_reserve_values_follow_from_the_rules(swap: str) -> None:
    """The opponent's odds and answer, rebuilt by the bot, are the engine's."""
    for seed in range(2):
        first = _reserve_states(seed, swap)[0]
        expected = _first_turn_values(first)
        got = reserve_values(GAME.observe(first, first.actor))
        assert got == pytest.approx({k: float(v) for k, v in expected.items()})


@pytest.mark.clauses("divided-ranks.ruling.swap-odds")
def test_the_last_reserve_choice_is_the_best_by_the_panels_odds() -> None:
    bot = ExactBot()
    for seed in range(4):
        last = _reserve_states(seed, "blind")[1]
        pick = bot.choose(GAME.observe(last, last.actor), GAME.legal_actions(last), random.Random())
        assert isinstance(pick, Keep | Swap), pick
        assert (-1 if isinstance(pick, Keep) else int(pick.card)) == _answer(last)


def test_the_last_draft_choice_enumerates_every_deal_once() -> None:
    """At the last choice every deal of the hidden cards is listed once, none sampled."""
    playout = play_game(GAME, GAME.config(), [ExactBot(samples=4)] * 2, seed=2)
    state = GAME.new_game(GAME.config())
    for action in playout.actions:
        if state.stage == Stage.CHOOSE and len(state.rounds) == 4:
            view = GAME.observe(state, state.actor)
            deals = ExactBot().deals(view, random.Random(0))
            pool = view.unaccounted.mask
            places = dict(view.whereabouts)
            assert set(places) == {"face-down", "opponent", "reserve"}
            expected = comb(pool.bit_count(), 2) * (pool.bit_count() - 2)
            assert len(deals) == len({tuple(sorted(d.items())) for d in deals}) == expected
            for deal in deals:
                assert sum(deal.values()) == pool
                assert all(deal[p].bit_count() == n for p, n in places.items())
            truth = {"face-down": state.offer[1], "reserve": 1 << state.reserve}
            assert any(all(d[p] == m for p, m in truth.items()) for d in deals)
        state = GAME.apply(state, action)


def test_the_exact_bot_builds_its_best_and_sees_only_its_observation() -> None:
    for seed in range(3):
        playout = play_game(
            GAME, GAME.config(), [ExactBot(samples=4), ExactBot(samples=4)], seed=seed
        )
        for seat in (0, 1):
            assert build_value(*playout.final.builds[seat]) == best_value(playout.final.hands[seat])
        state = GAME.new_game(GAME.config())
        for action in playout.actions:
            mover = GAME.to_move(state)
            if isinstance(mover, int) and state.stage != Stage.BUILD:
                hidden = [c for c in range(32, 53) if not known_cards(state, mover) >> c & 1]
                if len(hidden) >= 2:
                    other = swap_cards(state, hidden[0], hidden[-1])
                    picks = {
                        ExactBot(samples=4).choose(
                            GAME.observe(s, mover), GAME.legal_actions(s), random.Random(1)
                        )
                        for s in (state, other)
                    }
                    assert len(picks) == 1
            state = GAME.apply(state, action)


def _without_swap(actions: tuple[Action, ...], turn: int) -> int | None:
    """The winner of the game replayed by the engine with reserve turn ``turn`` a keep.

    Every other action is the same but the builds, which are each seat's best.
    """
    state = GAME.new_game(GAME.config())
    seen = 0
    for original in actions:
        action = original
        if state.stage == Stage.RESERVE:
            if seen == turn:
                action = KEEP
            seen += 1
        if state.stage == Stage.BUILD:
            weaker, stronger = arrange(state.hands[state.actor])
            action = Build(CardSet(weaker), CardSet(stronger))
        state = GAME.apply(state, action)
    result = GAME.result(state)
    assert result is not None
    return result.winner


def test_each_swap_is_scored_against_the_engines_replay_without_it() -> None:
    names = ["exact", "skilled"]
    checked = 0
    for seed in range(12):
        playout = play_game(GAME, GAME.config(), make_bots(GAME, names), seed=seed)
        found = facts(GAME, GAME.config(), playout, names)
        result = GAME.result(playout.final)
        assert result is not None
        for turn, entry in enumerate(found["swaps"]):
            if not entry[2]:
                assert entry[4] is None
                continue
            seat = playout.final.swaps[turn][0]
            other = _without_swap(playout.actions, turn)

            def score(winner: int | None, seat: int = seat) -> float:
                return 0.5 if winner is None else float(winner == seat)

            delta = score(result.winner) - score(other)
            assert entry[4] == (delta > 0) - (delta < 0)
            checked += 1
    assert checked >= 10
