"""Euchre's chance events: the first dealer, and the shuffle and deal of every hand.

>>> from cardlaw.spec.euchre import EuchreConfig, initial_state
>>> state = initial_state(EuchreConfig())
>>> FIRST_DEALERS.size, FIRST_DEALERS.probability(FIRST_DEALERS.outcome(2))
(4, Fraction(1, 4))
>>> state = apply_first_dealer(state, FIRST_DEALERS.outcome(2))
>>> state.dealer, state.stage.name
(2, 'DEAL')
>>> state = apply_shuffle(state, SHUFFLES.outcome(0))
>>> [len(CardSet(h)) for h in state.hands], state.actor, Card(state.upcard)
([5, 5, 5, 5], 3, Card('AC'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial
from typing import Final

from cardlaw.engine.chance import UniformChoice, outcome_index
from cardlaw.engine.euchre import fields as F
from cardlaw.spec.cards import ALL_CARDS, CARD_BITS, Card, CardSet, bits
from cardlaw.spec.errors import IllegalAction, MalformedInput
from cardlaw.spec.euchre.actions import DEALERS, ChooseDealer, Shuffle
from cardlaw.spec.euchre.constants import DECK_SIZE, EUCHRE_DECK, PLAYERS
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage
from cardlaw.spec.trace import enforces

__all__ = [
    "DEAL_SEATS",
    "EUCHRE_CARDS",
    "FIRST_DEALERS",
    "SHUFFLES",
    "ShuffleSpace",
    "apply_first_dealer",
    "apply_shuffle",
    "deal_order",
    "deal_positions",
    "deal_seats",
]

EUCHRE_CARDS: Final[tuple[Card, ...]] = tuple(ALL_CARDS[i] for i in bits(EUCHRE_DECK))
"""The 24 cards of the deck, lowest index first (9♣ 9♦ 9♥ 9♠ 10♣ ... A♠)."""


@cache
def _packet_offsets(first_packet: int, second_packet: int) -> tuple[int, ...]:
    """For each dealt card from the top, how many seats past the dealer's left it goes."""
    offsets: list[int] = []
    for packet in (first_packet, second_packet):
        for seat in range(PLAYERS):
            offsets += [seat] * packet
    return tuple(offsets)


@cache
def deal_seats(rules: EuchreRules) -> tuple[tuple[int, ...], ...]:
    """``deal_seats(rules)[dealer][j]``: the seat that receives the ``j``-th card from the top.

    A packet of the larger half of the hand to each player clockwise from the
    dealer's left, then one of the smaller half [euchre.ruling.deal-packets,
    euchre.ruling.hand-size].

    >>> deal_seats(EuchreRules(cards_each=3))[3]
    (0, 0, 1, 1, 2, 2, 3, 3, 0, 1, 2, 3)
    """
    offsets = _packet_offsets(rules.first_packet, rules.second_packet)
    return tuple(
        tuple((dealer + 1 + offset) % PLAYERS for offset in offsets) for dealer in range(PLAYERS)
    )


@cache
def deal_positions(rules: EuchreRules) -> tuple[tuple[int, ...], ...]:
    """The positions from the top of the deck dealt to each seat, from the dealer's left.

    >>> deal_positions(PRINTED_RULES)[1], deal_positions(EuchreRules(cards_each=2))[1]
    ((3, 4, 5, 14, 15), (1, 5))
    """
    offsets = _packet_offsets(rules.first_packet, rules.second_packet)
    return tuple(tuple(j for j, o in enumerate(offsets) if o == k) for k in range(PLAYERS))


DEAL_SEATS: Final[tuple[tuple[int, ...], ...]] = deal_seats(PRINTED_RULES)
"""``DEAL_SEATS[dealer][j]``: the seat that receives the ``j``-th card from the top, under
the printed rules: three to each player, then two to each [euchre.ruling.deal-packets]."""

assert deal_positions(PRINTED_RULES) == (
    (0, 1, 2, 12, 13),
    (3, 4, 5, 14, 15),
    (6, 7, 8, 16, 17),
    (9, 10, 11, 18, 19),
), "apply_shuffle deals these positions of the shuffled deck to each seat"

_DEALT: Final = PRINTED_RULES.cards_each * PLAYERS
_ROTATE: Final = (
    lambda a, b, c, d: (d, a, b, c),
    lambda a, b, c, d: (c, d, a, b),
    lambda a, b, c, d: (b, c, d, a),
    lambda a, b, c, d: (a, b, c, d),
)
"""``_ROTATE[dealer](first, ...)``: the hands by seat, from the hands in dealing order
(the first goes to the dealer's left)."""
_SIZE: Final = factorial(DECK_SIZE)
_BASES: Final = tuple(range(DECK_SIZE, 0, -1))
_LOW_BASES: Final = _BASES[:7]
_MID_BASES: Final = _BASES[7:13]
_HIGH_BASES: Final = _BASES[13:]
_LOW: Final = factorial(DECK_SIZE) // factorial(DECK_SIZE - 7)
_MID: Final = factorial(DECK_SIZE - 7) // factorial(DECK_SIZE - 13)
"""The mixed-radix digits of a shuffle's index in three groups (bases 24-18, 17-12, 11-1),
each group's value below 2**31: two divisions of the large index, then small ints only."""


@dataclass(frozen=True, slots=True)
class ShuffleSpace:
    """Every order of the 24 cards, each with probability 1/24! [euchre.deal.shuffle].

    Outcome ``index`` is decoded like a Fisher–Yates shuffle: the digits of
    ``index`` in the mixed radix 24, 23, ..., 1 (least significant first)
    pick, one after another, the next card from those not yet placed, in the
    order of :data:`EUCHRE_CARDS`.  Every index from 0 to 24! - 1 gives a
    different order, so the distribution is exactly uniform.

    >>> SHUFFLES.outcome(1).order[:3]
    (Card('9D'), Card('9C'), Card('9H'))
    >>> SHUFFLES.outcome(SHUFFLES.size - 1) in SHUFFLES
    True
    """

    items: tuple[Card, ...] = EUCHRE_CARDS

    @property
    def size(self) -> int:
        """``24!``."""
        return _SIZE

    def outcome(self, index: object) -> Shuffle:
        """The ``index``-th order, as a :class:`Shuffle` (anything else: ``outcome_index``).

        ``index`` is typed ``object`` because it is checked here: a compiled
        build would refuse a wrong type with a ``TypeError`` first.
        """
        high, low = divmod(outcome_index(index, _SIZE), _LOW)
        high, mid = divmod(high, _MID)
        pool = list(self.items)
        pop = pool.pop
        order: list[Card] = []
        append = order.append
        for base in _LOW_BASES:
            append(pop(low % base))
            low //= base
        for base in _MID_BASES:
            append(pop(mid % base))
            mid //= base
        for base in _HIGH_BASES:
            append(pop(high % base))
            high //= base
        return Shuffle(tuple(order))

    def probability(self, action: object) -> Fraction:
        """``1/24!`` for an order of the 24 cards, 0 otherwise."""
        return Fraction(1, _SIZE) if action in self else Fraction(0)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Shuffle) or len(action.order) != DECK_SIZE:
            return False
        mask = 0
        for card in action.order:
            if not isinstance(card, int):
                return False
            mask |= CARD_BITS[card] if 0 <= card < len(CARD_BITS) else 0
        return mask == EUCHRE_DECK


SHUFFLES: Final = ShuffleSpace()
"""The shuffle's outcome space [euchre.deal.shuffle]."""

FIRST_DEALERS: Final[UniformChoice[ChooseDealer]] = UniformChoice(DEALERS)
"""Each seat may be the first dealer, with probability 1/4 [euchre.ruling.first-dealer]."""


def _union(order: tuple[Card, ...], places: Iterable[int]) -> int:
    """The mask of the cards at ``places`` of ``order``."""
    mask = 0
    for j in places:
        mask |= CARD_BITS[order[j]]
    return mask


@enforces("euchre.setup.first-dealer", "euchre.ruling.first-dealer")
def apply_first_dealer(state: EuchreState, action: ChooseDealer) -> EuchreState:
    """Make ``action.seat`` the first dealer; the first shuffle comes next."""
    if action not in FIRST_DEALERS:
        raise IllegalAction(
            f"seat {action.seat} is not at the table", clause="euchre.setup.first-dealer"
        )
    return state._replace(stage=Stage.DEAL, dealer=action.seat)


@enforces(
    "euchre.deal.shuffle",
    "euchre.deal.five",
    "euchre.ruling.deal-packets",
    "euchre.ruling.hand-size",
    "euchre.deal.up-card",
    "euchre.deal.kitty-hidden",
    "euchre.hand.dealer-rotation",
    "euchre.bid.first-round",
)
def apply_shuffle(state: EuchreState, action: Shuffle) -> EuchreState:
    """Clear the table, pass the deal on, and deal the shuffled cards.

    The finished hand (and its dealer) stays on the table until this moment
    so a reader can look at it; the first shuffle keeps the first dealer,
    every later one passes the deal to the left [euchre.hand.dealer-rotation].
    The player on the new dealer's left bids first.
    """
    config, _, deal, dealer, *_, scores, results, _defender = state
    if deal:
        dealer = (dealer + 1) % PLAYERS
    o, b = action.order, CARD_BITS
    try:
        if config.rules.cards_each == 5:
            # Three cards each from the top, clockwise from the dealer's left, then two each.
            first = b[o[0]] | b[o[1]] | b[o[2]] | b[o[12]] | b[o[13]]
            second = b[o[3]] | b[o[4]] | b[o[5]] | b[o[14]] | b[o[15]]
            third = b[o[6]] | b[o[7]] | b[o[8]] | b[o[16]] | b[o[17]]
            fourth = b[o[9]] | b[o[10]] | b[o[11]] | b[o[18]] | b[o[19]]
            upcard = o[_DEALT]
            kitty = b[o[21]] | b[o[22]] | b[o[23]]
        else:
            first, second, third, fourth = (
                _union(o, places) for places in deal_positions(config.rules)
            )
            dealt = PLAYERS * config.rules.cards_each
            upcard = o[dealt]
            kitty = _union(o, range(dealt + 1, DECK_SIZE))
        everything = first | second | third | fourth | b[upcard] | kitty
    except (IndexError, TypeError):
        everything = 0
    # 24 cards whose union is the whole deck: each of them exactly once.
    if len(o) != DECK_SIZE or everything != EUCHRE_DECK:
        raise IllegalAction(
            "a shuffle must order the 24 cards from 9 to A, each once", clause="euchre.deal.shuffle"
        )
    return F.new_state(
        [
            config,
            Stage.ORDER_UP,
            deal + 1,
            dealer,
            (dealer + 1) % PLAYERS,  # the actor: the dealer's left bids first
            _ROTATE[dealer](first, second, third, fourth),
            kitty,
            upcard,
            -1,  # maker
            -1,  # trump
            False,  # alone
            -1,  # discard
            -1,  # leader
            (),  # trick
            (),  # tricks
            (0, 0),  # won
            scores,
            results,
            -1,  # defender
        ]
    )


def deal_order(
    dealer: int,
    hands: dict[int, str],
    upcard: str,
    kitty: str,
    rules: EuchreRules = PRINTED_RULES,
) -> Shuffle:
    """The shuffle that deals ``hands`` (seat -> five cards), ``upcard`` and ``kitty``.

    The inverse of the deal under ``rules`` (by default the printed ones, five
    cards each), for setting up a position from its cards.

    >>> order = deal_order(3, {0: "AH KC 10D KH AD", 1: "QH QC JS AS JH",
    ...                        2: "9D 9C JC JD KD", 3: "9S AC KS QS 9H"}, "10S", "10H 10C QD")
    >>> order in SHUFFLES, order.order[20]
    (True, Card('10S'))
    """
    remaining = {seat: list(CardSet(text).sorted()) for seat, text in hands.items()}
    if sorted(remaining) != list(range(PLAYERS)):
        raise MalformedInput("deal_order needs the hands of seats 0 to 3")
    order: list[Card] = []
    for seat in deal_seats(rules)[dealer]:
        if not remaining[seat]:
            raise MalformedInput(f"seat {seat} needs {rules.cards_each} cards")
        order.append(remaining[seat].pop(0))
    if any(remaining.values()):
        raise MalformedInput(f"every seat must hold exactly {rules.cards_each} cards")
    order += [Card(upcard), *CardSet(kitty).sorted()]
    shuffle = Shuffle(tuple(order))
    if shuffle not in SHUFFLES:
        raise MalformedInput("the hands, up-card and kitty must hold the 24 cards once each")
    return shuffle
