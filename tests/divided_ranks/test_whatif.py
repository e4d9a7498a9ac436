"""Divided Ranks under changed rules beyond the engine: bots, positions and ``ask ... --set``.

The skilled and expert bots play whole games under every draft the pack
allows and any number of reserve turns, and the records replay; a position
of a game under changed rules carries them (``rules``), reads back as the
same state, and ``cardlaw ask divided-ranks legal --set`` judges a position
under the rules given on the command line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.bots.divided_ranks import ExpertBot, SkilledBot
from cardlaw.engine.divided_ranks.codec import config_to_json
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import build_record, replay_record
from cardlaw.sampling import play_game
from cardlaw.spec.divided_ranks.state import Stage
from cardlaw.spec.errors import MalformedInput
from tests.divided_ranks.test_parameters import overrides
from tests.games import random_walk
from tests.games import run_cli as run

pytestmark = pytest.mark.clauses(
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.split",
    "divided-ranks.reserve.turns",
)

_SWAPS = st.sampled_from(["blind", "face-up"])
_ORDERS = st.sampled_from(["fewer-splits", "coin"])


@given(overrides, _SWAPS, _ORDERS, st.booleans(), st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_bots_play_whole_games_under_overrides(
    rules: dict[str, int], swap: str, order: str, expert_first: bool, seed: int
) -> None:
    """The skilled and the expert bot finish a game under any accepted rules; it replays."""
    config = DIVIDED_RANKS.config(rules=rules, swap=swap, reserve_order=order)
    bots = [ExpertBot(samples=3), SkilledBot()]
    playout = play_game(DIVIDED_RANKS, config, bots if expert_first else bots[::-1], seed=seed)
    final = playout.final
    assert final.stage == Stage.OVER
    assert len(final.rounds) == rules["ROUNDS"] and len(final.swaps) == rules["RESERVE_TURNS"]
    record = build_record(DIVIDED_RANKS, config, list(playout.actions))
    assert record["config"] == config_to_json(config)
    replay = replay_record(record)
    assert replay.legal and replay.final == final
    assert replay.final.config.rules == config.rules


@given(overrides, _SWAPS, _ORDERS, st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_positions_carry_the_rules(rules: dict[str, int], swap: str, order: str, seed: int) -> None:
    """Every position of a game under changed rules names them and reads back as its state."""
    config = DIVIDED_RANKS.config(rules=rules, swap=swap, reserve_order=order)
    written = 0
    for state, _ in random_walk(DIVIDED_RANKS, config, seed):
        try:
            data = DIVIDED_RANKS.position_to_json(state)
        except MalformedInput:
            continue  # before the first split, or after the builds
        written += 1
        again = DIVIDED_RANKS.position_from_json(json.loads(json.dumps(data)))
        assert again.config.rules == config.rules
        assert DIVIDED_RANKS.position_to_json(again) == data
        assert (again.hands, again.rounds, again.swaps, again.stage) == (
            state.hands,
            state.rounds,
            state.swaps,
            state.stage,
        )
    assert written > 0


def _ten_rounds_position() -> dict[str, Any]:
    """A position in the reserve turns of a ten-round draft of single cards."""
    config = DIVIDED_RANKS.config(rules={"ROUNDS": 10, "PAIR_SIZE": 1, "RESERVE_TURNS": 4})
    for state, _ in random_walk(DIVIDED_RANKS, config, 7):
        if state.stage == Stage.RESERVE:
            return DIVIDED_RANKS.position_to_json(state)
    raise AssertionError("no reserve turn")  # pragma: no cover


def test_ask_legal_reads_a_position_under_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--set`` gives the rules a position is judged under; without them it is unreachable."""
    data = _ten_rounds_position()
    assert data["rules"] == {"ROUNDS": 10, "PAIR_SIZE": 1, "RESERVE_TURNS": 4}
    del data["rules"]
    path = tmp_path / "ten.json"
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "ask", "divided-ranks", "legal", "--position", str(path))
    assert code == 2 and "has 1 card" in err and "\n" not in err.strip()
    sets = ("--set", "ROUNDS=10", "--set", "pair-size=1", "--set", "RESERVE_TURNS=4")
    code, out, _ = run(capsys, "ask", "divided-ranks", "legal", "--position", str(path), *sets)
    assert code == 0 and "may: keep" in out
    code, _, err = run(
        capsys, "ask", "divided-ranks", "legal", "--position", str(path), "--set", "ROUNDS=4"
    )
    assert code == 2 and "[divided-ranks.draft.end]" in err


@pytest.mark.parametrize(
    "question",
    [
        ("compare", "10S JD QH KH AD", "10C JK QS KD AH"),
        ("arrange", "10S", "10H", "JS", "JH", "QS", "QH", "KC", "KD", "AC", "AD"),
        ("showdown", "AS AH AD KS KH / QS QH QD JS JH", "10S 10H 10D 10C JK / JD JC QC KD KC"),
    ],
    ids=lambda q: q[0],
)
def test_the_hand_questions_check_set(
    question: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """The answer does not depend on the draft's numbers; a bad --set is still exit 2."""
    code, printed, _ = run(capsys, "ask", "divided-ranks", *question)
    assert code == 0
    sets = ("--set", "ROUNDS=10", "--set", "PAIR_SIZE=1", "--set", "RESERVE_TURNS=0")
    code, out, _ = run(capsys, "ask", "divided-ranks", *question, *sets)
    assert code == 0 and out == printed
    code, _, err = run(capsys, "ask", "divided-ranks", *question, "--set", "ROUNDS=4")
    assert code == 2 and err.strip().endswith("[divided-ranks.draft.end]")
