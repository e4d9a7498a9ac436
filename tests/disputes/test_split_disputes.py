"""Settling Split disputes: positions, ``ask`` and ``query``, and bad input of every kind."""

from __future__ import annotations

import copy
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.spot import EXAMPLE
from cardlaw.spec.errors import CardlawError, InvalidState, MalformedInput
from cardlaw.spec.split.actions import AIDS, MOVES, PLAYS, RESET, Action
from cardlaw.spec.split.state import Stage
from tests.games import exit_code, random_walk
from tests.games import run_cli as run
from tests.games import write_file as write
from tests.generic.disputes import (
    asked,
    assert_rejected,
    edited,
)
from tests.split.positions import COOPERATIVE, SOLVABLE

ask = partial(asked, "split")
"""``ask(capsys, *args)``: the JSON answer of ``cardlaw ask split args --json``."""


def judge(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spot: dict[str, Any], action: str
) -> dict[str, Any]:
    return ask(capsys, "legal", "--position", write(tmp_path, spot), "--action", action)


# --- the rule document's statements, asked at the table ------------------------------------------


@pytest.mark.clauses("split.turn.play-between", "split.wild.any-time")
def test_between_the_piles_or_a_wild_card(capsys: pytest.CaptureFixture[str]) -> None:
    """ "Only a card between the numbers on the two piles, or a Wild card."""
    data = ask(capsys, "play", "--piles", "30", "60", "--hand", "45 12 99")
    assert data["verdict"] == "may play 45, 99*"
    assert {"split.turn.play-between", "split.wild.any-time"} <= set(data["clauses"])
    assert any(step.startswith("12 is not between 30 and 60") for step in data["steps"])


@pytest.mark.clauses("split.ruling.strictly-between")
def test_between_whichever_pile_is_lower(capsys: pytest.CaptureFixture[str]) -> None:
    data = ask(capsys, "play", "--piles", "60", "30", "--hand", "45,59,61")
    assert data["verdict"] == "may play 45, 59"


@pytest.mark.clauses("split.turn.must-reset")
def test_cannot_play_must_reset(capsys: pytest.CaptureFixture[str]) -> None:
    """ "If you cannot play any card from your hand, you have to reset the game."""
    data = ask(capsys, "play", "--piles", "30", "60", "--hand", "12 88")
    assert data["verdict"] == "no card can be played: the player must reset"
    assert "split.turn.must-reset" in data["clauses"]


@pytest.mark.clauses("split.turn.move-middle", "split.ruling.move-onto-pile")
def test_the_middle_card_moves_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "The next player will have the choice to move the middle card either to the left or the
    right Split pile before playing one card from their hand."""
    data = ask(capsys, "play", "--piles", "33", "71", "--middle", "52", "--hand", "5 47 66 90")
    assert "onto the left pile (52 | 71) may play 66, 90*" in data["verdict"]
    assert "onto the right pile (33 | 52) may play 47, 90*" in data["verdict"]
    listed = ask(capsys, "legal", "--position", write(tmp_path, EXAMPLE))
    assert listed["legal"] == ["move left", "move right", "reset"]
    early = judge(tmp_path, capsys, EXAMPLE, "play 66")
    assert early["action_is_legal"] is False and "split.turn.move-middle" in early["clauses"]
    moved = judge(tmp_path, capsys, EXAMPLE, "move left")
    assert moved["action_is_legal"] is True
    assert "Then seat 1 may play 66, 90* [split.turn.play-between]" in moved["steps"]


@pytest.mark.clauses("split.end.no-wild-finish", "split.turn.must-reset")
def test_no_game_ends_on_a_wild_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "You cannot end a game with a Wild card. If your last card is a Wild card you must reset."""
    data = ask(capsys, "play", "--piles", "30", "60", "--hand", "99")
    assert data["verdict"] == "no card can be played: the player must reset"
    assert "split.end.no-wild-finish" in data["clauses"]
    spot = {**copy.deepcopy(EXAMPLE), "hands": [[12, 48, 99], [90], [34, 70, 88]]}
    spot.pop("middle")
    spot["under"] = [25, 80, 52]
    listed = ask(capsys, "legal", "--position", write(tmp_path, spot))
    assert listed["legal"] == ["reset"]
    wild = judge(tmp_path, capsys, spot, "play 90")
    assert wild["action_is_legal"] is False and "split.end.no-wild-finish" in wild["clauses"]
    forced = judge(tmp_path, capsys, spot, "reset")
    assert forced["action_is_legal"] is True and "split.turn.must-reset" in forced["clauses"]


@pytest.mark.clauses("split.end.first-empty")
def test_the_last_card_wins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "When a player plays their last card the game is over and they've won!"""
    spot = {**copy.deepcopy(EXAMPLE), "hands": [[12, 48, 99], [45], [34, 70, 88]]}
    spot.pop("middle")
    spot["under"] = [25, 80, 52]
    data = judge(tmp_path, capsys, spot, "play 45")
    assert data["action_is_legal"] is True
    assert "Seat 1's hand is now empty: seat 1 wins [split.end.first-empty]" in data["steps"]


@pytest.mark.clauses("split.reset.choose", "split.ruling.reset-timing")
def test_a_reset_by_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "On your turn, you can choose to reset the game" — before or after moving."""
    data = judge(tmp_path, capsys, EXAMPLE, "reset")
    assert data["action_is_legal"] is True
    assert {"split.reset.choose", "split.ruling.reset-timing"} <= set(data["clauses"])


@pytest.mark.clauses("split.cards.wild", "split.wild.any-time")
@pytest.mark.parametrize("wild", [0, 1, 10, 50, 90, 99, 100])
def test_every_wild_card_fits_anywhere(wild: int, capsys: pytest.CaptureFixture[str]) -> None:
    """ "0, 1, 99, 100 and all numbers that end in a 0 are Wild cards"; they fit any piles."""
    piles = ("2", "3") if wild > 3 else ("97", "98")
    data = ask(capsys, "play", "--piles", *piles, "--hand", f"{wild} 57")
    assert data["verdict"] == f"may play {wild}*"


@pytest.mark.clauses("split.wild.reverse", "split.wild.two-players")
def test_a_wild_card_reverses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "The next player will now be the player to your right" (not with two players)."""
    spot = copy.deepcopy(EXAMPLE)
    spot.pop("middle")
    spot["under"] = [25, 80, 52]
    data = judge(tmp_path, capsys, spot, "play 90")
    assert "seat 0, on the other side, moves the 90* onto a pile next" in " ".join(data["steps"])
    assert "split.wild.reverse" in data["clauses"]
    two = {**spot, "players": 2, "hands": [[12, 48, 99], [5, 47, 66, 90]]}
    data = judge(tmp_path, capsys, two, "play 90")
    assert "split.wild.two-players" in data["clauses"]


@pytest.mark.clauses("split.coop.aid-use", "split.ruling.coop-no-chosen-reset")
def test_an_aid_instead_of_a_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "Instead of using a card out of your hand (or if you can't play a card from your hand),
    you can choose to pick up the 0 or 100 card and play that."""
    listed = ask(capsys, "legal", "--position", write(tmp_path, COOPERATIVE))
    assert listed["legal"] == ["aid 100"]
    aid = judge(tmp_path, capsys, COOPERATIVE, "aid 100")
    assert aid["action_is_legal"] is True and "split.coop.aid-use" in aid["clauses"]
    reset = judge(tmp_path, capsys, COOPERATIVE, "reset")
    assert reset["action_is_legal"] is False
    assert "split.ruling.coop-no-chosen-reset" in reset["clauses"]
    gone = judge(tmp_path, capsys, COOPERATIVE, "aid 0")
    assert gone["action_is_legal"] is False
    short = ask(
        capsys, "play", "--cooperative", "--aids", "100", "--piles", "30", "60", "--hand", "12 88"
    )
    assert short["verdict"] == "may play the aid 100*"


@pytest.mark.clauses("split.coop.lose-on-reset")
def test_a_required_reset_loses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "If ever a reset is required, the game is over."""
    spot = {**COOPERATIVE, "aids": []}
    listed = ask(capsys, "legal", "--position", write(tmp_path, spot))
    assert listed["legal"] == ["reset"]
    data = judge(tmp_path, capsys, spot, "reset")
    assert data["action_is_legal"] is True and "split.coop.lose-on-reset" in data["clauses"]
    short = ask(
        capsys, "play", "--cooperative", "--aids", "none", "--piles", "30", "60", "--hand", "12"
    )
    assert short["verdict"] == "nothing can be played: the player must reset, and the table loses"


@pytest.mark.clauses("split.reset.cheating", "split.ruling.no-cheating", "split.open.piles")
def test_fresh_piles_are_the_openers_extremes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Caught cheating on a reset: piles that are not the opener's lowest and highest cards."""
    spot: dict[str, Any] = {
        "players": 3,
        "piles": [31, 61],
        "hands": [[12, 45], [40, 77], [5, 51, 95]],
        "to_move": 1,
    }
    code, _, err = run(capsys, "ask", "split", "legal", "--position", write(tmp_path, spot))
    assert code == 2 and err.count("\n") == 1
    assert "seat 0 opened 31 | 61" in err and "holds 12" in err and "split.reset.cheating" in err
    spot["hands"][0] = [41, 45]
    assert ask(capsys, "legal", "--position", write(tmp_path, spot))["legal"][0] == "play 40"


# --- positions a judge rejects -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "needle"),
    [
        (lambda d: d["hands"].__setitem__(0, [11, 13, 14, 15, 16, 17, 18, 19]), "holds 8 cards"),
        (lambda d: d["hands"].__setitem__(1, [0, 45]), "the 0 is set aside"),
        (lambda d: d.__setitem__("draw", 50), "holds 76 cards after the deal"),
        (lambda d: d.__setitem__("discard", [3]), "no discard pile"),
        (lambda d: d.__setitem__("aids", [55]), "an aid is the 0 or the 100"),
        (lambda d: d["hands"].__setitem__(0, []), "seat 0 is to move with no cards"),
        (lambda d: d.__setitem__("players", 2), "cooperative Split is for 3 to 5 players"),
    ],
)
def test_cooperative_positions_are_judged(edit: Any, needle: str) -> None:
    with pytest.raises(CardlawError) as caught:
        SPLIT.position_from_json(edited(COOPERATIVE, edit))
    assert needle in str(caught.value) and "\n" not in str(caught.value), caught.value


@pytest.mark.clauses("split.open.piles", "split.ruling.pile-sides", "split.wild.two-players")
@pytest.mark.parametrize(
    ("spot", "needle"),
    [
        ({"piles": [30, 60], "hands": [[40], [45]], "to_move": 1}, "hold a Wild/Reverse card"),
        ({"piles": [61, 31], "hands": [[40], [45]], "to_move": 1}, "the lower card starts"),
        (
            {"piles": [31, 61], "hands": [[40], [45]], "direction": "counterclockwise"},
            "direction never changes",
        ),
    ],
)
def test_unreachable_positions(spot: dict[str, Any], needle: str) -> None:
    with pytest.raises(InvalidState) as caught:
        SPLIT.position_from_json(spot)
    assert needle in str(caught.value)


@given(
    st.integers(0, 2**32),
    st.sampled_from(
        [
            {"players": 2},
            {"players": 4},
            {"mode": "cooperative", "players": 3},
            {"mode": "cooperative", "players": 5, "aids": [100]},
        ]
    ),
)
@settings(max_examples=20, deadline=None)
def test_positions_round_trip(seed: int, options: dict[str, Any]) -> None:
    config = SPLIT.config(**options, max_turns=200)
    for state, _ in random_walk(SPLIT, config, seed, limit=400):
        if state.stage in (Stage.MOVE, Stage.PLAY):
            again = SPLIT.position_from_json(json.loads(json.dumps(SPLIT.position_to_json(state))))
            for field in ("hands", "draw", "discard", "table", "left", "right", "middle", "actor"):
                assert getattr(again, field) == getattr(state, field), field
            assert (again.aside, again.direction) == (state.aside, state.direction)
            assert SPLIT.legal_actions(again) == SPLIT.legal_actions(state)


@given(st.integers(0, 2**32), st.booleans())
@settings(max_examples=15, deadline=None)
def test_explain_agrees_with_the_engine(seed: int, cooperative: bool) -> None:
    options = {"mode": "cooperative", "players": 4} if cooperative else {"players": 3}
    for state, _ in random_walk(SPLIT, SPLIT.config(**options, max_turns=100), seed, limit=200):
        if state.stage not in (Stage.MOVE, Stage.PLAY):
            continue
        legal = set(SPLIT.legal_actions(state))
        hand = [c for c in range(101) if state.hands[state.actor] >> c & 1]
        tried: list[Action] = [*MOVES, RESET, *AIDS.values(), *(PLAYS[c] for c in hand[:3])]
        for action in [*tried, PLAYS[50]]:
            ok, why = SPLIT.explain(state, action)
            assert ok == (action in legal) and why.steps and why.clauses
            assert why.verdict.startswith("legal" if ok else "illegal")


# --- the short form ------------------------------------------------------------------------------

SHORT_TOKENS = [
    "--piles",
    "--hand",
    "--middle",
    "--cooperative",
    "--aids",
    "30",
    "60",
    "45",
    "99",
    "100",
    "0",
    "101",
    "x",
    "12 88",
    "none",
    "-5",
    "30,60",
]


@given(st.lists(st.sampled_from(SHORT_TOKENS), max_size=9))
@settings(max_examples=80, deadline=None)
def test_fuzzed_short_questions(tokens: list[str]) -> None:
    assert exit_code("ask", "split", "play", *tokens, "--json") in (0, 2)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("play", "--hand", "45"), "--piles needs the two pile numbers"),
        (("play", "--piles", "30", "60"), "--hand needs the hand's cards"),
        (("play", "--piles", "30", "60", "--hand", "45 45"), "given twice"),
        (("play", "--piles", "30", "60", "--hand", "45", "--hand", "12"), "give --hand once"),
        (("play", "--piles", "30", "60", "--hand", "101"), "a number from 0 to 100"),
        (("play", "--piles", "30", "60", "--hand", "45", "--aids", "100"), "cooperative game"),
        (("play", "--cooperative", "--piles", "30", "60", "--hand", "0"), "set aside"),
        (("play", "--piles", "30", "x", "--hand", "45"), "a number from 0 to 100"),
        (("legal", "--position", "/no/such/spot.json"), "no such file"),
    ],
)
def test_bad_questions_exit_2(
    args: tuple[str, ...], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "ask", "split", *args)
    assert_rejected(code, err, needle)


def test_solve_is_still_there(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *SOLVABLE, "--json")
    assert code == 0 and json.loads(out)["winnable"] is True


# --- queries ----------------------------------------------------------------------------------------


def test_query_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "query", "split", "maximize opening: gap", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "optimum" and data["value"] == 95 and data["proven"]


_ = MalformedInput
