"""Euchre's rule fragments as Z3 terms, built from the spec's constants.

Cards are 6-bit vectors (``rank * 4 + suit``, as in :mod:`spec.cards`), card
sets 52-bit masks (a Euchre hand lies in bits 28 to 51), suits 2-bit
vectors, scores and counts small bit-vectors.  The cards, the bowers,
following suit and winning a trick are in :mod:`proofs.euchre.encoding_cards`
and re-exported here; here are the rule parameters, scoring, bidding, the
course of a game and the deal.  Every function mirrors one engine
function (named in its docstring); ``tests/proofs/test_euchre_conformance.py``
evaluates each on concrete inputs drawn by Hypothesis and requires exact
agreement with the engine.  The rule parameters (:func:`spec_params`) are
read from ``spec/euchre``; mutants override some of them.

>>> import z3
>>> from cardlaw.spec.cards import Card, CardSet, Suit
>>> p = spec_params()
>>> hand = z3.BitVecVal(CardSet("JC 9C AH").mask, MASK_BITS)
>>> led, spades = z3.BitVecVal(int(Card("AC")), CARD_BITS), z3.BitVecVal(int(Suit.SPADES), 2)
>>> concrete_mask(legal_plays(hand, led, spades, p))   # J♣ is a Spade: 9♣ must follow
CardSet('9C')
>>> trick = [z3.BitVecVal(int(Card(c)), CARD_BITS) for c in ("KS", "10D", "JS", "JC")]
>>> position, card = trick_winner(trick, spades, p)
>>> z3.simplify(position), concrete_card(card)
(2, Card('JS'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import z3

from cardlaw.proofs.card_terms import CARD_BITS, MASK_BITS, bit, rank, suit
from cardlaw.proofs.euchre.encoding_bids import (
    BID_BITS,
    BIDS,
    PASS_BID,
    BidState,
    bid_action,
    bid_options,
    bid_start,
    bid_step,
    discard_options,
    first_leader,
    name_bid,
    next_dealer,
    order_bid,
    partner,
    takes_up_card,
)
from cardlaw.proofs.euchre.encoding_cards import (
    any_play,
    beats,
    concrete_card,
    concrete_mask,
    effective_suit,
    follow_mask,
    is_card,
    left_bower,
    legal_plays,
    pick,
    plain_strength,
    popcount,
    right_bower,
    suit_cards,
    trick_winner,
    trump_strength,
    winning_value,
)
from cardlaw.proofs.terms import Params
from cardlaw.spec.cards import Rank
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = [
    "BIDS",
    "BID_BITS",
    "BID_ROUNDS",
    "CARD_BITS",
    "COUNT_BITS",
    "MASK_BITS",
    "PASS_BID",
    "BidState",
    "GameRun",
    "HandStep",
    "any_play",
    "beats",
    "bid_action",
    "bid_options",
    "bid_start",
    "bid_step",
    "bidding",
    "bit",
    "concrete_card",
    "concrete_mask",
    "count",
    "deal_places",
    "discard_options",
    "effective_suit",
    "exchange",
    "first_leader",
    "follow_mask",
    "game_over",
    "game_run",
    "hand_score",
    "hand_step",
    "is_card",
    "left_bower",
    "legal_plays",
    "name_bid",
    "nat",
    "next_dealer",
    "order_bid",
    "partner",
    "pick",
    "plain_strength",
    "popcount",
    "rank",
    "right_bower",
    "scores_are",
    "spec_params",
    "suit",
    "suit_cards",
    "takes_up_card",
    "trick_winner",
    "trump_strength",
    "winner",
    "winning_value",
]

COUNT_BITS = 8
"""Bits of a count: tricks, passes, points, scores, seats."""

BID_ROUNDS = K.BID_ROUNDS
"""The rounds of bidding around the table before a hand is thrown in
[euchre.bid.first-round, euchre.bid.second-round]."""


def spec_params(
    *,
    stick_the_dealer: bool = False,
    rules: EuchreRules = PRINTED_RULES,
    lone_defender: bool = False,
    keep_up_card: bool = False,
    sitting_dealer_discards: bool = False,
) -> Params:
    """The rule parameters of the real rules, read from ``spec/euchre`` and ``rules``.

    The numbers a designer may change (the target, the scoring table, the
    cards each) come from ``rules``, the rest from ``spec/euchre/constants.py``;
    changing either changes these, and so what ``cardlaw verify`` proves.
    The orders are lists of *levels* from the highest down; a level holding
    two kinds of card would make them tie (which is what a mutant does).  In
    the trump order a kind is ``"right"``, ``"left"`` or a rank index; in the
    plain order a rank index.

    >>> p = spec_params()
    >>> p["trump_order"][:3], p["plain_order"][0], p["target"]
    ((('right',), ('left',), (12,)), (12,), 10)
    >>> spec_params(rules=EuchreRules(target=11, cards_each=4))["target"], p["majority"]
    (11, 3)
    """
    jack = Rank.JACK.index
    high_first = tuple(r.index for r in reversed(K.EUCHRE_RANKS))
    return {
        "stick_the_dealer": stick_the_dealer,
        "lone_defender": lone_defender,  # the variant lone-defender [euchre.ruling.defender-alone]
        "keep_up_card": keep_up_card,  # the variant keep-up-card [euchre.ruling.discard-up-card]
        "sitting_dealer_discards": sitting_dealer_discards,  # [euchre.ruling.dealer-sits-out]
        "bid_rounds": K.BID_ROUNDS,
        "deck": K.EUCHRE_DECK,
        "deck_size": K.DECK_SIZE,
        "players": K.PLAYERS,
        "team_of": K.TEAM_OF,
        "jack": jack,
        "same_colour": K.SAME_COLOUR,
        "trump_order": (("right",), ("left",), *((r,) for r in high_first if r != jack)),
        "plain_order": tuple((r,) for r in high_first),
        "cards_each": rules.cards_each,
        "first_packet": rules.first_packet,
        "second_packet": rules.second_packet,
        "kitty": rules.kitty_size,
        "tricks": rules.tricks,
        "majority": rules.majority,
        "maker_points": rules.maker_points,
        "march_points": rules.march_points,
        "alone_march_points": rules.alone_march_points,
        "euchre_points": rules.euchre_points,
        "target": rules.target,
        # Structural choices of the rules, which mutants may flip:
        "left_bower_is_trump": True,  # euchre.cards.left-bower
        "void_plays_any": True,  # euchre.trick.void
        "discard_leaves_hand": True,  # euchre.bid.pick-up
        "up_card_leaves_table": True,  # euchre.bid.pick-up
        "stuck_dealer_names": True,  # euchre.ruling.all-pass, under stick-the-dealer
        "lead_skips_out": True,  # euchre.ruling.lone-lead
        "lead_skips_once": False,  # euchre.ruling.lone-lead: every seat out is skipped
    }


# --- scoring and the course of a game -----------------------------------------------------
#
# Counts (tricks, passes, points, scores, seats) are COUNT_BITS-bit vectors: every value
# the rules reach is small, and bit-vectors keep long games cheap to solve (the same
# unrolled game over unbounded integers takes the solver minutes).  ``count`` and ``nat``
# make them; a query reads them as integers.


def count(value: int) -> z3.BitVecRef:
    """A count as a constant bit-vector term.

    >>> count(5).size(), z3.simplify(count(5))
    (8, 5)
    """
    return z3.BitVecVal(value, COUNT_BITS)


def nat(name: str) -> z3.BitVecRef:
    """A count variable.

    >>> nat("score0").size()
    8
    """
    return z3.BitVec(name, COUNT_BITS)


def hand_score(
    makers_tricks: z3.BitVecRef,
    alone: z3.BoolRef,
    p: Params,
    defended: z3.BoolRef | None = None,
) -> tuple[z3.BoolRef, z3.BitVecRef]:
    """Mirror of :func:`engine.euchre.scoring.hand_score`: (makers score?, points).

    ``defended``: a defender went alone, which counts only under the variant
    lone-defender (``p["lone_defender"]``) [euchre.ruling.lone-defender-score].

    >>> [z3.simplify(hand_score(count(t), z3.BoolVal(True), spec_params())[1]) for t in (2, 3, 5)]
    [2, 1, 4]
    >>> lone = spec_params(lone_defender=True)
    >>> z3.simplify(hand_score(count(2), z3.BoolVal(False), lone, z3.BoolVal(True))[1])
    4
    """
    lone = z3.BoolVal(False) if defended is None or not p["lone_defender"] else defended
    points = z3.If(
        z3.ULT(makers_tricks, p["majority"]),
        z3.If(lone, count(p["alone_march_points"]), count(p["euchre_points"])),
        z3.If(
            z3.ULT(makers_tricks, p["tricks"]),
            count(p["maker_points"]),
            z3.If(alone, count(p["alone_march_points"]), count(p["march_points"])),
        ),
    )
    return z3.UGE(makers_tricks, p["majority"]), points


def bidding(
    passes: z3.BitVecRef, dealer: z3.BitVecRef, p: Params
) -> tuple[z3.BoolRef, z3.BoolRef, z3.BitVecRef]:
    """Mirror of :func:`engine.euchre.bidding.legal_bids` and ``apply_bid``'s outcome.

    ``passes`` is how many passes came before the bid that made trump (a
    hand is thrown in after ``2 * players`` passes).  Returns whether that
    many passes is legal (a stuck dealer may not make the last one), whether
    the hand is thrown in, and the maker's seat.

    >>> legal, thrown, _ = bidding(count(8), count(3), spec_params(stick_the_dealer=True))
    >>> z3.simplify(legal), z3.simplify(thrown)  # eight passes: the stuck dealer may not
    (False, True)
    """
    n, rounds = p["players"], p["bid_rounds"]
    stuck = p["stick_the_dealer"] and p["stuck_dealer_names"]
    most = rounds * n - (1 if stuck else 0)
    legal = z3.ULE(passes, most)
    return legal, passes == rounds * n, z3.URem(dealer + 1 + passes, n)


def game_over(scores: Sequence[z3.BitVecRef], p: Params) -> z3.BoolRef:
    """Mirror of :func:`engine.euchre.scoring.game_over`: a team has reached the target.

    >>> z3.simplify(game_over((count(10), count(3)), spec_params()))
    True
    """
    return z3.Or(*(z3.UGE(s, p["target"]) for s in scores))


def winner(scores: Sequence[z3.BitVecRef], p: Params) -> z3.ArithRef:
    """Mirror of :func:`engine.euchre.events.result`'s winner: the team that has the target.

    -1 while no team has it (the game goes on) [euchre.end.ten].

    >>> [z3.simplify(winner((count(a), count(b)), spec_params())) for a, b in ((3, 11), (9, 9))]
    [1, -1]
    """
    return z3.If(z3.UGE(scores[0], p["target"]), 0, z3.If(z3.UGE(scores[1], p["target"]), 1, -1))


class HandStep(NamedTuple):
    """The terms of one deal: its legality, outcome and the position after it."""

    legal: z3.BoolRef
    thrown_in: z3.BoolRef
    maker: z3.BitVecRef
    team: z3.BitVecRef
    """The team that scored (meaningless for a thrown-in hand)."""
    points: z3.BitVecRef
    """The points scored (0 for a thrown-in hand)."""
    scores: tuple[z3.BitVecRef, z3.BitVecRef]
    dealer: z3.BitVecRef
    """The next dealer."""


def hand_step(
    scores: Sequence[z3.BitVecRef],
    dealer: z3.BitVecRef,
    passes: z3.BitVecRef,
    makers_tricks: z3.BitVecRef,
    alone: z3.BoolRef,
    p: Params,
    defended: z3.BoolRef | None = None,
) -> HandStep:
    """One deal, from bidding to score.

    Mirror of ``apply_bid``, ``_finish_hand`` and the next ``apply_shuffle``'s
    rotation of the deal [euchre.hand.dealer-rotation].  ``makers_tricks`` is
    how many of the five tricks the makers took; ``defended``, whether a
    defender went alone (variant lone-defender: :func:`hand_score`).

    >>> step = hand_step((count(0), count(0)), count(3), count(1), count(5), z3.BoolVal(False),
    ...                  spec_params())  # seat 3 deals, seat 0 passes, seat 1 makes and marches
    >>> [z3.simplify(x) for x in (step.maker, step.team, *step.scores, step.dealer)]
    [1, 1, 0, 2, 0]
    """
    legal, thrown_in, maker = bidding(passes, dealer, p)
    legal = z3.And(legal, z3.ULE(makers_tricks, p["tricks"]))
    makers = pick([count(t) for t in p["team_of"]], maker)
    makers_score, points = hand_score(makers_tricks, alone, p, defended)
    team = z3.If(makers_score, makers, 1 - makers)
    gained = z3.If(thrown_in, count(0), points)
    after = (
        scores[0] + z3.If(team == 0, gained, count(0)),
        scores[1] + z3.If(team == 1, gained, count(0)),
    )
    return HandStep(legal, thrown_in, maker, team, gained, after, next_dealer(dealer, p))


class GameRun(NamedTuple):
    """The first deals of a game from the start: choices, premise and what happened."""

    first_dealer: z3.BitVecRef
    passes: list[z3.BitVecRef]
    makers_tricks: list[z3.BitVecRef]
    alone: list[z3.BoolRef]
    premise: list[z3.BoolRef]
    scores: list[tuple[z3.BitVecRef, z3.BitVecRef]]
    """The scores before deal ``k`` (index 0 = the start), and after the last."""
    dealers: list[z3.BitVecRef]
    """The dealer of each deal, and (last) the seat that deals next (if the game goes on)."""
    steps: list[HandStep]
    over: list[z3.BoolRef]
    """Whether the game was over before deal ``k`` (and after the last, at the end)."""
    hands: z3.BitVecRef
    """How many deals were dealt (until the end, or all of them)."""


def game_run(deals: int, p: Params, prefix: str = "") -> GameRun:
    """The first ``deals`` deals of a game, every choice free within the rules.

    Once a team has the target the game is over [euchre.ruling.end-at-once]
    and the remaining deals change nothing.

    >>> run = game_run(3, spec_params())
    >>> len(run.steps), len(run.scores), len(run.over), len(run.premise)
    (3, 4, 4, 4)
    """
    first = nat(f"{prefix}first_dealer")
    passes = [nat(f"{prefix}passes{k}") for k in range(deals)]
    tricks = [nat(f"{prefix}tricks{k}") for k in range(deals)]
    alone = [z3.Bool(f"{prefix}alone{k}") for k in range(deals)]
    premise: list[z3.BoolRef] = [z3.ULT(first, p["players"])]
    scores: list[tuple[z3.BitVecRef, z3.BitVecRef]] = [(count(0), count(0))]
    dealers: list[z3.BitVecRef] = [first]
    over: list[z3.BoolRef] = [z3.BoolVal(False)]
    steps: list[HandStep] = []
    hands = count(0)
    for k in range(deals):
        step = hand_step(scores[k], dealers[k], passes[k], tricks[k], alone[k], p)
        premise.append(step.legal)
        steps.append(step)
        done = over[k]
        hands = hands + z3.If(done, count(0), count(1))
        scores.append(
            (
                z3.If(done, scores[k][0], step.scores[0]),
                z3.If(done, scores[k][1], step.scores[1]),
            )
        )
        dealers.append(step.dealer)  # the deal passes on: the first dealer plus k
        over.append(z3.Or(done, game_over(scores[k + 1], p)))
    return GameRun(first, passes, tricks, alone, premise, scores, dealers, steps, over, hands)


def scores_are(run: GameRun, scores: Sequence[tuple[int, int]]) -> list[z3.BoolRef]:
    """The run's scores after each hand are ``scores``, hand by hand (a witness pinned to a game).

    >>> len(scores_are(game_run(2, spec_params()), [(1, 0), (1, 1)]))
    2
    """
    return [
        z3.And(run.scores[k][0] == a, run.scores[k][1] == b) for k, (a, b) in enumerate(scores, 1)
    ]


# --- the deal --------------------------------------------------------------------------


def _deal_offsets(p: Params) -> list[int]:
    n = p["players"]
    offsets = []
    for packet in (p["first_packet"], p["second_packet"]):
        for seat in range(n):
            offsets += [seat] * packet
    return offsets


def deal_places(
    dealer: z3.BitVecRef, p: Params
) -> tuple[list[z3.BitVecRef], z3.BitVecRef, z3.BitVecRef]:
    """Mirror of :func:`engine.euchre.deal.apply_shuffle`, over positions in the shuffled deck.

    Masks are 24-bit: bit ``j`` is the ``j``-th card from the top.  Three
    cards to each seat clockwise from the dealer's left, then two each; the
    next card is the up-card and the rest lie under it.  Returns each seat's
    hand, the up-card and the cards under it.

    >>> hands, up, kitty = deal_places(count(3), spec_params())  # seat 3 deals
    >>> [bin(z3.simplify(h).as_long()) for h in hands][0]  # seat 0: positions 1-3 and 13-14
    '0b11000000000111'
    >>> z3.simplify(up).as_long() == 1 << 20, z3.simplify(popcount(kitty))
    (True, 3)
    """
    n, width = p["players"], p["deck_size"]
    offsets = _deal_offsets(p)
    hands = []
    for seat in range(n):
        by_dealer = []
        for d in range(n):
            mask = sum(1 << j for j, o in enumerate(offsets) if (d + 1 + o) % n == seat)
            by_dealer.append(z3.BitVecVal(mask, width))
        hands.append(pick(by_dealer, dealer))
    dealt = len(offsets)
    up = z3.BitVecVal(1 << dealt if dealt < width else 0, width)
    kitty = z3.BitVecVal(
        sum(1 << j for j in range(dealt + 1, min(dealt + p["kitty"], width))), width
    )
    return hands, up, kitty


def exchange(
    hands: Sequence[z3.BitVecRef],
    up: z3.BitVecRef,
    dealer: z3.BitVecRef,
    taken: z3.BoolRef,
    discard: z3.BitVecRef,
    p: Params,
) -> tuple[list[z3.BitVecRef], z3.BitVecRef]:
    """Mirror of ``apply_bid`` (the dealer takes the up-card) and ``apply_discard``.

    Returns the hands and what lies face up on the table afterwards.

    >>> hands, up, _ = deal_places(count(3), spec_params())
    >>> after, table = exchange(hands, up, count(3), z3.BoolVal(True), z3.BitVecVal(1 << 9, 24),
    ...                         spec_params())  # seat 3 takes the up-card, lays down card 10
    >>> z3.simplify(popcount(after[3])), z3.simplify(after[3] & up == up)
    (5, True)
    >>> z3.simplify(table)
    0
    """
    out = []
    for seat, hand in enumerate(hands):
        with_up = hand | up
        after = with_up & ~discard if p["discard_leaves_hand"] else with_up
        out.append(z3.If(z3.And(taken, dealer == seat), after, hand))
    table = up & ~up if p["up_card_leaves_table"] else up
    return out, z3.If(taken, table, up)
