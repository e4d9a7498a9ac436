"""Settling Euchre disputes: positions, ``ask`` and ``query``, and bad input of every kind."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.position import EXAMPLE
from cardlaw.spec.euchre.state import Stage, sitting_out
from tests.games import exit_code, random_walk
from tests.games import run_cli as run
from tests.games import write_file as write
from tests.generic.disputes import (
    asked,
    assert_clear_error,
)

ask = partial(asked, "euchre")
"""``ask(capsys, *args)``: the JSON answer of ``cardlaw ask euchre args --json``."""


# --- the rule document's own example, asked at the table -----------------------------------------
#
# euchre.txt plays one hand with Spades trump; the dealer is seat 3, "left of the dealer"
# seat 0 (see tests/euchre/test_rule_examples.py for the whole hand).

DOCUMENT_TRICKS = [
    # (leader, cards, the verdict the document gives)
    (0, "AH QH 9D 9S", "seat 3 wins with 9♠"),  # the dealer trumps in with the Nine
    (3, "AC KC QC 9C", "seat 3 wins with A♣"),  # the Ace of Clubs holds
    (3, "KS 10D JS JC", "seat 1 wins with J♠"),  # the right bower beats the left
    (1, "AS JD 10S KH", "seat 1 wins with A♠"),  # both Jacks gone: the Ace is best
    (1, "JH KD QS AD", "seat 3 wins with Q♠"),  # the dealer trumps his partner's Jack
]


@pytest.mark.clauses(
    "euchre.trick.winner",
    "euchre.cards.trump-order",
    "euchre.cards.plain-order",
    "euchre.cards.left-bower",
)
@pytest.mark.parametrize(("leader", "cards", "verdict"), DOCUMENT_TRICKS)
def test_the_documents_tricks(
    leader: int, cards: str, verdict: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ask(capsys, "trick", "--trump", "S", "--leader", str(leader), *cards.split())
    assert data["verdict"] == verdict
    assert "euchre.trick.winner" in data["clauses"]


@pytest.mark.clauses("euchre.cards.left-bower", "euchre.cards.trump-order")
def test_the_bowers_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    data = ask(capsys, "trick", "--trump", "S", "--leader", "3", "KS", "10D", "JS", "JC")
    steps = " ".join(data["steps"])
    assert "J♣ is the left bower: a Spade this hand, not a Club" in steps
    assert "J♠ is the right bower, the highest card of all" in steps
    assert "euchre.cards.left-bower" in data["clauses"]
    # Without the right bower the left bower wins, even over the Ace of trump.
    data = ask(capsys, "trick", "--trump", "S", "--leader", "0", "AS", "JC", "KS", "QS")
    assert data["verdict"] == "seat 1 wins with J♣"
    assert any("second only to the right bower" in s for s in data["steps"])


@pytest.mark.clauses(
    "euchre.bid.alone", "euchre.trick.clockwise", "euchre.setup.partners", "euchre.setup.seating"
)
def test_a_lone_makers_trick(capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0 alone: seat 2 sits out, three cards from seat 1: seats 1, 3, 0."""
    data = ask(
        capsys, "trick", "--trump", "H", "--leader", "1", "--alone-seat", "0", "AC", "JD", "KS"
    )
    assert data["verdict"] == "seat 3 wins with J♦"


@pytest.mark.clauses(
    "euchre.score.makers",
    "euchre.score.march",
    "euchre.score.alone-march",
    "euchre.score.euchred",
    "euchre.bid.makers",
    "euchre.setup.partners",
)
def test_the_documents_scoring_table(capsys: pytest.CaptureFixture[str]) -> None:
    """3/5 tricks 1 (2 for all five); alone 1/4; the defenders 2."""
    cases = [
        (["--makers-tricks", "3"], "team 0 (seats 0 and 2) scores 1 point"),
        (["--makers-tricks", "5"], "team 0 (seats 0 and 2) scores 2 points"),
        (["--makers-tricks", "4", "--alone"], "team 0 (seats 0 and 2) scores 1 point"),
        (["--makers-tricks", "5", "--alone"], "team 0 (seats 0 and 2) scores 4 points"),
        (["--makers-tricks", "2", "--makers", "1"], "team 0 (seats 0 and 2) scores 2 points"),
    ]
    for args, verdict in cases:
        assert ask(capsys, "score", *args)["verdict"] == verdict
    # The document's hand: the dealer's team took all five tricks and scored 2, whether
    # they made trump (a march) or the other team did (euchred).
    assert ask(capsys, "score", "--makers-tricks", "5", "--makers", "1")["verdict"].endswith(
        "2 points"
    )
    euchred = ask(capsys, "score", "--makers-tricks", "0", "--makers", "0")
    assert euchred["verdict"] == "team 1 (seats 1 and 3) scores 2 points"
    assert "euchre.score.euchred" in euchred["clauses"]


TRICK_TWO: dict[str, Any] = {
    "game": "euchre",
    "dealer": 3,
    "upcard": "10S",
    "trump": "S",
    "maker": 0,
    "hands": ["10D KH AD", "JS AS JH", "9C JC JD KD", "KS QS 10S"],
    "tricks": [{"leader": 0, "cards": ["AH", "QH", "9D", "9S"]}],
    "trick": {"leader": 3, "cards": ["AC", "KC", "QC"]},
    "discard": "9H",
}
"""The document's second trick: seat 2 holds 9♣ and J♣ to the A♣ lead, Spades trump."""


@pytest.mark.clauses("euchre.trick.follow-suit", "euchre.cards.left-bower")
def test_the_left_bower_does_not_follow_its_printed_suit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Player 3 "chooses the lower of two" Clubs: but J♣ is a Spade, so 9♣ is forced."""
    path = write(tmp_path, TRICK_TWO)
    data = ask(capsys, "legal", "--position", path, "--action", "play JC")
    assert data["action_is_legal"] is False and data["legal"] == ["play 9C"]
    assert "euchre.cards.left-bower" in data["clauses"]
    assert "euchre.trick.follow-suit" in data["clauses"]
    data = ask(capsys, "legal", "--position", path, "--action", "play 9C")
    assert data["action_is_legal"] is True
    assert any("seat 3 wins with A♣" in s for s in data["steps"])


@pytest.mark.clauses("euchre.trick.follow-suit", "euchre.cards.left-bower")
def test_the_left_bower_must_follow_trump(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The third trick: K♠ led, seat 2 must play J♣ (a Spade) and lose it to J♠."""
    data = ask(capsys, "legal", "--position", write(tmp_path, EXAMPLE), "--action", "play JC")
    assert data["action_is_legal"] is True and data["legal"] == ["play JC"]
    assert any("it follows the trump lead" in s for s in data["steps"])
    assert any("seat 1 wins with J♠" in s for s in data["steps"])
    data = ask(capsys, "legal", "--position", write(tmp_path, EXAMPLE), "--action", "play KD")
    assert data["action_is_legal"] is False


def test_legal_for_a_seat_out_of_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = ask(capsys, "legal", "--position", write(tmp_path, EXAMPLE), "--player", "0")
    assert data["legal"] == [] and "seat 2" in data["verdict"]


@pytest.mark.clauses("euchre.bid.alone", "euchre.ruling.lone-lead", "euchre.ruling.dealer-sits-out")
def test_a_lone_hand_with_the_partners_cards_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat 1 orders up alone: the dealer, seat 3, sits out and takes nothing; seat 0 leads."""
    spot = {
        "game": "euchre",
        "dealer": 3,
        "upcard": "10S",
        "trump": "S",
        "maker": 1,
        "alone": True,
        "sitting_out": 3,
        "hands": ["KC 10D KH AD", "QH QC JS AS JH", "9D 9C JC JD KD", ""],
        "tricks": [],
        "trick": {"leader": 0, "cards": ["AH"]},
    }
    data = ask(capsys, "legal", "--position", write(tmp_path, spot))
    assert data["legal"] == ["play JH", "play QH"]
    state = EUCHRE.position_from_json(spot)
    assert sitting_out(state) == 3 and state.discard == -1 and state.actor == 1
    spot["trick"] = {"leader": 3, "cards": []}
    code, _, err = run(capsys, "ask", "euchre", "legal", "--position", write(tmp_path, spot))
    assert code == 2 and "seat 3 sits out but leads a trick" in err


# --- positions a judge rejects ------------------------------------------------------------------


@given(st.integers(0, 2**32), st.booleans())
@settings(max_examples=15, deadline=None)
def test_positions_round_trip(seed: int, stick: bool) -> None:
    for state, _ in random_walk(EUCHRE, EUCHRE.config(stick_the_dealer=stick), seed, limit=600):
        if state.stage == Stage.TRICKS:
            data = EUCHRE.position_to_json(state)
            assert EUCHRE.position_from_json(json.loads(json.dumps(data))) == state
            if state.alone:  # the seat sitting out may be left unknown
                data["hands"][sitting_out(state)] = ""
                again = EUCHRE.position_from_json(data)
                assert EUCHRE.legal_actions(again) == EUCHRE.legal_actions(state)


@given(st.integers(0, 2**32))
@settings(max_examples=10, deadline=None)
def test_explain_agrees_with_the_engine(seed: int) -> None:
    for state, _ in random_walk(EUCHRE, EUCHRE.config(), seed, limit=300):
        if state.stage != Stage.TRICKS:
            continue
        legal = set(EUCHRE.legal_actions(state))
        for action in [EUCHRE.parse_action(f"play {c}") for c in ("9C", "JS", "AH", "KD")]:
            ok, why = EUCHRE.explain(state, action)
            assert ok == (action in legal) and why.steps and why.clauses


@given(
    st.lists(
        st.sampled_from(["KS", "10D", "JS", "JC", "8S", "XX", "9H", "--leader", "5", "-1", "AH"]),
        max_size=6,
    ),
    st.sampled_from(["S", "h", "X", "", "♠", "10"]),
    st.sampled_from([[], ["--alone-seat", "0"], ["--alone-seat", "7"], ["--leader", "2"]]),
)
@settings(max_examples=100, deadline=None)
def test_fuzzed_trick_questions(cards: list[str], trump: str, extra: list[str]) -> None:
    assert exit_code("ask", "euchre", "trick", "--trump", trump, *extra, *cards) in (0, 2)


@pytest.mark.parametrize(
    "args",
    [
        ("score",),
        ("score", "--makers-tricks", "6"),
        ("score", "--makers-tricks", "-1"),
        ("score", "--makers-tricks", "3", "--makers", "2"),
        ("trick", "--trump", "S", "KS", "10D", "JS"),
        ("trick", "--trump", "S", "KS", "10D", "JS", "KS"),
        ("trick", "--trump", "Z", "KS", "10D", "JS", "JC"),
        ("trick", "--trump", "S", "--leader", "4", "KS", "10D", "JS", "JC"),
        ("trick", "--trump", "S", "--alone-seat", "0", "--leader", "2", "KS", "10D", "JS"),
        ("trick", "--trump", "S", "KS", "10D", "JS", "2C"),
    ],
)
def test_bad_questions_exit_2(args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ask", "euchre", *args)
    assert_clear_error(code, err)


# --- queries ----------------------------------------------------------------------------------------


@pytest.mark.clauses("euchre.ruling.endless-game", "euchre.ruling.all-pass")
def test_query_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "query", "euchre", "exists game: not ended", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "yes" and data["proven"]
    code, out, _ = run(capsys, "query", "euchre", "--list")
    assert code == 0 and "left.wins" in out and "stick=0|1" in out
