"""Divide in the adapters: action ids, the tensor, the returns, the bounds.

Action ids, in blocks (``n`` cards dealt, ``S``, ``O``, ``K`` the sizes of
a secure, an offer and a keep: 9, 2, 3 and 2 under the printed rules):

* ``offer``: ids 0-51, a Trump Offering of the card of that index;
* ``secure``: ``C(n - 1, S)`` ids (28), the cards to secure as the colex
  rank of their positions in the hand, lowest card first;
* ``split``: ``C(2 O, O)`` ids (20), the *left* offer as the colex rank of
  its positions in the hand (the right offer is the rest);
* ``keep``: ``C(O, K)`` ids (3), the cards kept as the colex rank of their
  positions in the offer being resolved;
* ``play``: 52 ids, the card of that index.

Chance outcome ids (a spot's: OpenSpiel names a card dealt by its place among the
cards left): the first dealer's seat, a card dealt (its index), the
offering turned up (its index).

Returns are zero-sum: the winner 1, every other seat ``-1/(n-1)``.

>>> from cardlaw.engine.registry import get_game
>>> [row[:3] for row in codec(get_game("divide").config()).describe()]
[('offer', 0, 51), ('secure', 52, 79), ('split', 80, 99), ('keep', 100, 102), ('play', 103, 154)]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import comb
from operator import attrgetter

from cardlaw.ecosystem.base import Binding, Utility, shares
from cardlaw.ecosystem.games import divide_worlds
from cardlaw.ecosystem.ids import Codec, Deck, card_block, subset_block
from cardlaw.ecosystem.layout import Layout, Piece, Writer, trick_pieces
from cardlaw.ecosystem.masks import mask_ids
from cardlaw.engine.divide.exchange import offer_being_resolved, subset_choice
from cardlaw.engine.divide.play import legal_play_mask
from cardlaw.spec.cards import ALL_CARDS, CardSet
from cardlaw.spec.divide.actions import OFFERS, PLAYS, Action, Keep, Offer, Play, Secure, Split
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.state import DivideObservation, DivideResult, DivideState, Stage

__all__ = ["BINDING", "codec", "layout"]

DECK = Deck(tuple(range(52)))
"""Divide's 52 cards, by index."""


def _hand(state: DivideState) -> int:
    return state.hands[state.actor]


def _offer(state: DivideState) -> int:
    return offer_being_resolved(state)[0]


def _split(state: DivideState, left: int) -> Split:
    return Split(CardSet(left), CardSet(state.hands[state.actor] & ~left))


@cache
def codec(config: DivideConfig) -> Codec[DivideState, Action]:
    """Divide's action ids under ``config``."""
    rules = config.rules
    return Codec(
        "divide",
        (
            card_block(
                "offer",
                (Offer,),
                DECK,
                OFFERS.__getitem__,
                "divide.divide.offering",
                "a Trump Offering of the card of index id",
            ),
            subset_block(
                "secure",
                (Secure,),
                _hand,
                attrgetter("cards.mask"),
                lambda s, m: Secure(CardSet(m)),
                (rules.hand_size, rules.secure_size),
                "divide.divide.secure",
                "the cards to secure: the colex rank of their positions in the hand",
            ),
            subset_block(
                "split",
                (Split,),
                _hand,
                attrgetter("left.mask"),
                _split,
                (2 * rules.offer_size, rules.offer_size),
                "divide.divide.offers",
                "the left offer: the colex rank of its positions in the hand",
            ),
            subset_block(
                "keep",
                (Keep,),
                _offer,
                attrgetter("cards.mask"),
                lambda s, m: Keep(CardSet(m)),
                (rules.offer_size, rules.keep_size),
                "divide.divide.choose",
                "the cards kept: the colex rank of their positions in the offer being resolved",
            ),
            card_block(
                "play",
                (Play,),
                DECK,
                PLAYS.__getitem__,
                "divide.trick.clockwise",
                "a play of the card of index id",
            ),
        ),
    )


def _round_points(config: DivideConfig) -> int:
    rules = config.rules
    return max(
        1, 4 * rules.suit_tokens * rules.suit_points + rules.bonus_tokens * rules.bonus_points
    )


@cache
def layout(config: DivideConfig) -> Layout:
    """Divide's tensor under ``config``."""
    n, rules = config.players, config.rules
    tricks = rules.hand_size
    cards = [
        Piece(name, (52,))
        for name in (
            "hand",
            "offering",
            "secured",
            "offer_left",
            "offer_right",
            "received_left",
            "received_right",
            "kept_left",
            "kept_right",
            "returned",
            "trump",
        )
    ]
    return Layout.of(
        [
            Piece("seat", (n,)),
            Piece("stage", (len(Stage),)),
            Piece("round", (rules.rounds,)),
            Piece("dealer", (n,)),
            Piece("to_move", (n + 1,)),
            *cards,
            Piece("received_shown", (2,)),
            Piece("hand_sizes", (n,), high=rules.cards_dealt),
            Piece("leader", (n,)),
            *trick_pieces(n, tricks, 52),
            Piece("suit_tokens", (4,), high=max(1, rules.suit_tokens)),
            Piece("bonus", (1,), high=max(1, rules.bonus_tokens)),
            Piece("taken", (n,), high=max(1, 4 * rules.suit_tokens)),
            Piece("bonus_taken", (n,), high=max(1, rules.bonus_tokens)),
            Piece("scores", (rules.rounds, n), high=_round_points(config)),
        ]
    )


def encode(config: DivideConfig, view: DivideObservation, out: Writer) -> None:
    """Write ``view`` (an observation ``observe`` made) into ``out``."""
    n = view.players
    out.seat("seat", view.seat)
    out.one("stage", int(view.stage))
    out.one("round", min(view.round, config.rules.rounds - 1))
    out.seat("dealer", view.dealer)
    out.seat("to_move", n if view.to_move == "chance" else view.to_move)
    out.cards("hand", view.hand.mask)
    out.card("offering", view.offering)
    out.cards("secured", view.secured.mask)
    out.cards("offer_left", view.offer_left.mask)
    out.cards("offer_right", view.offer_right.mask)
    for at, received in enumerate((view.received_left, view.received_right)):
        if received is not None:
            out.one("received_shown", at)
            out.cards(("received_left", "received_right")[at], received.mask)
    out.cards("kept_left", view.kept_left.mask)
    out.cards("kept_right", view.kept_right.mask)
    out.cards("returned", view.returned.mask)
    out.card("trump", view.trump)
    for seat, size in enumerate(view.hand_sizes):
        out.number("hand_sizes", size, seat)
    out.seat("leader", view.leader)
    out.tricks(view.tricks, view.trick, view.leader, n)
    for suit, left in enumerate(view.suit_tokens):
        out.number("suit_tokens", left, suit)
    out.number("bonus", view.bonus)
    for seat in range(n):
        out.number("taken", view.taken[seat], seat)
        out.number("bonus_taken", view.bonus_taken[seat], seat)
    for r, row in enumerate(view.scores):
        for seat, points in enumerate(row):
            out.number("scores", points, r * n + seat)


def returns(config: DivideConfig, result: DivideResult) -> tuple[float, ...]:
    """The winner 1, the others ``-1/(n-1)`` (a shared victory would share it)."""
    return shares(result.winners, config.players)


def utility(config: DivideConfig) -> Utility:
    """Zero-sum, from ``-1/(n-1)`` to 1."""
    return Utility("zero-sum", -1 / (config.players - 1), 1.0, 0.0)


def max_decisions(config: DivideConfig) -> int:
    """Every round: an offering, a secure, a split, two keeps and a hand of plays a seat."""
    rules = config.rules
    return rules.rounds * config.players * (5 + rules.hand_size)


def max_chance_nodes(config: DivideConfig) -> int:
    """The first dealer, then 52 cards dealt and the offering turned up each round."""
    return 1 + config.rules.rounds * (len(ALL_CARDS) - 1 + 1)


def quick_ids(config: DivideConfig) -> Callable[[DivideState], tuple[int, ...] | None]:
    """Legal ids read from the engine, with no action made.

    A trick's from its mask of the cards the mover may play; a secure's, a
    split's or a keep's from the group every choice of ``k`` cards is taken
    from (:func:`~engine.divide.exchange.subset_choice`).
    """
    blocks = {name: (first, last) for name, first, last, _ in codec(config).describe()}
    plays = mask_ids(DECK, blocks["play"][0])
    chosen = {Stage.SECURE: blocks["secure"], Stage.SPLIT: blocks["split"]}
    chosen[Stage.CHOOSE] = blocks["keep"]

    def ids(state: DivideState) -> tuple[int, ...] | None:
        if state.actor < 0:
            return None
        if state.stage == Stage.TRICKS:
            return plays(legal_play_mask(state))
        block = chosen.get(state.stage)
        choice = None if block is None else subset_choice(state)
        if block is None or choice is None:
            return None
        return first_ids(block, choice[0].bit_count(), choice[1])

    return ids


@cache
def first_ids(block: tuple[int, int], n: int, k: int) -> tuple[int, ...] | None:
    """The ids of every ``k`` of ``n`` cards in a subset block: its first ``C(n, k)``, if any.

    >>> first_ids((52, 79), 8, 2)[-1], first_ids((52, 79), 9, 2)
    (79, None)
    """
    first, last = block
    count = comb(n, k)
    return tuple(range(first, first + count)) if first + count - 1 <= last else None


BINDING = Binding(
    name="divide",
    deck=DECK,
    codec=codec,
    layout=layout,
    encode=encode,
    returns=returns,
    utility=utility,
    max_decisions=max_decisions,
    max_chance_nodes=max_chance_nodes,
    determinize=divide_worlds.determinize,
    quick_ids=quick_ids,
)
"""Divide, for the adapters."""
