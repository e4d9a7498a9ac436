"""Split's what-if beyond the engine: queries, witnesses, positions and ``ask`` under ``--set``.

* the query domains follow the rules (``cardlaw query split --set``);
* the forced-resets loop is built under any ``CARDS_DEALT`` and replays;
* every obligation is re-proved over a sample of overrides of the hand
  size, the dealer's extra cards and the reset draw;
* a position under changed rules carries them and reads back, and
  ``ask split legal`` / ``solve`` / ``play`` take ``--set``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.record import build_record, replay_record
from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.spot import EXAMPLE
from cardlaw.proofs.core import check
from cardlaw.proofs.query import answer
from cardlaw.proofs.split.domains import DOMAINS, build_domains
from cardlaw.proofs.split.forced import any_forced_loop, forced_loop_for
from cardlaw.proofs.split.obligations import build
from cardlaw.proofs.split.scenarios import forced_loop, only_forced_resets, same_position
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import spelled
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import Mode
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import Stage
from tests.games import random_walk
from tests.games import run_cli as run
from tests.split.test_parameters import rules_for

pytestmark = pytest.mark.clauses(
    "split.deal.seven",
    "split.deal.dealer-extra",
    "split.reset.draw-three",
    "split.ruling.turn-limit",
    "split.ruling.fixed-wild-set",
)


# --- the query domains ---------------------------------------------------------------------------


def test_the_printed_domains_are_unchanged() -> None:
    assert build_domains(PRINTED_RULES) == dict(DOMAINS)
    assert list(build_domains(SplitRules(cards_dealt=8))) == list(DOMAINS)


@pytest.mark.parametrize(
    "rules",
    [
        SplitRules(cards_dealt=8),
        SplitRules(cards_dealt=4, dealer_extra=5),
        SplitRules(reset_draw=5),
    ],
    ids=repr,
)
def test_the_domains_follow_the_rules(rules: SplitRules) -> None:
    """The dealer's opening, the reset draw and the cooperative hand read the changed numbers."""
    table = build_domains(rules)
    assert answer("minimize opening (deal=1): kept", table).value == rules.dealer_hand - 2
    assert answer(f"exists opening: drawn == {rules.reset_draw}", table).verdict == "yes"
    assert answer(f"exists opening: drawn > {rules.reset_draw}", table).verdict == "no"
    assert answer(f"exists coop: size == {rules.most_held}", table).verdict == "yes"
    assert f"up to {rules.most_held} cards" in table["coop"].description


def test_query_split_takes_set(capsys: pytest.CaptureFixture[str]) -> None:
    query = "minimize opening (deal=1): kept"
    code, out, _ = run(capsys, "query", "split", "--set", "CARDS_DEALT=8", query)
    assert code == 0 and out.startswith("8 (proven)")
    code, out, _ = run(capsys, "query", "split", query)
    assert code == 0 and out.startswith("7 (proven)")
    code, _, err = run(capsys, "query", "split", "--set", "CARDS_DEALT=17", query)
    assert code == 2 and "[split.deal.seven]" in err


# --- the forced-resets loop under other hand sizes ----------------------------------------------


@given(st.integers(1, 16))
@settings(max_examples=6, deadline=None)
def test_the_forced_loop_is_built_for_any_hand_size(dealt: int) -> None:
    """Every reset forced, the position comes back, and the record replays with the rules."""
    loop = forced_loop(rules=SplitRules(cards_dealt=dealt))
    assert only_forced_resets(loop.config, loop.actions)
    result = replay_record(build_record(SPLIT, loop.config, loop.actions))
    assert result.legal and result.final.config.rules.cards_dealt == dealt
    assert same_position(result.states[loop.start], result.final)


@pytest.mark.parametrize("rules", [SplitRules(dealer_extra=3), SplitRules(reset_draw=4)], ids=repr)
def test_the_printed_forced_loop_says_which_rules_it_lacks(rules: SplitRules) -> None:
    with pytest.raises(ValueError, match="two extra cards and resets drawing three"):
        forced_loop(rules=rules)


_ANY_RULES = [
    SplitRules(dealer_extra=4),
    SplitRules(dealer_extra=0),
    SplitRules(dealer_extra=1, cards_dealt=3),
    SplitRules(dealer_extra=20),
    SplitRules(reset_draw=4),
    SplitRules(reset_draw=5),
    SplitRules(reset_draw=10, cards_dealt=8),
    SplitRules(cards_dealt=10, dealer_extra=5, reset_draw=6),
    SplitRules(cards_dealt=1, reset_draw=30),
]


@pytest.mark.clauses("split.turn.must-reset", "split.end.no-wild-finish", "split.reset.draw-three")
@pytest.mark.parametrize("rules", _ANY_RULES, ids=repr)
def test_a_forced_loop_is_built_under_other_rules(rules: SplitRules) -> None:
    """Every reset forced, the position comes back, and the record replays with the rules."""
    loop = any_forced_loop(rules)
    assert only_forced_resets(loop.config, loop.actions)
    record = build_record(SPLIT, loop.config, loop.actions)
    result = replay_record(record)
    assert result.legal and result.final.config.rules == rules
    assert same_position(result.states[loop.start], result.final)
    assert result.final.stage in (Stage.MOVE, Stage.PLAY)


@pytest.mark.parametrize(
    ("rules", "why"),
    [
        (SplitRules(reset_draw=2), "finds no 2 cards"),  # every wild card drawn must go under
        (SplitRules(dealer_extra=50), "finds no 3 cards"),
        (SplitRules(reset_draw=49), "finds no 49 cards"),
    ],
    ids=repr,
)
def test_where_no_forced_loop_is_built_it_says_why(rules: SplitRules, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        forced_loop_for(rules)


# --- every obligation over a sample of overrides -----------------------------------------------


@pytest.mark.deep  # every obligation proved again under each override (pytest -m deep)
@pytest.mark.parametrize(
    "rules",
    [
        SplitRules(cards_dealt=3),
        SplitRules(cards_dealt=8),
        SplitRules(dealer_extra=4),
        SplitRules(reset_draw=5),
        SplitRules(dealer_extra=0, reset_draw=4),
    ],
    ids=repr,
)
def test_the_obligations_under_overrides(rules: SplitRules) -> None:
    """Everything as expected: what holds is proved, both loops refuted with replayed records.

    The forced-resets round follows ``RESET_DRAW`` (each player resets once
    and plays ``RESET_DRAW - 2`` cards), and its loop is realised under each
    of these rules by a real game (:mod:`proofs.split.forced`).
    """
    for ob in build(rules):
        report = check(ob, mutants=False)
        assert report.ok, (ob.id, report.status, report.detail)
        if report.status == "refuted":
            assert report.witness is not None and report.witness.replayed, ob.id
            record = report.witness.record
            assert record is not None
            assert replay_record(record).final.config.rules == rules
    forced = next(o for o in build(rules) if o.id == "split.game.ends.forced-resets")
    plays = rules.reset_draw - 2
    assert f"one forced reset and {spelled(plays)} play" in forced.statement


@pytest.mark.clauses("split.reset.draw-three")
def test_under_two_card_resets_the_loop_is_found_but_not_realised() -> None:
    """RESET_DRAW=2: the abstract round (two resets, no play) loops; no real game is built."""
    ob = next(o for o in build(SplitRules(reset_draw=2)) if o.id == "split.game.ends.forced-resets")
    report = check(ob, mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "nobody plays" in report.witness.text and "(no middle card)" in report.witness.text
    assert not report.witness.replayed and not report.ok
    assert "No real two-player game that shows it was built" in report.witness.text


# --- positions and ``ask`` under changed rules ------------------------------------------------


@given(st.booleans(), st.integers(0, 2**32), st.data())
@settings(max_examples=15, deadline=None)
def test_positions_carry_the_rules(cooperative: bool, seed: int, data: st.DataObject) -> None:
    mode: Mode = "cooperative" if cooperative else "competitive"
    rules = data.draw(rules_for(mode))
    config = SplitConfig(mode=mode, players=3, max_turns=200, rules=rules)
    written = 0
    for state, _ in random_walk(SPLIT, config, seed, limit=300):
        if state.stage not in (Stage.MOVE, Stage.PLAY):
            continue
        position = SPLIT.position_to_json(state)
        assert position.get("rules", {}) == config_to_rules(rules)
        again = SPLIT.position_from_json(json.loads(json.dumps(position)))
        assert again.config.rules == rules
        assert SPLIT.position_to_json(again) == position
        written += 1
    assert written > 0


def config_to_rules(rules: SplitRules) -> dict[str, int]:
    """The changed parameters, as a position or a record writes them."""
    printed = {"CARDS_DEALT": 7, "DEALER_EXTRA": 2, "RESET_DRAW": 3}
    given = {
        "CARDS_DEALT": rules.cards_dealt,
        "DEALER_EXTRA": rules.dealer_extra,
        "RESET_DRAW": rules.reset_draw,
    }
    return {k: v for k, v in given.items() if v != printed[k]}


def test_a_position_names_bad_rules() -> None:
    with pytest.raises(MalformedInput, match=r"^position\.rules: CARDS_DEALT must be from 1"):
        SPLIT.position_from_json({**EXAMPLE, "rules": {"CARDS_DEALT": 0}})


def test_ask_split_takes_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``legal``, ``solve`` and ``play`` read under ``--set``; a bad one is exit 2."""
    spot = {key: value for key, value in EXAMPLE.items() if key != "middle"}
    hands = [[3, 5, 17, 36, 41, 52, 61, 77], [12, 48], [34, 72]]
    spot |= {"mode": "cooperative", "hands": hands, "to_move": 0, "draw": 73}
    position = tmp_path / "spot.json"
    position.write_text(json.dumps(spot))
    # Eight-card hands leave 99 - 3 x 8 - 2 = 73 cards in the draw pile, seven-card ones 76.
    code, _, err = run(capsys, "ask", "split", "legal", "--position", str(position))
    assert code == 2 and "holds 76 cards after the deal" in err
    code, out, _ = run(
        capsys, "ask", "split", "legal", "--position", str(position), "--set", "CARDS_DEALT=8"
    )
    assert code == 0 and out.startswith("seat 0 may: play 36, play 41, play 52, play 61")
    texts = ["5 17 33 41 55 63 72 86", "12 62 75", "8 44 77 91"]
    args = ["ask", "split", "solve", *(x for h in texts for x in ("--hand", h)), "--dealer", "0"]
    code, out, _ = run(capsys, *args, "--set", "CARDS_DEALT=8", "--json")
    assert code == 0 and "winnable" in json.loads(out)
    code, _, err = run(capsys, *args, "--set", "CARDS_DEALT=99")
    assert code == 2 and "CARDS_DEALT must be from 1 to 50" in err
    play = ["ask", "split", "play", "--piles", "30", "60", "--hand", "45 12 99"]
    code, out, _ = run(capsys, *play, "--set", "RESET_DRAW=5")
    assert code == 0 and "may play 45" in out
    code, _, err = run(capsys, *play, "--set", "HAND_SIZE=8")
    assert code == 2 and "unknown Split rule parameter 'HAND_SIZE'" in err
