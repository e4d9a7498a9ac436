"""Euchre's links, traces and noninterference: proved as shipped, refuted when the engine breaks.

Each link is checked on the real engine (proved, every mutant caught), then
on an engine broken in this process: an engine function replaced in its
module (the differential links call them through their modules), or a game
whose manifest has a broken phase or ``observe`` (the links that play
through the Game API read their game when they run).  The broken engine
must be refuted, the witness naming the encoding and the situation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardlaw.engine.euchre import deal, scoring, tricks
from cardlaw.engine.euchre.bidding import apply_bid
from cardlaw.engine.euchre.game import MANIFEST
from cardlaw.engine.game import RulesGame
from cardlaw.proofs.core import ObligationReport, check
from cardlaw.proofs.euchre import links, links_cards, links_course, links_deal, links_game, trace
from cardlaw.proofs.euchre.coverage import EXEMPT, tagged, uncovered
from cardlaw.proofs.euchre.hidden import FAMILIES, hidden_link
from cardlaw.proofs.euchre.obligations import OBLIGATIONS
from cardlaw.spec.cards import ALL_CARDS
from cardlaw.spec.euchre.actions import PASS, OrderUp
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage

Game = RulesGame[Any, Any, Any, Any, Any]

pytestmark = pytest.mark.clauses(
    "euchre.trick.winner",
    "euchre.trick.follow-suit",
    "euchre.score.makers",
    "euchre.cards.left-bower",
    "euchre.deal.five",
    "euchre.bid.pick-up",
    "euchre.bid.second-round",
    "euchre.trick.first-lead",
    "euchre.hand.dealer-rotation",
    "euchre.info.hidden",
)

CACHES: tuple[Any, ...] = (
    links._tricks,
    links._legal_cases,
    links_cards._order_cases,
    links_deal._dealt,
    links_deal._exchange_rows,
    links_course._bid_rows,
    links_course._lead_rows,
    links_game._course,
)
"""The engine-side tables the links keep for a process: emptied around every test."""


@pytest.fixture(autouse=True)
def _fresh_tables() -> Iterator[None]:
    for cached in CACHES:
        cached.cache_clear()
    yield
    for cached in CACHES:
        cached.cache_clear()


def _refuted(report: ObligationReport, encoding: str, *situation: str) -> str:
    """The report refutes the link, its witness naming the encoding and the situation."""
    assert report.status == "refuted" and not report.ok, (report.status, report.detail)
    assert report.witness is not None
    text = report.witness.text
    assert f"the encoding proofs.euchre.encoding.{encoding} gives" in text, text
    assert all(part in text for part in situation), text
    return text


LINKS = [ob for ob in OBLIGATIONS if ob.method in ("differential", "trace")]
HIDDEN = [ob for ob in OBLIGATIONS if ob.id.startswith("euchre.hidden.")]


@pytest.mark.parametrize("ob", LINKS + HIDDEN, ids=lambda ob: ob.id)
def test_every_link_holds_and_catches_its_mutants(ob: Any) -> None:
    report = check(ob)
    assert report.ok and report.status == "proved", (report.detail, report.mutants)
    assert report.cases > 0 and report.mutants and all(m.caught for m in report.mutants)
    assert ob.engine


def test_the_links_cover_every_conformance_test_and_every_tagged_function() -> None:
    ids = {ob.id for ob in OBLIGATIONS}
    for name in ("cards", "card-order", "deal", "exchange", "bidding", "first-lead", "course",
                 "trick-winner", "legal-plays", "scoring"):  # fmt: skip
        assert f"euchre.link.{name}" in ids
    assert {f"euchre.trace.{name}" for name in trace.CONFIGURATIONS} <= ids
    assert {f"euchre.hidden.{name}" for name in FAMILIES} <= ids
    assert uncovered() == () and set(EXEMPT) <= set(tagged())


# --- differential links: an engine function broken in its module ------------------------------


def test_trick_winner_link_refutes_a_broken_trick_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    real = tricks.trick_winner

    def wrong(trick: tuple[int, ...], trump: int) -> int:  # the left bower loses to the right
        won = real(trick, trump)
        return (won + 1) % len(trick) if tricks.LEFT_BOWER[trump] in trick and trump == 3 else won

    monkeypatch.setattr(tricks, "trick_winner", wrong)
    text = _refuted(check(links.trick_winner_link()), "trick_winner", "trump S")
    assert "cardlaw ask euchre trick --trump S" in text


def test_legal_plays_link_refutes_broken_legal_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    real = tricks.legal_plays

    def wrong(hand: int, led: int, trump: int) -> int:  # a bower led needs no following
        return hand if led in tricks.RIGHT_BOWER else real(hand, led, trump)

    monkeypatch.setattr(tricks, "legal_plays", wrong)
    _refuted(check(links.legal_plays_link()), "legal_plays", "the hand", "is led")


def march_for_a_make(
    makers: int,
    tricks_won: int,
    alone: bool,
    rules: EuchreRules = PRINTED_RULES,
    lone_defender: bool = False,
) -> tuple[int, int]:
    """Issue 30's reproducer: makers with three or four tricks score a march's points."""
    if rules.majority <= tricks_won < rules.tricks:
        return makers, rules.march_points
    return REAL_HAND_SCORE(makers, tricks_won, alone, rules, lone_defender)


REAL_HAND_SCORE = scoring.hand_score


def test_scoring_link_refutes_the_reproducer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "hand_score", march_for_a_make)
    text = _refuted(check(links.scoring_link()), "hand_score", "took 3 tricks")
    assert "[euchre.score.makers]" in text and "--makers-tricks 3" in text


def test_cards_link_refutes_a_broken_effective_suit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tricks, "effective_suit", lambda card, trump: card & 3)
    _refuted(check(links_cards.cards_link()), "effective_suit", "under trump")


def test_card_order_link_refutes_a_broken_winning_value(monkeypatch: pytest.MonkeyPatch) -> None:
    real = tricks.winning_value

    def wrong(card: int, trump: int, led_suit: int) -> int:  # the left bower above the right
        return 35 if card == tricks.LEFT_BOWER[trump] else real(card, trump, led_suit)

    monkeypatch.setattr(tricks, "winning_value", wrong)
    _refuted(check(links_cards.card_order_link()), "winning_value", "led, trump")


def test_deal_link_refutes_a_broken_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    real = deal.apply_shuffle

    def wrong(state: EuchreState, action: Any) -> EuchreState:  # seat 2 deals 0 and 1 swapped
        after = real(state, action)
        h = after.hands
        return after._replace(hands=(h[1], h[0], h[2], h[3])) if after.dealer == 2 else after

    monkeypatch.setattr(deal, "apply_shuffle", wrong)
    report = check(links_deal.deal_link())
    _refuted(report, "deal_places", "seat 2 deals the shuffle", "(see the record)")
    assert report.witness is not None and report.witness.record is not None


# --- links through the Game API: a game whose manifest has a broken phase ----------------------


def broken(
    stages: Stage | tuple[Stage, ...],
    move: Callable[[Any], Any] | None = None,
    **changes: Any,
) -> Game:
    """Euchre with the moves of ``stages`` wrapped by ``move`` (and other fields of theirs)."""
    chosen = stages if isinstance(stages, tuple) else (stages,)
    phases = []
    for phase in MANIFEST.phases:
        if phase.stage not in chosen:
            phases.append(phase)
            continue
        fields = dict(changes)
        if move is not None:
            fields["moves"] = {kind: move(f) for kind, f in phase.moves.items()}
        phases.append(dataclasses.replace(phase, **fields))
    return RulesGame(dataclasses.replace(MANIFEST, phases=tuple(phases)))


def keeps_the_discard(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
    def wrong(state: EuchreState, action: Any) -> EuchreState:
        after = apply(state, action)
        hands = list(after.hands)
        hands[state.dealer] |= 1 << action.card
        return after._replace(hands=tuple(hands))

    return wrong


def not_alone(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
    def wrong(state: EuchreState, action: Any) -> EuchreState:
        after = apply(state, action)
        return after._replace(alone=False) if isinstance(action, OrderUp) else after

    return wrong


def leads_from_left(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
    def wrong(state: EuchreState, action: Any) -> EuchreState:
        after = apply(state, action)
        if after.stage == Stage.TRICKS and state.stage != Stage.TRICKS:
            left = (after.dealer + 1) % 4
            return after._replace(leader=left, actor=left)
        return after

    return wrong


def a_make_scores_two(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
    def wrong(state: EuchreState, action: Any) -> EuchreState:
        after = apply(state, action)
        if len(after.results) > len(state.results) and after.results[-1][1] == 1:
            team = after.results[-1][0]
            a, b = after.scores
            scores = (a + 1, b) if team == 0 else (a, b + 1)
            return after._replace(results=(*after.results[:-1], (team, 2)), scores=scores)
        return after

    return wrong


def test_exchange_link_refutes_a_dealer_who_keeps_the_discard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(links_deal, "EUCHRE", broken(Stage.DISCARD, keeps_the_discard))
    report = check(links_deal.exchange_link())
    _refuted(report, "exchange", "deals and takes", "(see the record)")
    assert report.witness is not None and report.witness.record is not None


def test_bidding_link_refutes_a_lone_maker_recorded_with_partner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = broken(Stage.ORDER_UP, not_alone)
    monkeypatch.setattr(links_course, "EUCHRE", game)
    report = check(links_course.bidding_link())
    _refuted(report, "bid_step", "`order alone`", "(see the record)")
    assert report.witness is not None and report.witness.record is not None


def test_first_lead_link_refutes_a_lead_from_the_left(monkeypatch: pytest.MonkeyPatch) -> None:
    bidding = (Stage.ORDER_UP, Stage.NAME_TRUMP, Stage.DISCARD, Stage.DEFEND)
    monkeypatch.setattr(links_course, "EUCHRE", broken(bidding, leads_from_left))
    report = check(links_course.first_lead_link())
    _refuted(report, "first_leader", "alone", "(see the record)")
    assert report.witness is not None and report.witness.record is not None


def test_course_link_refutes_a_make_worth_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links_game, "EUCHRE", broken(Stage.TRICKS, a_make_scores_two))
    report = check(links_game.course_link())
    text = _refuted(report, "hand_step", "passes, the makers")
    assert report.witness is not None and report.witness.record is not None, text


def _stuck_legal(state: EuchreState) -> tuple[Any, ...]:
    from cardlaw.engine.euchre.bidding import legal_bids

    listed = legal_bids(state)
    return listed if PASS in listed else (*listed, PASS)


def _under(**flags: bool) -> Callable[[Callable[[EuchreState, Any], EuchreState]], Any]:
    """A move applied as if the configuration's ``flags`` were these."""

    def wrap(apply: Callable[[EuchreState, Any], EuchreState]) -> Any:
        def wrong(state: EuchreState, action: Any) -> EuchreState:
            other = dataclasses.replace(state.config, **flags)  # type: ignore[arg-type]  # flags: bool fields named at run time
            return apply(state._replace(config=other), action)._replace(config=state.config)

        return wrong

    return wrap


def _up_card_too(state: EuchreState) -> tuple[Any, ...]:
    from cardlaw.engine.euchre.bidding import legal_discards

    free = dataclasses.replace(state.config, keep_up_card=False)
    return legal_discards(state._replace(config=free))


BREAKS: dict[str, tuple[Callable[[], Game], str]] = {
    "default": (lambda: broken(Stage.TRICKS, a_make_scores_two), "hand_score"),
    "stick-the-dealer": (
        lambda: broken(Stage.NAME_TRUMP, _under(stick_the_dealer=False), legal=_stuck_legal),
        "bid_options",
    ),
    "lone-defender": (lambda: broken(Stage.DEFEND, leads_from_left), "first_leader"),
    "keep-up-card": (
        lambda: broken(Stage.DISCARD, _under(keep_up_card=False), legal=_up_card_too),
        "discard_options",
    ),
    "sitting-dealer-discards": (
        lambda: broken(Stage.ORDER_UP, _under(sitting_dealer_discards=False)),
        "",
    ),
    "openspiel": (lambda: broken(Stage.TRICKS, a_make_scores_two), "hand_score"),
}
"""A break of the engine for each configuration traced, and the encoding that must catch it."""


@pytest.mark.parametrize("name", list(trace.CONFIGURATIONS))
def test_every_trace_refutes_a_broken_engine(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    make, encoding = BREAKS[name]
    monkeypatch.setattr(trace, "EUCHRE", make())
    report = check(trace.trace_link(name))
    assert report.status == "refuted" and report.witness is not None, report.detail
    text = report.witness.text
    assert "in seeded game" in text and report.witness.record is not None
    assert f"the encoding proofs.euchre.encoding.{encoding}" in text, text


# --- noninterference: an observe that leaks -----------------------------------------------------


def _leaky(seen: Callable[[EuchreState, int], Any]) -> Callable[[EuchreState, int], Any]:
    def observe(state: EuchreState, seat: int) -> Any:  # the discard shown to everyone
        view = seen(state, seat)
        shown = ALL_CARDS[state.discard] if state.discard >= 0 else None
        return dataclasses.replace(view, discard=shown)

    return observe


@pytest.mark.parametrize("name", list(FAMILIES))
def test_noninterference_catches_a_leak(name: str) -> None:
    leaky = RulesGame(dataclasses.replace(MANIFEST, observe=_leaky(MANIFEST.observe)))
    report = check(hidden_link(name, game=leaky))
    assert report.status == "refuted" and report.witness is not None
    assert "its discard changes" in report.witness.text


def test_the_bidding_link_catches_a_stuck_dealer_who_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = broken(Stage.NAME_TRUMP, _under(stick_the_dealer=False), legal=_stuck_legal)
    monkeypatch.setattr(links_course, "EUCHRE", game)
    text = _refuted(check(links_course.bidding_link()), "bid_step", "under stick-the-dealer")
    assert "`pass`" in text


def test_apply_bid_is_the_engines() -> None:
    """The broken games wrap the engine's own functions (a sanity check of this file)."""
    phase = MANIFEST.phases[Stage.ORDER_UP]
    assert set(phase.moves.values()) == {apply_bid}
