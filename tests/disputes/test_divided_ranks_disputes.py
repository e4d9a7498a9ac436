"""Settling Divided Ranks disputes: ``ask`` (compare, arrange, showdown, legal), positions,
``query``, and bad input of every kind."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlaw.engine.divided_ranks.arrange import best_builds
from cardlaw.engine.divided_ranks.evaluate import compare_hands
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.position import EXAMPLE
from cardlaw.proofs.divided_ranks.domains import DOMAINS, EXAMPLES
from cardlaw.proofs.query import answer
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.constants import PACK
from cardlaw.spec.divided_ranks.state import Stage
from cardlaw.spec.errors import CardlawError
from tests.games import random_walk
from tests.games import write_file as write
from tests.generic.disputes import (
    assert_clear_error,
    assert_rejected,
    fuzzed_json,
    json_answer,
    read_position,
    run,
)


def ask(*args: str) -> dict[str, Any]:
    return json_answer(*run("ask", "divided-ranks", *args, "--json"))


# --- the rule document's own statements, asked at the table --------------------------------------


@pytest.mark.clauses("divided-ranks.hands.no-high-card", "divided-ranks.hands.categories")
def test_every_flush_is_a_royal_flush() -> None:
    """Five cards of one suit are the whole suit, Ten to Ace: the best hand there is."""
    data = ask("compare", "10H JH QH KH AH", "AS AD AC KS KD")
    assert data["stronger"] == "first" and data["hands"][0]["category"] == "royal flush"
    assert "divided-ranks.hands.no-high-card" in data["clauses"]
    assert "one suit" in data["steps"][0]
    assert answer("exists hand: flush and category != royal_flush", DOMAINS).verdict == "no"


@pytest.mark.clauses("divided-ranks.hands.no-high-card")
def test_five_cards_without_a_pair_are_a_straight() -> None:
    data = ask("compare", "10S JD QH KC AD", "AS AH KD QC 10C")
    assert data["hands"][0]["category"] == "straight" and data["stronger"] == "first"
    assert answer("exists hand: high_card", DOMAINS).verdict == "no"


@pytest.mark.clauses("divided-ranks.hands.joker-wild", "divided-ranks.hands.joker-tiebreak")
def test_the_joker_as_the_missing_jack() -> None:
    """The document's example: the Joker is the missing Jack, and the natural straight wins."""
    data = ask("compare", "10C JK QS KD AH", "10S JD QH KH AD")
    assert data["stronger"] == "second"
    assert data["hands"][0]["card_for_card"] == ["A", "K", "Q", "(J)", "10"]
    assert "the Joker stands for the missing Jack" in data["steps"][0]
    assert "divided-ranks.hands.joker-tiebreak" in data["clauses"]
    assert data["verdict"] == "A♦ K♥ Q♥ J♦ 10♠ is stronger"


@pytest.mark.clauses("divided-ranks.hands.joker-low", "divided-ranks.ruling.card-for-card")
def test_the_joker_never_pairs() -> None:
    """Outside a straight the Joker counts below the Ten: A A K Q JK loses to A A K Q 10."""
    data = ask("compare", "AS AH KD QC JK", "AC AD KC QD 10C")
    assert data["hands"][0]["category"] == "pair" and data["stronger"] == "second"
    assert "divided-ranks.hands.joker-low" in data["clauses"]
    assert "card 5: JK against 10" in data["steps"][-1]
    assert answer("exists hand: joker and category == full_house", DOMAINS).verdict == "no"


@pytest.mark.clauses("divided-ranks.ruling.card-for-card")
def test_equal_hands_and_groups_first() -> None:
    data = ask("compare", "10S JD QH KH AD", "10C JC QS KD AH")
    assert data["stronger"] is None and data["verdict"].startswith("the hands are equal")
    data = ask("compare", "KS KH KD 10C 10D", "QS QH QD AC AD")  # Kings full beat Queens full
    assert data["stronger"] == "first" and "card 1: K against Q" in data["steps"][-1]


@pytest.mark.clauses("divided-ranks.ruling.best-build", "divided-ranks.build.two-hands")
def test_two_of_every_rank_makes_two_straights() -> None:
    """The document: two of every rank makes two straights; in 16 ways that tie."""
    data = ask("arrange", "10S", "10H", "JS", "JH", "QS", "QH", "KC", "KD", "AC", "AD")
    assert len(data["best_builds"]) == 16
    assert {b["weaker"]["category"] for b in data["best_builds"]} == {"straight"}
    assert "16 builds tie for best" in " ".join(data["steps"])
    assert "divided-ranks.ruling.best-build" in data["clauses"]


@pytest.mark.clauses("divided-ranks.ruling.best-build")
def test_concentration_beats_balance() -> None:
    """Three Aces, three Kings and two each of two ranks: two full houses; four and four: quads."""
    data = ask("arrange", "AS AH AD KS KH KD QS QH JS JH")
    assert [b["weaker"]["category"] for b in data["best_builds"]] == ["full house"]
    assert data["best_builds"][0]["stronger"]["category"] == "full house"
    data = ask("arrange", "AS,AH,AD,AC,KS,KH,KD,KC,QS,JS")
    assert data["verdict"].endswith("(two fours of a kind)")


@pytest.mark.clauses("divided-ranks.score.order", "divided-ranks.score.loser")
def test_showdown_stronger_category_before_the_weaker_hand() -> None:
    """A stronger four of a kind wins though its owner's weaker hand is the lower one."""
    data = ask("showdown", "KS KH KD JS QS / QH QC QD JH JC", "10S 10H 10D JD KC / AS AH AD AC JK")
    assert data["winner"] == 1 and data["verdict"].endswith("the stronger hands")
    assert data["decided_by"] == "stronger-category"
    assert "divided-ranks.score.loser" in data["clauses"]
    data = ask("showdown", "AS AH AD KS KH / QS QH QD JS JH", "AC KD KC QC JD / 10S 10H 10D 10C JK")
    assert data["winner"] == 0 and data["verdict"].endswith("the weaker hands")


@pytest.mark.clauses("divided-ranks.score.order")
def test_the_documents_full_house_showdown_cannot_happen() -> None:
    """Both weaker hands full houses, quads against a full house: not enough cards for it."""
    text = next(q for q, _, _ in EXAMPLES if "four_of_a_kind" in q and "showdown" in q)
    assert answer(text, DOMAINS).verdict == "no"


@pytest.mark.clauses("divided-ranks.score.draw")
def test_showdown_draw() -> None:
    data = ask("showdown", "10S JD QH KC AD / 10H JS QS KS AH", "10D JH QD KD AS / 10C JC QC KH AC")
    assert data["winner"] is None and data["verdict"].startswith("a draw")
    assert "divided-ranks.score.draw" in data["clauses"]


# --- positions ------------------------------------------------------------------------------------


@pytest.mark.clauses("divided-ranks.reserve.order", "divided-ranks.reserve.blind")
def test_legal_at_the_reserve(tmp_path: Path) -> None:
    path = write(tmp_path, EXAMPLE)
    data = ask("legal", "--position", path)
    assert data["legal"][0] == "keep" and len(data["legal"]) == 11
    data = ask("legal", "--position", path, "--action", "swap AS")
    assert data["action_is_legal"] is False and "divided-ranks.reserve.blind" in data["clauses"]
    data = ask("legal", "--position", path, "--action", "swap KS")
    assert data["action_is_legal"] is True
    assert "divided-ranks.reserve.order" in data["clauses"]
    assert "divided-ranks.ruling.swap-odds" in data["clauses"]


@pytest.mark.clauses("divided-ranks.draft.rounds", "divided-ranks.draft.split")
def test_legal_during_the_draft(tmp_path: Path) -> None:
    spot = {
        "game": "divided-ranks",
        "first_splitter": 1,
        "rounds": [{"face_up": "AS AH", "face_down": "10C JK", "took": "down"}],
        "split": {"drawn": "KS KH QD 10D"},
    }
    data = ask("legal", "--position", write(tmp_path, spot))
    assert len(data["legal"]) == 6 and "seat 0 may" in data["verdict"]
    data = ask("legal", "--position", write(tmp_path, spot), "--action", "split KS KH / QD 10D")
    assert data["action_is_legal"] is True and "divided-ranks.draft.rounds" in data["clauses"]
    data = ask("legal", "--position", write(tmp_path, spot), "--action", "split KS QD / KH 10H")
    assert data["action_is_legal"] is False and "divided-ranks.draft.split" in data["clauses"]
    spot["split"] = {"face_up": "KS KH", "face_down": "QD 10D"}
    data = ask("legal", "--position", write(tmp_path, spot), "--action", "take down")
    assert data["action_is_legal"] is True and "divided-ranks.draft.choose" in data["clauses"]
    code, out, _ = run(
        "ask", "divided-ranks", "legal", "--position", write(tmp_path, spot), "--player", "0"
    )
    assert code == 0 and "seat 0 may do nothing now" in out


def test_a_position_names_every_problem() -> None:
    spot: dict[str, Any] = copy.deepcopy(EXAMPLE)
    spot["rounds"][1]["face_up"] = "AH KS"
    spot["rounds"][2]["splitter"] = 1
    with pytest.raises(CardlawError) as error:
        DIVIDED_RANKS.position_from_json(spot)
    assert "given twice" in str(error.value) and "split by seat 1" in str(error.value)


def test_coin_flip_reserve_positions() -> None:
    spot = {k: v for k, v in EXAMPLE.items() if k not in ("swaps", "hands", "to_move")}
    spot["variants"] = ["coin-flip-reserve"]
    state = DIVIDED_RANKS.position_from_json(spot)
    assert state.stage == Stage.RESERVE_ORDER and DIVIDED_RANKS.to_move(state) == "chance"
    state = DIVIDED_RANKS.position_from_json({**spot, "reserve_first": 0, "swaps": ["keep"]})
    assert state.actor == 1 and state.reserve_first == 0


@given(st.integers(0, 2**32), st.sampled_from([{}, {"swap": "face-up"}, {"reserve_order": "coin"}]))
@settings(max_examples=20)
def test_positions_round_trip(seed: int, options: dict[str, Any]) -> None:
    for state, _ in random_walk(DIVIDED_RANKS, DIVIDED_RANKS.config(**options), seed):
        if state.stage in (Stage.FIRST_SPLITTER, Stage.DEAL, Stage.OVER):
            continue
        if state.builds != ((0, 0), (0, 0)):
            continue
        again = DIVIDED_RANKS.position_from_json(
            json.loads(json.dumps(DIVIDED_RANKS.position_to_json(state)))
        )
        assert again == state
        assert DIVIDED_RANKS.legal_actions(again) == DIVIDED_RANKS.legal_actions(state)


json_values = fuzzed_json("divided-ranks")


@given(
    st.integers(0, 4), st.sampled_from(["face_up", "face_down", "took", "splitter"]), json_values
)
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
def test_fuzzed_rounds_give_clear_errors(index: int, key: str, value: Any) -> None:
    spot: dict[str, Any] = copy.deepcopy(EXAMPLE)
    spot["rounds"][index][key] = value
    read_position(DIVIDED_RANKS, spot)


# --- malformed input on the command line ----------------------------------------------------------
TOKENS = [str(CardSet(1 << c)) for c in PACK] + [
    "9S",
    "2C",
    "7X",
    "1S",
    "",
    "AS",
    "JOKER",
    "★",
    "/",
]
hands_text = st.lists(st.sampled_from(TOKENS), max_size=7).map(" ".join)


def assert_clear(code: int, out: str, err: str) -> None:
    if code == 0:
        json.loads(out)
    else:
        assert_clear_error(code, err)


@given(hands_text, hands_text)
@settings(max_examples=50, deadline=None)
def test_fuzzed_compare(first: str, second: str) -> None:
    code, out, err = run("ask", "divided-ranks", "compare", first, second, "--json")
    assert_clear(code, out, err)
    if code == 0:
        a, b = (
            CardSet(first.replace("JOKER", "JK")).mask,
            CardSet(second.replace("JOKER", "JK")).mask,
        )
        stronger = {1: "first", -1: "second", 0: None}[compare_hands(a, b)]
        assert json.loads(out)["stronger"] == stronger


@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=12))
@settings(max_examples=50, deadline=None)
def test_fuzzed_arrange(cards: list[str]) -> None:
    code, out, err = run("ask", "divided-ranks", "arrange", *[c for c in cards if c], "--json")
    if not any(cards):
        return
    assert_clear(code, out, err)
    if code == 0:
        holding = CardSet(" ".join(cards).replace("JOKER", "JK")).mask
        assert len(json.loads(out)["best_builds"]) == len(best_builds(holding)[1])


@given(hands_text, hands_text, hands_text, hands_text)
@settings(max_examples=40, deadline=None)
def test_fuzzed_showdown(a: str, b: str, c: str, d: str) -> None:
    code, out, err = run("ask", "divided-ranks", "showdown", f"{a} / {b}", f"{c}/{d}", "--json")
    assert_clear(code, out, err)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("compare", "AS AH KD QC JK", "AS AD KC QD 10C"), "in both"),
        (("compare", "AS AS KD QC JK", "AH AD KC QD 10C"), "given twice"),
        (("compare", "9S AH KD QC JK", "AC AD KC QD 10C"), "not in the 21-card pack"),
        (("compare", "AH KD QC JK", "AC AD KC QD 10C"), "5 cards, not 4"),
        (("compare", "AH KD QC JK 7X", "AC AD KC QD 10C"), "unknown suit"),
        (("arrange", "AS", "AH"), "10 cards, not 2"),
        (("arrange", "AS AH AD AC KS KH KD KC QS QS"), "given twice"),
        (
            ("showdown", "AS AH AD KS KH QS QH QD JS JH", "AC KD KC QC JD / 10S 10H 10D 10C JK"),
            "'/'",
        ),
        (
            ("showdown", "AS AH AD KS KH / QS QH QD JS JH", "AS KD KC QC JD / 10S 10H 10D 10C JK"),
            "in both seat 0's build and seat 1's build",
        ),
        (
            ("showdown", "AS AH AD KS KH / QS QH QD JS AH", "AC KD KC QC JD / 10S 10H 10D 10C JK"),
            "in both seat 0's first hand and seat 0's second hand",
        ),
    ],
)
def test_bad_input_exits_2(args: tuple[str, ...], needle: str) -> None:
    code, _, err = run("ask", "divided-ranks", *args)
    assert_rejected(code, err, needle)


# --- queries ------------------------------------------------------------------------------------


def test_query_command() -> None:
    code, out, _ = run("query", "divided-ranks", "maximize draft: unseen[0]", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "optimum" and data["value"] == 6 and data["proven"]
    code, out, _ = run("query", "divided-ranks", "--list")
    assert code == 0 and "showdown" in out and "possible_reserves[p]" in out
