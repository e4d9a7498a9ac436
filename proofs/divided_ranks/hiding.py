"""What a Divided Ranks player cannot see never changes what it observes (:mod:`proofs.hiding`).

``divided-ranks.hidden.<swap rule>``: along seeded whole games, at every
state and for every seat, states that differ only in what the seat cannot
see must give it the same observation.  What a seat sees is written here
from the rules, clause by clause, never from ``observe``
[divided-ranks.info.hidden]:

* its own hand, every face-up pair, the cards it draws as splitter, both
  pairs of each split it makes, and a face-down pair once it takes it
  [divided-ranks.draft.split, divided-ranks.draft.choose];
* the card given and the card taken in its own exchanges, and in the
  opponent's only under face-up-swap [divided-ranks.reserve.blind,
  divided-ranks.ruling.blind-swap-view, divided-ranks.variant.face-up-swap];
* the opponent's build only once both have built [divided-ranks.build.secret,
  divided-ranks.ruling.build-order]; at the end, everything.

Four kinds of states differ from a state only in what the seat cannot see:

* two cards the seat never saw exchanged wherever they are (in the
  opponent's hand, a face-down pair it never took, the stock, the four cards
  the opponent is splitting, the reserve, an exchange it did not see);
* the stock's unseen cards in another order (the deck's order);
* the opponent's last exchange, when the seat did not see it and nothing has
  moved the reserve since, giving up another card of the opponent's hand
  (any of them may be the reserve now) [divided-ranks.ruling.blind-swap-view];
* the opponent's build, while the seat has not built, dividing the same ten
  cards another way [divided-ranks.build.secret].

>>> from cardlaw.proofs.core import check
>>> report = check(hidden("blind", games=2))
>>> report.status, report.cases > 50, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from cardlaw.engine.divided_ranks.arrange import all_builds
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.core import Obligation
from cardlaw.proofs.hiding import noninterference
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.config import DividedRanksConfig, SwapRule
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.divided_ranks.invariants import splitter_of
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["GAMES", "hidden", "obligations", "perturb", "seen_cards"]

GAMES: Final = 40
"""Seeded whole games per swap rule."""

PER_STATE: Final = 3
"""Perturbations drawn per state and seat."""

SWAP_RULES: Final[tuple[SwapRule, ...]] = ("blind", "face-up")


def seen_cards(state: DividedRanksState, seat: int) -> int:
    """The cards ``seat`` has seen, by the rules (see the module docstring)."""
    mask = state.hands[seat]
    for splitter, up, down, took_up in state.rounds:
        mask |= up
        if splitter == seat or not took_up:
            mask |= down
    if state.stage in (Stage.SPLIT, Stage.CHOOSE):
        splits = splitter_of(state.first_splitter, len(state.rounds)) == seat
        mask |= state.offer[0]
        if splits:
            mask |= state.offer[1]
            if state.stage == Stage.SPLIT:
                for card in state.stock[: state.config.rules.split_size]:
                    mask |= 1 << card
    face_up = state.config.swap == "face-up"
    for who, given, taken in state.swaps:
        if given >= 0 and (who == seat or face_up):
            mask |= 1 << given | 1 << taken
    return mask


def _place(state: DividedRanksState, card: int) -> str:
    """Where a card is, in words."""
    for seat in (0, 1):
        if state.hands[seat] >> card & 1:
            return f"seat {seat}'s hand"
    if card == state.reserve:
        return "the reserve"
    if card in state.stock:
        return "the stock"
    return "a pair on offer"


def _rename(state: DividedRanksState, a: int, b: int) -> DividedRanksState:
    """``state`` with cards ``a`` and ``b`` exchanged wherever they are, history included."""

    def card(c: int) -> int:
        return b if c == a else a if c == b else c

    def mask(m: int) -> int:
        has_a, has_b = m >> a & 1, m >> b & 1
        return m & ~(1 << a | 1 << b) | has_a << b | has_b << a

    return state._replace(
        reserve=card(state.reserve) if state.reserve >= 0 else -1,
        stock=tuple(card(c) for c in state.stock),
        hands=(mask(state.hands[0]), mask(state.hands[1])),
        offer=(mask(state.offer[0]), mask(state.offer[1])),
        rounds=tuple((s, mask(up), mask(down), t) for s, up, down, t in state.rounds),
        swaps=tuple(
            (who, card(given) if given >= 0 else -1, card(taken) if taken >= 0 else -1)
            for who, given, taken in state.swaps
        ),
        builds=(
            (mask(state.builds[0][0]), mask(state.builds[0][1])),
            (mask(state.builds[1][0]), mask(state.builds[1][1])),
        ),
    )


def _reordered(state: DividedRanksState, seat: int, rng: random.Random) -> DividedRanksState:
    """The stock's cards ``seat`` has not seen, in another order."""
    seen = seen_cards(state, seat)
    places = [i for i, c in enumerate(state.stock) if not seen >> c & 1]
    cards = [state.stock[i] for i in places]
    rng.shuffle(cards)
    stock = list(state.stock)
    for i, c in zip(places, cards, strict=True):
        stock[i] = c
    return state._replace(stock=tuple(stock))


def _other_exchange(
    state: DividedRanksState, seat: int, rng: random.Random
) -> DividedRanksState | None:
    """The opponent's last exchange giving up another card, when ``seat`` did not see it."""
    exchanges = [i for i, (_, given, _) in enumerate(state.swaps) if given >= 0]
    if not exchanges or state.config.swap == "face-up" or state.stage == Stage.OVER:
        return None
    last = exchanges[-1]
    who, given, taken = state.swaps[last]
    if who == seat:
        return None
    others = [c for c in CardSet(state.hands[who]) if int(c) != taken]
    if not others:
        return None
    card = int(rng.choice(others))
    hands = list(state.hands)
    hands[who] = hands[who] & ~(1 << card) | 1 << given
    swaps = list(state.swaps)
    swaps[last] = (who, card, taken)
    builds = state.builds
    if builds[who] != (0, 0):  # the opponent built with the card: it builds with the other
        one, two = builds[who]
        one, two = (
            (one & ~(1 << card) | 1 << given, two)
            if one >> card & 1
            else (one, two & ~(1 << card) | 1 << given)
        )
        builds = ((one, two), builds[1]) if who == 0 else (builds[0], (one, two))
    return state._replace(
        hands=(hands[0], hands[1]), reserve=card, swaps=tuple(swaps), builds=builds
    )


def _other_build(
    state: DividedRanksState, seat: int, rng: random.Random
) -> DividedRanksState | None:
    """The opponent's build dividing its cards another way, while ``seat`` has not built."""
    other = 1 - seat
    if state.stage != Stage.BUILD or state.builds[other] == (0, 0) or state.builds[seat] != (0, 0):
        return None
    a, b = rng.choice(all_builds(state.hands[other]))
    builds = list(state.builds)
    builds[other] = (a, b)
    return state._replace(builds=(builds[0], builds[1]))


def perturb(
    state: DividedRanksState, seat: int, rng: random.Random
) -> Iterator[tuple[DividedRanksState, str]]:
    """States differing from ``state`` only in what ``seat`` cannot see (module docstring)."""
    if state.stage == Stage.OVER or state.reserve < 0:
        return
    unseen = list(CardSet(PACK_MASK & ~seen_cards(state, seat)))
    if len(unseen) >= 2:
        a, b = (int(c) for c in rng.sample(unseen, 2))
        yield (
            _rename(state, a, b),
            (
                f"exchanging {CardSet(1 << a).pretty} ({_place(state, a)}) with "
                f"{CardSet(1 << b).pretty} ({_place(state, b)}), which seat {seat} never saw"
            ),
        )
    exchange = _other_exchange(state, seat, rng)
    if exchange is not None:
        yield exchange, f"seat {1 - seat}'s unseen exchange giving up another of its cards"
    build = _other_build(state, seat, rng)
    if build is not None:
        yield build, f"seat {1 - seat}'s secret build divided another way"
    if len(state.stock) > 1:
        yield _reordered(state, seat, rng), "the stock's unseen cards in another order"


def hidden(
    swap: SwapRule,
    rules: DividedRanksRules = PRINTED_RULES,
    reserve_order: str = "fewer-splits",
    games: int = GAMES,
) -> Obligation:
    """``divided-ranks.hidden.<swap>``: what a seat cannot see never changes its observation."""
    config = DividedRanksConfig(rules=rules, swap=swap, reserve_order=reserve_order)  # type: ignore[arg-type]  # a str order, checked by the config
    face_up = swap == "face-up"
    return noninterference(
        f"divided-ranks.hidden.{'face-up-swap' if face_up else 'blind'}",
        f"In {games} seeded whole games"
        + (" under face-up-swap" if face_up else "")
        + ", at every state and for every seat, exchanging two cards the seat never saw, "
        "reordering the stock's unseen cards, letting the opponent's unseen exchange give up "
        "another of its cards, or dividing the opponent's secret build another way leaves what "
        "the seat observes unchanged.",
        (
            "divided-ranks.info.hidden",
            "divided-ranks.setup.reserve",
            "divided-ranks.draft.split",
            "divided-ranks.draft.choose",
            "divided-ranks.reserve.blind",
            "divided-ranks.ruling.blind-swap-view",
            "divided-ranks.build.secret",
            "divided-ranks.ruling.build-order",
            *(("divided-ranks.variant.face-up-swap",) if face_up else ()),
        ),
        DIVIDED_RANKS,
        config,
        perturb,
        engine=("engine.divided_ranks.observe.observe", "engine.divided_ranks.observe.ledger"),
        games=games,
        per_state=PER_STATE,
        params={"swap": swap, "reserve_order": reserve_order, "rules": rules},
        variant="face-up-swap" if face_up else "",
    )


def obligations(
    rules: DividedRanksRules = PRINTED_RULES, reserve_order: str = "fewer-splits"
) -> tuple[Obligation, ...]:
    """One noninterference obligation per swap rule."""
    return tuple(hidden(swap, rules, reserve_order) for swap in SWAP_RULES)
