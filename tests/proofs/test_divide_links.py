"""Divide's engine held to its model inside ``cardlaw verify``: break the engine once, watch it fail.

Each link, trace and noninterference obligation is proved on the real
engine with its mutants caught; with one engine function broken in-process
(through its module, as the obligations call it) it is refuted, and its
witness names the encoding and the disagreeing input (with the command or
record that reproduces it).  The issue's reproducer, a Trump Rank card
allowed while the hand can follow suit, makes ``cardlaw verify`` exit 1
naming divide.trick.follow-suit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

import pytest

import cardlaw.engine.divide.explain
import cardlaw.engine.divide.position  # noqa: F401
from cardlaw.commands import verify as verify_command
from cardlaw.engine.divide import exchange as X
from cardlaw.engine.divide import observe as O
from cardlaw.engine.divide import play as P
from cardlaw.engine.divide import scoring as S
from cardlaw.engine.divide import tricks as T
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.record import replay_record
from cardlaw.proofs import registry
from cardlaw.proofs.core import Obligation, ObligationReport, check
from cardlaw.proofs.divide import hiding, links, links_scoring, links_tricks, rounds, trace
from cardlaw.proofs.divide.coverage import EXEMPT
from cardlaw.proofs.divide.obligations import OBLIGATIONS, build
from cardlaw.proofs.report_json import ObligationJSON
from cardlaw.spec.cards import RANK_MASKS, SUIT_MASKS
from cardlaw.spec.divide.actions import Play
from cardlaw.spec.divide.parameters import DivideRules
from cardlaw.spec.divide.state import DivideState, Stage
from cardlaw.spec.trace import ENFORCEMENT
from tests.games import run_cli

pytestmark = pytest.mark.clauses(
    "divide.trick.follow-suit",
    "divide.trick.lead-restriction",
    "divide.trick.winner-trump",
    "divide.score.suit-token",
    "divide.tiebreak.eighth-trick",
    "divide.divide.final-hand",
    "divide.end.four-rounds",
    "divide.info.hidden",
)

CACHES = (
    links._engine_legal,
    links_tricks._tricks,
    links_scoring._token_cases,
    links_scoring._standings,
    links_scoring._strengths,
    links_scoring._divides,
)
"""The engine's answers the links keep for a process: cleared around every test here."""

FACTORIES: dict[str, Callable[[], Obligation]] = {
    "divide.link.legal-plays": links.legal_plays_link,
    "divide.link.trick-winner": links_tricks.trick_winner_link,
    "divide.link.tokens": links_scoring.tokens_link,
    "divide.link.tiebreak": links_scoring.tiebreak_link,
    "divide.link.exchange": links_scoring.exchange_link,
    "divide.trace.4p": lambda: trace.trace_link("4p"),
    "divide.trace.5p": lambda: trace.trace_link("5p"),
    "divide.trace.own-suit": lambda: trace.trace_link("own-suit"),
    "divide.hidden.4p": lambda: hiding.hidden(4),
    "divide.hidden.5p": lambda: hiding.hidden(5),
}
"""Fresh obligations (their traces and tables not yet built), by id."""


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


def _reproducer(hand: int, trick: tuple[int, ...], trump_rank: int, own_suit: bool) -> int:
    """The issue's broken legal_plays: a Trump Rank card may be played when the hand can follow."""
    if not trick:
        return hand & ~RANK_MASKS[trump_rank] or hand
    if not own_suit:
        return hand & SUIT_MASKS[trick[0] & 3] | (hand & RANK_MASKS[trump_rank]) or hand
    return hand & T.led_mask(trick[0], trump_rank, own_suit=True) or hand


def _refuted(oid: str) -> ObligationReport:
    report = check(FACTORIES[oid](), mutants=False)
    assert report.status == "refuted" and not report.ok, (oid, report.detail)
    assert report.witness is not None
    return report


@pytest.mark.parametrize("oid", list(FACTORIES))
def test_holds_on_the_engine_and_catches_its_mutants(oid: str) -> None:
    report = check(FACTORIES[oid]())
    assert report.status == "proved" and report.ok, report.detail
    assert report.cases > 0 and report.mutants and all(m.caught for m in report.mutants)


def test_legal_plays_link_catches_the_reproducer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(T, "legal_plays", _reproducer)
    monkeypatch.setattr(P, "legal_plays", _reproducer)
    witness = _refuted("divide.link.legal-plays").witness
    assert witness is not None
    assert "proofs.divide.encoding.legal_plays" in witness.text
    assert "divide.trick.follow-suit" in witness.text
    # The command's position, read by the (broken) engine, shows the disagreement.
    command = witness.data["command"]
    position = json.loads(command[command.index("'") + 1 : command.rindex("'")])
    state = DIVIDE.position_from_json(position)
    shown = sum(1 << int(cast("Play", a).card) for a in DIVIDE.legal_actions(state))
    assert shown == witness.data["engine"][0] != witness.data["model"][0]


def test_trick_winner_link_catches_a_wrong_trump_order(monkeypatch: pytest.MonkeyPatch) -> None:
    real = T.trick_winner

    def weakest_trump(trick: tuple[int, ...], trump_rank: int) -> int:
        trumps = [i for i, c in enumerate(trick) if c >> 2 == trump_rank]
        return min(trumps, key=lambda i: trick[i]) if len(trumps) > 1 else real(trick, trump_rank)

    monkeypatch.setattr(T, "trick_winner", weakest_trump)
    witness = _refuted("divide.link.trick-winner").witness
    assert witness is not None
    assert "proofs.divide.encoding.trick_winner" in witness.text
    assert "cardlaw ask divide trick --trump" in witness.text


def test_tokens_link_catches_a_last_token_taken_as_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    real = S.take_token

    def last_is_bonus(stacks: tuple[int, ...], bonus: int, suit: int) -> Any:
        if stacks[suit] == 1 and bonus > 0:
            return stacks, bonus - 1, "bonus"
        return real(stacks, bonus, suit)

    monkeypatch.setattr(S, "take_token", last_is_bonus)
    witness = _refuted("divide.link.tokens").witness
    assert witness is not None
    assert "proofs.divide.encoding.take_token" in witness.text
    assert "cardlaw ask divide token" in witness.text


def test_tiebreak_link_catches_ranks_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(S, "card_strength", lambda card: (card >> 2, 0))
    witness = _refuted("divide.link.tiebreak").witness
    assert witness is not None and "proofs.divide.encoding." in witness.text


def test_exchange_link_catches_lost_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(X, "returned_cards", lambda state, seat: 0)
        witness = _refuted("divide.link.exchange").witness
    assert witness is not None and witness.record is not None
    assert (
        "proofs.divide.encoding.exchange_hands" in witness.text and "seat 0 secured" in witness.text
    )
    # Its record, replayed by the real engine, forms the hands the encoding forms.
    replay = replay_record(witness.record)
    assert replay.legal and replay.final.hands == witness.data["model"]


def test_trace_catches_the_reproducer_with_a_record(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(P, "legal_plays", _reproducer)
        witness = _refuted("divide.trace.4p").witness
    assert witness is not None and witness.record is not None
    assert "proofs.divide.encoding.legal_plays" in witness.text
    assert "divide.trick.follow-suit" in witness.text
    # The record of the game up to that step, replayed by the real engine: an illegal play.
    replay = replay_record(witness.record)
    assert not replay.legal and replay.error is not None
    assert "divide.trick.follow-suit" in str(replay.error)


def test_trace_catches_lost_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(X, "returned_cards", lambda state, seat: 0)
    witness = _refuted("divide.trace.5p").witness
    assert witness is not None and witness.record is not None
    assert "proofs.divide.encoding" in witness.text


def _one_round_late(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the engine's end of the game: it ends one round late."""
    real = P._finish_trick

    def finish(state: DivideState, *args: Any) -> DivideState:
        after = real(state, *args)
        rounds_ = state.config.rules.rounds
        if after.stage == Stage.OVER and len(after.scores) == rounds_:
            n = state.players
            return after._replace(
                stage=Stage.DEAL, round=after.round + 1, dealer=(after.dealer + 1) % n
            )
        if len(after.scores) == rounds_ + 1 and after.stage == Stage.DEAL:
            return after._replace(stage=Stage.OVER, round=after.round - 1, dealer=state.dealer)
        return after

    monkeypatch.setattr(P, "_finish_trick", finish)


def test_trace_and_four_rounds_catch_a_game_one_round_long(monkeypatch: pytest.MonkeyPatch) -> None:
    _one_round_late(monkeypatch)
    witness = _refuted("divide.trace.own-suit").witness
    assert witness is not None and "proofs.divide.encoding_round" in witness.text
    report = check(rounds.four_rounds(), mutants=False)
    assert report.status == "proved" and not report.ok  # the model holds; the engine does not
    assert report.witness is not None and not report.witness.replayed
    assert "5 rounds" in report.witness.text


def test_hidden_catches_a_real_leak_in_observe(monkeypatch: pytest.MonkeyPatch) -> None:
    # Offers shown before they are picked up, returns before the exchange is complete.
    monkeypatch.setattr(O, "exchange_complete", lambda state: True)
    witness = _refuted("divide.hidden.4p").witness
    assert witness is not None and "changes what seat" in witness.text
    assert witness.record is not None


def _fresh_divide(obligations: Sequence[Obligation], monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardlaw verify divide`` on ``obligations``, checked in this process (as broken here)."""
    by_id = {o.id: o for o in obligations}

    def here(ids: Sequence[str], workers: int, *_: object) -> Iterator[ObligationJSON]:
        return (check(by_id[oid]).to_json() for oid in ids)

    monkeypatch.setattr(registry, "_by_game", lambda: {"divide": tuple(obligations)})
    monkeypatch.setattr(verify_command, "check_each", here)


def test_the_reproducer_fails_verify_naming_follow_suit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's reproducer, in-process: every obligation that holds legal_plays to the model."""
    monkeypatch.setattr(T, "legal_plays", _reproducer)
    monkeypatch.setattr(P, "legal_plays", _reproducer)
    held = [o for o in build() if "engine.divide.tricks.legal_plays" in o.engine]
    reports = {o.id: check(o, mutants=False) for o in held}
    failed = {oid for oid, r in reports.items() if not r.ok}
    assert {
        "divide.trick.legal-play-exists",
        "divide.link.legal-plays",
        "divide.trace.4p",
        "divide.trace.5p",
    } <= failed
    for oid in failed:
        witness = reports[oid].witness
        assert witness is not None and "divide.trick.follow-suit" in witness.text, oid
        assert "divide.trick.follow-suit" in reports[oid].obligation.clauses
    _fresh_divide(
        [o for o in build() if o.id in ("divide.link.legal-plays", "divide.trace.5p")], monkeypatch
    )
    code, out, _ = run_cli(capsys, "verify", "divide", "--workers", "1")
    assert code == 1 and "divide.trick.follow-suit" in out


def test_every_tagged_engine_function_is_covered_or_exempt() -> None:
    tagged = {
        name
        for names in ENFORCEMENT.values()
        for name in names
        if name.startswith(("engine.divide.", "spec.divide."))
    }
    covered = {name for ob in OBLIGATIONS for name in ob.engine}
    assert covered <= tagged, covered - tagged  # every name an obligation gives is a tagged one
    assert set(EXEMPT) <= tagged and not set(EXEMPT) & covered
    assert tagged - covered - set(EXEMPT) == set()
    assert all(reason for reason in EXEMPT.values())


def test_every_conformance_test_has_its_link() -> None:
    """Each encoding ``tests/proofs/test_divide_conformance.py`` draws examples for is linked."""
    counted: set[str] = set()
    for oid in ("divide.link.legal-plays", "divide.link.tokens", "divide.link.tiebreak"):
        counted |= set(check(FACTORIES[oid](), mutants=False).counts)
    counted |= set(check(FACTORIES["divide.trace.4p"](), mutants=False).counts)
    encodings = {
        "legal_plays",
        "trick_winner",
        "take_token",
        "round_points",
        "tiebreak_winners",
        "card_strength_key",
        "exchange_hands",
        "rank_mask",
        "suit_mask",
        "popcount",
    }
    assert {f"proofs.divide.encoding.{name}" for name in encodings} <= counted


@pytest.mark.deep  # the links proved again under changed rule numbers (pytest -m deep)
@pytest.mark.parametrize(
    "rules",
    [
        DivideRules(bonus_tokens=1, suit_tokens=1, suit_points=3, bonus_points=7),
        DivideRules(cards_dealt=7, secure_size=2, offer_size=2, keep_size=1),
    ],
)
def test_links_agree_under_changed_rules(rules: DivideRules) -> None:
    """The engine runs the changed rules, and so does every link built from them."""
    for ob in build(rules):
        if ob.method in ("differential", "trace") or ob.id.startswith("divide.hidden"):
            report = check(ob, mutants=False)
            assert report.status == "proved" and report.ok, (ob.id, report.detail)
