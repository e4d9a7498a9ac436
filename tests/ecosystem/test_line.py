"""OpenSpiel's state keeps its history as a line, made into spots only when asked (issue 35).

* the spots a line makes (:meth:`~cardlaw.ecosystem.line.Line.head`), asked
  at any moment, are the spots that applying each step to a spot makes
  (:meth:`Spot.after_legal_id`, :meth:`Spot.after_deal`, :meth:`Spot.after_id`):
  the same states, steps and actions, from the same root;
* a clone, a deep copy and a pickle made partway go their own way: playing
  them on changes neither the original's history nor each other's, and each
  one's record replays as legal in cardlaw;
* a line's legal ids, decisions and deals are refused as a spot's are.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cardlaw.ecosystem.line import Line  # noqa: E402
from cardlaw.ecosystem.spot import Spot  # noqa: E402
from cardlaw.judge import judge_record  # noqa: E402
from cardlaw.openspiel import load_game  # noqa: E402
from cardlaw.openspiel.games import CardlawGame, CardlawState  # noqa: E402
from cardlaw.spec.errors import CardlawError, IllegalAction  # noqa: E402
from tests.ecosystem.common import CASES, case_id  # noqa: E402


def _path(spot: Spot[object]) -> list[tuple[Any, Any, Any, bool]]:
    return [(s.edge, s.action, s.state, s.from_start) for s in spot.path()]


def _new(game: object) -> CardlawState:
    """A new state of one of cardlaw's OpenSpiel games (a :class:`CardlawState`)."""
    assert isinstance(game, CardlawGame)
    state = game.new_initial_state()
    assert isinstance(state, CardlawState)
    return state


def _step(state: CardlawState, rng: random.Random) -> int:
    """One random step of OpenSpiel's loop; the action taken."""
    if state.is_chance_node():
        action = int(rng.choice(state.chance_outcomes())[0])
    else:
        action = int(rng.choice(state.legal_actions()))
    state.apply_action(action)
    return action


class _Model:
    """The history as spots made at every step (what the state kept before it had a line)."""

    def __init__(self, start: Spot[object]) -> None:
        self.spot = start
        self.dealt: list[int] = []
        self.left: list[int] | None = None

    def apply(self, chance: bool, action: int) -> None:
        spot = self.spot
        if chance and self.left is None:
            dealing = spot.dealing()
            if dealing is None:
                self.spot = spot.after_id(action)
                return
            self.left = list(dealing.cards)
        if chance:
            assert self.left is not None
            self.dealt.append(self.left.pop(action))
            if not self.left:
                self.spot = spot.after_deal(tuple(self.dealt))
                self.dealt, self.left = [], None
            return
        self.spot = spot.after_legal_id(action)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_line_makes_the_spots_applying_each_step_makes(case: tuple[str, dict[str, Any]]) -> None:
    game = load_game(*case)
    for seed in range(2):
        rng = random.Random(seed)
        state = _new(game)
        model = _Model(state.spot)
        asked = 0
        for step in range(600):
            if state.is_terminal():
                break
            chance = state.is_chance_node()
            model.apply(chance, _step(state, rng))
            if step % 7 == seed and not state.is_chance_node():
                assert _path(state.spot) == _path(model.spot)  # asked partway
                asked += 1
            assert state.cardlaw == model.spot.state
        if not state.is_chance_node():
            assert _path(state.spot) == _path(model.spot)
        assert asked


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_clones_deep_copies_and_pickles_go_their_own_way(case: tuple[str, dict[str, Any]]) -> None:
    game = load_game(*case)
    state, length = _new(game), 0
    rng = random.Random(5)
    while not state.is_terminal():
        _step(state, rng)
        length += 1
    state, rng = _new(game), random.Random(5)
    for _ in range(length // 2):  # the same game to its middle, then to a decision
        _step(state, rng)
    while state.is_chance_node():  # (partway through a deal, the spot's last steps are cards)
        _step(state, rng)
    before = _path(state.spot)
    copies = [state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    for seed, other in enumerate(copies):
        assert _path(other.spot) == before
        other_rng = random.Random(100 + seed)
        for _ in range(60 + 20 * seed):
            if other.is_terminal():
                break
            _step(other, other_rng)
    for _ in range(30):
        if state.is_terminal():
            break
        _step(state, rng)
    assert _path(state.spot)[: len(before)] == before
    for other in [state, *copies]:
        if other.is_chance_node():
            continue
        replay = judge_record(other.to_record())
        assert replay.legal, replay
    histories = {tuple(s.history()) for s in [state, *copies]}
    assert len(histories) == 4  # each went its own way


def test_a_line_refuses_what_a_spot_refuses() -> None:
    game = load_game("euchre")
    assert isinstance(game, CardlawGame)
    state = _new(game)
    rng = random.Random(2)
    while state.is_chance_node():
        _step(state, rng)
    _step(state, rng)  # a decision: a step of the line, no spot made
    line = copy.deepcopy(state._line)
    assert line.steps
    taken = set(line.legal_ids())
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in taken)
    with pytest.raises(CardlawError):
        line.play(illegal)
    with pytest.raises(CardlawError):
        line.deal((0, 1))
    at_shuffle = Spot.start(game.cardlaw, game.config).after_id(0)
    dealing = at_shuffle.dealing()
    assert dealing is not None and Line(at_shuffle).dealing() is dealing
    with pytest.raises(IllegalAction):
        Line(at_shuffle).deal((0, 1))
    partway = Line(at_shuffle.after_id(dealing.cards[0]))
    with pytest.raises(IllegalAction, match="card by card"):
        partway.play(0)
