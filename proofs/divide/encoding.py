"""Divide's rule fragments as Z3 terms, built from the spec's constants.

Cards are 6-bit vectors (``rank * 4 + suit``, as in :mod:`spec.cards`), card
sets 52-bit masks, counts Z3 integers.  Every function mirrors one engine
function; ``tests/proofs/test_divide_conformance.py`` evaluates each on
concrete inputs drawn by Hypothesis and requires exact agreement with the
engine.  The rule parameters (:func:`spec_params`) come from ``spec/divide``;
mutants override some of them.

>>> import z3
>>> p = spec_params()
>>> hand = z3.BitVecVal(CardSet("KH 7S").mask, 52)
>>> led = z3.BitVecVal(int(Card("2H")), 6)
>>> seven = z3.BitVecVal(Card("7S").rank.index, 4)
>>> CardSet(z3.simplify(legal_plays(hand, led, seven, p)).as_long())
CardSet('KH')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, get_args

import z3

from cardlaw.proofs.card_terms import CARD_BITS, MASK_BITS, bit, rank, suit
from cardlaw.proofs.terms import Params, Play
from cardlaw.proofs.terms import popcount64 as popcount
from cardlaw.spec.cards import DECK52, RANK_MASKS, SUIT_MASKS, Card, CardSet, Suit
from cardlaw.spec.divide import constants as K
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DecidedBy

__all__ = [
    "CARD_BITS",
    "MASK_BITS",
    "Tokens",
    "any_play",
    "beats",
    "bit",
    "card_strength_key",
    "exchange_hands",
    "is_card",
    "led_mask",
    "legal_plays",
    "most_points_in_a_round",
    "popcount",
    "rank",
    "rank_mask",
    "round_points",
    "spec_params",
    "suit",
    "suit_mask",
    "take_token",
    "tiebreak_winners",
    "trick_tokens",
    "trick_values",
    "trick_winner",
]


def spec_params(
    players: int = 4, trump_suit: str = "printed", rules: DivideRules = PRINTED_RULES
) -> Params:
    """The rule parameters of the rules the engine runs: ``spec/divide``, under ``rules``.

    ``rules`` holds the numbers a designer may change (``cardlaw verify
    --set``); the printed rules by default.  Changing a constant in
    ``spec/divide/constants.py`` changes these, and so what ``cardlaw verify``
    proves.  ``"rules"`` itself rides along, so a witness replays under them.

    >>> spec_params(rules=DivideRules(bonus_tokens=4))["bonus_tokens"]
    4
    """
    return {
        "players": players,
        "trump_suit": trump_suit,
        "rules": rules,
        "suit_strength": tuple(K.SUIT_STRENGTH[Suit(s)] for s in range(4)),
        "rank_strength": tuple(K.RANK_STRENGTH),
        "suit_tokens": rules.suit_tokens,
        "bonus_tokens": rules.bonus_tokens,
        "suit_points": rules.suit_points,
        "bonus_points": rules.bonus_points,
        "tricks": rules.hand_size,
        "rounds": rules.rounds,
        "cards_dealt": rules.cards_dealt,
        "offering": K.OFFERING_SIZE,
        "secure": rules.secure_size,
        "offer": rules.offer_size,
        "keep": rules.keep_size,
        "hand_size": rules.hand_size,
        "nothing": 0,  # what a trick that finds the bonus supply empty scores
        # Structural choices of the rules, which mutants may flip:
        "all_trump_may_lead": True,  # divide.trick.lead-restriction's exception
        "trump_excuses_follow": False,  # divide.trick.follow-suit: holding trump never excuses
        "last_suit_token_scores": True,  # divide.score.suit-token: the stack's last token is one
        "tiebreak_eighth_trick": True,  # divide.tiebreak.eighth-trick
        "returned_cards_join_hand": True,  # divide.divide.final-hand
        "revealed_offering_leaves_play": True,  # divide.trump.offerings-aside
        "choose_from_matching_offer": True,  # divide.divide.choose
    }


def most_points_in_a_round(p: Params) -> int:
    """An upper bound on one round's points: every trick taking the dearer token.

    >>> most_points_in_a_round(spec_params())
    40
    """
    return int(p["tricks"] * max(p["suit_points"], p["bonus_points"]))


# --- cards and masks ---------------------------------------------------------


def is_card(c: z3.BitVecRef) -> z3.BoolRef:
    """``c`` names one of the 52 cards."""
    return z3.ULT(c, 52)


def suit_mask(s: z3.BitVecRef) -> z3.BitVecRef:
    """The mask of a (symbolic) suit's thirteen cards, from ``spec.cards.SUIT_MASKS``."""
    term = z3.BitVecVal(SUIT_MASKS[3], MASK_BITS)
    for value in (2, 1, 0):
        term = z3.If(s == value, z3.BitVecVal(SUIT_MASKS[value], MASK_BITS), term)
    return term


def rank_mask(r: z3.BitVecRef) -> z3.BitVecRef:
    """The mask of a (symbolic) rank's four cards, from ``spec.cards.RANK_MASKS``."""
    term = z3.BitVecVal(0, MASK_BITS)
    for value in range(13):
        term = z3.If(r == value, z3.BitVecVal(RANK_MASKS[value], MASK_BITS), term)
    return term


def _table(values: Sequence[int], index: z3.BitVecRef) -> z3.ArithRef:
    term: z3.ArithRef = z3.IntVal(values[-1])
    for i in range(len(values) - 2, -1, -1):
        term = z3.If(index == i, z3.IntVal(values[i]), term)
    return term


def suit_strength(c: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """How strong a card's suit is when equal ranks are compared (``SUIT_STRENGTH``)."""
    return _table(p["suit_strength"], suit(c))


def rank_strength(c: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """How strong a card's rank is (``RANK_STRENGTH``)."""
    return _table(p["rank_strength"], rank(c))


def card_strength_key(c: z3.BitVecRef, p: Params) -> z3.ArithRef:
    """Rank first, suit second, as one integer [divide.ruling.eighth-trick-comparison]."""
    return rank_strength(c, p) * 16 + suit_strength(c, p)


# --- tricks ------------------------------------------------------------------


def led_mask(led: z3.BitVecRef, trump_rank: z3.BitVecRef, p: Params) -> z3.BitVecRef:
    """Mirror of :func:`engine.divide.tricks.led_mask`: the cards that follow the led card."""
    if p["trump_suit"] == "own":
        trumps = rank_mask(trump_rank)
        return z3.If(rank(led) == trump_rank, trumps, suit_mask(suit(led)) & ~trumps)
    return suit_mask(suit(led))


def legal_plays(
    hand: z3.BitVecRef, led: z3.BitVecRef | None, trump_rank: z3.BitVecRef, p: Params
) -> z3.BitVecRef:
    """Mirror of :func:`engine.divide.tricks.legal_plays` (``led`` None when leading)."""
    if led is None:
        non_trump = hand & ~rank_mask(trump_rank)
        if p["all_trump_may_lead"]:
            return z3.If(non_trump != 0, non_trump, hand)
        return non_trump
    follows = led_mask(led, trump_rank, p)
    if p["trump_excuses_follow"]:  # a mutant: a Trump Rank card always counts as following
        follows = follows | rank_mask(trump_rank)
    follow = hand & follows
    return z3.If(follow != 0, follow, hand)


def any_play(p: Params, trump_name: str = "trump") -> Play:
    """Any hand of 1 to ``p["hand_size"]`` cards, any Trump Rank, leading or following a card.

    >>> play = any_play(spec_params())
    >>> str(play.trump), len(play.premise)
    ('trump', 6)
    """
    hand = z3.BitVec("hand", MASK_BITS)
    trump = z3.BitVec(trump_name, 4)
    led = z3.BitVec("led", CARD_BITS)
    leading = z3.Bool("leading")
    size = popcount(hand)
    premise = [
        hand & ~z3.BitVecVal((1 << 52) - 1, MASK_BITS) == 0,
        z3.UGE(size, 1),
        z3.ULE(size, p["hand_size"]),
        z3.ULT(trump, 13),
        is_card(led),
        hand & bit(led) == 0,
    ]
    return Play(hand, trump, led, leading, size, premise, legal_plays)


def beats(
    a: z3.BitVecRef, b: z3.BitVecRef, led: z3.BitVecRef, trump_rank: z3.BitVecRef, p: Params
) -> z3.BoolRef:
    """Card ``a`` beats card ``b`` in a trick led by ``led``, as the rules word it.

    A Trump Rank card beats any other card; two Trump Rank cards compare by
    suit; otherwise only cards of the led suit can win, higher rank first.
    """
    ta, tb = rank(a) == trump_rank, rank(b) == trump_rank
    led_suit = suit(led)
    return z3.Or(
        z3.And(ta, z3.Not(tb)),
        z3.And(ta, tb, suit_strength(a, p) > suit_strength(b, p)),
        z3.And(
            z3.Not(ta),
            z3.Not(tb),
            suit(a) == led_suit,
            z3.Or(suit(b) != led_suit, rank_strength(a, p) > rank_strength(b, p)),
        ),
    )


def trick_winner(
    cards: Sequence[z3.BitVecRef], trump_rank: z3.BitVecRef, p: Params
) -> tuple[z3.ArithRef, z3.BitVecRef]:
    """Mirror of :func:`engine.divide.tricks.trick_winner`: (position, card) of the winner.

    The engine takes the strongest Trump Rank card by suit if there is one,
    else the highest card of the led suit; here the same, as a left-to-right
    fold that keeps the first of equals.
    """
    best_pos: z3.ArithRef = z3.IntVal(0)
    best = cards[0]
    for i in range(1, len(cards)):
        better = beats(cards[i], best, cards[0], trump_rank, p)
        best_pos = z3.If(better, z3.IntVal(i), best_pos)
        best = z3.If(better, cards[i], best)
    return best_pos, best


# --- tokens and points ---------------------------------------------------------


def take_token(
    stacks: Sequence[z3.ArithRef], bonus: z3.ArithRef, s: z3.BitVecRef, p: Params
) -> tuple[list[z3.ArithRef], z3.ArithRef, z3.BoolRef, z3.BoolRef]:
    """Mirror of :func:`engine.divide.scoring.take_token`.

    Returns the stacks and supply after the trick, whether it took a bonus
    token, and whether it found the suit's stack and the bonus supply empty
    (so took nothing, [divide.ruling.bonus-supply]).  The trick that takes a
    stack's last token takes a suit token [divide.score.suit-token].
    """
    stack = _pick(stacks, s)
    empty = stack <= (0 if p["last_suit_token_scores"] else 1)
    is_bonus = z3.And(empty, bonus > 0)
    new_stacks = [z3.If(z3.And(s == i, z3.Not(empty)), stacks[i] - 1, stacks[i]) for i in range(4)]
    return new_stacks, z3.If(is_bonus, bonus - 1, bonus), is_bonus, z3.And(empty, bonus <= 0)


def _pick(values: Sequence[z3.ArithRef], index: z3.BitVecRef) -> z3.ArithRef:
    term = values[-1]
    for i in range(len(values) - 2, -1, -1):
        term = z3.If(index == i, values[i], term)
    return term


class Tokens(NamedTuple):
    """The token step over a round's winning suits (:func:`trick_tokens`)."""

    bonus: list[z3.BoolRef]
    """Whether each trick took a bonus token."""
    stacks: list[list[z3.ArithRef]]
    """The suit stacks before and after every trick (index 0 = the start of the round)."""
    supply: list[z3.ArithRef]
    """The bonus supply before and after every trick."""
    empty: list[z3.BoolRef]
    """Whether each trick found its stack and the bonus supply empty, and took nothing."""


def trick_tokens(suits: Sequence[z3.BitVecRef], p: Params) -> Tokens:
    """The token step over a round's winning suits, in order."""
    stacks: list[z3.ArithRef] = [z3.IntVal(p["suit_tokens"])] * 4
    bonus: z3.ArithRef = z3.IntVal(p["bonus_tokens"])
    out = Tokens([], [stacks], [bonus], [])
    for s in suits:
        stacks, bonus, is_bonus, empty = take_token(stacks, bonus, s, p)
        out.bonus.append(is_bonus)
        out.stacks.append(stacks)
        out.supply.append(bonus)
        out.empty.append(empty)
    return out


def trick_values(suits: Sequence[z3.BitVecRef], p: Params) -> list[z3.ArithRef]:
    """The points each trick of a round scores for its winner (none for an empty supply)."""
    tokens = trick_tokens(suits, p)
    bonus, suit, nothing = (z3.IntVal(p[k]) for k in ("bonus_points", "suit_points", "nothing"))
    return [
        z3.If(b, bonus, z3.If(e, nothing, suit))
        for b, e in zip(tokens.bonus, tokens.empty, strict=True)
    ]


def round_points(
    winners: Sequence[z3.ArithRef], suits: Sequence[z3.BitVecRef], p: Params
) -> tuple[list[z3.ArithRef], list[z3.ArithRef]]:
    """Each seat's points and bonus tokens for a round, from each trick's winner and suit."""
    n = p["players"]
    bonus_tricks = trick_tokens(suits, p).bonus
    values = trick_values(suits, p)
    points: list[z3.ArithRef] = [z3.IntVal(0)] * n
    bonuses: list[z3.ArithRef] = [z3.IntVal(0)] * n
    for winner, value, is_bonus in zip(winners, values, bonus_tricks, strict=True):
        points = [z3.If(winner == seat, points[seat] + value, points[seat]) for seat in range(n)]
        bonuses = [
            z3.If(z3.And(winner == seat, is_bonus), bonuses[seat] + 1, bonuses[seat])
            for seat in range(n)
        ]
    return points, bonuses


# --- the end of the game ---------------------------------------------------------


def _max(values: Sequence[z3.ArithRef]) -> z3.ArithRef:
    best = values[0]
    for value in values[1:]:
        best = z3.If(value > best, value, best)
    return best


def _tiebreak(
    totals: Sequence[z3.ArithRef],
    final_bonus: Sequence[z3.ArithRef],
    eighth: Sequence[z3.BitVecRef],
    p: Params,
) -> tuple[list[z3.BoolRef], list[z3.BoolRef], list[z3.BoolRef] | None]:
    """The tiebreak's groups: who ties on total, who of them took the most bonus tokens.

    Then who of those played the strongest eighth card (``None`` when the
    rules have no such step).
    """
    n = len(totals)
    best = _max(totals)
    tied = [totals[i] == best for i in range(n)]
    most = _max([z3.If(tied[i], final_bonus[i], z3.IntVal(-1)) for i in range(n)])
    group = [z3.And(tied[i], final_bonus[i] == most) for i in range(n)]
    if not p["tiebreak_eighth_trick"]:
        return tied, group, None
    keys = [card_strength_key(eighth[i], p) for i in range(n)]
    top = _max([z3.If(group[i], keys[i], z3.IntVal(-1)) for i in range(n)])
    return tied, group, [z3.And(group[i], keys[i] == top) for i in range(n)]


def tiebreak_winners(
    totals: Sequence[z3.ArithRef],
    final_bonus: Sequence[z3.ArithRef],
    eighth: Sequence[z3.BitVecRef],
    p: Params,
) -> list[z3.BoolRef]:
    """Mirror of :func:`engine.divide.scoring.decide_winner`: whether each seat wins."""
    _, group, final = _tiebreak(totals, final_bonus, eighth, p)
    return group if final is None else final


def tiebreak_step(
    totals: Sequence[z3.ArithRef],
    final_bonus: Sequence[z3.ArithRef],
    eighth: Sequence[z3.BitVecRef],
    p: Params,
) -> z3.ArithRef:
    """Mirror of what decided the game in :func:`engine.divide.scoring.decide_winner`.

    The index in :data:`DECIDED_BY` of the first step that leaves one seat:
    the total (0), the last round's bonus tokens (1), the eighth trick's card
    (2); else the win is shared (3).
    """
    tied, group, final = _tiebreak(totals, final_bonus, eighth, p)

    def alone(flags: Sequence[z3.BoolRef]) -> z3.BoolRef:
        return z3.Sum([z3.If(f, 1, 0) for f in flags]) == 1

    last = z3.IntVal(3) if final is None else z3.If(alone(final), 2, 3)
    return z3.If(alone(tied), 0, z3.If(alone(group), 1, last))


DECIDED_BY: tuple[str, ...] = get_args(DecidedBy)
"""What may decide a game, in the order of the steps (the spec's words)."""


# --- the Great Divide --------------------------------------------------------------


def exchange_hands(
    secured: Sequence[z3.BitVecRef],
    offers_left: Sequence[z3.BitVecRef],
    offers_right: Sequence[z3.BitVecRef],
    kept_left: Sequence[z3.BitVecRef],
    kept_right: Sequence[z3.BitVecRef],
    p: Params,
) -> list[z3.BitVecRef]:
    """Mirror of the end of :func:`engine.divide.exchange.apply_keep`: each seat's round hand.

    A seat's hand is its secured cards, what it kept from both neighbours'
    offers, and the cards of its own offers that came back.
    """
    n = len(secured)
    hands = []
    for q in range(n):
        hand = secured[q] | kept_left[q] | kept_right[q]
        if p["returned_cards_join_hand"]:
            back = (offers_left[q] & ~kept_right[(q + 1) % n]) | (
                offers_right[q] & ~kept_left[(q - 1) % n]
            )
            hand = hand | back
        hands.append(hand)
    return hands


def concrete_mask(term: z3.BitVecRef) -> CardSet:
    """A concrete mask term (after substitution) as a :class:`CardSet`."""
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef)
    return CardSet(value.as_long() & DECK52)


def concrete_card(term: z3.BitVecRef) -> Card:
    """A concrete card term as a :class:`Card`."""
    value = z3.simplify(term)
    assert isinstance(value, z3.BitVecNumRef)
    return Card(value.as_long())
