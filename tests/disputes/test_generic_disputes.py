"""The dispute tests every game makes the same way, over every game's own data: positions read
from TOML, positions a judge rejects, fuzzed positions and documents, and queries ``cardlaw
query`` refuses.

Each game's other dispute tests are in ``test_<game>_disputes.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.divide.position import EXAMPLE as DIVIDE_EXAMPLE
from engine.divided_ranks.position import EXAMPLE as DIVIDED_RANKS_EXAMPLE
from engine.euchre.position import EXAMPLE as EUCHRE_EXAMPLE
from engine.registry import GAMES, get_game
from engine.split.spot import EXAMPLE as SPLIT_EXAMPLE
from tests.games import run_cli as run
from tests.games import write_file as write
from tests.generic.disputes import (
    JSON_WORDS,
    assert_clear_error,
    assert_rejected,
    edited,
    fuzzed_json,
    read_document,
    read_fuzzed_position,
)
from tests.split.positions import COOPERATIVE as SPLIT_COOPERATIVE

EXAMPLES: dict[str, dict[str, Any]] = {
    "divide": DIVIDE_EXAMPLE,
    "divided-ranks": DIVIDED_RANKS_EXAMPLE,
    "split": SPLIT_EXAMPLE,
    "euchre": EUCHRE_EXAMPLE,
}
"""Each game's example position (the one its documentation shows), by game."""


def _toml_tricks(position: dict[str, Any], leader: int | None = None) -> list[str]:
    """A trick-taking position's tricks done and trick in progress, as TOML tables (the trick
    led by ``leader``, if given, else as in ``position``)."""
    trick = position["trick"]
    return [
        *[
            f"[[tricks]]\nleader = {t['leader']}\ncards = {json.dumps(t['cards'])}"
            for t in position["tricks"]
        ],
        f"[trick]\nleader = {trick['leader'] if leader is None else leader}\n"
        f"cards = {json.dumps(trick['cards'])}",
    ]


TOML: dict[str, tuple[list[str], str]] = {
    "divide": (
        [
            'game = "divide"',
            "players = 4",
            "dealer = 3",
            'trump = "8C"',
            f"hands = {json.dumps(DIVIDE_EXAMPLE['hands'])}",
            *_toml_tricks(DIVIDE_EXAMPLE),
        ],
        "play 3H",
    ),
    "divided-ranks": (
        [
            'game = "divided-ranks"',
            "first_splitter = 0",
            *[
                f"[[rounds]]\nface_up = {json.dumps(r['face_up'])}\n"
                f"face_down = {json.dumps(r['face_down'])}\ntook = {json.dumps(r['took'])}"
                for r in DIVIDED_RANKS_EXAMPLE["rounds"]
            ],
        ],
        "seat 1 may: keep",
    ),
    "split": (
        [
            'mode = "competitive"',
            "piles = [33, 71]",
            "middle = 52",
            "under = [25, 80]",
            'hands = [[12, 48, 99], "5 47 66 90", [34, 70, 88]]',
            "to_move = 1",
            "draw = 60",
        ],
        "move left, move right, reset",
    ),
    "euchre": (
        [
            'game = "euchre"',
            "dealer = 3",
            'upcard = "10S"',
            'trump = "S"',
            "maker = 0",
            "alone = false",
            f"hands = {json.dumps(EUCHRE_EXAMPLE['hands'])}",
            "scores = [0, 0]",
            *_toml_tricks(EUCHRE_EXAMPLE, leader=3),
        ],
        "play JC",
    ),
}
"""Each game's position written as TOML (its lines), and what ``ask legal`` then answers."""


def _divide_revoke(spot: Any) -> None:
    """Seat 3 played 9♦ to a Club lead while it still holds 10♣: it revoked."""
    spot["tricks"][0]["cards"] = ["JC", "7C", "KC", "9D"]
    spot["tricks"][4]["cards"] = ["6D", "3C", "8D", "9C"]


def _euchre_revoke(spot: Any) -> None:
    """Seat 2 played J♣ to the Club lead while it held 9♣: it revoked (J♣ is a Spade)."""
    spot["tricks"][1]["cards"] = ["AC", "KC", "QC", "JC"]
    spot["hands"][2] = "9C JD KD"


FUZZED: list[tuple[str, dict[str, Any], set[str]]] = [
    ("divide", DIVIDE_EXAMPLE, set()),
    ("divided-ranks", DIVIDED_RANKS_EXAMPLE, set()),
    ("split", SPLIT_EXAMPLE, {"discard", "aids", "players"}),
    ("split", SPLIT_COOPERATIVE, {"draw", "under", "middle"}),
    ("euchre", EUCHRE_EXAMPLE, {"results", "discard", "sitting_out"}),
]
"""Positions whose fields are fuzzed one at a time: (game, position, fields it may add)."""

JUDGED: dict[str, list[tuple[Callable[[Any], object], str]]] = {
    "divide": [
        (lambda d: d["hands"].__setitem__(1, "10H AS"), "given twice"),
        (lambda d: d["hands"].__setitem__(1, "10H"), "holds 1 cards but must hold 2"),
        (lambda d: d.__setitem__("trick", {"leader": 2, "cards": ["9S", "6S"]}), "must hold 3"),
        (lambda d: d["tricks"][1].__setitem__("leader", 3), "trick 2 is led by seat 3, but seat 2"),
        (lambda d: d["tricks"][1].__setitem__("cards", ["3D", "AH", "KD", "2D"]), "given twice"),
        (lambda d: d.__setitem__("players", 3), "4 or 5 players"),
        (lambda d: d.__setitem__("trump", "7X"), "unknown suit"),
        (lambda d: d.pop("hands"), "position.hands: missing"),
        (lambda d: d.__setitem__("colour", "red"), "unknown field"),
    ],
    "divided-ranks": [
        (lambda d: d["rounds"][1].__setitem__("face_up", "AH KS"), "given twice"),
        (lambda d: d["rounds"][1].__setitem__("face_up", "AH"), "has 1 cards, not 2"),
        (lambda d: d["rounds"][2].__setitem__("splitter", 1), "split by seat 1, but seat 0"),
        (lambda d: d.__setitem__("swaps", [{"gave": "KS"}]), "only give up one of its own"),
        (lambda d: d.__setitem__("swaps", ["keep", "keep", "keep"]), "3 reserve turns"),
        (lambda d: d.__setitem__("swaps", [{"seat": 0, "gave": "10C"}]), "seat 1's"),
        (lambda d: d.__setitem__("swaps", [{"gave": "10C", "took": "AS"}]), "not A♠"),
        (lambda d: d.__setitem__("reserve", "AS"), "the reserve is 10♣, not A♠"),
        (lambda d: d.__setitem__("to_move", 1), "seat 0 to act, not 1"),
        (lambda d: d["hands"].__setitem__(0, "AS"), "seat 0 holds"),
        (lambda d: d["rounds"].pop(), "round 5 is in progress"),
        (lambda d: d.__setitem__("split", {"drawn": "AS"}), "no split is in progress"),
        (lambda d: d.__setitem__("reserve_first", 0), "not seat 0"),
        (lambda d: d["rounds"][0].__setitem__("face_up", "9S QH"), "not a card of the"),
        (
            lambda d: d["rounds"][0].__setitem__("took", "left"),
            'rounds[0].took: expected "up" or "down"',
        ),
        (lambda d: d.__setitem__("variants", ["open"]), "unknown variant"),
        (lambda d: d.pop("first_splitter"), "position.first_splitter: missing"),
        (lambda d: d.__setitem__("colour", "red"), "unknown field"),
        (lambda d: d.__setitem__("game", "divide"), "not Divided Ranks"),
    ],
    "split": [
        (lambda d: d["hands"].__setitem__(0, [12, 48, 52]), "52 is given twice"),
        (lambda d: d["hands"].__setitem__(0, [12, 101]), "a Split card is a number from 0 to 100"),
        (lambda d: d["hands"].__setitem__(2, []), "seat 2 holds no cards"),
        (lambda d: d.__setitem__("middle", 33), "33 is given twice"),
        (lambda d: d.__setitem__("middle", 75), "not between the piles 33 and 71"),
        (lambda d: d.__setitem__("draw", 90), "cannot hold 90 cards"),
        (lambda d: d.__setitem__("draw", -1), "position.draw: expected a whole number 0 or more"),
        (lambda d: d.__setitem__("discard", [1, 2]), "cards are named nowhere"),
        (lambda d: d.__setitem__("players", 7), "2 to 6 players"),
        (lambda d: d.__setitem__("players", 4), "position.hands: expected a list of 4 hands"),
        (lambda d: d.__setitem__("to_move", 3), "position.to_move: expected a seat 0–2, got 3"),
        (lambda d: d.__setitem__("direction", "up"), "position.direction: expected"),
        (lambda d: d.__setitem__("aids", [0]), "aids belong to the cooperative game"),
        (lambda d: d.__setitem__("colour", "red"), "position.colour: unknown field"),
        (lambda d: d.pop("piles"), "position.piles: missing"),
        (lambda d: d.__setitem__("piles", [33]), "position.piles: expected [left, right]"),
        (lambda d: d.__setitem__("game", "divide"), "not Split"),
    ],
    "euchre": [
        (lambda d: d["hands"].__setitem__(2, "JC JD AD"), "given twice"),
        (lambda d: d["hands"].__setitem__(1, "AS"), "holds 1 cards but must hold 2"),
        (lambda d: d["hands"].__setitem__(0, "KH 8D"), "not a card of the Euchre deck"),
        (lambda d: d["tricks"][1].__setitem__("leader", 1), "led by seat 1, but seat 3 won"),
        (lambda d: d.__setitem__("upcard", "AS"), "took the up-card A♠, but it is in hand 1"),
        (lambda d: d.__setitem__("upcard", "KH"), "turned down"),
        (lambda d: d.__setitem__("scores", [10, 3]), "the game is over"),
        (lambda d: d.__setitem__("results", [[0, 1]]), "add up to [1, 0]"),
        (lambda d: d.__setitem__("sitting_out", 2), "sitting_out is 2, but nobody sits out"),
        (lambda d: d.__setitem__("discard", "AS"), "given twice"),
        (lambda d: d.__setitem__("discard", "10S"), "still has the up-card"),
        (lambda d: d.__setitem__("trump", "X"), "position.trump: expected a suit"),
        (
            lambda d: d.__setitem__("trick", {"leader": 3, "cards": ["KS", "10D", "JS", "JC"]}),
            "already has 4 cards",
        ),
        (lambda d: d.pop("hands"), "position.hands: missing"),
        (lambda d: d.__setitem__("colour", "red"), "unknown field"),
        (lambda d: d.__setitem__("variants", ["stick"]), "unknown variant"),
        (lambda d: d.__setitem__("game", "divide"), "not Euchre"),
    ],
}
"""Edits of each game's example that a judge rejects, and what the one line of error says."""

BAD_QUERIES: dict[str, list[str]] = {
    "divide": [
        "",
        "exists",
        "exists trick",
        "exists trick winner.rank == 2",
        "exists dice: 1 == 1",
        "exists trick: nope == 1",
        "exists trick: card == 1",
        "exists trick: card[9] == 1",
        "exists trick: 1 +",
        "maximize trick: winner.rank == 2",
        "exists trick (players=3): 1 == 1",
        "exists trick (seats=4): 1 == 1",
        "exists trick: __import__('os')",
    ],
    "divided-ranks": [
        "exists hand: category == flush",
        "exists hand: value == 1",
        "exists hand: value[5] == 1",
        "exists draft (coin=2): 1 == 1",
        "exists draft (players=4): 1 == 1",
        "maximize build: weaker.joker",
    ],
    "split": [
        "",
        "exists turn",
        "exists turn size == 2",
        "exists game: 1 == 1",
        "exists turn: nope == 1",
        "exists turn: size +",
        "maximize turn: must_reset",
        "exists turn: size and gap",
        "exists opening (deal=2): 1 == 1",
        "exists turn (players=3): 1 == 1",
    ],
    "euchre": [
        "",
        "exists trick",
        "exists trick left.wins",
        "exists deal: 1 == 1",
        "exists trick: nope",
        "exists trick: card == 1",
        "exists trick: card[4] == 1",
        "maximize trick: left.wins",
        "exists game (stick=2): ended",
        "exists trick (players=3): 1 == 1",
        "exists score: __import__('os')",
    ],
}
"""Queries ``cardlaw query GAME`` refuses, per game."""


def test_every_game_is_fuzzed() -> None:
    assert list(JSON_WORDS) == list(GAMES) == list(BAD_QUERIES) == list(EXAMPLES) == list(JUDGED)
    assert list(TOML) == list(GAMES) and {name for name, _, _ in FUZZED} == set(GAMES)


@pytest.mark.parametrize("name", TOML)
def test_toml_positions(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, needle = TOML[name]
    spot = write(tmp_path, "\n".join(lines), "spot.toml")
    code, out, err = run(capsys, "ask", name, "legal", "--position", spot)
    assert code == 0 and needle in out, err


@pytest.mark.parametrize(
    ("name", "edit"),
    [
        pytest.param(
            "divide", _divide_revoke, marks=pytest.mark.clauses("divide.trick.follow-suit")
        ),
        pytest.param(
            "euchre", _euchre_revoke, marks=pytest.mark.clauses("euchre.trick.follow-suit")
        ),
    ],
)
def test_a_position_no_legal_play_can_reach(
    name: str, edit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seat revoked earlier in the round: no legal play reaches the position."""
    spot = write(tmp_path, edited(EXAMPLES[name], edit))
    code, _, err = run(capsys, "ask", name, "legal", "--position", spot)
    assert code == 2 and "breaks a rule" in err and f"{name}.trick.follow-suit" in err, err


@pytest.mark.parametrize(
    ("name", "edit", "needle"),
    [(name, edit, needle) for name, cases in JUDGED.items() for edit, needle in cases],
)
def test_positions_are_judged(
    name: str, edit: Any, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spot = write(tmp_path, edited(EXAMPLES[name], edit))
    code, _, err = run(capsys, "ask", name, "legal", "--position", spot)
    assert_rejected(code, err, needle)


@pytest.mark.parametrize(
    ("name", "position", "extra"),
    FUZZED,
    ids=[f"{name}-{position.get('mode', 'example')}" for name, position, _ in FUZZED],
)
@given(data=st.data())
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_fuzzed_positions_give_clear_errors(
    name: str, position: dict[str, Any], extra: set[str], data: st.DataObject
) -> None:
    """Any value in any one field (or a field the position may add): read, or one clear line."""
    key = data.draw(st.sampled_from(sorted({*position, *extra})), label="field")
    value = data.draw(fuzzed_json(name), label="value")
    read_fuzzed_position(get_game(name), position, key, value)


@pytest.mark.parametrize("name", list(JSON_WORDS))
@given(data=st.data())
@settings(max_examples=100, deadline=None)
def test_fuzzed_documents_give_clear_errors(name: str, data: st.DataObject) -> None:
    read_document(get_game(name), data.draw(fuzzed_json(name), label="document"))


@pytest.mark.parametrize(
    ("name", "text"), [(name, text) for name, texts in BAD_QUERIES.items() for text in texts]
)
def test_bad_queries_exit_2(name: str, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "query", name, text)
    assert_clear_error(code, err, "cardlaw: error: query:")
