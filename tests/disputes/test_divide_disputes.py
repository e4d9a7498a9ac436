"""Settling Divide disputes: positions, ``ask`` and ``query``, and bad input of every kind."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.position import EXAMPLE
from tests.games import random_walk, run_line
from tests.games import run_cli as run
from tests.games import write_file as write

# --- the rule document's own examples, asked at the table ---------------------------------------

FOLLOW: dict[str, Any] = {
    "game": "divide",
    "players": 4,
    "dealer": 3,
    "trump": "7D",
    "hands": [
        "9C 8C 7C 6C 5C 4C 3C",
        "KH 7S QS JS 10S 9S 8S 5D",
        "AH AS QH JH 10H 9H 8H 6H",
        "2S 2D 3S 3D 4S 4D 5S 6S",
    ],
    "tricks": [],
    "trick": {"leader": 0, "cards": ["2H"]},
}
"""Trump Rank 7, Hearts led, seat 1 holding K♥ and 7♠ (the rule document's example)."""


@pytest.mark.clauses("divide.trick.follow-suit", "divide.trick.void")
def test_follow_suit_example_at_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Trump Rank 7, Hearts led: holding K♥ and 7♠ you must play K♥; without Hearts, 7♠ may."""
    path = write(tmp_path, FOLLOW)
    code, out, _ = run(
        capsys, "ask", "divide", "legal", "--position", path, "--action", "play 7S", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["action_is_legal"] is False
    assert "divide.trick.follow-suit" in data["clauses"]
    code, out, _ = run(
        capsys, "ask", "divide", "legal", "--position", path, "--action", "play KH", "--json"
    )
    assert json.loads(out)["action_is_legal"] is True
    without = copy.deepcopy(FOLLOW)
    without["hands"][1] = "KD 7S QS JS 10S 9S 8S 5D"
    path = write(tmp_path, without, "without.json")
    code, out, _ = run(
        capsys, "ask", "divide", "legal", "--position", path, "--action", "play 7S", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["action_is_legal"] is True and "divide.trick.void" in data["clauses"]


@pytest.mark.clauses("divide.trick.winner-trump", "divide.cards.suit-order")
def test_trick_short_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_line(capsys, "ask divide trick --trump 7 --leader 0 KH 7S 2H 7D --json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "seat 1 wins with 7♠"
    assert "divide.trick.winner-trump" in data["clauses"]


@pytest.mark.clauses("divide.score.suit-token", "divide.score.bonus-token")
def test_token_short_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "divide", "token", "AH", "--stacks", "3,3,1,3", "--json")
    assert code == 0 and json.loads(out)["verdict"].startswith("a 2-point Hearts token")
    code, out, _ = run(capsys, "ask", "divide", "token", "AH", "--stacks", "3,3,0,3", "--json")
    assert code == 0 and json.loads(out)["verdict"].startswith("a 5-point bonus token")


def test_legal_lists_the_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "ask", "divide", "legal", "--position", write(tmp_path, EXAMPLE), "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["legal"] == ["play 3H", "play 10C", "play JD"]


# --- positions a judge rejects ----------------------------------------------------------------------


@given(st.integers(0, 2**32), st.sampled_from([4, 5]))
@settings(max_examples=15)
def test_positions_round_trip(seed: int, players: int) -> None:
    for state, _ in random_walk(DIVIDE, DIVIDE.config(players=players), seed):
        if state.stage.name == "TRICKS" and DIVIDE.to_move(state) is not None:
            again = DIVIDE.position_from_json(DIVIDE.position_to_json(state))
            assert again.hands == state.hands and again.trick == state.trick
            assert again.tricks == state.tricks and again.taken == state.taken
            assert DIVIDE.legal_actions(again) == DIVIDE.legal_actions(state)


# --- queries ------------------------------------------------------------------------------------------


def test_query_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "query", "divide", "maximize round: points[0]", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "optimum" and data["value"] == 31 and data["proven"]
