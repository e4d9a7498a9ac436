"""Divided Ranks' engine held to its model inside ``cardlaw verify``: break the engine, watch it fail.

Each link, trace and noninterference obligation, and the conservation and
reveal obligations, is proved on the real engine with its mutants caught;
with one engine function broken in-process (through its module, as the
obligations call it, or in the game's table of moves) it is refuted or its
witness no longer replays, and its witness names the encoding and the
disagreeing input (with the command or record that reproduces it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

import cardlaw.engine.divided_ranks.explain
import cardlaw.engine.divided_ranks.position  # noqa: F401
from cardlaw.commands import verify as verify_command
from cardlaw.engine.divided_ranks import arrange as A
from cardlaw.engine.divided_ranks import draft as D
from cardlaw.engine.divided_ranks import evaluate as EV
from cardlaw.engine.divided_ranks import observe as O
from cardlaw.engine.divided_ranks import reserve as R
from cardlaw.engine.divided_ranks import scoring as S
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import replay_record
from cardlaw.proofs import registry
from cardlaw.proofs.core import Obligation, ObligationReport, check
from cardlaw.proofs.coverage import GENERIC_EXEMPT
from cardlaw.proofs.divided_ranks import (
    conservation,
    hiding,
    links,
    links_builds,
    links_draft,
    reveals,
    trace,
)
from cardlaw.proofs.divided_ranks.coverage import EXEMPT
from cardlaw.proofs.divided_ranks.obligations import OBLIGATIONS, build
from cardlaw.proofs.report_json import ObligationJSON
from cardlaw.spec.cards import JOKER, bits
from cardlaw.spec.divided_ranks.actions import TAKE_UP, Keep, Swap, Take
from cardlaw.spec.divided_ranks.parameters import DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.trace import ENFORCEMENT
from tests.games import run_cli

pytestmark = pytest.mark.clauses(
    "divided-ranks.hands.categories",
    "divided-ranks.hands.joker-tiebreak",
    "divided-ranks.ruling.card-for-card",
    "divided-ranks.score.order",
    "divided-ranks.ruling.best-build",
    "divided-ranks.draft.choose",
    "divided-ranks.reserve.turns",
    "divided-ranks.reserve.blind",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.info.hidden",
    "divided-ranks.info.candidates",
    "divided-ranks.cards.pack",
)

CACHES: tuple[Any, ...] = (
    links._engine_hands,
    links._pairs,
    links_builds._deals,
    links_builds._builds,
    links_draft._games,
    links_draft._engine,
)
"""The engine's answers the links keep for a process: cleared around every test here."""

FACTORIES: dict[str, Callable[[], Obligation]] = {
    "divided-ranks.link.hands": links.hands_link,
    "divided-ranks.link.compare": links.compare_link,
    "divided-ranks.link.showdown": links_builds.showdown_link,
    "divided-ranks.link.best-builds": links_builds.best_builds_link,
    "divided-ranks.link.draft": links_draft.draft_link,
    "divided-ranks.trace.default": lambda: trace.trace_link("default"),
    "divided-ranks.trace.face-up-swap": lambda: trace.trace_link("face-up-swap"),
    "divided-ranks.trace.coin-flip-reserve": lambda: trace.trace_link("coin-flip-reserve"),
    "divided-ranks.hidden.blind": lambda: hiding.hidden("blind"),
    "divided-ranks.hidden.face-up-swap": lambda: hiding.hidden("face-up"),
    "divided-ranks.cards.conservation": conservation.conservation,
    "divided-ranks.reserve.blind-swap": reveals.blind_swap,
    "divided-ranks.reserve.face-up-swap": reveals.face_up_swap,
}
"""Fresh obligations (their traces and tables not yet built), by id."""


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


def _refuted(oid: str) -> ObligationReport:
    report = check(FACTORIES[oid](), mutants=False)
    assert report.status == "refuted" and not report.ok, (oid, report.detail)
    assert report.witness is not None
    return report


def _witness(oid: str) -> Any:
    witness = _refuted(oid).witness
    assert witness is not None
    return witness


@pytest.mark.parametrize("oid", list(FACTORIES))
def test_holds_on_the_engine_and_catches_its_mutants(oid: str) -> None:
    report = check(FACTORIES[oid]())
    assert report.status == "proved" and report.ok, report.detail
    assert report.mutants and all(m.caught for m in report.mutants)
    if report.obligation.method != "z3":
        assert report.cases > 0


def test_hands_link_catches_a_joker_that_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    real = EV.reference_key

    def pairs(cards: tuple[int, ...]) -> int:  # a Joker with a pair makes three of a kind
        key = real(cards)
        return key + (1 << 16) if JOKER in cards and key >> 16 == 0 else key

    monkeypatch.setattr(EV, "reference_key", pairs)
    witness = _witness("divided-ranks.link.hands")
    assert "proofs.divided_ranks.encoding.strength_key" in witness.text
    assert "cardlaw ask divided-ranks compare" in witness.text
    assert witness.data["hand"] >> JOKER & 1


def test_compare_link_catches_no_joker_tiebreak(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_tiebreak(a: int, b: int) -> int:
        ka, kb = EV.hand_key(a) >> 1, EV.hand_key(b) >> 1
        return (ka > kb) - (ka < kb)

    monkeypatch.setattr(EV, "compare_hands", no_tiebreak)
    witness = _witness("divided-ranks.link.compare")
    assert "proofs.divided_ranks.encoding.compare" in witness.text
    assert "divided-ranks.hands.joker-tiebreak" in witness.text
    a, b = witness.data["hands"]
    assert (a | b) >> JOKER & 1  # the two hands differ only by the Joker


def _weaker_in_full_first(value0: int, value1: int) -> tuple[int | None, Any]:
    """A broken scoring: the weaker hands in full before the stronger hands' categories."""
    s0, s1 = A.score(value0), A.score(value1)
    order = ((0, "weaker-category"), (2, "weaker-hand"), (1, "stronger-category"))
    for i, step in (*order, (3, "stronger-hand")):
        if s0[i] != s1[i]:
            return (0 if s0[i] > s1[i] else 1), step
    return None, "draw"


def test_showdown_link_and_trace_catch_a_wrong_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(S, "decide", _weaker_in_full_first)
    witness = _witness("divided-ranks.link.showdown")
    assert "proofs.divided_ranks.encoding.showdown" in witness.text
    assert "cardlaw ask divided-ranks showdown" in witness.text
    witness = _witness("divided-ranks.trace.default")
    assert "proofs.divided_ranks.encoding.showdown" in witness.text
    assert witness.record is not None  # the game up to its last build, which replays
    assert replay_record(witness.record).legal


def test_best_builds_link_catches_ties_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    real = A.best_builds
    monkeypatch.setattr(A, "best_builds", lambda holding: (real(holding)[0], real(holding)[1][:1]))
    witness = _witness("divided-ranks.link.best-builds")
    assert "proofs.divided_ranks.encoding.showdown" in witness.text
    assert "whether it ties the best" in witness.text
    assert "cardlaw ask divided-ranks arrange" in witness.text


def test_draft_link_catches_a_ledger_that_forgets_a_round(monkeypatch: pytest.MonkeyPatch) -> None:
    real = O._rounds_books
    monkeypatch.setattr(
        O, "_rounds_books", lambda rounds, viewer, pair: real(rounds[1:], viewer, pair)
    )
    witness = _witness("divided-ranks.link.draft")
    assert "proofs.divided_ranks.encoding.candidates" in witness.text
    assert witness.record is not None and replay_record(witness.record).legal


def test_trace_catches_a_missing_reserve_exchange(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "bits", lambda mask: list(bits(mask))[1:])
    witness = _witness("divided-ranks.trace.default")
    assert "proofs.divided_ranks.encoding_turns.after_swap" in witness.text
    assert "the cards that may be given up" in witness.text
    assert witness.record is not None


def test_trace_catches_a_single_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(D, "_TAKES", (TAKE_UP,))
    witness = _witness("divided-ranks.trace.coin-flip-reserve")
    assert "proofs.divided_ranks.encoding_turns.after_take" in witness.text


def test_trace_catches_a_game_that_cannot_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    # The splitter is shown the wrong four cards: its split is refused, the game stops.
    monkeypatch.setattr(D, "drawn_cards", lambda state: sum(1 << c for c in state.stock[-4:]))
    report = _refuted("divided-ranks.trace.face-up-swap")
    assert (
        report.witness is not None and "proofs.divided_ranks.encoding_turns" in report.witness.text
    )


def _lossy_take(state: DividedRanksState, action: Take) -> DividedRanksState:
    """A choice that gives the chooser its pair and loses the splitter's."""
    after = D.apply_take(state, action)
    splitter = 1 - state.actor
    up, down = state.offer
    left = down if action.face_up else up
    hands = list(after.hands)
    hands[splitter] &= ~left
    return after._replace(hands=(hands[0], hands[1]))


def test_a_lost_pair_fails_conservation_and_the_traces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(DIVIDED_RANKS._moves[Stage.CHOOSE], Take, _lossy_take)
    witness = _witness("divided-ranks.trace.default")
    assert "proofs.divided_ranks.encoding_turns.after_take" in witness.text
    report = check(conservation.conservation(), mutants=False)
    assert report.status == "proved" and not report.ok  # the model holds; the engine does not
    assert report.witness is not None and not report.witness.replayed
    assert "places' worth of the pack" in report.witness.text


def test_a_kept_card_fails_conservation(monkeypatch: pytest.MonkeyPatch) -> None:
    real = R.apply_reserve

    def keeps_it(state: DividedRanksState, action: Keep | Swap) -> DividedRanksState:
        after = real(state, action)
        if isinstance(action, Swap):  # the card given up stays in the hand too
            hands = list(after.hands)
            hands[state.actor] |= 1 << int(action.card)
            return after._replace(hands=(hands[0], hands[1]))
        return after

    monkeypatch.setitem(DIVIDED_RANKS._moves[Stage.RESERVE], Swap, keeps_it)
    report = check(conservation.conservation(), mutants=False)
    assert not report.ok and report.witness is not None and not report.witness.replayed
    witness = _witness("divided-ranks.trace.face-up-swap")
    assert "proofs.divided_ranks.encoding_turns" in witness.text


def test_a_blind_exchange_shown_fails_the_reveals_and_hiding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = O._swaps_seen
    monkeypatch.setattr(O, "_swaps_seen", lambda swaps, seat, face_up: real(swaps, seat, True))
    report = check(reveals.blind_swap(), mutants=False)
    assert report.status == "proved" and not report.ok
    assert report.witness is not None and not report.witness.replayed
    assert "shows the cards of the exchange" in report.witness.text
    witness = _witness("divided-ranks.trace.default")
    assert "proofs.divided_ranks.encoding_turns.knows_reserve" in witness.text
    witness = _witness("divided-ranks.hidden.blind")
    assert "changes what seat" in witness.text and "swaps" in witness.text
    # The variant shows them anyway: its obligations still hold.
    assert check(FACTORIES["divided-ranks.hidden.face-up-swap"](), mutants=False).ok


def test_hidden_catches_an_unseen_face_down_pair_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    real = O._rounds_seen
    monkeypatch.setattr(
        O, "_rounds_seen", lambda rounds, seat: real(rounds, rounds[-1][0] if rounds else seat)
    )
    witness = _witness("divided-ranks.hidden.face-up-swap")
    assert "changes what seat" in witness.text and witness.record is not None


def _fresh_game(obligations: Sequence[Obligation], monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardlaw verify divided-ranks`` on ``obligations``, checked in this process (as broken)."""
    by_id = {o.id: o for o in obligations}

    def here(ids: Sequence[str], workers: int, *_: object) -> Iterator[ObligationJSON]:
        return (check(by_id[oid]).to_json() for oid in ids)

    monkeypatch.setattr(registry, "_by_game", lambda: {"divided-ranks": tuple(obligations)})
    monkeypatch.setattr(verify_command, "check_each", here)


def test_a_wrong_scoring_fails_verify_naming_the_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(S, "decide", _weaker_in_full_first)
    chosen = [
        o for o in build() if o.id in ("divided-ranks.link.showdown", "divided-ranks.link.hands")
    ]
    _fresh_game(chosen, monkeypatch)
    code, out, _ = run_cli(capsys, "verify", "divided-ranks", "--workers", "1")
    assert code == 1 and "divided-ranks.score.order" in out


def test_every_tagged_engine_function_is_covered_or_exempt() -> None:
    tagged = {
        name
        for names in ENFORCEMENT.values()
        for name in names
        if name.startswith(("engine.divided_ranks.", "spec.divided_ranks."))
    }
    covered = {name for ob in OBLIGATIONS for name in ob.engine}
    exempt = set(EXEMPT) | {name for name in GENERIC_EXEMPT if name in tagged}
    assert covered <= tagged, covered - tagged  # every name an obligation gives is a tagged one
    assert set(EXEMPT) <= tagged and not exempt & covered
    assert tagged - covered - exempt == set()


def test_every_conformance_test_has_its_link() -> None:
    """Each encoding ``tests/proofs/test_divided_ranks_conformance.py`` draws examples for is linked."""
    counted: set[str] = set()
    for oid in (
        "divided-ranks.link.hands",
        "divided-ranks.link.compare",
        "divided-ranks.link.showdown",
        "divided-ranks.link.draft",
        "divided-ranks.trace.coin-flip-reserve",
    ):
        counted |= set(check(FACTORIES[oid](), mutants=False).counts)
    encodings = {
        "strength_key",  # the strength key is the engine's
        "strength",  # category and card order
        "compare",
        "splitter",
        "split_counts",  # the draft's structure in real games
        "reserve_first",
        "candidates",  # candidates, unseen and saw_all in real games
        "popcount",  # local masks and their counts
        "showdown",  # the showdown is the scoring
    }
    assert {f"proofs.divided_ranks.encoding.{name}" for name in encodings} <= counted


@pytest.mark.deep  # the links proved again under changed rule numbers (pytest -m deep)
@pytest.mark.parametrize(
    "rules",
    [
        DividedRanksRules(rounds=10, pair_size=1, reserve_turns=4),
        DividedRanksRules(rounds=2, pair_size=5, reserve_turns=0),
    ],
    ids=repr,
)
def test_links_agree_under_changed_rules(rules: DividedRanksRules) -> None:
    """The engine runs the changed rules, and so does every link built from them."""
    for ob in build(rules):
        if ob.method in (
            "differential",
            "trace",
            "noninterference",
            "completeness",
            "invariants",
        ) or ob.id in (
            "divided-ranks.cards.conservation",
            "divided-ranks.reserve.blind-swap",
        ):
            report = check(ob, mutants=False)
            assert report.status == "proved" and report.ok, (ob.id, report.detail)
