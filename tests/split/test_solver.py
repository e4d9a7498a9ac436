"""The cooperative solver: checked against brute force over the engine on tiny deals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.position import position_from_json
from cardlaw.engine.split.solver import solve
from cardlaw.spec.errors import CardlawError
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.state import End, SplitState, Stage
from tests.games import run_cli as run
from tests.split.positions import SOLVABLE

pytestmark = pytest.mark.clauses(
    "split.coop.win",
    "split.coop.lose-on-reset",
    "split.coop.aid-use",
    "split.ruling.coop-empty-hand",
)


def brute_force(state: SplitState) -> bool:
    """Whether some sequence of legal actions wins, by trying them all (tiny positions only)."""
    if state.stage == Stage.OVER:
        return state.end == End.GROUP_WIN
    return any(brute_force(SPLIT.apply(state, a)) for a in SPLIT.legal_actions(state))


def replays_to_a_win(state: SplitState, line: Any) -> bool:
    for seat, action in line:
        assert SPLIT.to_move(state) == seat
        state = SPLIT.apply(state, action)
    return state.end == End.GROUP_WIN


@st.composite
def tiny_positions(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(3, 4))
    sizes = draw(st.lists(st.integers(0, 2), min_size=players, max_size=players))
    to_move = draw(st.integers(0, players - 1))
    sizes[to_move] = max(sizes[to_move], 1)
    cards = draw(
        st.lists(st.integers(1, 99), min_size=sum(sizes) + 3, max_size=sum(sizes) + 3, unique=True)
    )
    hands, start = [], 0
    for size in sizes:
        hands.append(cards[start : start + size])
        start += size
    left, right, middle = cards[start:]
    data: dict[str, Any] = {
        "hands": hands,
        "piles": [left, right],
        "to_move": to_move,
        "aids": draw(st.sampled_from([[], [0], [100], [0, 100]])),
        "direction": draw(st.sampled_from(["clockwise", "counterclockwise"])),
    }
    if draw(st.booleans()):
        data["middle"] = middle
    return data


@given(tiny_positions())
@settings(max_examples=150)
def test_solver_agrees_with_brute_force(data: dict[str, Any]) -> None:
    try:
        state = position_from_json(data)
    except CardlawError:
        return  # a standard middle card outside the piles: not a position of the game
    solution = solve(state)
    assert solution.winnable == brute_force(state)
    if solution.winnable:
        assert replays_to_a_win(state, solution.line)
    else:
        assert solution.line == ()


@given(tiny_positions(), st.data())
@settings(max_examples=150)
def test_a_wider_gap_never_loses_what_a_narrower_one_wins(
    data: dict[str, Any], draw: st.DataObject
) -> None:
    """The premise of the solver's *narrower gaps* reduction, checked on the engine itself."""
    data = {key: value for key, value in data.items() if key != "middle"}
    used = {c for hand in data["hands"] for c in hand} | set(data["aids"])
    low, high = sorted(data["piles"])
    wider_low = draw.draw(st.sampled_from([c for c in range(1, low + 1) if c not in used]))
    wider_high = draw.draw(st.sampled_from([c for c in range(high, 100) if c not in used]))
    try:
        narrow = position_from_json(data)
        wide = position_from_json({**data, "piles": [wider_low, wider_high]})
    except CardlawError:
        return
    if brute_force(narrow):
        assert brute_force(wide)
        assert solve(wide).winnable


@given(st.integers(0, 2**32), st.sampled_from([3, 4]), st.sampled_from([[0, 100], [0], []]))
@settings(max_examples=25)
def test_solver_on_small_deals(seed: int, players: int, aids: list[int]) -> None:
    """Deals of three cards each (four for the dealer before opening), put-unders included."""
    import random

    rng = random.Random(seed)
    cards = rng.sample(range(1, 100), 3 * players + 2)
    hands = [cards[3 * p : 3 * p + 3] for p in range(players)]
    hands[0] += cards[3 * players :]
    state = position_from_json({"hands": hands, "aids": aids})
    solution = solve(state)
    if solution.winnable:
        assert replays_to_a_win(state, solution.line)
    # A dealer short of standard cards has millions of ways to open (about one in a thousand of these
    # deals): no brute force ends on those, so the solver's shortcut there is checked by
    # test_an_opener_who_puts_cards_under_holding_three_keeps_wild_cards instead.
    if players == 3 and not aids and state.stage != Stage.BURY:
        assert solution.winnable == memoized_brute_force(state)


_WILD_CARDS = [n for n in range(1, 100) if WILD_MASK >> n & 1]
_STANDARD_CARDS = [n for n in range(1, 100) if STANDARD_MASK >> n & 1]


@given(st.data())
@settings(max_examples=40)
def test_an_opener_who_puts_cards_under_holding_three_keeps_wild_cards(data: st.DataObject) -> None:
    """The premise of the solver's *opening that leaves wild cards*, on the engine itself:
    every way of putting up to five cards under, from a deal whose dealer holds three to five
    cards with one standard card or none, either goes on putting under with as many cards,
    or opens leaving the dealer wild cards only, or ends the game unwon; the solver says lost."""
    size = data.draw(st.integers(3, 5), label="dealer's cards")
    standard = data.draw(st.lists(st.sampled_from(_STANDARD_CARDS), max_size=1, unique=True))
    wild = data.draw(
        st.lists(
            st.sampled_from(_WILD_CARDS),
            min_size=size - len(standard),
            max_size=size - len(standard),
            unique=True,
        )
    )
    rest = [n for n in _STANDARD_CARDS if n not in standard]
    others = data.draw(st.permutations(rest))[:6]
    hands = [[*wild, *standard], others[:3], others[3:]]
    draw = data.draw(st.lists(st.sampled_from(range(1, 100)), max_size=4, unique=True))
    draw = [n for n in draw if n not in {c for hand in hands for c in hand}]
    state = position_from_json({"hands": hands, "aids": [], "draw": draw})
    assert state.stage == Stage.BURY and state.hands[0].bit_count() == size
    assert solve(state).winnable is False

    def walk(s: SplitState, depth: int) -> None:
        if s.stage == Stage.BURY:
            assert s.hands[s.opener].bit_count() == size
            if depth:
                for action in SPLIT.legal_actions(s):
                    walk(SPLIT.apply(s, action), depth - 1)
        elif s.stage == Stage.OVER:
            assert s.end != End.GROUP_WIN
        else:  # opened: the two standard cards are on the piles, the rest is wild
            assert s.hands[0] and not s.hands[0] & STANDARD_MASK, s

    walk(state, 5)


def test_an_opener_holding_two_cards_can_still_win() -> None:
    """Seat 0 deals holding 30 (wild) and 82: it puts the 30 under and draws the 1 (wild), puts
    the 1 under and draws the 2, and opens 2 | 82 with an empty hand; the table can win.  (Only
    three cards or more leave wild cards in the opener's hand.)"""
    state = position_from_json({"hands": [[30, 82], [11, 37], [18, 72]], "aids": []})
    assert state.stage == Stage.BURY
    solution = solve(state)
    assert solution.winnable and replays_to_a_win(state, solution.line)
    assert [action.text for _, action in solution.line][:2] == ["under 30", "under 1"]


def test_an_opening_lost_on_one_pair_of_piles_is_not_lost_on_another() -> None:
    """Seat 0 deals holding 40 (wild) and 85 over a draw pile of 68, 91: putting the 40 under
    opens 68 | 85, which loses; putting the 85 under first leads to an opening that wins.
    The two open tables hold the same hands, so only their piles tell them apart in the
    solver's memory of openings already lost."""
    state = position_from_json(
        {"hands": [[40, 85], [78, 19], [54, 87]], "aids": [], "draw": [68, 91]}
    )
    first = SPLIT.apply(state, next(a for a in SPLIT.legal_actions(state) if a.text == "under 40"))
    assert (first.left, first.right, first.hands[0]) == (68, 85, 0)
    assert solve(first).winnable is False
    solution = solve(state)
    assert solution.winnable and replays_to_a_win(state, solution.line)
    assert solution.line[0][1].text == "under 85"


def memoized_brute_force(state: SplitState) -> bool:
    """:func:`brute_force`, remembering every engine state decided (for a few more cards)."""
    seen: dict[SplitState, bool] = {}

    def win(s: SplitState) -> bool:
        if s.stage == Stage.OVER:
            return s.end == End.GROUP_WIN
        if s not in seen:
            seen[s] = any(win(SPLIT.apply(s, a)) for a in SPLIT.legal_actions(s))
        return seen[s]

    return win(state)


@pytest.mark.parametrize("seed", [121, 239, 337, 2, 5, 7])
def test_the_memory_of_lost_positions_agrees_with_brute_force(seed: int) -> None:
    """Four seats of four cards and both aids: deals where the *narrower gaps* memory decides.

    The first three are deals a memory that wrongly counted *wider* gaps as lost
    would call lost; the solver must agree with a search over the engine's states.
    """
    import random

    rng = random.Random(seed)
    cards = rng.sample(range(1, 100), 17)
    hands = [cards[4 * p : 4 * p + 4] for p in range(4)]
    hands[0] += cards[16:]
    state = position_from_json({"hands": hands, "aids": [0, 100]})
    assert solve(state).winnable == memoized_brute_force(state)


def test_a_budget_can_leave_the_question_open() -> None:
    state = position_from_json({"hands": [[5, 17, 33, 41], [12, 62, 75], [8, 44, 77, 91]]})
    assert solve(state).winnable is False
    stopped = solve(state, max_states=3)
    assert stopped.winnable is None and stopped.explored == 3


def test_only_cooperative_positions() -> None:
    state = SPLIT.new_game(SPLIT.config(players=3))
    with pytest.raises(CardlawError):
        solve(state)


def test_cli_solves_a_file_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml = tmp_path / "deal.toml"
    toml.write_text("hands = [[45], [33, 52], [48]]\npiles = [20, 80]\nmiddle = 60\nto_move = 1\n")
    code, out, _ = run(capsys, "ask", "split", "solve", str(toml))
    assert code == 0 and "The table can win" in out and "seat 1: move right" in out
    as_json = tmp_path / "deal.json"
    as_json.write_text(
        json.dumps(
            {
                "hands": [[45], [33, 52], [75]],
                "piles": [20, 80],
                "middle": 60,
                "to_move": 1,
                "aids": [],
            }
        )
    )
    code, out, _ = run(capsys, "ask", "split", "solve", str(as_json), "--json")
    data = json.loads(out)
    assert code == 0 and data["winnable"] is False and data["explored"] >= 1
    code, out, _ = run(capsys, *SOLVABLE)
    assert code == 0 and "The table can win" in out
    code, out, _ = run(capsys, "ask", "split", "solve", str(as_json), "--max-states", "1")
    assert code in (0, 1)


def test_cli_solves_the_deal_of_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "coop.json"
    args = ("play", "split", "--variant", "cooperative", "--players", "3", "--seed", "8")
    assert run(capsys, *args, "--bots", "greedy", "--record", str(path))[0] == 0
    code, out, _ = run(capsys, "ask", "split", "solve", "--record", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["winnable"] in (True, False)
    competitive = tmp_path / "game.json"
    assert run(capsys, "play", "split", "--seed", "8", "--record", str(competitive))[0] == 0
    code, _, err = run(capsys, "ask", "split", "solve", "--record", str(competitive))
    assert code == 2 and "cooperative" in err


@pytest.mark.parametrize(
    "args",
    [
        ("--hand", "5 101", "--hand", "3", "--hand", "4"),
        ("--hand", "5 5", "--hand", "3", "--hand", "4"),
        ("--hand", "5 6", "--hand", "6", "--hand", "4"),
        ("--hand", "5", "--hand", "3"),
        ("--hand", "0 5", "--hand", "3", "--hand", "4"),
        ("--hand", "5", "--hand", "3", "--hand", "4", "--aids", "7"),
        ("--hand", "5", "--hand", "3", "--hand", "4", "--piles", "20", "80", "--middle", "95"),
        ("--hand", "5", "--hand", "3", "--hand", "4", "--middle", "50"),
        ("--hand", "5", "--hand", "3", "--hand", "4", "--dealer", "9"),
        ("/no/such/position.json",),
        (),
    ],
)
def test_bad_positions_are_one_line_and_exit_2(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "ask", "split", "solve", *args)
    assert code == 2, err
    assert err.startswith("cardlaw: error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "text", ["not json", "[1, 2]", '{"hands": 3}', '{"hands": [[1], [2], [3]], "x": 1}']
)
def test_malformed_position_files(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, _, err = run(capsys, "ask", "split", "solve", str(path))
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(("aids", "expected"), [("none", []), ("100", [100]), ("0,100", [0, 100])])
def test_a_batch_of_deals_takes_its_aids(
    aids: str, expected: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--deals N --aids none`` solves deals of the variant without aids (issue 32: it was
    refused with a message asking for --deals)."""
    from cardlaw.ask.split_deals import DealBatch, solve_deals

    line = ("ask", "split", "solve", "--deals", "4", "--players", "3", "--seed", "5")
    code, out, err = run(capsys, *line, "--aids", aids, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["aids"] == expected
    config = SPLIT.config(mode="cooperative", players=3, aids=tuple(expected))
    rows = solve_deals(DealBatch(SPLIT.config_to_json(config), 5, 10_000_000), range(4))
    assert [row["winnable"] for row in data["results"]] == [row["winnable"] for row in rows]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--deals", "2", "--players", "3", "--aids", "50"), "--aids takes"),
        (("--deals", "2", "--players", "3", "--piles", "3", "4"), "describe a position given by"),
        (("deal.json", "--aids", "none"), "--aids goes with --hand or --deals"),
        (("--deals", "2", "--hand", "5"), "give one of"),
    ],
)
def test_misplaced_solve_options_say_what_is_wrong(
    args: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "ask", "split", "solve", *args)
    assert code == 2 and message in err and err.count("\n") == 1, err
