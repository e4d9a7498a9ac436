"""Euchre in the adapters: action ids, the tensor, the returns, the bounds, sampled worlds.

Action ids, in blocks (the 24 cards from 9 to A by card index: 9C, 9D,
9H, 9S, 10C, ..., AS):

* ``bid``: ids 0-10: pass, order, order alone, then name C, name C alone,
  name D, name D alone, name H, name H alone, name S, name S alone;
* ``defend``: id 11, a defender goes alone (variant lone-defender);
* ``discard``: ids 12-35, the dealer lays down the card at that place of the 24;
* ``play``: ids 36-59, a play of the card at that place of the 24.

Chance outcome ids (a spot's: OpenSpiel names a card dealt by its place among the
cards left, so 9C is 0 of a whole deck): the first dealer's seat, a card dealt
(its index in the 52-card order, so 9C is 28).

Returns: each seat of the winning team 1, each of the losing team -1.  The
tensor leaves out the results of earlier hands (their sum is the score,
which it holds) and the count of hands dealt.

>>> from cardlaw.engine.registry import get_game
>>> [row[:3] for row in codec(get_game("euchre").config()).describe()]
[('bid', 0, 10), ('defend', 11, 11), ('discard', 12, 35), ('play', 36, 59)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from cardlaw.ecosystem.base import Binding, Utility
from cardlaw.ecosystem.ids import Codec, Deck, card_block, fixed_block
from cardlaw.ecosystem.layout import Layout, Piece, Writer, trick_pieces
from cardlaw.ecosystem.masks import mask_ids
from cardlaw.engine.euchre.bidding import discard_mask, legal_bids
from cardlaw.engine.euchre.fields import ACTOR, HANDS, STAGE, TRICK, TRUMP
from cardlaw.engine.euchre.tricks import legal_plays
from cardlaw.spec.cards import Suit, bits
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.actions import (
    DEFEND_ALONE,
    DISCARDS,
    NAMES,
    ORDER_UP,
    PASS,
    PLAYS,
    Action,
    Discard,
    Play,
)
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import EUCHRE_DECK, PLAYERS
from cardlaw.spec.euchre.state import (
    EuchreObservation,
    EuchreResult,
    EuchreState,
    Stage,
    initial_state,
)

__all__ = ["BINDING", "codec", "determinize", "layout"]

DECK = Deck(tuple(bits(EUCHRE_DECK)))
"""Euchre's 24 cards, by index."""

BIDS = (PASS, ORDER_UP[False], ORDER_UP[True], *(name for suit in Suit for name in NAMES[suit]))
"""The bids, in the order of their ids."""

_BID_TEXTS: dict[str, int] = {getattr(bid, "text"): i for i, bid in enumerate(BIDS)}  # noqa: B009

THROW_IN_HANDS = 1000
"""Thrown-in hands the bounds allow for under the default rule (which has no bound)."""


@cache
def codec(config: EuchreConfig) -> Codec[EuchreState, Action]:
    """Euchre's action ids (the same under every configuration)."""
    return Codec(
        "euchre",
        (
            fixed_block("bid", BIDS, "euchre.bid.first-round", "pass, order, name a suit"),
            fixed_block(
                "defend", (DEFEND_ALONE,), "euchre.ruling.defender-alone", "a defender goes alone"
            ),
            card_block(
                "discard",
                (Discard,),
                DECK,
                DISCARDS.__getitem__,
                "euchre.bid.pick-up",
                "the dealer lays down the card at that place of the 24",
            ),
            card_block(
                "play",
                (Play,),
                DECK,
                PLAYS.__getitem__,
                "euchre.trick.clockwise",
                "a play of the card at that place of the 24",
            ),
        ),
    )


def _points(config: EuchreConfig) -> int:
    rules = config.rules
    return max(
        rules.maker_points, rules.march_points, rules.alone_march_points, rules.euchre_points
    )


@cache
def layout(config: EuchreConfig) -> Layout:
    """Euchre's tensor under ``config``."""
    tricks = config.rules.cards_each
    cards = [Piece(name, (len(DECK),)) for name in ("hand", "upcard", "discard")]
    return Layout.of(
        [
            Piece("seat", (PLAYERS,)),
            Piece("stage", (len(Stage),)),
            Piece("dealer", (PLAYERS,)),
            Piece("to_move", (PLAYERS + 1,)),
            *cards,
            Piece("up_card_taken", (1,)),
            Piece("hand_sizes", (PLAYERS,), high=tricks + 1),
            Piece("bids", (2 * PLAYERS, len(BIDS))),
            Piece("bidders", (2 * PLAYERS, PLAYERS)),
            Piece("maker", (PLAYERS,)),
            Piece("trump", (4,)),
            Piece("alone", (1,)),
            Piece("sitting_out", (PLAYERS,)),
            Piece("defender", (PLAYERS,)),
            Piece("leader", (PLAYERS,)),
            *trick_pieces(PLAYERS, tricks, len(DECK)),
            Piece("won", (2,), high=tricks),
            Piece("scores", (2,), high=config.rules.target - 1 + _points(config)),
        ]
    )


def encode(config: EuchreConfig, view: EuchreObservation, out: Writer) -> None:
    """Write ``view`` (an observation ``observe`` made) into ``out``."""
    out.seat("seat", view.seat)
    out.one("stage", int(view.stage))
    out.seat("dealer", view.dealer)
    out.seat("to_move", PLAYERS if view.to_move == "chance" else view.to_move)
    out.cards("hand", view.hand.mask)
    out.card("upcard", view.upcard)
    out.card("discard", view.discard)
    if view.up_card_taken:
        out.one("up_card_taken", 0)
    for seat, size in enumerate(view.hand_sizes):
        out.number("hand_sizes", size, seat)
    for i, (seat, text) in enumerate(view.bids):
        out.one("bids", i * len(BIDS) + _BID_TEXTS[text])
        out.one("bidders", i * PLAYERS + seat)
    out.seat("maker", view.maker)
    if view.trump is not None:
        out.one("trump", int(view.trump))
    if view.alone:
        out.one("alone", 0)
    out.seat("sitting_out", view.sitting_out)
    out.seat("defender", view.defender)
    out.seat("leader", view.leader)
    out.tricks(view.tricks, view.trick, view.leader, PLAYERS)
    for team in (0, 1):
        out.number("won", view.won[team], team)
        out.number("scores", view.scores[team], team)


def returns(config: EuchreConfig, result: EuchreResult) -> tuple[float, ...]:
    """Each seat of the winning team 1, each of the other -1."""
    return tuple(1.0 if seat in result.winners else -1.0 for seat in range(PLAYERS))


def utility(config: EuchreConfig) -> Utility:
    """Zero-sum, -1 or 1 a seat."""
    return Utility("zero-sum", -1.0, 1.0, 0.0)


def _hands(config: EuchreConfig) -> int:
    """The most hands a game can take: each scoring hand gives a team a point or more."""
    scoring = 2 * (config.rules.target - 1) + 1
    return scoring if config.stick_the_dealer else scoring + THROW_IN_HANDS


def max_decisions(config: EuchreConfig) -> int:
    """Every hand: eight bids, a discard, two defenders asked, every card played."""
    return _hands(config) * (2 * PLAYERS + 1 + 2 + PLAYERS * config.rules.cards_each)


def max_chance_nodes(config: EuchreConfig) -> int:
    """The first dealer, then 24 cards dealt a hand."""
    return 1 + _hands(config) * len(DECK)


def determinize(config: EuchreConfig, view: EuchreObservation, rng: random.Random) -> EuchreState:
    """A state ``observe`` shows the seat as ``view``, the cards it cannot place at random.

    The other hands (in their sizes), the three cards under the up-card and
    the dealer's discard are dealt from the cards the seat has not seen.  An
    up-card the dealer took and has not played is in the dealer's hand, or
    (when the dealer may lay it down) the discard, by the odds of a random
    card of the dealer's six.
    """
    if not isinstance(view.to_move, int):
        raise MalformedInput(f"no seat decides in stage {view.stage.name}")
    p, dealer = view.seat, view.dealer
    played = 0
    for _, cards in view.tricks:
        for card in cards:
            played |= 1 << card
    for card in view.trick:
        played |= 1 << card
    upcard = -1 if view.upcard is None else int(view.upcard)
    known = played | view.hand.mask | (1 << upcard if upcard >= 0 else 0)
    if view.discard is not None:
        known |= 1 << view.discard
    pool = [c for c in DECK.cards if not known >> c & 1]
    rng.shuffle(pool)
    hands = [0] * PLAYERS
    hands[p] = view.hand.mask
    discard = -1 if view.discard is None else int(view.discard)
    upcard_placed = not view.up_card_taken or p == dealer or played >> upcard & 1
    discarded = view.up_card_taken and view.stage > Stage.DISCARD
    if not upcard_placed:
        size = view.hand_sizes[dealer]
        keeps = config.keep_up_card or not discarded or rng.randrange(size + 1) < size
        if keeps:
            hands[dealer] = 1 << upcard
        else:
            discard = upcard
    if discarded and discard < 0:
        discard = pool.pop()
    for q in range(PLAYERS):
        if q == p:
            continue
        for _ in range(view.hand_sizes[q] - hands[q].bit_count()):
            hands[q] |= 1 << pool.pop()
    kitty = sum(1 << card for card in pool)
    return initial_state(config)._replace(
        stage=view.stage,
        deal=view.deal,
        dealer=dealer,
        actor=view.to_move,
        hands=tuple(hands),
        kitty=kitty,
        upcard=upcard,
        maker=view.maker,
        trump=-1 if view.trump is None else int(view.trump),
        alone=view.alone,
        discard=discard,
        leader=view.leader,
        trick=tuple(int(c) for c in view.trick),
        tricks=tuple((leader, tuple(int(c) for c in cards)) for leader, cards in view.tricks),
        won=view.won,
        scores=view.scores,
        results=view.results,
        defender=view.defender,
    )


def quick_ids(config: EuchreConfig) -> Callable[[EuchreState], tuple[int, ...] | None]:
    """The legal ids read from the engine with no action listed: a trick's, a discard's, a bid's.

    A trick's and a discard's from the engine's mask of the cards the mover
    may play or lay down; a bid's from the engine's own tuple of the bids
    open (one of a few, each shared), whose ids are worked out once.
    """
    starts = {name: first for name, first, _, _ in codec(config).describe()}
    plays, discards = mask_ids(DECK, starts["play"]), mask_ids(DECK, starts["discard"])
    tricks, discard, bidding = Stage.TRICKS, Stage.DISCARD, (Stage.ORDER_UP, Stage.NAME_TRUMP)
    bid_ids = {id(bid): number for number, bid in enumerate(BIDS)}
    known: dict[int, tuple[tuple[object, ...], tuple[int, ...]]] = {}

    def ids(state: EuchreState) -> tuple[int, ...] | None:
        stage = state[STAGE]
        if stage is tricks:  # legal_play_mask, reading the fields by position as the engine does
            actor, trick = state[ACTOR], state[TRICK]
            if actor < 0:
                return None
            return plays(legal_plays(state[HANDS][actor], trick[0] if trick else -1, state[TRUMP]))
        if stage is discard:
            return discards(discard_mask(state))
        if stage in bidding:
            bids = legal_bids(state)
            found = known.get(id(bids))
            if found is not None and found[0] is bids:
                return found[1]
            numbers: list[int] = []
            for bid in bids:
                number = bid_ids.get(id(bid))
                if number is None:  # a bid not of the shared ones: listed the plain way
                    return None
                numbers.append(number)
            listed = tuple(sorted(numbers))
            if len(known) < 64:  # (a tuple made afresh is kept, so its id is not reused)
                known[id(bids)] = (bids, listed)
            return listed
        return None

    return ids


BINDING = Binding(
    name="euchre",
    deck=DECK,
    codec=codec,
    layout=layout,
    encode=encode,
    returns=returns,
    utility=utility,
    max_decisions=max_decisions,
    max_chance_nodes=max_chance_nodes,
    determinize=determinize,
    quick_ids=quick_ids,
    bound_note=(
        f"under the default throw-in rule a game may never end (cardlaw proves it); the bounds "
        f"allow for {THROW_IN_HANDS} thrown-in hands"
    ),
)
"""Euchre, for the adapters."""
