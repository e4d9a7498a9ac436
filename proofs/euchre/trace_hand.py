"""The deal, the bidding, the exchange and the first lead of traced Euchre games, as tables.

:mod:`proofs.euchre.trace` adds these to every configuration's trace link:
each step of seeded whole games (:mod:`proofs.trace`) that deals, bids,
discards or starts the tricks is a case of the encodings' tables, read off
the states the Game API returned (:mod:`proofs.euchre.hands`):

* every deal: the positions of the shuffle the engine dealt to each seat,
  turned up and left undealt are ``deal_places``'s for the dealer, and the
  dealer is the seat after the last hand's (``next_dealer``);
* every bid: the bids the Game API lists are ``bid_options``'s, and where the
  bidding stands after the bid taken (the round, the seat to bid, trump made
  by whom and how, or the hand thrown in) is ``bid_step``'s;
* every discard: the cards the Game API lets the dealer lay down are
  ``discard_options``'s;
* every first lead: the hands are ``exchange``'s of the hands dealt (the
  up-card taken and the discard laid down, or neither), and the leader is
  ``first_leader``'s;
* every finished hand: the scores after it are ``hand_step``'s of the
  scores before it, its passes, the makers' tricks and who went alone.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> from cardlaw.proofs.euchre import encoding as E
>>> from cardlaw.proofs.link import compare
>>> from cardlaw.proofs.trace import play
>>> from cardlaw.spec.euchre.config import EuchreConfig
>>> traces = play(EUCHRE, EuchreConfig(), games=1, seed=5)
>>> result = compare(hand_tables(traces, E.spec_params()))
>>> result.counterexample is None, sorted(result.counts)[:3]  # doctest: +NORMALIZE_WHITESPACE
(True, ['proofs.euchre.encoding.bid_options', 'proofs.euchre.encoding.bid_step',
        'proofs.euchre.encoding.deal_places'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.api import AnyGame
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.hands import Hand, hands_of
from cardlaw.proofs.euchre.packing import Packing, byte, none
from cardlaw.proofs.link import Table, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import LOCATOR, Step, Trace, located
from cardlaw.spec.cards import CARD_BITS, Card, CardSet, Suit
from cardlaw.spec.euchre.actions import Action, Discard, Shuffle
from cardlaw.spec.euchre.constants import DECK_SIZE, PLAYERS
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = ["ENGINE", "hand_tables"]

ENGINE: Final = (
    "engine.euchre.deal.apply_shuffle",
    "engine.euchre.bidding.legal_bids",
    "engine.euchre.bidding.apply_bid",
    "engine.euchre.bidding.legal_discards",
    "engine.euchre.bidding.discard_mask",
    "engine.euchre.bidding.apply_discard",
    "engine.euchre.bidding.first_leader",
    "engine.euchre.bidding.legal_defence",
    "engine.euchre.bidding.apply_defence",
)
"""The engine functions these tables hold to the model (through the Game API)."""

Row = tuple[tuple[int, ...], tuple[int, ...]]


def _positions(cards: int, order: Sequence[Card]) -> int:
    return sum(1 << j for j, card in enumerate(order) if cards >> card & 1)


def _places(mask: int) -> str:
    return "positions " + (
        " ".join(str(j + 1) for j in range(DECK_SIZE) if mask >> j & 1) or "none"
    )


def _cards(mask: int) -> str:
    return str(CardSet(mask)) or "nothing"


_SEATS: Final = tuple(f"seat {s}" for s in range(PLAYERS))

DEALT: Final = Packing(
    "where the deal put the shuffled deck",
    (*((seat, DECK_SIZE) for seat in _SEATS), ("the up-card", DECK_SIZE),
     ("the undealt cards", DECK_SIZE)),
    {name: _places for name in (*_SEATS, "the up-card", "the undealt cards")},
)  # fmt: skip
BIDDING: Final = Packing(
    "the bidding after the bid",
    (("whether it is legal", 8), ("the round", 8), ("the seat to bid", 8),
     ("whether the hand is thrown in", 8), ("the maker", 8), ("trump", 8),
     ("whether the maker is alone", 8)),
    {"the round": lambda r: str(r + 1), "trump": lambda t: Suit(t).letter},
)  # fmt: skip
EXCHANGED: Final = Packing(
    "the hands at the first lead",
    (*((seat, E.MASK_BITS) for seat in _SEATS), ("the up-card face up", E.MASK_BITS)),
    {name: _cards for name in (*_SEATS, "the up-card face up")},
)
SCORED: Final = Packing(
    "the hand's outcome",
    (("whether it is thrown in", 8), ("team 0's score", 8), ("team 1's score", 8)),
)


def _listed(game: AnyGame, state: EuchreState) -> int:
    """The bids the Game API lists, as a mask over :data:`~proofs.euchre.encoding.BIDS`."""
    listed = game.legal_actions(state)
    return sum(1 << k for k, bid in enumerate(E.BIDS) if bid in listed)


def _int(term: z3.ExprRef) -> z3.ArithRef:
    return z3.BV2Int(term) if z3.is_bv(term) else z3.If(term, 1, 0)


def _where(case: tuple[int, ...]) -> tuple[int, int]:
    return case[-2], case[-1]


class _Rows:
    """The cases of every table, collected game by game."""

    def __init__(self) -> None:
        self.deals: list[Row] = []
        self.rotations: list[Row] = []
        self.bids: list[Row] = []
        self.options: list[Row] = []
        self.discards: list[Row] = []
        self.exchanges: list[Row] = []
        self.pickups: list[Row] = []
        self.leaders: list[Row] = []
        self.steps: list[Row] = []

    def add(self, number: int, trace: Trace[EuchreState, Action], hand: Hand) -> None:
        steps = trace.steps
        deal_step = steps[hand.deal_step]
        assert isinstance(deal_step.action, Shuffle)
        order = deal_step.action.order
        places = (*hand.dealt, CARD_BITS[hand.upcard], hand.kitty)
        dealt = DEALT.value([_positions(m, order) for m in places])
        self.deals.append(((hand.dealer, number, hand.deal_step), (dealt,)))
        if hand.previous_dealer >= 0:
            self.rotations.append(((hand.previous_dealer, number, hand.deal_step), (hand.dealer,)))
        up = hand.upcard & 3
        for index, _ in hand.bids:
            step = steps[index]
            state, after = step.state, step.after
            where = (int(state.stage != Stage.ORDER_UP), state.actor, hand.dealer, up)
            bid = E.BIDS.index(step.action)
            self.options.append(((*where, number, index), (_listed(trace.game, state),)))
            going = after.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP)
            made = after.maker >= 0
            outcome = BIDDING.value(
                [
                    1,
                    int(after.stage == Stage.NAME_TRUMP) if going else -1,
                    after.actor if going else -1,
                    int(not going and not made),
                    after.maker if made else -1,
                    after.trump if made else -1,
                    int(after.alone) if made else -1,
                ]
            )
            self.bids.append(((*where, bid, number, index), (outcome,)))
        for step in steps[hand.deal_step : (hand.lead_step or hand.deal_step) + 1]:
            if step.state.stage == Stage.DISCARD and isinstance(step.action, Discard):
                held = step.state.hands[step.state.dealer]
                listed = sum(
                    CARD_BITS[a.card]
                    for a in trace.game.legal_actions(step.state)
                    if isinstance(a, Discard)
                )
                self.discards.append(
                    ((held, CARD_BITS[hand.upcard], number, step.index), (listed,))
                )
        if hand.bid_end is not None and hand.maker >= 0:
            ordered = int(steps[hand.bid_end].state.stage == Stage.ORDER_UP)
            making = (ordered, hand.maker, int(hand.alone), hand.dealer, number, hand.bid_end)
            self.pickups.append((making, (int(hand.taken),)))
        if hand.lead_step is not None:
            taken = CARD_BITS[hand.discard] if hand.taken else 0
            case: tuple[int, ...] = (
                *hand.dealt, CARD_BITS[hand.upcard], hand.dealer, int(hand.taken), taken,
                number, hand.lead_step,
            )  # fmt: skip
            face_up = 0 if hand.taken else CARD_BITS[hand.upcard]
            self.exchanges.append((case, (EXCHANGED.value([*hand.at_lead, face_up]),)))
            leading = (hand.dealer, hand.maker, int(hand.alone), max(hand.defender, 0))
            self.leaders.append(
                ((*leading, int(hand.defender >= 0), number, hand.lead_step), (hand.leader,))
            )
        if hand.end_step is not None:
            case = (
                *hand.scores_before, hand.dealer, hand.passes, hand.makers_tricks,
                int(hand.alone), int(hand.defender >= 0), number, hand.end_step,
            )  # fmt: skip
            self.steps.append((case, (SCORED.value([hand.thrown, *hand.scores_after]),)))


def hand_tables(traces: Sequence[Trace[EuchreState, Action]], p: Params) -> list[Table]:
    """The tables of every deal, bid, discard, first lead and hand of ``traces``."""
    rows = _Rows()
    for number, trace in enumerate(traces):
        for hand in hands_of(trace):
            rows.add(number, trace, hand)
    return [
        *_deal_tables(traces, p, rows),
        *_bid_tables(traces, p, rows),
        *_lead_tables(traces, p, rows),
    ]


def _deal_tables(
    traces: Sequence[Trace[EuchreState, Action]], p: Params, rows: _Rows
) -> list[Table]:
    dealer = E.nat("dealer")
    hands, up, kitty = E.deal_places(dealer, p)

    def deal_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        return f"seat {case[0]} deals"

    def rotation_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        return f"the last hand was dealt by seat {case[0]}; seat {step.after.dealer} deals"

    return [
        pairs_table(
            "proofs.euchre.encoding.deal_places",
            [dealer, *LOCATOR],
            [DEALT.term([*hands, up, kitty])],
            (DEALT.name,),
            rows.deals,
            located(traces, deal_text),
            _where,
            {DEALT.name: DEALT.show},
        ),
        pairs_table(
            "proofs.euchre.encoding.next_dealer",
            [dealer, *LOCATOR],
            [_int(E.next_dealer(dealer, p))],
            ("the dealer",),
            rows.rotations,
            located(traces, rotation_text),
            _where,
        ),
    ]


def _bid_tables(
    traces: Sequence[Trace[EuchreState, Action]], p: Params, rows: _Rows
) -> list[Table]:
    round_, actor, dealer, bid = E.nat("round"), E.nat("actor"), E.nat("dealer"), E.nat("bid")
    up = z3.BitVec("up", 2)
    state = E.BidState(round_, actor, z3.BoolVal(False), z3.BoolVal(False), E.count(0),
                       z3.BitVecVal(0, 2), z3.BoolVal(False))  # fmt: skip
    legal, after = E.bid_step(state, bid, dealer, up, p)
    going, made = z3.Not(after.over), after.made
    outcome = BIDDING.term(
        [byte(legal), none(going, byte(after.round)), none(going, byte(after.actor)),
         byte(after.thrown), none(made, byte(after.maker)), none(made, byte(after.trump)),
         none(made, byte(after.alone))]
    )  # fmt: skip

    def bid_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        r, a, d, u = case[:4]
        return f"seat {d} deals, {Suit(u).symbol} up, round {r + 1}, seat {a} to bid"

    def bids(mask: int) -> str:
        return ", ".join(E.BIDS[k].text for k in range(E.BID_BITS) if mask >> k & 1) or "none"

    def discard_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        return f"the dealer holds {CardSet(case[0])}, having taken {CardSet(case[1])}"

    six, up_card = z3.BitVec("six", E.MASK_BITS), z3.BitVec("up_card", E.MASK_BITS)
    return [
        pairs_table(
            "proofs.euchre.encoding.bid_options",
            [round_, actor, dealer, up, *LOCATOR],
            [E.bid_options(round_, actor, dealer, up, p)],
            ("the bids listed",),
            rows.options,
            located(traces, bid_text),
            _where,
            {"the bids listed": bids},
        ),
        pairs_table(
            "proofs.euchre.encoding.bid_step",
            [round_, actor, dealer, up, bid, *LOCATOR],
            [outcome],
            (BIDDING.name,),
            rows.bids,
            located(traces, bid_text),
            _where,
            {BIDDING.name: BIDDING.show},
        ),
        pairs_table(
            "proofs.euchre.encoding.discard_options",
            [six, up_card, *LOCATOR],
            [E.discard_options(six, up_card, p)],
            ("the discards",),
            rows.discards,
            located(traces, discard_text),
            _where,
            {"the discards": _cards},
        ),
    ]


def _lead_tables(
    traces: Sequence[Trace[EuchreState, Action]], p: Params, rows: _Rows
) -> list[Table]:
    dealt = [z3.BitVec(f"dealt{s}", E.MASK_BITS) for s in range(PLAYERS)]
    up, discard = z3.BitVec("up", E.MASK_BITS), z3.BitVec("discard", E.MASK_BITS)
    dealer, maker, defender = E.nat("dealer"), E.nat("maker"), E.nat("defender")
    taken, alone, defends = z3.Bool("taken"), z3.Bool("alone"), z3.Bool("defends")
    after, face_up = E.exchange(dealt, up, dealer, taken, discard, p)
    leader = E.first_leader(dealer, maker, alone, defender, defends, p)

    def pickup_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        ordered, m, a, d = case
        how = "orders the up-card up" if ordered else "names trump"
        return f"seat {d} deals, seat {m} {how}{' alone' if a else ''}"

    def exchange_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        d, took, laid = case[5], case[6], case[7]
        how = f"takes {CardSet(case[4])} and lays down {CardSet(laid)}" if took else "takes nothing"
        return f"seat {d} deals and {how}"

    def lead_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        d, m, a, f, lone = case
        against = f", seat {f} defends alone" if lone else ""
        return f"seat {d} deals, seat {m} made trump{' alone' if a else ''}{against}"

    scores = (E.nat("score0"), E.nat("score1"))
    passes, tricks, defended = E.nat("passes"), E.nat("tricks"), z3.Bool("defended")
    step = E.hand_step(scores, dealer, passes, tricks, alone, p, defended)

    def hand_text(_: Trace[EuchreState, Action], __: object, case: tuple[int, ...]) -> str:
        a, b, d, n, t, lone, lone_defender = case
        return (
            f"at {a}-{b} seat {d} deals, {n} passes, the makers{' (alone)' if lone else ''} "
            f"take {t} tricks{' against a lone defender' if lone_defender else ''}"
        )

    ordered = z3.Bool("ordered")
    return [
        pairs_table(
            "proofs.euchre.encoding.takes_up_card",
            [ordered, maker, alone, dealer, *LOCATOR],
            [byte(E.takes_up_card(ordered, maker, alone, dealer, p))],
            ("whether the dealer takes the up-card",),
            rows.pickups,
            located(traces, pickup_text),
            _where,
        ),
        pairs_table(
            "proofs.euchre.encoding.exchange",
            [*dealt, up, dealer, taken, discard, *LOCATOR],
            [EXCHANGED.term([*after, face_up])],
            (EXCHANGED.name,),
            rows.exchanges,
            located(traces, exchange_text),
            _where,
            {EXCHANGED.name: EXCHANGED.show},
        ),
        pairs_table(
            "proofs.euchre.encoding.first_leader",
            [dealer, maker, alone, defender, defends, *LOCATOR],
            [_int(leader)],
            ("the first leader",),
            rows.leaders,
            located(traces, lead_text),
            _where,
        ),
        pairs_table(
            "proofs.euchre.encoding.hand_step",
            [*scores, dealer, passes, tricks, alone, defended, *LOCATOR],
            [SCORED.term([step.thrown_in, *step.scores])],
            (SCORED.name,),
            rows.steps,
            located(traces, hand_text),
            _where,
            {SCORED.name: SCORED.show},
        ),
    ]
