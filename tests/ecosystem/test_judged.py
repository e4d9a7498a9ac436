"""Everything played through the adapters is judged by cardlaw: ``cardlaw replay`` accepts it.

OpenSpiel's and PettingZoo's own tests check the API, not the rules (a game
that ignored follow-suit would pass them), so the games played through
them are judged here: random games through each adapter, in every game's
two setups; games with search bots (cardlaw's ``mcts``, OpenSpiel's ISMCTS
over sampled worlds, and OpenSpiel's C++ MCTS through ``pyspiel.evaluate_bots``).
Each becomes a cardlaw record and :func:`cardlaw.judge.judge_record` (what
``cardlaw replay`` runs) must find it legal: OpenSpiel's unseeded (its own
sampler drew chance), PettingZoo's true to its seed.  One record per game
is also replayed by the command line itself.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardlaw.engine.record import dump_record
from cardlaw.judge import judge_record
from tests.ecosystem.common import CASES, GAMES, case_id
from tests.games import run_cli

pyspiel = pytest.importorskip("pyspiel")
pettingzoo = pytest.importorskip("pettingzoo")

import cardlaw.pettingzoo as pz  # noqa: E402
from cardlaw.openspiel import load_game  # noqa: E402
from cardlaw.openspiel.games import CardlawState  # noqa: E402
from cardlaw.openspiel.search import SearchBot  # noqa: E402

GAMES_PER_CASE = 6
"""Random games through each adapter in each setup."""


def _openspiel_game(game: Any, seed: int, bots: dict[int, Any] | None = None) -> Any:
    """One game through OpenSpiel's API: chance by OpenSpiel's outcomes, seats at random or by
    the cardlaw ``bots`` given (fed the seat's observation)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for seat, bot in (bots or {}).items():
        bot.sit(game.cardlaw, game.config, seat)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        bot = (bots or {}).get(seat)
        if bot is None:
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        spot = state.spot
        legal = game.cardlaw.legal_actions(spot.state)
        action = bot.choose(spot.observation(seat), legal, rng)
        state.apply_action(spot.table.codec.encode(spot.state, action))
    return state


def _pettingzoo_game(env: Any, seed: int, bots: dict[int, Any] | None = None) -> Any:
    env.reset(seed=seed)
    rng = random.Random(seed)
    for seat, bot in (bots or {}).items():
        bot.sit(env.game, env.config, seat)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        bot = (bots or {}).get(seat)
        if bot is None:
            env.step(rng.choice([i for i, m in enumerate(observation["action_mask"]) if m]))
            continue
        spot = env.spot
        action = bot.choose(spot.observation(seat), env.game.legal_actions(spot.state), rng)
        env.step(spot.table.codec.encode(spot.state, action))
    return env


def _judged(record: dict[str, Any], seeded: bool) -> None:
    replay = judge_record(json.loads(dump_record(record)))
    assert replay.legal, replay.error
    assert replay.finished and replay.seeded == seeded


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_through_openspiel_are_legal(case: tuple[str, dict[str, Any]]) -> None:
    game = load_game(*case)
    for seed in range(GAMES_PER_CASE):
        _judged(_openspiel_game(game, seed).to_record(), seeded=False)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_through_pettingzoo_are_legal(case: tuple[str, dict[str, Any]]) -> None:
    env = pz.env(case[0], **case[1])
    for seed in range(GAMES_PER_CASE):
        _judged(_pettingzoo_game(env, seed).to_record(), seeded=True)


@pytest.mark.parametrize("name", GAMES)
def test_search_bots_games_through_both_adapters_are_legal(name: str) -> None:
    game = load_game(name)
    state = _openspiel_game(game, 1, {0: SearchBot(simulations=6)})
    _judged(state.to_record(), seeded=False)
    env = _pettingzoo_game(pz.env(name), 2, {1: SearchBot(simulations=6)})
    _judged(env.to_record(), seeded=True)


@pytest.mark.parametrize("name", ["divided-ranks", "euchre"])
def test_openspiels_own_cpp_mcts_through_evaluate_bots_plays_legal_games(name: str) -> None:
    """OpenSpiel's C++ ``MCTSBot`` in seat 0 (it searches whole states: OpenSpiel's bot, not a
    fair player), its random bot elsewhere, driven by ``pyspiel.evaluate_bots``, which plays on
    the state it is given: the rules are still cardlaw's, and so is the judge.  (Calling the C++
    bot's ``step`` from Python crashes, OpenSpiel's own ``python_kuhn_poker`` too.)"""
    game = load_game(name)
    n = game.num_players()
    evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
    bots = [pyspiel.MCTSBot(game, evaluator, 2.0, 4, 100, False, 3, False)] + [
        pyspiel.make_uniform_random_bot(seat, 5) for seat in range(1, n)
    ]
    state = game.new_initial_state()
    assert isinstance(state, CardlawState)
    returns = pyspiel.evaluate_bots(state, bots, 7)
    assert state.is_terminal() and returns == state.returns()
    _judged(state.to_record(), seeded=False)


def test_the_command_line_replays_a_record_of_each_adapter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for label, record in (
        ("openspiel", _openspiel_game(load_game("euchre"), 3).to_record()),
        ("pettingzoo", _pettingzoo_game(pz.env("split", players=3), 3).to_record()),
    ):
        path = tmp_path / f"{label}.json"
        path.write_text(dump_record(record), encoding="utf-8")
        code, out, err = run_cli(capsys, "replay", str(path))
        assert code == 0 and out.startswith("legal: "), (label, err)
