"""Split's engine held to its model inside ``cardlaw verify``: every link catches a broken engine.

For each link (differential, trace, noninterference) and each turn-order
obligation: unbroken, it is proved with every mutant caught; with one engine
function broken in-process (through its module, as the link calls it) it is
refuted, and the witness names the encoding and the input, with the command,
position or record that reproduces it.  The witnesses' positions load, and
their records replay.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardlaw.engine.split.explain  # every tag of the game is registered
import cardlaw.engine.split.observe
import cardlaw.engine.split.opening
import cardlaw.engine.split.piles
import cardlaw.engine.split.position
import cardlaw.engine.split.turn
from cardlaw.engine.record import replay_record
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Obligation, check
from cardlaw.proofs.split import coverage, hiding, order, trace
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.links import piles_link
from cardlaw.proofs.split.links_draw import draw_step_link, draw_tables
from cardlaw.proofs.split.links_opening import opening_link
from cardlaw.proofs.split.links_order import turn_order_link, turn_order_tables
from cardlaw.proofs.split.links_turn import turn_link
from cardlaw.proofs.split.obligations import OBLIGATIONS, build
from cardlaw.spec.split.actions import parse_action
from cardlaw.spec.split.cards import ALL_NUMBERS, WILD_MASK
from cardlaw.spec.split.parameters import SplitRules
from cardlaw.spec.split.state import SplitState, Stage
from cardlaw.spec.trace import ENFORCEMENT

pytestmark = pytest.mark.clauses(
    "split.turn.play-between",
    "split.wild.reverse",
    "split.wild.two-players",
    "split.turn.order",
    "split.ruling.after-reset",
    "split.reset.draw-three",
    "split.open.piles",
    "split.info.hidden",
)

NEW = tuple(
    o
    for o in OBLIGATIONS
    if o.method in ("differential", "trace")
    or o.id.startswith(("split.hidden.", "split.reveals."))
    or o.id in ("split.turn.wild-reverses", "split.turn.two-players", "split.reset.next-player")
)
"""The obligations that hold the engine to the model."""


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Any, str, Any], None]]:
    """Replace an engine function in its module for the test (undone after it)."""

    def breaking(module: Any, name: str, wrong: Any) -> None:
        monkeypatch.setattr(module, name, wrong)

    yield breaking


def refuted(ob: Obligation, encoding: str) -> str:
    """Check ``ob`` (no mutants): refuted, its witness naming ``encoding``; the witness text."""
    report = check(ob, mutants=False)
    assert report.status == "refuted" and not report.ok, report.detail
    assert report.witness is not None
    assert encoding in report.witness.text, report.witness.text
    assert "the engine gives" in report.witness.text
    return report.witness.text


@pytest.mark.parametrize("ob", NEW, ids=lambda o: o.id)
def test_each_link_holds_and_catches_its_mutants(ob: Obligation) -> None:
    report = check(ob)
    assert report.status == "proved" and report.ok, report.detail
    assert report.mutants and all(m.caught for m in report.mutants)
    if ob.method in ("differential", "trace"):
        assert report.cases > 0 and sum(report.counts.values()) == report.cases


def test_piles_link_catches_a_lone_wild_card_played(broken: Any) -> None:
    real = cardlaw.engine.split.piles.playable_mask
    broken(
        cardlaw.engine.split.piles, "playable_mask", lambda h, a, b: real(h, a, b) | h & WILD_MASK
    )
    text = refuted(piles_link(), "proofs.split.encoding.playable_mask")
    assert "cardlaw ask split play --piles" in text


def test_turn_order_link_catches_a_wild_card_that_keeps_the_direction(broken: Any) -> None:
    broken(
        cardlaw.engine.split.turn, "reversed_direction", lambda direction, card, players: direction
    )
    text = refuted(turn_order_link(), "proofs.split.encoding.reversed_direction + next_seat")
    assert "cardlaw ask split legal --position FILE" in text


def test_turn_order_link_catches_a_broken_pure_function(broken: Any) -> None:
    broken(cardlaw.engine.split.piles, "next_seat", lambda seat, direction, hands, skip: seat)
    refuted(turn_order_link(), "proofs.split.encoding.next_seat")


def test_turn_link_catches_a_reset_refused_while_playing(broken: Any) -> None:
    real = cardlaw.engine.split.turn.reset_allowed

    def reset_allowed(state: SplitState) -> bool:
        return real(state) and (state.config.cooperative or state.stage != Stage.PLAY)

    broken(cardlaw.engine.split.turn, "reset_allowed", reset_allowed)
    text = refuted(turn_link(), "proofs.split.encoding.legal_turn")
    assert "cardlaw ask split play" in text


def test_opening_link_catches_the_wrong_first_player(broken: Any) -> None:
    broken(
        cardlaw.engine.split.opening,
        "next_seat",
        lambda seat, d, hands, skip_empty: (seat + 2) % len(hands),
    )
    report = check(opening_link(), mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "after_opening" in report.witness.text
    assert report.witness.record is not None  # the deal, which ``cardlaw replay`` replays


def test_draw_step_link_catches_a_reset_that_draws_too_few(broken: Any) -> None:
    real = cardlaw.engine.split.opening.continue_opening

    def continue_opening(state: SplitState) -> SplitState:
        return real(state._replace(owed=max(state.owed - 1, 0)))

    broken(cardlaw.engine.split.opening, "continue_opening", continue_opening)
    text = refuted(draw_step_link(), "proofs.split.encoding.draw_step + supply_draw")
    assert '--action "reset"' in text


@pytest.mark.parametrize("name", list(trace.CONFIGURATIONS))
def test_trace_links_catch_a_turn_passed_to_the_wrong_seat(broken: Any, name: str) -> None:
    real = cardlaw.engine.split.piles.next_seat  # what engine.split.turn imported

    def next_seat(seat: int, direction: int, hands: tuple[int, ...], skip: bool) -> int:
        return real((seat + direction) % len(hands), direction, hands, skip)

    broken(cardlaw.engine.split.turn, "next_seat", next_seat)
    report = check(trace.trace_link(name, games=2), mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "reversed_direction + next_seat" in report.witness.text
    assert report.witness.record is not None
    record = report.witness.record
    broken(cardlaw.engine.split.turn, "next_seat", real)
    assert replay_record(record).legal  # the game up to the step, legal under the real rules


@pytest.mark.parametrize("family", list(hiding.FAMILIES))
def test_noninterference_catches_a_leak_in_observe(broken: Any, family: str) -> None:
    real = cardlaw.engine.split.turn.usable_aids  # what engine.split.observe imported

    def leaky(state: SplitState) -> int:  # the draw pile's top card shown among the aids
        return real(state) | (1 << state.draw[0] if state.draw else 0)

    broken(cardlaw.engine.split.observe, "usable_aids", leaky)
    report = check(hiding.hidden(family), mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "changes what seat" in report.witness.text and "aids" in report.witness.text


@pytest.mark.parametrize("family", list(hiding.FAMILIES))
def test_reveals_catches_an_observation_that_shows_the_wrong_piles(
    broken: Any, family: str
) -> None:
    """The converse of noninterference: a fact the rules show, shown wrong by ``observe``."""
    shifted = (*ALL_NUMBERS[1:], ALL_NUMBERS[0])  # engine.split.observe's
    broken(cardlaw.engine.split.observe, "ALL_NUMBERS", shifted)  # every pile shown one number up
    report = check(hiding.reveals(family), mutants=False)
    assert report.status == "refuted" and report.witness is not None
    assert "is shown left" in report.witness.text and report.witness.record is not None


def _order(id: str) -> Obligation:
    return next(o for o in order.obligations(E.spec_params()) if o.id == id)


@pytest.mark.parametrize(
    ("id", "module", "name", "wrong"),
    [
        (
            "split.turn.wild-reverses",
            cardlaw.engine.split.turn,
            "reversed_direction",
            lambda direction, card, players: direction,
        ),
        (
            "split.turn.two-players",
            cardlaw.engine.split.turn,
            "reversed_direction",
            lambda direction, card, players: -direction if WILD_MASK >> card & 1 else direction,
        ),
    ],
)
def test_turn_order_witnesses_are_replayed_by_the_engine(
    broken: Any, id: str, module: Any, name: str, wrong: Any
) -> None:
    ob = _order(id)
    report = check(ob, mutants=False)
    assert report.ok and report.witness is not None and report.witness.replayed
    assert report.witness.record is not None and replay_record(report.witness.record).legal
    broken(module, name, wrong)
    report = check(ob, mutants=False)
    assert report.status == "proved" and not report.ok  # the model holds; the engine does not
    assert report.witness is not None and not report.witness.replayed
    said = report.witness.text
    assert "where the rules say" in said or "no seeded game of" in said, said


def test_the_player_after_a_reset_is_replayed_by_the_engine(broken: Any) -> None:
    ob = _order("split.reset.next-player")
    report = check(ob, mutants=False)
    assert report.ok and report.witness is not None and "counterclockwise" in report.witness.text
    real = cardlaw.engine.split.opening.continue_opening

    def keeps_direction(state: SplitState) -> SplitState:  # the ruling's alternative
        after = real(state)
        if after.stage == Stage.PLAY and state.direction == -1:
            return after._replace(direction=-1, actor=(after.opener - 1) % after.players)
        return after

    broken(cardlaw.engine.split.opening, "continue_opening", keeps_direction)
    report = check(ob, mutants=False)
    assert not report.ok and report.witness is not None and not report.witness.replayed


def test_the_positions_shown_load_and_say_what_the_engine_does() -> None:
    """Each turn-order witness's position loads; the explanation names the seat that plays next."""
    tables = turn_order_tables()
    rng = random.Random(0)
    checked = 0
    for t in tables[:2]:
        for index in rng.sample(range(t.rows), 20):
            case = tuple(int(column[index]) for column in t.columns)
            data = t.show(case).data
            state = SPLIT.position_from_json(data["position"])
            legal, why = SPLIT.explain(state, parse_action(data["action"]))
            after = SPLIT.apply(state, parse_action(data["action"]))
            assert legal and f"seat {after.actor}" in str(why.steps[-1]).lower()
            checked += 1
    for t in draw_tables():
        for index in range(0, t.rows, 7):
            case = tuple(int(column[index]) for column in t.columns)
            state = SPLIT.position_from_json(t.show(case).data["position"])
            assert state.stage in (Stage.MOVE, Stage.PLAY)
            checked += 1
    assert checked > 50


@pytest.mark.deep  # the links proved again under changed rule numbers (pytest -m deep)
def test_every_tagged_engine_function_is_covered_or_exempt() -> None:
    tagged = {f for fs in ENFORCEMENT.values() for f in fs if f.startswith("engine.split.")}
    named = {f for ob in OBLIGATIONS for f in ob.engine}
    assert tagged - named - set(coverage.EXEMPT) == set()
    assert set(coverage.EXEMPT).isdisjoint(named)
    untagged = {"engine.split.piles.between_mask", "engine.split.turn.usable_aids"}
    assert named <= tagged | untagged  # between_mask serves the solver; usable_aids observe


def test_the_links_agree_under_changed_rules() -> None:
    """``build(rules)`` states every link under the changed numbers; the engine agrees."""
    rules = SplitRules(cards_dealt=8, dealer_extra=4, reset_draw=2)
    for ob in build(rules):
        if ob in NEW or ob.method in ("differential", "trace") or ob.id.startswith("split.hidden"):
            report = check(ob, mutants=False)
            assert report.ok, (ob.id, report.detail)
