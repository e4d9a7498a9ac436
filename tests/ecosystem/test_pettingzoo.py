"""cardlaw's games in PettingZoo, checked by PettingZoo's own tests (run, not copied).

For each game under its default configuration and one variant or player
count: ``pettingzoo.test.api_test``, ``seed_test`` and ``render_test``.  Then
what is cardlaw's to say: ``reset(seed=s)`` deals what ``cardlaw play --seed
s`` deals; an illegal action is a ``ValueError`` naming its clause; the
render is cardlaw's log; the action mask is the legal actions; a game played
through the environment is a record ``cardlaw replay`` judges true to its seed.
"""

from __future__ import annotations

import contextlib
import io
import random
import warnings
from typing import Any

import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import cardlaw.pettingzoo as pz  # noqa: E402
from cardlaw.bots import make_bots  # noqa: E402
from cardlaw.engine.api import CHANCE  # noqa: E402
from cardlaw.judge import judge_record  # noqa: E402
from cardlaw.sampling import play_game  # noqa: E402
from cardlaw.spec.errors import IllegalAction  # noqa: E402
from tests.ecosystem.common import CASES, case_id, setup  # noqa: E402


def _quietly(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run one of PettingZoo's checks without its prints and its advisory warnings."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_api_test(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    _quietly(api_test, pz.env(name, **params), num_cycles=100)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seed_test(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    _quietly(seed_test, lambda: pz.env(name, **params), num_cycles=50)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_render_test(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    _quietly(render_test, lambda render_mode=None: pz.env(name, render_mode, **params))


def _play(env: Any, seed: int) -> Any:
    """A whole game through ``env`` with random legal actions; the environment."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = [i for i, allowed in enumerate(observation["action_mask"]) if allowed]
        env.step(rng.choice(legal))
        del agent
    return env


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_seed_deals_what_cardlaw_play_deals(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    game, config = setup(name, params)
    env = pz.env(name, **params)
    for seed in (1, 2):
        env.reset(seed=seed)
        played = play_game(game, config, make_bots(game, ["random"] * config.players), seed=seed)
        chance = [
            a
            for a, spot in zip(played.actions, _spots(game, config, played.actions), strict=True)
            if spot == CHANCE
        ]
        dealt = [s.action for s in env.spot.path()[1:] if s.parent and s.parent.mover() == CHANCE]
        assert dealt == chance[: len(dealt)] and dealt


def _spots(game: Any, config: Any, actions: Any) -> list[Any]:
    """Who moved before each of ``actions``."""
    state, movers = game.new_game(config), []
    for action in actions:
        movers.append(game.to_move(state))
        state = game.apply(state, action)
    return movers


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_game_through_the_environment_is_judged_true_to_its_seed(
    case: tuple[str, dict[str, Any]],
) -> None:
    name, params = case
    env = _play(pz.env(name, **params), 5)
    replay = judge_record(env.to_record())
    assert replay.legal and replay.seeded and replay.finished, replay.error
    assert all(env.terminations.values()) or not env.agents
    assert not any(env.truncations.values())


def test_an_illegal_action_is_a_value_error_naming_the_clause() -> None:
    env = pz.env("euchre")
    env.reset(seed=3)
    observation, *_ = env.last()
    assert [i for i, m in enumerate(observation["action_mask"]) if m] == [0, 1, 2]
    with pytest.raises(ValueError, match=r"\[euchre\.") as refused:
        env.step(40)  # a card played during the bidding
    assert isinstance(refused.value, IllegalAction)
    assert refused.value.clause.startswith("euchre.")
    with pytest.raises(ValueError, match="no action id 60"):
        env.step(60)


def test_the_mask_is_the_legal_actions_and_others_see_none() -> None:
    env = pz.env("divide", players=5)
    env.reset(seed=4)
    mover = env.agent_selection
    ids = env.spot.legal_ids()
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        expected = set(ids) if agent == mover else set()
        assert {i for i, m in enumerate(mask) if m} == expected


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_each_info_holds_the_mask_the_observation_holds(case: tuple[str, dict[str, Any]]) -> None:
    """At every turn of a game, ``infos[agent]["action_mask"]`` is the agent's observed mask:
    the legal ids for the agent to move, all 0 for the others, and at the end for all;
    a player reading it after ``last(observe=False)`` plays the same game."""
    name, params = case
    env = pz.env(name, **params)
    env.reset(seed=7)
    rng = random.Random(7)
    turns = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last(observe=False)
        assert observation is None
        for other in env.agents:
            assert (env.infos[other]["action_mask"] == env.observe(other)["action_mask"]).all()
        if terminated or truncated:
            assert not info["action_mask"].any()
            env.step(None)
            continue
        assert {int(i) for i in info["action_mask"].nonzero()[0]} == set(env.spot.legal_ids())
        env.step(rng.choice(info["action_mask"].nonzero()[0]))
        turns += 1
        del agent
    assert turns and judge_record(env.to_record()).legal


def test_ansi_render_is_cardlaws_log() -> None:
    env = pz.env("euchre", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None and "Hand 1" in text and "Up-card" in text and "\x1b[" in text
    assert pz.env("euchre").render() is None
