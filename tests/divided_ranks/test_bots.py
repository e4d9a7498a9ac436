"""Divided Ranks' bots: legal, deterministic from their stream, and as strong as documented."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardlaw.bots import make_bots
from cardlaw.bots.divided_ranks import ExpertBot, SkilledBot
from cardlaw.engine.divided_ranks.arrange import best_value, build_value
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.sampling import play_game
from cardlaw.spec.cards import bits
from cardlaw.spec.divided_ranks.actions import Keep, Swap
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.divided_ranks.state import Stage
from tests.divided_ranks.test_observe import known_cards, swap_cards


@pytest.mark.clauses("divided-ranks.ruling.best-build")
def test_skilled_and_expert_build_their_best() -> None:
    for seed in range(6):
        end = play_game(
            DIVIDED_RANKS, DIVIDED_RANKS.config(), [ExpertBot(samples=4), SkilledBot()], seed=seed
        ).final
        for seat in (0, 1):
            assert build_value(*end.builds[seat]) == best_value(end.hands[seat])


def test_bots_decide_from_the_observation_alone() -> None:
    """Exchanging two cards a seat has never seen cannot change its bot's choice."""
    playout = play_game(
        DIVIDED_RANKS, DIVIDED_RANKS.config(), make_bots(DIVIDED_RANKS, ["random"] * 2), seed=5
    )
    state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config())
    checked = 0
    for action in playout.actions:
        mover = DIVIDED_RANKS.to_move(state)
        if isinstance(mover, int) and state.stage != Stage.BUILD:
            hidden = [c for c in range(32, 53) if not known_cards(state, mover) >> c & 1]
            if len(hidden) >= 2:
                other = swap_cards(state, hidden[0], hidden[-1])
                for bot in (ExpertBot(samples=4), SkilledBot()):
                    picks = [
                        bot.choose(
                            DIVIDED_RANKS.observe(s, mover),
                            DIVIDED_RANKS.legal_actions(s),
                            random.Random(1),
                        )
                        for s in (state, other)
                    ]
                    assert picks[0] == picks[1]
                    checked += 1
        state = DIVIDED_RANKS.apply(state, action)
    assert checked


def test_the_expert_beats_the_others() -> None:
    def score(names: list[str], seat: int, games: int) -> float:
        total = 0.0
        for seed in range(games):
            result = DIVIDED_RANKS.result(
                play_game(
                    DIVIDED_RANKS,
                    DIVIDED_RANKS.config(),
                    make_bots(DIVIDED_RANKS, names),
                    seed=seed,
                ).final
            )
            assert result is not None
            total += 0.5 if result.winner is None else float(result.winner == seat)
        return total / games

    assert score(["expert", "random"], 0, 30) >= 0.8
    assert score(["random", "skilled"], 1, 30) >= 0.7


@pytest.mark.clauses("divided-ranks.ruling.swap-odds")
def test_the_expert_reserve_choice_maximises_expected_result() -> None:
    """Recompute every option's expected result exactly, from the rules, and compare."""
    bot = ExpertBot()
    checked = 0
    for seed in range(12):
        config = DIVIDED_RANKS.config(swap="face-up" if seed % 2 else "blind")
        playout = play_game(
            DIVIDED_RANKS, config, make_bots(DIVIDED_RANKS, ["random"] * 2), seed=seed
        )
        state = DIVIDED_RANKS.new_game(config)
        for action in playout.actions:
            if state.stage == Stage.RESERVE:
                view = DIVIDED_RANKS.observe(state, state.actor)
                hand = state.hands[state.actor]
                outside = PACK_MASK & ~hand
                exact: dict[int, Fraction] = {}
                for give in (-1, *bits(hand)):
                    total = Fraction(0)
                    for card, p in view.reserve_odds:
                        r = int(card)
                        mine = best_value(hand if give < 0 else hand & ~(1 << give) | 1 << r)
                        held = outside & ~(1 << r)
                        left = r if give < 0 else give
                        answers = (
                            [held]
                            if view.swaps
                            else [held] + [held & ~(1 << c) | 1 << left for c in bits(held)]
                        )
                        theirs = max(best_value(h) for h in answers)
                        total += p * (
                            1 if mine > theirs else Fraction(1, 2) if mine == theirs else 0
                        )
                    exact[give] = total
                values = bot.reserve_values(view)
                assert values == pytest.approx({k: float(v) for k, v in exact.items()})
                pick = bot.choose(view, DIVIDED_RANKS.legal_actions(state), random.Random(0))
                assert isinstance(pick, Keep | Swap), pick
                chosen = -1 if isinstance(pick, Keep) else int(pick.card)
                assert exact[chosen] == max(exact.values())
                checked += 1
            state = DIVIDED_RANKS.apply(state, action)
    assert checked == 24
