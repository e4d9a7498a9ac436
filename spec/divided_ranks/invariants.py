"""Divided Ranks' invariants: properties of every reachable state (and every step).

State invariants are predicates over one :class:`DividedRanksState`; step
invariants relate a state to its successor.  The stateful tests check both
after every action.  The numbers of the draft and of the reserve turns are
the state's rules (``state.config.rules``, :mod:`spec.divided_ranks.parameters`);
the texts quote the printed ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from cardlaw.spec.divided_ranks.constants import (
    HAND_SIZE,
    HOLDING_SIZE,
    PACK_MASK,
    PACK_SIZE,
    STOCK_SIZE,
)
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.invariants import Invariant, StepInvariant, placed_cards, violations

__all__ = ["INVARIANTS", "STEP_INVARIANTS", "splitter_of", "violations"]

_DEALT: Final = frozenset(Stage) - {Stage.FIRST_SPLITTER, Stage.DEAL}
_DRAFT_DONE: Final = frozenset({Stage.RESERVE_ORDER, Stage.RESERVE, Stage.BUILD, Stage.OVER})


def splitter_of(first_splitter: int, round_index: int) -> int:
    """The splitter of round ``round_index`` (from 0): the roles swap every round.

    >>> [splitter_of(1, r) for r in range(5)]
    [1, 0, 1, 0, 1]
    """
    return first_splitter ^ (round_index & 1)


def _places(state: DividedRanksState) -> list[tuple[str, int]]:
    stock = 0
    for card in state.stock:
        stock |= 1 << card
    places = [("hand 0", state.hands[0]), ("hand 1", state.hands[1]), ("stock", stock)]
    places += [("face-up pair", state.offer[0]), ("face-down pair", state.offer[1])]
    if state.reserve >= 0:
        places.append(("reserve", 1 << state.reserve))
    return places


def _card_conservation(state: DividedRanksState) -> Iterator[str]:
    problems, seen = placed_cards(_places(state), PACK_MASK, "the pack")
    yield from problems
    if len(set(state.stock)) != len(state.stock):
        yield "the stock holds a card twice"
    if state.stage in _DEALT:
        if seen != PACK_MASK:
            yield f"{PACK_SIZE - seen.bit_count()} cards of the pack are nowhere"
    elif seen:
        yield "cards are out before the shuffle"


def _hand_sizes(state: DividedRanksState) -> Iterator[str]:
    rules = state.config.rules
    done = len(state.rounds)
    if state.stage not in _DEALT:
        return
    want = min(done, rules.rounds) * rules.pair_size
    for p, hand in enumerate(state.hands):
        if hand.bit_count() != want:
            yield f"seat {p} holds {hand.bit_count()} cards after {done} rounds, not {want}"
    on_offer = state.offer[0].bit_count() + state.offer[1].bit_count()
    stock_want = STOCK_SIZE - done * rules.split_size - on_offer
    if len(state.stock) != stock_want:
        yield f"the stock holds {len(state.stock)} cards, not {stock_want}"
    if state.stage == Stage.CHOOSE and not (
        state.offer[0].bit_count() == state.offer[1].bit_count() == rules.pair_size
    ):
        yield "a choice is open without two pairs on offer"
    if state.stage != Stage.CHOOSE and on_offer:
        yield "pairs are on offer outside a choice"
    if (state.stage in _DRAFT_DONE) != (done == rules.rounds):
        yield f"{done} rounds played at stage {state.stage.name}"


def _splitter_alternates(state: DividedRanksState) -> Iterator[str]:
    rules = state.config.rules
    if state.stage in _DEALT and state.first_splitter not in (0, 1):
        yield "nobody was chosen to split first"
    for i, (splitter, up, down, _) in enumerate(state.rounds):
        if splitter != splitter_of(state.first_splitter, i):
            yield f"round {i + 1} was split by seat {splitter}, out of turn"
        if up.bit_count() != rules.pair_size or down.bit_count() != rules.pair_size or up & down:
            yield f"round {i + 1} was not split into two pairs"
    counts = [sum(1 for r in state.rounds if r[0] == p) for p in (0, 1)]
    if len(state.rounds) == rules.rounds and sorted(counts, reverse=True) != list(rules.splits):
        yield f"the seats split {counts[0]} and {counts[1]} rounds"
    if state.stage in (Stage.SPLIT, Stage.CHOOSE):
        splitter = splitter_of(state.first_splitter, len(state.rounds))
        want = splitter if state.stage == Stage.SPLIT else 1 - splitter
        if state.actor != want:
            yield f"seat {state.actor} acts at {state.stage.name}, not seat {want}"


def _reserve_order(state: DividedRanksState) -> Iterator[str]:
    turns = state.config.rules.reserve_turns
    if state.stage in (Stage.RESERVE, Stage.BUILD, Stage.OVER):
        if state.reserve_first not in (0, 1):
            yield "nobody takes the first reserve turn"
        elif state.config.reserve_order == "fewer-splits":
            twice = 1 - state.first_splitter
            if state.reserve_first != twice:
                yield f"seat {state.reserve_first} went first at the reserve, not seat {twice}"
    elif state.reserve_first != -1:
        yield "the reserve order is set before the draft is over"
    for i, (seat, given, taken) in enumerate(state.swaps):
        want = state.reserve_first ^ (i & 1)
        if seat != want:
            yield f"reserve turn {i + 1} was taken by seat {seat}, not seat {want}"
        if (given < 0) != (taken < 0):
            yield f"reserve turn {i + 1} gave a card without taking one, or the reverse"
        if taken >= 0 and not _kept(state, i):
            yield f"seat {seat} no longer holds the reserve card it took"
    if len(state.swaps) > turns:
        yield f"{len(state.swaps)} reserve turns were taken"
    if state.stage == Stage.RESERVE:
        want = state.reserve_first ^ (len(state.swaps) & 1)
        if len(state.swaps) >= turns or state.actor != want:
            yield f"seat {state.actor} is at the reserve out of turn"
    if state.stage in (Stage.BUILD, Stage.OVER) and len(state.swaps) != turns:
        yield "building before both reserve turns"
    gave = [g for _, g, _ in state.swaps if g >= 0]
    if gave and state.reserve != gave[-1]:
        yield "the reserve is not the last card given up"


def _kept(state: DividedRanksState, turn: int) -> bool:
    """Whether the card taken at reserve turn ``turn`` is still in its taker's hand.

    Under the printed rules nobody has a later turn; with more reserve turns
    the taker may have given the card up again since.
    """
    seat, _, taken = state.swaps[turn]
    if any(given == taken for s, given, _ in state.swaps[turn + 1 :] if s == seat):
        return True
    return bool(state.hands[seat] >> taken & 1)


def _builds(state: DividedRanksState) -> Iterator[str]:
    built = [p for p in (0, 1) if state.builds[p] != (0, 0)]
    for p in built:
        a, b = state.builds[p]
        if a & b or a | b != state.hands[p] or a.bit_count() != HAND_SIZE:
            yield f"seat {p}'s build is not two five-card hands of its ten cards"
    if state.stage == Stage.OVER and len(built) != 2:
        yield "the game ended before both players built"
    if state.stage == Stage.BUILD:
        first = state.reserve_first
        want = first if not built else 1 - first
        if built not in ([], [first]) or state.actor != want:
            yield "the builds are out of order"
    elif state.stage != Stage.OVER and built:
        yield "a build exists outside the build"
    if state.stage in _DRAFT_DONE and any(h.bit_count() != HOLDING_SIZE for h in state.hands):
        yield "a player does not hold ten cards after the draft"


def _seats(state: DividedRanksState) -> Iterator[str]:
    chance = state.stage in (Stage.FIRST_SPLITTER, Stage.DEAL, Stage.RESERVE_ORDER, Stage.OVER)
    if chance != (state.actor == -1):
        yield f"actor {state.actor} does not fit stage {state.stage.name}"
    if state.actor not in (-1, 0, 1):
        yield f"actor seat {state.actor} does not exist"
    if state.stage == Stage.RESERVE_ORDER and state.config.reserve_order != "coin":
        yield "chance orders the reserve turns without the coin-flip variant"


INVARIANTS: Final = (
    Invariant(
        "divided-ranks.inv.card-conservation",
        "Every one of the 21 cards is in exactly one place after the shuffle: a hand, the "
        "stock, a pair on offer or the reserve.",
        (
            "divided-ranks.cards.pack",
            "divided-ranks.setup.shuffle",
            "divided-ranks.setup.reserve",
            "divided-ranks.reserve.blind",
        ),
        _card_conservation,
    ),
    Invariant(
        "divided-ranks.inv.hand-sizes",
        "After k rounds each hand holds 2k cards and the stock 20 - 4k (less the pairs on "
        "offer); after the draft each player holds ten cards.",
        ("divided-ranks.draft.choose", "divided-ranks.draft.end", "divided-ranks.draft.split"),
        _hand_sizes,
    ),
    Invariant(
        "divided-ranks.inv.splitter-alternates",
        "The splitter alternates from the first splitter; every split is two pairs; after the "
        "draft one player has split three rounds and the other two.",
        ("divided-ranks.draft.rounds", "divided-ranks.draft.split"),
        _splitter_alternates,
    ),
    Invariant(
        "divided-ranks.inv.reserve-order",
        "The player who split twice takes the first reserve turn (unless chance decides, in "
        "the coin-flip variant); each player takes one turn; the reserve is the last card given "
        "up.",
        (
            "divided-ranks.reserve.turns",
            "divided-ranks.reserve.order",
            "divided-ranks.reserve.blind",
        ),
        _reserve_order,
    ),
    Invariant(
        "divided-ranks.inv.builds",
        "A build is two disjoint five-card hands making up the player's ten cards; the builds "
        "come in reserve order and the game ends when both exist.",
        (
            "divided-ranks.build.two-hands",
            "divided-ranks.ruling.build-order",
            "divided-ranks.end.reveal",
        ),
        _builds,
    ),
    Invariant(
        "divided-ranks.inv.seats",
        "Exactly one seat, or chance, acts at each stage.",
        ("divided-ranks.play.phases",),
        _seats,
    ),
)
"""The state invariants of Divided Ranks."""


def _history_kept(before: DividedRanksState, after: DividedRanksState) -> Iterator[str]:
    if after.rounds[: len(before.rounds)] != before.rounds:
        yield "a finished round changed"
    if after.swaps[: len(before.swaps)] != before.swaps:
        yield "a reserve turn changed"
    if len(after.rounds) + len(after.swaps) > len(before.rounds) + len(before.swaps) + 1:
        yield "one step finished more than one turn"


def _hands_grow_in_draft(before: DividedRanksState, after: DividedRanksState) -> Iterator[str]:
    if after.stage in (Stage.SPLIT, Stage.CHOOSE, Stage.RESERVE_ORDER) or (
        after.stage == Stage.RESERVE and not after.swaps
    ):
        for p in (0, 1):
            if before.hands[p] & ~after.hands[p]:
                yield f"seat {p} lost a card during the draft"


STEP_INVARIANTS: Final = (
    StepInvariant(
        "divided-ranks.step.history-kept",
        "Finished rounds and reserve turns never change, and a step adds at most one.",
        ("divided-ranks.play.phases",),
        _history_kept,
    ),
    StepInvariant(
        "divided-ranks.step.hands-grow",
        "During the draft no player ever loses a card.",
        ("divided-ranks.draft.choose",),
        _hands_grow_in_draft,
    ),
)
"""The step invariants of Divided Ranks."""
