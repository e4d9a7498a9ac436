"""Euchre under changed rule parameters: whole games, records, bad overrides, and the proofs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.codec import config_from_json, config_to_json
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.record import build_record, dump_record, load_record, replay_record
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.invariants import INVARIANTS, STEP_INVARIANTS, violations
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.invariants import step_violations
from cardlaw.spec.parameters import parameters, rules_with
from tests.games import random_walk, space_at

pytestmark = pytest.mark.clauses(
    "euchre.end.ten",
    "euchre.deal.five",
    "euchre.deal.up-card",
    "euchre.score.makers",
    "euchre.ruling.hand-size",
)

_POINTS = st.integers(1, 10)

valid_rules = st.builds(
    EuchreRules,
    target=st.integers(2, 30),
    maker_points=_POINTS,
    march_points=_POINTS,
    alone_march_points=_POINTS,
    euchre_points=_POINTS,
    cards_each=st.integers(2, 5),
)
"""Every override the consistency rules accept."""


@given(valid_rules, st.booleans(), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_random_games_under_random_overrides(rules: EuchreRules, stick: bool, seed: int) -> None:
    """A whole random game: every state and step keeps the invariants, the game ends (under
    stick-the-dealer), and its record carries the rules and replays to the same end."""
    config = EuchreConfig(stick_the_dealer=stick, rules=rules)
    walk = list(random_walk(EUCHRE, config, seed, limit=4000))
    before = None
    for state, _ in walk:
        assert not violations(INVARIANTS, state)
        if before is not None:
            assert not step_violations(STEP_INVARIANTS, before, state)
        before = state
    final = walk[-1][0]
    if stick:
        assert walk[-1][1] is None and EUCHRE.result(final) is not None
    if walk[-1][1] is None:
        assert max(final.scores) >= rules.target
        assert all(p in rules.reachable_points for t, p in final.results if t >= 0)
    record = build_record(EUCHRE, config, [a for _, a in walk if a is not None])
    assert record["config"] == config_to_json(config)
    again = load_record(dump_record(record))
    replay = replay_record(again)
    assert replay.legal and replay.final == final and replay.final.config.rules == rules


def test_a_record_of_the_printed_rules_has_no_rules() -> None:
    assert "rules" not in config_to_json(EuchreConfig())
    data = config_to_json(EuchreConfig(rules=EuchreRules(target=11, cards_each=4)))
    assert data["rules"] == {"TARGET": 11, "CARDS_EACH": 4}
    assert config_from_json(data).rules == EuchreRules(target=11, cards_each=4)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"TARGETS": 11}, "unknown Euchre rule parameter 'TARGETS' (known: TARGET, "),
        ({"TARGET": 31}, "TARGET must be from 2 to 30, not 31 [euchre.end.ten]"),
        ({"MAKER_POINTS": 0}, "MAKER_POINTS must be from 1 to 10, not 0 [euchre.score.makers]"),
        ({"cards-each": 7}, "CARDS_EACH must be from 2 to 6, not 7 [euchre.deal.five]"),
        ({"CARDS_EACH": "5"}, "CARDS_EACH must be a whole number, not '5' [euchre.deal.five]"),
        (
            {"CARDS_EACH": 6},
            "4 players dealt CARDS_EACH=6 cards each take 24 of the 24 cards and leave none "
            "for the up-card [euchre.deal.up-card]",
        ),
    ],
)
def test_bad_overrides_are_one_line_errors(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(MalformedInput) as error:
        config_from_json({"rules": changes})
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


def test_every_parameter_is_a_constant_of_the_spec() -> None:
    from cardlaw.spec.euchre import constants as K

    for p in parameters(EuchreRules):
        assert getattr(K, p.name) == p.default == getattr(PRINTED_RULES, p.field)
    assert PRINTED_RULES.hand_points == K.HAND_POINTS and PRINTED_RULES.majority == K.MAJORITY
    assert (PRINTED_RULES.first_packet, PRINTED_RULES.second_packet) == (
        K.FIRST_PACKET,
        K.SECOND_PACKET,
    )
    assert PRINTED_RULES.kitty_size == K.KITTY_SIZE and PRINTED_RULES.tricks == K.TRICKS_PER_HAND
    assert rules_with(PRINTED_RULES, {"target": 11}, "Euchre") == EuchreRules(target=11)


@pytest.mark.parametrize("each", range(2, 6))
def test_every_hand_size_deals_every_card_once(each: int) -> None:
    """The packets split the hand (larger half first) and the rest lies under the up-card."""
    rules = EuchreRules(cards_each=each)
    assert rules.first_packet + rules.second_packet == each
    assert rules.first_packet - rules.second_packet in (0, 1)
    state = EUCHRE.new_game(EuchreConfig(rules=rules))
    state = EUCHRE.apply(state, space_at(EUCHRE, state).outcome(0))
    state = EUCHRE.apply(state, space_at(EUCHRE, state).outcome(12345))
    assert [h.bit_count() for h in state.hands] == [each] * 4
    assert state.kitty.bit_count() == 24 - 4 * each - 1 and state.upcard >= 0


@pytest.mark.clauses("euchre.ruling.endless-game")
def test_euchre_to_eleven_the_game_length_bound_changes() -> None:
    """TARGET=11: the stick-the-dealer game lasts at most 21 hands, a real game attains it,
    and its witness is a record that carries the override and replays to 21 hands."""
    from cardlaw.proofs.core import check
    from cardlaw.proofs.euchre.obligations import build

    oid = "euchre.game.ends.stick-the-dealer"
    ob = next(o for o in build(EuchreRules(target=11)) if o.id == oid)
    assert "within 21 hands" in ob.statement
    report = check(ob)
    assert report.ok and report.status == "proved"
    assert report.witness is not None and report.witness.record is not None
    assert "hand 21 ends it 11-10" in report.witness.text
    record = report.witness.record
    assert record["config"]["rules"] == {"TARGET": 11}
    replay = replay_record(load_record(dump_record(record)))
    assert replay.legal and len(replay.final.results) == 21
    assert replay.final.scores == (11, 10)


@pytest.mark.clauses("euchre.score.one-team")
def test_two_cards_each_no_hand_is_made_without_a_march() -> None:
    """CARDS_EACH=2: a majority is both tricks, so MAKER_POINTS is never scored: the
    obligation that every entry of the table is scored by some hand is refuted."""
    from cardlaw.proofs.core import check
    from cardlaw.proofs.euchre.obligations import OBLIGATIONS, build

    oid = "euchre.score.one-team-scores"
    printed = check(next(o for o in OBLIGATIONS if o.id == oid))
    changed = check(next(o for o in build(EuchreRules(cards_each=2)) if o.id == oid))
    assert printed.status == "proved"
    assert changed.status == "refuted" and changed.detail == (
        "holds, but the bound is never attained"
    )


@pytest.mark.deep  # every obligation and mutant proved again under each override (pytest -m deep)
@pytest.mark.parametrize(
    "rules",
    [
        EuchreRules(target=11),
        EuchreRules(cards_each=3, euchre_points=5),
        EuchreRules(target=7, maker_points=3, march_points=2, alone_march_points=2),
        EuchreRules(cards_each=4, march_points=1, target=9),
    ],
    ids=repr,
)
def test_every_obligation_is_as_expected_under_an_override(rules: EuchreRules) -> None:
    """Ids stay, every verdict is as expected, every mutant is caught, every witness replays."""
    from cardlaw.proofs.core import check
    from cardlaw.proofs.euchre.obligations import OBLIGATIONS, build

    built = build(rules)
    assert [o.id for o in built] == [o.id for o in OBLIGATIONS]
    for ob in built:
        report = check(ob)
        assert report.ok, (ob.id, report.status, report.detail, report.mutants)
        if report.witness is not None and report.witness.record is not None:
            config = report.witness.record["config"]
            assert isinstance(config, dict) and config_from_json(config).rules == rules
