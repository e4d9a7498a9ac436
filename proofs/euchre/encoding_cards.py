"""Euchre's cards as Z3 terms: suits, the bowers, following suit and winning a trick.

Cards are 6-bit vectors (``rank * 4 + suit``, as in :mod:`spec.cards`), card
sets 52-bit masks (a Euchre hand lies in bits 28 to 51), suits 2-bit
vectors.  The rule fragments mirror functions of :mod:`engine.euchre.tricks`
(named in their docstrings).  The names are re-exported by
:mod:`proofs.euchre.encoding`, which reads the rule parameters they take.

>>> hand = z3.BitVecVal(CardSet("JS 9S AH").mask, MASK_BITS)
>>> z3.simplify(popcount(hand)), concrete_card(z3.BitVecVal(int(Card("JS")), CARD_BITS))
(3, Card('JS'))
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from cardlaw.proofs.card_terms import CARD_BITS, MASK_BITS, bit, rank, suit
from cardlaw.proofs.terms import Params, Play
from cardlaw.proofs.terms import popcount64 as popcount
from cardlaw.spec.cards import SUIT_MASKS, Card, CardSet
from cardlaw.spec.euchre import constants as K

__all__ = [
    "any_play",
    "beats",
    "concrete_card",
    "concrete_mask",
    "effective_suit",
    "follow_mask",
    "is_card",
    "left_bower",
    "legal_plays",
    "pick",
    "plain_strength",
    "popcount",
    "right_bower",
    "same_colour",
    "suit_cards",
    "trick_winner",
    "trump_strength",
    "winning_value",
]


# --- cards and masks ---------------------------------------------------------------


def is_card(c: z3.BitVecRef, p: Params) -> z3.BoolRef:
    """``c`` is one of the 24 cards of the Euchre deck.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> cards = [z3.BitVecVal(int(Card(c)), CARD_BITS) for c in ("9S", "8S")]
    >>> [z3.simplify(is_card(c, spec_params())) for c in cards]
    [True, False]
    """
    return z3.And(z3.ULT(c, 52), bit(c) & z3.BitVecVal(p["deck"], MASK_BITS) != 0)


def pick(values: Sequence[z3.ExprRef | int], index: z3.ExprRef) -> z3.ExprRef:
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

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> z3.simplify(same_colour(z3.BitVecVal(3, 2), spec_params()))  # Spades: Clubs
    0
    """
    return pick([z3.BitVecVal(s, 2) for s in p["same_colour"]], trump)


def right_bower(trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The Jack of trump [euchre.cards.trump-order]; mirror of ``tricks.RIGHT_BOWER``.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> concrete_card(right_bower(z3.BitVecVal(2, 2), spec_params()))  # Hearts trump
    Card('JH')
    """
    return z3.Concat(z3.BitVecVal(p["jack"], CARD_BITS - 2), trump)


def left_bower(trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """The other Jack of trump's colour [euchre.cards.trump-order]: ``tricks.LEFT_BOWER``.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> concrete_card(left_bower(z3.BitVecVal(2, 2), spec_params()))  # Hearts trump
    Card('JD')
    """
    return z3.Concat(z3.BitVecVal(p["jack"], CARD_BITS - 2), same_colour(trump, p))


def effective_suit(c: z3.BitVecRef, trump: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.tricks.effective_suit`: the left bower is a trump.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
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

    >>> from cardlaw.proofs.euchre.encoding import spec_params
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

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> led = z3.BitVecVal(int(Card("JD")), CARD_BITS)  # the left bower leads trump
    >>> concrete_mask(follow_mask(led, z3.BitVecVal(2, 2), spec_params()))
    CardSet('AH KH QH JH 10H 9H JD')
    """
    return suit_cards(effective_suit(led, trump, p), trump, p)


def legal_plays(
    hand: z3.BitVecRef, led: z3.BitVecRef | None, trump: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """Mirror of :func:`engine.euchre.tricks.legal_plays` (``led`` None when leading).

    >>> from cardlaw.proofs.euchre.encoding import spec_params
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


def any_play(p: Params) -> Play:
    """Any hand of 1 to ``p["cards_each"]`` Euchre cards, any trump, leading or following.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> len(any_play(spec_params()).premise)
    5
    """
    hand = z3.BitVec("hand", MASK_BITS)
    trump = z3.BitVec("trump", 2)
    led = z3.BitVec("led", CARD_BITS)
    leading = z3.Bool("leading")
    size = popcount(hand)
    premise = [
        hand & ~z3.BitVecVal(K.EUCHRE_DECK, MASK_BITS) == 0,
        z3.UGE(size, 1),
        z3.ULE(size, p["cards_each"]),
        is_card(led, p),
        hand & bit(led) == 0,
    ]
    return Play(hand, trump, led, leading, size, premise, legal_plays)


# --- winning tricks ---------------------------------------------------------------


def _strength(levels: Sequence[Sequence[int | str]], kind: int | str) -> int:
    for i, level in enumerate(levels):
        if kind in level:
            return len(levels) - i
    return 0


def trump_strength(c: z3.BitVecRef, trump: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """A trump's place in the trump order (higher is stronger; 0 for no trump).

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> spades = z3.BitVecVal(3, 2)
    >>> [z3.simplify(trump_strength(z3.BitVecVal(int(Card(c)), CARD_BITS), spades, spec_params()))
    ...  for c in ("JS", "JC", "AS", "9S")]
    [7, 6, 5, 1]
    """
    levels = p["trump_order"]
    by_rank: z3.ArithRef = z3.IntVal(0)
    its_rank = rank(c)  # one term, compared with each rank
    for r in range(16):
        by_rank = z3.If(its_rank == r, z3.IntVal(_strength(levels, r)), by_rank)
    term = z3.If(c == right_bower(trump, p), z3.IntVal(_strength(levels, "right")), by_rank)
    if p["left_bower_is_trump"]:
        term = z3.If(c == left_bower(trump, p), z3.IntVal(_strength(levels, "left")), term)
    return term


def plain_strength(c: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """A card's place in the order of a plain suit, by rank (higher is stronger).

    >>> from cardlaw.proofs.euchre.encoding import spec_params
    >>> [z3.simplify(plain_strength(z3.BitVecVal(int(Card(c)), CARD_BITS), spec_params()))
    ...  for c in ("AH", "JH", "9H")]
    [6, 3, 1]
    """
    term: z3.ArithRef = z3.IntVal(0)
    its_rank = rank(c)  # one term, compared with each rank
    for r in range(16):
        term = z3.If(its_rank == r, z3.IntVal(_strength(p["plain_order"], r)), term)
    return term


def winning_value(
    c: z3.BitVecRef, trump: z3.BitVecRef, led_suit: z3.BitVecRef, p: Params
) -> z3.ArithRef:
    """Mirror of :func:`engine.euchre.tricks.winning_value`: higher wins, 0 never wins.

    The values differ from the engine's numbers, never their order: every
    trump above every card of the led suit, a card of another suit 0.

    >>> from cardlaw.proofs.euchre.encoding import spec_params
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

    >>> from cardlaw.proofs.euchre.encoding import spec_params
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

    >>> from cardlaw.proofs.euchre.encoding import spec_params
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
