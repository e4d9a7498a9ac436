"""A Divided Ranks player's books tell the truth, and place every card they can.

``divided-ranks.info.books.<swap rule>``: along seeded whole games, at every
state and for every seat, what :func:`engine.divided_ranks.observe.observe`
tells the seat about cards it does not hold is held to the real state
[divided-ranks.info.ledger, divided-ranks.info.candidates,
divided-ranks.ruling.blind-swap-view]:

* the opponent's cards it is told it has seen (``seen``) are in the
  opponent's hand, and a reserve card it is told (``reserve``) is the reserve;
* the cards it cannot place (``unaccounted``) are neither in its hand nor
  among those it was told;
* ``whereabouts`` names, for each place (the opponent's hand, the reserve,
  the stock, the four cards the opponent is splitting, the face-down pair on
  offer), exactly how many of the unplaced cards are there, and those places
  hold all of them;
* every card of the pack is accounted for once: in its hand, told, unplaced,
  or on the table in its sight (a face-up pair on offer, a face-down pair it
  split, the cards it drew to split);
* during the reserve turns, the chances it is given of each card being the
  reserve [divided-ranks.ruling.swap-odds] add up to one, the reserve's is
  not zero, and no card of its own hand has any.

The first three and the last say the books never claim what is false; the
fourth, that they never drop a card the seat can place.  The check is exhaustive over the
states of the games given; the mutant is books that forget one unplaced
card, which it must catch.

>>> from cardlaw.proofs.core import check
>>> report = check(books("blind", games=2))
>>> report.status, report.cases > 50, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.observe import observe
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Witness, claim
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Trace, play
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import Action
from cardlaw.spec.divided_ranks.config import DividedRanksConfig, SwapRule
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.divided_ranks.invariants import splitter_of
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksObservation, DividedRanksState, Stage

__all__ = ["GAMES", "books", "obligations", "untrue"]

GAMES: Final = 40
"""Seeded whole games per swap rule."""

SWAP_RULES: Final[tuple[SwapRule, ...]] = ("blind", "face-up")


def _mask(cards: CardSet | None) -> int:
    return 0 if cards is None else cards.mask


def _places(state: DividedRanksState) -> dict[str, int]:
    """Each place a card the seat cannot place may be in, and the cards there now."""
    split = state.config.rules.split_size
    drawing = state.stage == Stage.SPLIT
    stock = state.stock[split:] if drawing else state.stock
    return {
        "opponent": -1,  # filled in per seat
        "reserve": 1 << state.reserve if state.reserve >= 0 else 0,
        "stock": sum(1 << c for c in stock),
        "drawn": sum(1 << c for c in state.stock[:split]) if drawing else 0,
        "face-down": state.offer[1] if state.stage == Stage.CHOOSE else 0,
    }


def _in_sight(state: DividedRanksState, seat: int) -> int:
    """Cards on the table in ``seat``'s sight: the pair on offer, the cards it drew to split."""
    if state.stage not in (Stage.SPLIT, Stage.CHOOSE):
        return 0
    up, down = state.offer
    if splitter_of(state.first_splitter, len(state.rounds)) != seat:
        return up
    mask = up | down
    if state.stage == Stage.SPLIT:
        for card in state.stock[: state.config.rules.split_size]:
            mask |= 1 << card
    return mask


def untrue(state: DividedRanksState, seat: int, view: DividedRanksObservation) -> str:
    """What ``view`` (``seat``'s observation of ``state``) says of the cards that is false."""
    if state.stage <= Stage.DEAL:
        return ""
    opponent = state.hands[1 - seat]
    seen = _mask(view.seen)
    pool = _mask(view.unaccounted)
    reserve = -1 if view.reserve is None else int(view.reserve)
    told = seen | (1 << reserve if reserve >= 0 else 0)
    if seen & ~opponent:
        return f"it is told the opponent holds {CardSet(seen & ~opponent)}, which it does not"
    if reserve >= 0 and reserve != state.reserve:
        return f"it is told the reserve is {CardSet(1 << reserve)}, which it is not"
    if view.reserve_odds:
        chances = {int(card): chance for card, chance in view.reserve_odds}
        total = sum(chances.values())
        if total != 1:
            return f"its chances of each card being the reserve add up to {total}, not 1"
        if not chances.get(state.reserve, 0) > 0:
            return f"it is told the reserve {CardSet(1 << state.reserve)} cannot be the reserve"
        held = sum(1 << card for card, chance in chances.items() if chance > 0)
        if held & state.hands[seat]:
            return (
                f"it is told {CardSet(held & state.hands[seat])}, in its hand, may be the reserve"
            )
    if state.stage == Stage.OVER:
        return ""
    if pool & ~PACK_MASK or pool & (state.hands[seat] | told):
        return f"its unplaced cards {CardSet(pool & PACK_MASK)} include cards it holds or was told"
    places = _places(state)
    places["opponent"] = opponent
    counted = 0
    for place, n in view.whereabouts:
        there = (pool & places.get(place, 0)).bit_count()
        if there != n:
            return f"it is told {n} of its unplaced cards are in {place}, but {there} are"
        counted |= places.get(place, 0)
    if pool & ~counted:
        return f"its unplaced cards {CardSet(pool & ~counted)} are in no place it is told of"
    placed = state.hands[seat] | told | pool | _in_sight(state, seat)
    if placed != PACK_MASK:
        return f"its books lose {CardSet(PACK_MASK & ~placed)}: neither held, told nor unplaced"
    return ""


def _forget(view: DividedRanksObservation) -> DividedRanksObservation:
    """The mutant's books: the lowest unplaced card forgotten."""
    pool = _mask(view.unaccounted)
    if not pool:
        return view
    return replace(view, unaccounted=CardSet(pool & (pool - 1)))


def _check(traces: list[Trace[DividedRanksState, Action]], forget: bool) -> Exhaustive:
    checked = 0
    example: Witness | None = None
    shown = False  # whether the example is a reserve turn's (the preferred kind)
    for trace in traces:
        if trace.stopped:
            return Exhaustive(checked, undecided=f"seeded game {trace.seed}: {trace.stopped}")
        states = [trace.steps[0].state, *(step.after for step in trace.steps)]
        for index, state in enumerate(states):
            for seat in (0, 1):
                view = observe(state, seat)
                if forget:
                    view = _forget(view)
                checked += 1
                wrong = untrue(state, seat, view)
                data = {"game": trace.seed, "step": index, "seat": seat}
                if wrong:
                    return Exhaustive(
                        checked,
                        counterexample=Witness(
                            f"in seeded game {trace.seed} after step {index}, seat {seat}'s "
                            f"books are wrong: {wrong}",
                            record=trace.record(max(index - 1, 0)) if index else None,
                            replayed=True,
                            data=data,
                        ),
                    )
                reserve_turn = state.stage == Stage.RESERVE
                if len(view.whereabouts) > 1 and (example is None or (reserve_turn and not shown)):
                    shown = reserve_turn
                    example = Witness(
                        f"in seeded game {trace.seed} after step {index}, seat {seat} cannot "
                        f"place {CardSet(_mask(view.unaccounted))}, told they are in "
                        + ", ".join(f"{place} ({n})" for place, n in view.whereabouts),
                        replayed=True,
                        data=data,
                    )
    if example is None:
        return Exhaustive(
            checked, undecided="no seat was ever unable to tell two places apart: vacuous"
        )
    return Exhaustive(checked, attained=example, must_attain=True)


def books(
    swap: SwapRule,
    rules: DividedRanksRules = PRINTED_RULES,
    reserve_order: str = "fewer-splits",
    games: int = GAMES,
) -> Obligation:
    """``divided-ranks.info.books.<swap>``: the books a seat is shown are true and complete."""
    config = DividedRanksConfig(rules=rules, swap=swap, reserve_order=reserve_order)  # type: ignore[arg-type]  # a str order, checked by the config
    face_up = swap == "face-up"
    traced: list[Trace[DividedRanksState, Action]] = []

    def build(p: Params) -> Exhaustive:
        if not traced:
            traced.extend(play(DIVIDED_RANKS, config, games=games, seed=20261205))
        return _check(traced, bool(p["forget"]))

    return claim(
        f"divided-ranks.info.books.{'face-up-swap' if face_up else 'blind'}",
        f"In {games} seeded whole games"
        + (" under face-up-swap" if face_up else "")
        + ", at every state and for each seat, the books the seat is shown are true and "
        "complete: the opponent's cards it is told of are in the opponent's hand, a reserve "
        "it is told of is the reserve, each place named holds exactly as many of the cards it "
        "cannot place as it is told, those places hold them all, and every card of the pack is "
        "held, told, unplaced or in its sight on the table; the chances of each card being the "
        "reserve add up to one, the reserve's is not zero and no card of its hand has any.",
        (
            "divided-ranks.info.ledger",
            "divided-ranks.info.candidates",
            "divided-ranks.info.hidden",
            "divided-ranks.ruling.blind-swap-view",
            "divided-ranks.ruling.swap-odds",
            *(("divided-ranks.variant.face-up-swap",) if face_up else ()),
        ),
        build,
        {"swap": swap, "reserve_order": reserve_order, "rules": rules, "forget": False},
        Mutant(
            f"divided-ranks.info.books.{'face-up-swap' if face_up else 'blind'}.mutant.forget",
            "books that forget one of the cards the seat cannot place",
            {"forget": True},
        ),
        method="trace",
        variant="face-up-swap" if face_up else "",
        engine=("engine.divided_ranks.observe.observe", "engine.divided_ranks.observe.ledger"),
    )


def obligations(
    rules: DividedRanksRules = PRINTED_RULES, reserve_order: str = "fewer-splits"
) -> tuple[Obligation, ...]:
    """One books obligation per swap rule."""
    return tuple(books(swap, rules, reserve_order) for swap in SWAP_RULES)
