"""Every Z3 encoding of a Divided Ranks rule fragment agrees exactly with the engine.

Hypothesis draws concrete inputs (hands, pairs of hands, whole games); each
encoding is evaluated on them (Z3 simplifies the term to a value) and
compared with the engine's own function.  The proofs over the encoding are
only worth something because these agree.
"""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.divided_ranks.evaluate import category, compare_hands, hand_key, hand_order
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.report_json import ObligationJSON
from cardlaw.spec.cards import JOKER
from cardlaw.spec.divided_ranks.constants import PACK, PACK_MASK
from cardlaw.spec.divided_ranks.invariants import splitter_of
from cardlaw.spec.divided_ranks.state import Stage
from tests.games import random_walk

pytestmark = pytest.mark.clauses(
    "divided-ranks.hands.categories",
    "divided-ranks.hands.joker-wild",
    "divided-ranks.hands.joker-low",
    "divided-ranks.hands.joker-tiebreak",
    "divided-ranks.ruling.card-for-card",
    "divided-ranks.draft.rounds",
    "divided-ranks.reserve.order",
    "divided-ranks.info.candidates",
    "divided-ranks.score.order",
    "divided-ranks.build.weaker-stronger",
)

P = E.spec_params()
W = E.width(P)

hands = st.lists(st.sampled_from(PACK), min_size=5, max_size=5, unique=True).map(
    lambda cards: sum(1 << c for c in cards)
)


def hand_term(mask: int) -> z3.BitVecRef:
    return z3.BitVecVal(E.local_mask(mask, P), W)


@given(hands)
def test_strength_key_is_the_engines(mask: int) -> None:
    assert E.value(E.strength_key(hand_term(mask), P)) == hand_key(mask)


@given(hands)
def test_category_and_card_order(mask: int) -> None:
    s = E.strength(hand_term(mask), P)
    ladder = E.value(s.category)
    assert E.LADDER[ladder] != "high card" and E.LADDER[ladder] != "flush"
    assert E.ENGINE_CATEGORY[ladder] == category(mask)
    labels = {0: "JK", 1: "10", 2: "J", 3: "Q", 4: "K", 5: "A"}
    shown = [labels[E.value(v)] for v in s.values]
    assert shown == [label.strip("()") for label in hand_order(mask)]
    assert E.value(s.joker) == (mask >> JOKER & 1)


@given(hands, hands)
def test_compare_is_the_engines(a: int, b: int) -> None:
    sa, sb = E.strength(hand_term(a), P), E.strength(hand_term(b), P)
    assert E.value(E.compare(sa, sb, P)) == compare_hands(a, b)


@given(st.integers(0, 1), st.integers(0, 4))
def test_splitter(first: int, round_index: int) -> None:
    z3_seat = E.splitter(z3.BitVecVal(first, 1), round_index, P)
    assert E.value(z3_seat) == splitter_of(first, round_index)


def _after_draft(seed: int, options: dict[str, Any]) -> Any:
    for state, _ in random_walk(DIVIDED_RANKS, DIVIDED_RANKS.config(**options), seed):
        if state.stage in (Stage.RESERVE, Stage.BUILD) and not state.swaps:
            return state
    raise AssertionError("the game never reached the reserve")


@given(st.integers(0, 2**32), st.sampled_from([{}, {"reserve_order": "coin"}]))
@settings(max_examples=30)
def test_draft_structure_matches_real_games(seed: int, options: dict[str, Any]) -> None:
    """The splitters, split counts and reserve order of a real game are the encoding's."""
    state = _after_draft(seed, options)
    p = E.spec_params(state.config.reserve_order)
    first = z3.BitVecVal(state.first_splitter, 1)
    assert [r[0] for r in state.rounds] == [E.value(E.splitter(first, i, p)) for i in range(5)]
    zero, one = E.split_counts(first, p)
    assert (E.value(zero), E.value(one)) == tuple(
        sum(1 for r in state.rounds if r[0] == seat) for seat in (0, 1)
    )
    coin = z3.BitVecVal(state.reserve_first, 1)
    assert E.value(E.reserve_first(first, coin, p)) == state.reserve_first


@given(st.integers(0, 2**32))
@settings(max_examples=30)
def test_candidates_match_real_games(seed: int) -> None:
    """The encoding's candidate and unseen counts are the engine's ledger after a real draft."""
    state = _after_draft(seed, {})
    first = z3.BitVecVal(state.first_splitter, 1)
    takes = [z3.BoolVal(bool(r[3])) for r in state.rounds]
    for viewer in (0, 1):
        view = DIVIDED_RANKS.observe(state, viewer)
        assert E.value(E.candidates(first, takes, viewer, P)) == len(view.candidates)
        assert E.value(E.unseen(first, takes, viewer, P)) == view.unseen
        assert E.value(E.saw_all(first, takes, viewer, P)) == (view.reserve is not None)


@given(st.integers(0, PACK_MASK))
def test_local_masks_round_trip(mask: int) -> None:
    mask &= PACK_MASK
    local = E.local_mask(mask, P)
    assert E.engine_mask(local, P) == mask
    assert E.value(E.popcount(z3.BitVecVal(local, W))) == mask.bit_count()


def test_spec_params_come_from_spec() -> None:
    from cardlaw.spec.divided_ranks import constants as K

    assert P["ranks"] == tuple(rank.index for rank in K.PACK_RANKS)
    assert P["hand_size"] == K.HAND_SIZE and P["rounds"] == K.ROUNDS
    assert P["splits"] == K.SPLITS and P["pack_size"] == K.PACK_SIZE
    assert P["joker_low"] == K.JOKER_LOW and W == K.PACK_SIZE


@given(st.permutations(PACK))
def test_showdown_is_the_scoring(order: list[int]) -> None:
    """Two builds from one shuffled pack: the encoding's winner and step are the engine's."""
    from cardlaw.engine.divided_ranks.arrange import build_value
    from cardlaw.engine.divided_ranks.scoring import decide

    masks = [sum(1 << c for c in order[5 * i : 5 * i + 5]) for i in range(4)]
    builds = [
        E.build(hand_term(masks[0]), hand_term(masks[1]), P),
        E.build(hand_term(masks[2]), hand_term(masks[3]), P),
    ]
    result, step = E.showdown(builds, P)
    winner, decided_by = decide(build_value(masks[0], masks[1]), build_value(masks[2], masks[3]))
    steps = ["draw", "weaker-category", "stronger-category", "weaker-hand", "stronger-hand"]
    assert E.value(result) == {0: 1, 1: -1, None: 0}[winner]
    assert steps[E.value(step)] == decided_by
    weaker = builds[0].weaker
    assert hand_key(E.engine_mask(E.value(weaker), P)) == min(hand_key(m) for m in masks[:2])
    assert E.value(builds[0].weaker_key) == min(hand_key(m) for m in masks[:2])


# --- under overrides: the encodings read the rules, and still agree with the engine ---------

_OVERRIDES = st.sampled_from(
    [
        {"ROUNDS": 10, "PAIR_SIZE": 1},
        {"ROUNDS": 2, "PAIR_SIZE": 5},
        {"RESERVE_TURNS": 0},
        {"ROUNDS": 10, "PAIR_SIZE": 1, "RESERVE_TURNS": 5},
    ]
)


@pytest.mark.clauses("divided-ranks.ruling.equal-splits", "divided-ranks.ruling.no-reserve-turns")
@given(st.integers(0, 2**32), _OVERRIDES, st.sampled_from(["fewer-splits", "coin"]))
@settings(max_examples=30, deadline=None)
def test_draft_encoding_matches_games_under_overrides(
    seed: int, rules: dict[str, int], order: str
) -> None:
    """Splitters, split counts, reserve order, candidates and unseen counts under the override."""
    state = _after_draft(seed, {"rules": rules, "reserve_order": order})
    p = E.spec_params(order, state.config.rules)
    assert p["rounds"] == state.config.rules.rounds == len(state.rounds)
    first = z3.BitVecVal(state.first_splitter, 1)
    seats = [E.value(E.splitter(first, i, p)) for i in range(p["rounds"])]
    assert [r[0] for r in state.rounds] == seats
    zero, one = E.split_counts(first, p)
    assert (E.value(zero), E.value(one)) == tuple(
        sum(1 for r in state.rounds if r[0] == seat) for seat in (0, 1)
    )
    coin = z3.BitVecVal(state.reserve_first, 1)
    assert E.value(E.reserve_first(first, coin, p)) == state.reserve_first
    takes = [z3.BoolVal(bool(r[3])) for r in state.rounds]
    for viewer in (0, 1):
        view = DIVIDED_RANKS.observe(state, viewer)
        assert E.value(E.candidates(first, takes, viewer, p)) == len(view.candidates)
        assert E.value(E.unseen(first, takes, viewer, p)) == view.unseen


def test_spec_params_come_from_the_rules() -> None:
    from cardlaw.spec.divided_ranks.parameters import DividedRanksRules

    rules = DividedRanksRules(rounds=2, pair_size=5, reserve_turns=3)
    p = E.spec_params(rules=rules)
    assert (p["rounds"], p["pair_size"], p["splits"], p["reserve_turns"]) == (2, 5, (1, 1), 3)
    assert p["rules"] is rules and p["ranks"] == P["ranks"] and p["holding"] == P["holding"]


@pytest.mark.clauses("divided-ranks.ruling.equal-splits")
def test_an_even_draft_refutes_three_and_two_with_a_replayed_witness() -> None:
    """Under ROUNDS=10 PAIR_SIZE=1 nobody split fewer rounds: the verdict changes, with a game."""
    from cardlaw.engine.record import replay_record
    from cardlaw.proofs.core import check
    from cardlaw.proofs.divided_ranks.obligations import build
    from cardlaw.spec.divided_ranks.parameters import DividedRanksRules

    def verdict(rules: DividedRanksRules) -> ObligationJSON:
        obligations = {ob.id: ob for ob in build(rules)}
        return check(obligations["divided-ranks.draft.three-and-two"]).to_json()

    assert verdict(DividedRanksRules())["status"] == "proved"
    changed = verdict(DividedRanksRules(rounds=10, pair_size=1))
    assert changed["status"] == "refuted" and changed["witness_replayed"] is True
    witness, record = changed["witness"], changed["record"]
    assert witness is not None and record is not None
    assert "both split 5 rounds" in witness
    config = record["config"]
    assert isinstance(config, dict) and config["rules"] == {"ROUNDS": 10, "PAIR_SIZE": 1}
    replay = replay_record(record)
    assert replay.legal and replay.final.config.rules.rounds == 10


@pytest.mark.clauses("divided-ranks.variant.coin-flip-reserve", "divided-ranks.reserve.order")
@pytest.mark.parametrize("rules", [{}, {"RESERVE_TURNS": 1}], ids=repr)
def test_three_and_two_is_stated_under_the_coin_and_refuted_there_with_a_game(
    rules: dict[str, int],
) -> None:
    """Under the coin-flip reserve the split count does not decide: a coin game shows it."""
    from cardlaw.engine.record import replay_record
    from cardlaw.proofs.core import check
    from cardlaw.proofs.registry import config_obligations

    reports = {}
    for order in ("fewer-splits", "coin"):
        obligations = config_obligations("divided-ranks", {"reserve_order": order, "rules": rules})
        ob = next(o for o in obligations if o.id == "divided-ranks.draft.three-and-two")
        reports[order] = check(ob).to_json()
    assert reports["fewer-splits"]["status"] == "proved" and reports["fewer-splits"]["ok"]
    coin = reports["coin"]
    assert coin["expected"] == "fails" and coin["status"] == "refuted" and coin["ok"]
    assert coin["witness_replayed"] is True and all(m["caught"] for m in coin["mutants"])
    assert coin["record"] is not None
    replay = replay_record(coin["record"])
    final = replay.final
    splits = [sum(1 for r in final.rounds if r[0] == seat) for seat in (0, 1)]
    assert replay.legal and final.config.reserve_order == "coin"
    assert splits[final.reserve_first] > splits[1 - final.reserve_first]  # more splits, first
