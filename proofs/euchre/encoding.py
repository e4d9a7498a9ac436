"""Euchre's rule fragments as Z3 terms, built from the spec's constants.

Cards are 6-bit vectors (``rank * 4 + suit``, as in :mod:`spec.cards`), card
sets 52-bit masks (a Euchre hand lies in bits 28 to 51), suits 2-bit
vectors, scores and counts Z3 integers.  Every function mirrors one engine
function (named in its docstring); ``tests/proofs/test_euchre_conformance.py``
evaluates each on concrete inputs drawn by Hypothesis and requires exact
agreement with the engine.  The rule parameters (:func:`spec_params`) are
read from ``spec/euchre``; mutants override some of them.

>>> import z3
>>> from spec.cards import Suit
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

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import z3

from spec.cards import SUIT_MASKS, Card, CardSet, Rank
from spec.euchre import constants as K

__all__ = [
    "BID_ROUNDS",
    "CARD_BITS",
    "COUNT_BITS",
    "MASK_BITS",
    "GameRun",
    "HandStep",
    "beats",
    "bidding",
    "bit",
    "concrete_card",
    "concrete_mask",
    "count",
    "deal_places",
    "effective_suit",
    "exchange",
    "follow_mask",
    "game_over",
    "game_run",
    "hand_score",
    "hand_step",
    "is_card",
    "left_bower",
    "legal_plays",
    "nat",
    "pick",
    "plain_strength",
    "popcount",
    "rank",
    "right_bower",
    "spec_params",
    "suit",
    "suit_cards",
    "trick_winner",
    "trump_strength",
    "winning_value",
]

CARD_BITS = 6
MASK_BITS = 52
COUNT_BITS = 8

BID_ROUNDS = 2
"""The rounds of bidding around the table before a hand is thrown in
[euchre.bid.first-round, euchre.bid.second-round]."""

Params = Mapping[str, Any]


def spec_params(*, stick_the_dealer: bool = False) -> dict[str, Any]:
    """The rule parameters of the real rules, read from ``spec/euchre``.

    Changing a constant in ``spec/euchre/constants.py`` changes these, and so
    what ``cardlaw verify`` proves.  The orders are lists of *levels* from
    the highest down; a level holding two kinds of card would make them tie
    (which is what a mutant does).  In the trump order a kind is ``"right"``,
    ``"left"`` or a rank index; in the plain order a rank index.

    >>> p = spec_params()
    >>> p["trump_order"][:3], p["plain_order"][0], p["target"]
    ((('right',), ('left',), (12,)), (12,), 10)
    """
    jack = Rank.JACK.index
    high_first = tuple(r.index for r in reversed(K.EUCHRE_RANKS))
    return {
        "stick_the_dealer": stick_the_dealer,
        "deck": K.EUCHRE_DECK,
        "deck_size": K.DECK_SIZE,
        "players": K.PLAYERS,
        "team_of": K.TEAM_OF,
        "jack": jack,
        "same_colour": K.SAME_COLOUR,
        "trump_order": (("right",), ("left",), *((r,) for r in high_first if r != jack)),
        "plain_order": tuple((r,) for r in high_first),
        "cards_each": K.CARDS_EACH,
        "first_packet": K.FIRST_PACKET,
        "second_packet": K.SECOND_PACKET,
        "kitty": K.KITTY_SIZE,
        "tricks": K.TRICKS_PER_HAND,
        "majority": K.MAJORITY,
        "maker_points": K.MAKER_POINTS,
        "march_points": K.MARCH_POINTS,
        "alone_march_points": K.ALONE_MARCH_POINTS,
        "euchre_points": K.EUCHRE_POINTS,
        "target": K.TARGET,
        # Structural choices of the rules, which mutants may flip:
        "left_bower_is_trump": True,  # euchre.cards.left-bower
        "void_plays_any": True,  # euchre.trick.void
        "discard_leaves_hand": True,  # euchre.bid.pick-up
        "up_card_leaves_table": True,  # euchre.bid.pick-up
    }


# --- cards and masks ---------------------------------------------------------------


def suit(c: z3.BitVecRef) -> z3.BitVecRef:
    """The printed suit (2 bits) of a card.

    >>> z3.simplify(suit(z3.BitVecVal(int(Card("JD")), CARD_BITS)))
    1
    """
    return z3.Extract(1, 0, c)


def rank(c: z3.BitVecRef) -> z3.BitVecRef:
    """The rank index (4 bits, 0 for the Two, 7 for the Nine) of a card.

    >>> z3.simplify(rank(z3.BitVecVal(int(Card("JD")), CARD_BITS)))  # the Jack: 9
    9
    """
    return z3.Extract(5, 2, c)


def bit(c: z3.BitVecRef, width: int = MASK_BITS) -> z3.BitVecRef:
    """The mask of one card (or of one position, for a narrower mask).

    >>> concrete_mask(bit(z3.BitVecVal(int(Card("9S")), CARD_BITS)))
    CardSet('9S')
    """
    return z3.BitVecVal(1, width) << z3.ZeroExt(width - CARD_BITS, c)


def is_card(c: z3.BitVecRef, p: Params) -> z3.BoolRef:
    """``c`` is one of the 24 cards of the Euchre deck.

    >>> cards = [z3.BitVecVal(int(Card(c)), CARD_BITS) for c in ("9S", "8S")]
    >>> [z3.simplify(is_card(c, spec_params())) for c in cards]
    [True, False]
    """
    return z3.And(z3.ULT(c, 52), bit(c) & z3.BitVecVal(p["deck"], MASK_BITS) != 0)


def popcount(m: z3.BitVecRef) -> z3.BitVecRef:
    """The number of cards in a mask of up to 64 bits, as an 8-bit vector (SWAR count).

    >>> z3.simplify(popcount(z3.BitVecVal(0b1011, 24)))
    3
    """
    width = m.size()
    if width > 64:
        raise ValueError("popcount handles masks of up to 64 bits")
    x = z3.ZeroExt(64 - width, m) if width < 64 else m
    x = x - (z3.LShR(x, 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + (z3.LShR(x, 2) & 0x3333333333333333)
    x = (x + z3.LShR(x, 4)) & 0x0F0F0F0F0F0F0F0F
    return z3.Extract(7, 0, z3.LShR(x * 0x0101010101010101, 56))


def pick(values: Sequence[Any], index: Any) -> Any:
    """``values[index]`` for a symbolic index (an integer or a bit-vector term).

    >>> z3.simplify(pick([z3.IntVal(5), z3.IntVal(7)], z3.IntVal(1)))
    7
    """
    term = values[-1]
    for i in range(len(values) - 2, -1, -1):
        term = z3.If(index == i, values[i], term)
    return term


def same_colour(trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The other suit of trump's colour (``SAME_COLOUR``).

    >>> z3.simplify(same_colour(z3.BitVecVal(3, 2), spec_params()))  # Spades: Clubs
    0
    """
    return pick([z3.BitVecVal(s, 2) for s in p["same_colour"]], trump)


def right_bower(trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The Jack of trump [euchre.cards.trump-order]; mirror of ``tricks.RIGHT_BOWER``.

    >>> concrete_card(right_bower(z3.BitVecVal(2, 2), spec_params()))  # Hearts trump
    Card('JH')
    """
    return z3.Concat(z3.BitVecVal(p["jack"], CARD_BITS - 2), trump)


def left_bower(trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The other Jack of trump's colour [euchre.cards.trump-order]: ``tricks.LEFT_BOWER``.

    >>> concrete_card(left_bower(z3.BitVecVal(2, 2), spec_params()))  # Hearts trump
    Card('JD')
    """
    return z3.Concat(z3.BitVecVal(p["jack"], CARD_BITS - 2), same_colour(trump, p))


def effective_suit(c: z3.BitVecRef, trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.tricks.effective_suit`: the left bower is a trump.

    >>> hearts = z3.BitVecVal(2, 2)
    >>> [z3.simplify(effective_suit(z3.BitVecVal(int(Card(c)), CARD_BITS), hearts, spec_params()))
    ...  for c in ("JD", "QD")]
    [2, 1]
    """
    if not p["left_bower_is_trump"]:
        return suit(c)
    return z3.If(c == left_bower(trump, p), trump, suit(c))


def _suit_cards_value(s: int, trump: int, p: Params) -> int:
    mask = p["deck"] & SUIT_MASKS[s]
    if p["left_bower_is_trump"]:
        left = 1 << (p["jack"] * 4 + p["same_colour"][trump])
        if s == trump:
            mask |= left
        elif s == p["same_colour"][trump]:
            mask &= ~left
    return int(mask)


def suit_cards(s: z3.BitVecRef, trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.tricks.suit_cards`: the cards of effective suit ``s``.

    >>> concrete_mask(suit_cards(z3.BitVecVal(1, 2), z3.BitVecVal(2, 2), spec_params()))
    CardSet('AD KD QD 10D 9D')
    """
    rows = [
        pick([z3.BitVecVal(_suit_cards_value(x, t, p), MASK_BITS) for x in range(4)], s)
        for t in range(4)
    ]
    return pick(rows, trump)


def follow_mask(led: z3.BitVecRef, trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.tricks.follow_mask`: the cards that follow ``led``.

    >>> led = z3.BitVecVal(int(Card("JD")), CARD_BITS)  # the left bower leads trump
    >>> concrete_mask(follow_mask(led, z3.BitVecVal(2, 2), spec_params()))
    CardSet('AH KH QH JH 10H 9H JD')
    """
    return suit_cards(effective_suit(led, trump, p), trump, p)


def legal_plays(
    hand: z3.BitVecRef, led: z3.BitVecRef | None, trump: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.tricks.legal_plays` (``led`` None when leading).

    >>> hand = z3.BitVecVal(CardSet("JD 9D KC").mask, MASK_BITS)
    >>> led, hearts = z3.BitVecVal(int(Card("AD")), CARD_BITS), z3.BitVecVal(2, 2)
    >>> concrete_mask(legal_plays(hand, led, hearts, spec_params()))
    CardSet('9D')
    >>> concrete_mask(legal_plays(hand, None, hearts, spec_params()))  # leading: anything
    CardSet('JD 9D KC')
    """
    if led is None:
        return hand
    follow = hand & follow_mask(led, trump, p)
    otherwise = hand if p["void_plays_any"] else z3.BitVecVal(0, MASK_BITS)
    return z3.If(follow != 0, follow, otherwise)


# --- winning tricks ---------------------------------------------------------------


def _strength(levels: Sequence[Sequence[Any]], kind: Any) -> int:
    for i, level in enumerate(levels):
        if kind in level:
            return len(levels) - i
    return 0


def trump_strength(c: z3.BitVecRef, trump: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """A trump's place in the trump order (higher is stronger; 0 for no trump).

    >>> spades = z3.BitVecVal(3, 2)
    >>> [z3.simplify(trump_strength(z3.BitVecVal(int(Card(c)), CARD_BITS), spades, spec_params()))
    ...  for c in ("JS", "JC", "AS", "9S")]
    [7, 6, 5, 1]
    """
    levels = p["trump_order"]
    by_rank: z3.ArithRef = z3.IntVal(0)
    for r in range(16):
        by_rank = z3.If(rank(c) == r, z3.IntVal(_strength(levels, r)), by_rank)
    term = z3.If(c == right_bower(trump, p), z3.IntVal(_strength(levels, "right")), by_rank)
    if p["left_bower_is_trump"]:
        term = z3.If(c == left_bower(trump, p), z3.IntVal(_strength(levels, "left")), term)
    return term


def plain_strength(c: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """A card's place in the order of a plain suit, by rank (higher is stronger).

    >>> [z3.simplify(plain_strength(z3.BitVecVal(int(Card(c)), CARD_BITS), spec_params()))
    ...  for c in ("AH", "JH", "9H")]
    [6, 3, 1]
    """
    term: z3.ArithRef = z3.IntVal(0)
    for r in range(16):
        term = z3.If(rank(c) == r, z3.IntVal(_strength(p["plain_order"], r)), term)
    return term


def winning_value(
    c: z3.BitVecRef, trump: z3.BitVecRef, led_suit: z3.BitVecRef, p: Params
) -> z3.ArithRef:
    """Mirror of :func:`engine.euchre.tricks.winning_value`: higher wins, 0 never wins.

    The values differ from the engine's numbers, never their order: every
    trump above every card of the led suit, a card of another suit 0.

    >>> spades, hearts = z3.BitVecVal(3, 2), z3.BitVecVal(2, 2)
    >>> [z3.simplify(winning_value(z3.BitVecVal(int(Card(c)), CARD_BITS), spades, hearts,
    ...                            spec_params())) for c in ("JS", "9S", "AH", "AD")]
    [14, 8, 6, 0]
    """
    eff = effective_suit(c, trump, p)
    above = len(p["plain_order"]) + 1
    return z3.If(
        eff == trump,
        above + trump_strength(c, trump, p),
        z3.If(eff == led_suit, plain_strength(c, p), z3.IntVal(0)),
    )


def beats(
    a: z3.BitVecRef, b: z3.BitVecRef, led: z3.BitVecRef, trump: z3.BitVecRef, p: Params
) -> z3.BoolRef:
    """Card ``a`` beats card ``b`` in a trick led by ``led``, as the rules word it.

    A trump beats any card that is not a trump; two trumps compare in the
    trump order; otherwise only a card of the led suit can win, the higher
    in the plain order [euchre.trick.winner].

    >>> left, ace = (z3.BitVecVal(int(Card(c)), CARD_BITS) for c in ("JC", "AS"))
    >>> z3.simplify(beats(left, ace, ace, z3.BitVecVal(3, 2), spec_params()))
    True
    """
    ta, tb = effective_suit(a, trump, p) == trump, effective_suit(b, trump, p) == trump
    led_suit = effective_suit(led, trump, p)
    a_led = effective_suit(a, trump, p) == led_suit
    b_led = effective_suit(b, trump, p) == led_suit
    return z3.Or(
        z3.And(ta, z3.Not(tb)),
        z3.And(ta, tb, trump_strength(a, trump, p) > trump_strength(b, trump, p)),
        z3.And(
            z3.Not(ta),
            z3.Not(tb),
            a_led,
            z3.Or(z3.Not(b_led), plain_strength(a, p) > plain_strength(b, p)),
        ),
    )


def trick_winner(
    cards: Sequence[z3.BitVecRef], trump: z3.BitVecRef, p: Params
) -> tuple[z3.ArithRef, z3.BitVecRef]:
    """Mirror of :func:`engine.euchre.tricks.trick_winner`: (position, card) of the winner.

    The engine keeps the first card of the highest winning value, the led
    card's effective suit being the led suit; here the same left-to-right fold.

    >>> trick = [z3.BitVecVal(int(Card(c)), CARD_BITS) for c in ("AH", "QH", "9D", "9S")]
    >>> position, card = trick_winner(trick, z3.BitVecVal(3, 2), spec_params())
    >>> z3.simplify(position), concrete_card(card)
    (3, Card('9S'))
    """
    led_suit = effective_suit(cards[0], trump, p)
    best_pos: z3.ArithRef = z3.IntVal(0)
    best = cards[0]
    top = winning_value(cards[0], trump, led_suit, p)
    for i in range(1, len(cards)):
        value = winning_value(cards[i], trump, led_suit, p)
        better = value > top
        best_pos = z3.If(better, z3.IntVal(i), best_pos)
        best = z3.If(better, cards[i], best)
        top = z3.If(better, value, top)
    return best_pos, best


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
    makers_tricks: z3.BitVecRef, alone: z3.BoolRef, p: Params
) -> tuple[z3.BoolRef, z3.BitVecRef]:
    """Mirror of :func:`engine.euchre.scoring.hand_score`: (makers score?, points).

    >>> [z3.simplify(hand_score(count(t), z3.BoolVal(True), spec_params())[1]) for t in (2, 3, 5)]
    [2, 1, 4]
    """
    points = z3.If(
        z3.ULT(makers_tricks, p["majority"]),
        count(p["euchre_points"]),
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
    n = p["players"]
    most = BID_ROUNDS * n - (1 if p["stick_the_dealer"] else 0)
    legal = z3.ULE(passes, most)
    return legal, passes == BID_ROUNDS * n, z3.URem(dealer + 1 + passes, n)


def game_over(scores: Sequence[z3.BitVecRef], p: Params) -> z3.BoolRef:
    """Mirror of :func:`engine.euchre.scoring.game_over`: a team has reached the target.

    >>> z3.simplify(game_over((count(10), count(3)), spec_params()))
    True
    """
    return z3.Or(*(z3.UGE(s, p["target"]) for s in scores))


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
) -> HandStep:
    """One deal, from bidding to score.

    Mirror of ``apply_bid``, ``_finish_hand`` and the next ``apply_shuffle``'s
    rotation of the deal [euchre.hand.dealer-rotation].  ``makers_tricks`` is
    how many of the five tricks the makers took.

    >>> step = hand_step((count(0), count(0)), count(3), count(1), count(5), z3.BoolVal(False),
    ...                  spec_params())  # seat 3 deals, seat 0 passes, seat 1 makes and marches
    >>> [z3.simplify(x) for x in (step.maker, step.team, *step.scores, step.dealer)]
    [1, 1, 0, 2, 0]
    """
    legal, thrown_in, maker = bidding(passes, dealer, p)
    legal = z3.And(legal, z3.ULE(makers_tricks, p["tricks"]))
    makers = pick([count(t) for t in p["team_of"]], maker)
    makers_score, points = hand_score(makers_tricks, alone, p)
    team = z3.If(makers_score, makers, 1 - makers)
    gained = z3.If(thrown_in, count(0), points)
    after = (
        scores[0] + z3.If(team == 0, gained, count(0)),
        scores[1] + z3.If(team == 1, gained, count(0)),
    )
    return HandStep(legal, thrown_in, maker, team, gained, after, z3.URem(dealer + 1, p["players"]))


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


# --- reading models ----------------------------------------------------------------------


def concrete_mask(term: z3.BitVecRef) -> CardSet:
    """A concrete mask term (after substitution) as a :class:`CardSet`.

    >>> concrete_mask(z3.BitVecVal(CardSet("JS JC").mask, MASK_BITS))
    CardSet('JS JC')
    """
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef)
    return CardSet(value.as_long() & K.EUCHRE_DECK)


def concrete_card(term: z3.BitVecRef) -> Card:
    """A concrete card term as a :class:`Card`.

    >>> concrete_card(z3.BitVecVal(int(Card("JS")), CARD_BITS))
    Card('JS')
    """
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef)
    return Card(value.as_long())
