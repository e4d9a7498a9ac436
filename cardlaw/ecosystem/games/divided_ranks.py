"""Divided Ranks in the adapters: action ids, the tensor, the returns, the bounds.

Action ids, in blocks (the 21 cards of the pack by index: the tens to the
aces, then the Joker; ``P`` the size of a pair, 2 under the printed rules):

* ``split``: ``C(2 P, P)`` ids (6), the face-up group as the colex rank of
  its positions among the cards being split (the face-down group is the rest);
* ``take``: ids 6-7, take the face-up pair, take the face-down pair;
* ``keep``: id 8, keep the hand at a reserve turn;
* ``swap``: ids 9-29, give up the card at that place of the pack for the reserve;
* ``build``: ids 30-155, the hand holding the lowest of the ten cards: the
  colex rank of the positions of its other four cards among the other nine.

Chance outcome ids (a spot's: OpenSpiel names a card dealt by its place among the
cards left): the first splitter's seat, a card dealt (its index),
the seat taking the first reserve turn (variant coin-flip-reserve).

Returns: the winner 1, the loser -1, a draw 0 each.

>>> from cardlaw.engine.registry import get_game
>>> [row[:3] for row in codec(get_game("divided-ranks").config()).describe()]
[('split', 0, 5), ('take', 6, 7), ('keep', 8, 8), ('swap', 9, 29), ('build', 30, 155)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb
from operator import attrgetter

from cardlaw.ecosystem.base import Binding, Utility
from cardlaw.ecosystem.games import divided_ranks_worlds
from cardlaw.ecosystem.ids import (
    Block,
    Codec,
    Deck,
    card_block,
    colex_unrank,
    fixed_block,
    refused,
    subset_block,
    subset_rank,
    subset_ranks,
    within,
)
from cardlaw.ecosystem.layout import Layout, Piece, Writer
from cardlaw.ecosystem.subsets import every_subset_ranks
from cardlaw.engine.divided_ranks.draft import drawn_cards
from cardlaw.engine.divided_ranks.reserve import SWAPS
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import KEEP, TAKE_DOWN, TAKE_UP, Action, Build, Split, Swap
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, PACK, STOCK_SIZE
from cardlaw.spec.divided_ranks.state import (
    DividedRanksObservation,
    DividedRanksResult,
    DividedRanksState,
    Stage,
)

__all__ = ["BINDING", "codec", "layout"]

DECK = Deck(tuple(int(card) for card in PACK))
"""The 21 cards of the pack."""

PLACES = ("opponent", "reserve", "stock", "drawn", "face-down")
"""The places the observation's ``whereabouts`` name, in the order of the tensor."""


def _split(state: DividedRanksState, up: int) -> Split:
    return Split(CardSet(up), CardSet(drawn_cards(state) & ~up))


def _build_block() -> Block[DividedRanksState, Build]:
    """The 126 builds of ten cards: the hand with the lowest card, by its other four."""
    rest = HAND_SIZE - 1

    def encode(state: DividedRanksState, action: Build) -> int | None:
        hand = state.hands[state.actor]
        first = action.first.mask
        low = hand & -hand
        if first & ~hand or not first & low or first.bit_count() != HAND_SIZE:
            return None
        return subset_rank(hand ^ low, first ^ low)  # the other four among the other nine

    def many(state: DividedRanksState, actions: Sequence[Build]) -> list[int | None]:
        hand = state.hands[state.actor]
        low = hand & -hand  # in every build's first hand; the others among the other nine
        firsts = [action.first.mask for action in actions]
        if hand.bit_count() != 2 * HAND_SIZE or not all(first & low for first in firsts):
            return [None for _ in actions]  # one by one, each checked
        return subset_ranks(hand ^ low, [first ^ low for first in firsts], rest)

    def whole(state: DividedRanksState, actions: Sequence[Build]) -> tuple[int, ...] | None:
        hand = state.hands[state.actor]
        low = hand & -hand
        if hand.bit_count() != 2 * HAND_SIZE:
            return None
        others = [action.first.mask ^ low for action in actions]  # all 126, the engine's order?
        return every_subset_ranks(hand ^ low, others, rest)

    def decode(state: DividedRanksState, at: int) -> Build:
        hand = state.hands[state.actor]
        picked = (0, *(i + 1 for i in colex_unrank(at, rest)))
        first = within(hand, picked)
        if first < 0:
            raise refused(
                "divided-ranks.build.two-hands",
                f"build id {at} names positions {picked} of a hand of {hand.bit_count()} cards",
            )
        return Build(CardSet(first), CardSet(hand & ~first))

    return Block(
        "build",
        comb(2 * HAND_SIZE - 1, rest),
        (Build,),
        encode,
        decode,
        "divided-ranks.build.two-hands",
        "the hand holding the lowest card: the colex rank of its other cards' positions "
        "among the other nine",
        many=many,
        whole=whole,
    )


@cache
def codec(config: DividedRanksConfig) -> Codec[DividedRanksState, Action]:
    """Divided Ranks' action ids under ``config``."""
    pair = config.rules.pair_size
    return Codec(
        "divided-ranks",
        (
            subset_block(
                "split",
                (Split,),
                drawn_cards,
                attrgetter("up.mask"),
                _split,
                (2 * pair, pair),
                "divided-ranks.draft.split",
                "the face-up group: the colex rank of its positions among the cards split",
            ),
            fixed_block(
                "take",
                (TAKE_UP, TAKE_DOWN),
                "divided-ranks.draft.choose",
                "take the face-up pair, take the face-down pair",
            ),
            fixed_block("keep", (KEEP,), "divided-ranks.reserve.turns", "keep the hand"),
            card_block(
                "swap",
                (Swap,),
                DECK,
                SWAPS.__getitem__,
                "divided-ranks.reserve.blind",
                "give up the card at that place of the pack for the reserve",
            ),
            _build_block(),
        ),
    )


@cache
def layout(config: DividedRanksConfig) -> Layout:
    """Divided Ranks' tensor under ``config``."""
    rules = config.rules
    size = len(DECK)
    cards = [
        Piece(name, (size,))
        for name in (
            "hand",
            "drawn",
            "face_up",
            "face_down",
            "watched",
            "seen",
            "unaccounted",
            "candidates",
            "reserve",
        )
    ]
    return Layout.of(
        [
            Piece("seat", (2,)),
            Piece("stage", (len(Stage),)),
            Piece("to_move", (3,)),
            Piece("face_up_swaps", (1,)),
            Piece("first_splitter", (2,)),
            Piece("splitter", (2,)),
            Piece("rounds_done", (1,), high=rules.rounds),
            Piece("reserve_first", (2,)),
            *cards,
            Piece("face_down_shown", (1,)),
            Piece("stock_left", (1,), high=STOCK_SIZE),
            Piece("unseen", (1,), high=2 * HAND_SIZE),
            Piece("whereabouts", (len(PLACES),), high=size),
            Piece("reserve_odds", (size,)),
            Piece("round_splitters", (rules.rounds, 2)),
            Piece("round_face_up", (rules.rounds, size)),
            Piece("round_face_down", (rules.rounds, size)),
            Piece("round_down_shown", (rules.rounds,)),
            Piece("round_took_up", (rules.rounds,)),
            Piece("swap_seats", (max(1, rules.reserve_turns), 2)),
            Piece("swapped", (max(1, rules.reserve_turns),)),
            Piece("swap_given", (max(1, rules.reserve_turns), size)),
            Piece("swap_taken", (max(1, rules.reserve_turns), size)),
            Piece("my_build", (2, size)),
            Piece("their_build", (2, size)),
        ]
    )


def encode(config: DividedRanksConfig, view: DividedRanksObservation, out: Writer) -> None:
    """Write ``view`` (an observation ``observe`` made) into ``out``."""
    out.seat("seat", view.seat)
    out.one("stage", int(view.stage))
    out.seat("to_move", 2 if view.to_move == "chance" else view.to_move)
    if view.swap_rule == "face-up":
        out.one("face_up_swaps", 0)
    out.seat("first_splitter", view.first_splitter)
    out.seat("splitter", view.splitter)
    out.number("rounds_done", view.rounds_done)
    out.seat("reserve_first", view.reserve_first)
    for name in ("hand", "drawn", "face_up", "watched", "seen", "unaccounted", "candidates"):
        out.cards(name, getattr(view, name).mask)
    if view.face_down is not None:
        out.one("face_down_shown", 0)
        out.cards("face_down", view.face_down.mask)
    out.card("reserve", view.reserve)
    out.number("stock_left", view.stock_left)
    out.number("unseen", view.unseen)
    for place, count in view.whereabouts:
        out.number("whereabouts", count, PLACES.index(place))
    for card, odds in view.reserve_odds:
        out.number("reserve_odds", float(odds), DECK.position(card))
    size = len(DECK)
    for r, seen in enumerate(view.rounds):
        out.seat("round_splitters", seen.splitter, r, 2)
        out.cards("round_face_up", seen.face_up.mask, r)
        if seen.face_down is not None:
            out.one("round_down_shown", r)
            out.cards("round_face_down", seen.face_down.mask, r)
        if seen.took_face_up:
            out.one("round_took_up", r)
    for t, turn in enumerate(view.swaps):
        out.seat("swap_seats", turn.seat, t, 2)
        if turn.swapped:
            out.one("swapped", t)
        if turn.given is not None:
            out.one("swap_given", t * size + DECK.position(turn.given))
        if turn.taken is not None:
            out.one("swap_taken", t * size + DECK.position(turn.taken))
    for name, build in (("my_build", view.my_build), ("their_build", view.their_build)):
        if build is not None:
            out.cards(name, build[0].mask, 0)
            out.cards(name, build[1].mask, 1)


def returns(config: DividedRanksConfig, result: DividedRanksResult) -> tuple[float, ...]:
    """The winner 1, the loser -1, a draw 0 each."""
    if result.winner is None:
        return (0.0, 0.0)
    return tuple(1.0 if seat == result.winner else -1.0 for seat in (0, 1))


def utility(config: DividedRanksConfig) -> Utility:
    """Zero-sum, -1 to 1."""
    return Utility("zero-sum", -1.0, 1.0, 0.0)


def max_decisions(config: DividedRanksConfig) -> int:
    """A split and a choice a round, the reserve turns, two builds."""
    rules = config.rules
    return 2 * rules.rounds + rules.reserve_turns + 2


def max_chance_nodes(config: DividedRanksConfig) -> int:
    """The first splitter, 21 cards dealt, and the coin of the coin-flip-reserve variant."""
    return 1 + len(DECK) + (config.reserve_order == "coin")


BINDING = Binding(
    name="divided-ranks",
    deck=DECK,
    codec=codec,
    layout=layout,
    encode=encode,
    returns=returns,
    utility=utility,
    max_decisions=max_decisions,
    max_chance_nodes=max_chance_nodes,
    determinize=divided_ranks_worlds.determinize,
)
"""Divided Ranks, for the adapters."""
