"""Split under changed rules (``--set``): whole games, bad overrides, and the changed proofs.

Whole random games are played under random valid overrides of the hand
size, the dealer's extra cards and the reset draw: every invariant holds
after every step (the stateful machine of :mod:`tests.split.test_stateful`),
and a finished game's record carries the rules and replays under them.  A
bad override is one line naming its constraint.  Under eight-card hands the
cooperative bound becomes 42 turns, and its witness, a real 42-turn game,
replays with the override in its record.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from cardlaw.engine.record import build_record, replay_record
from cardlaw.engine.split.codec import config_from_json, config_to_json
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import check
from cardlaw.proofs.split.obligations import OBLIGATIONS, build
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import rules_with
from cardlaw.spec.split.actions import RESET
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import Mode
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules, check_rules
from cardlaw.spec.split.state import SplitState
from tests.games import random_walk
from tests.generic.stateful import LegalGameMachine, as_test_case
from tests.split.test_stateful import _STRAYS, check_state

pytestmark = pytest.mark.clauses(
    "split.deal.seven",
    "split.deal.dealer-extra",
    "split.reset.draw-three",
    "split.coop.win",
)


@st.composite
def rules_for(draw: st.DrawFn, mode: str) -> SplitRules:
    """Any rules valid for ``mode``: a hand size, the dealer's extra cards and the reset draw."""
    dealt = draw(st.integers(1, 19 if mode == "cooperative" else 16))
    room = 101 - (2 if mode == "cooperative" else 0) - dealt * (5 if mode == "cooperative" else 6)
    extra = draw(st.integers(max(0, 3 - dealt), min(room, 50)))
    reset = draw(st.integers(2, 99))
    return SplitRules(cards_dealt=dealt, dealer_extra=extra, reset_draw=reset)


class SplitOverrideGame(LegalGameMachine):
    """Random legal Split games under random valid overrides of the rules' numbers."""

    game = SPLIT
    strays = _STRAYS

    @initialize(
        cooperative=st.booleans(),
        players=st.integers(2, 6),
        aids=st.sampled_from([(0, 100), (0,), (100,), ()]),
        max_turns=st.integers(20, 150),
        data=st.data(),
    )
    def start_with_rules(
        self,
        cooperative: bool,
        players: int,
        aids: tuple[int, ...],
        max_turns: int,
        data: st.DataObject,
    ) -> None:
        mode: Mode = "cooperative" if cooperative else "competitive"
        rules = data.draw(rules_for(mode))
        if cooperative:
            config = SplitConfig(
                mode="cooperative",
                players=min(max(players, 3), 5),
                aids=aids,
                max_turns=max_turns,
                rules=rules,
            )
        else:
            config = SplitConfig(players=players, max_turns=max_turns, rules=rules)
        self.start_game(config)

    @precondition(lambda self: self.state is not None and RESET in SPLIT.legal_actions(self.state))
    @rule()
    def reset(self) -> None:
        """Reset whenever the rules allow it, so hands grow and the piles run out."""
        self._step(RESET)

    def check_state(self, state: SplitState) -> None:
        """The properties of :func:`tests.split.test_stateful.check_state`."""
        check_state(state)


TestSplitOverrideGame = as_test_case(SplitOverrideGame, steps=300, examples=12)


@given(st.booleans(), st.integers(0, 2**32), st.data())
@settings(max_examples=20, deadline=None)
def test_records_carry_and_replay_the_rules(
    cooperative: bool, seed: int, data: st.DataObject
) -> None:
    """A whole game under an override ends; its record carries the rules and replays."""
    mode: Mode = "cooperative" if cooperative else "competitive"
    rules = data.draw(rules_for(mode))
    config = SplitConfig(mode=mode, players=4, max_turns=400, rules=rules)
    walk = random_walk(SPLIT, config, seed, limit=5000)
    actions = [action for _, action in walk if action is not None]
    record = build_record(SPLIT, config, actions)
    assert record["config"]["rules"] == config_to_json(config).get("rules")
    assert config_from_json(record["config"]) == config
    result = replay_record(record)
    assert result.legal
    assert result.final.config.rules == rules
    assert SPLIT.result(result.final) is not None


def test_printed_rules_add_nothing_to_a_record() -> None:
    """The printed rules leave the configuration's JSON as it was."""
    assert "rules" not in config_to_json(SplitConfig())
    assert config_to_json(SplitConfig(rules=SplitRules(reset_draw=4)))["rules"] == {"RESET_DRAW": 4}


@pytest.mark.parametrize(
    ("changes", "mode", "message"),
    [
        ({"HAND_SIZE": 8}, "competitive", "unknown split rule parameter 'HAND_SIZE' (known: "
         "CARDS_DEALT, DEALER_EXTRA, RESET_DRAW)"),
        ({"CARDS_DEALT": 0}, "competitive", "CARDS_DEALT must be from 1 to 50, not 0 "
         "[split.deal.seven]"),
        ({"RESET_DRAW": 1}, "competitive", "RESET_DRAW must be from 2 to 99, not 1 "
         "[split.reset.draw-three]"),
        ({"CARDS_DEALT": 17}, "competitive", "6 players dealt CARDS_DEALT=17 cards each and the "
         "dealer's DEALER_EXTRA=2 need 104 cards from the 101 shuffled [split.deal.seven]"),
        ({"CARDS_DEALT": 19, "DEALER_EXTRA": 5}, "cooperative", "5 players dealt CARDS_DEALT=19 "
         "cards each and the dealer's DEALER_EXTRA=5 need 100 cards from the 99 shuffled "
         "[split.deal.seven]"),
        ({"CARDS_DEALT": 2, "DEALER_EXTRA": 0}, "cooperative", "the dealer's CARDS_DEALT + "
         "DEALER_EXTRA = 2 cards must be at least 3: two to open the piles and one to keep "
         "[split.deal.dealer-extra]"),
    ],
)  # fmt: skip
def test_bad_overrides(changes: dict[str, int], mode: Mode, message: str) -> None:
    """An unknown name, a number out of range, or numbers that do not fit: one line, named."""
    with pytest.raises(MalformedInput) as caught:
        check_rules(rules_with(PRINTED_RULES, changes, "split"), mode)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)
    with pytest.raises(MalformedInput):
        config_from_json({"mode": mode, "players": 3, "rules": changes})


def test_the_cooperative_bound_under_eight_card_hands() -> None:
    """Under CARDS_DEALT=8 the cooperative bound is 42 turns, shown by a real game that replays."""
    printed = next(o for o in OBLIGATIONS if o.id == "split.coop.ends")
    eight = next(o for o in build(SplitRules(cards_dealt=8)) if o.id == "split.coop.ends")
    assert "within 37 turns" in printed.statement
    assert "within 42 turns" in eight.statement
    assert "8n + 2 turns: 26, 34 and 42" in eight.statement
    report = check(eight)
    assert report.status == "proved" and report.ok
    assert report.witness is not None and report.witness.replayed
    record = report.witness.record
    assert record is not None
    assert record["config"]["rules"] == {"CARDS_DEALT": 8}
    result = replay_record(record)
    assert result.legal and result.final.turn == 42
    assert result.final.end.name == "GROUP_WIN"


def test_ids_are_the_same_under_every_override() -> None:
    """The lead matches obligations by id: an override keeps every id."""
    ids = [o.id for o in OBLIGATIONS]
    for rules in (SplitRules(cards_dealt=8), SplitRules(reset_draw=2, dealer_extra=0)):
        assert [o.id for o in build(rules)] == ids
