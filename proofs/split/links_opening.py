"""``split.link.opening``: Split's openings held to the engine (:mod:`proofs.link`).

The opening cards of a sample of hands with its
  boundaries (no standard card, one, two, every wild card with one standard
  card, the whole deck); seeded deals through the Game API, every dealer of
  every table of either game, with dealers' hands holding from no standard
  card to all of them: the deal (each hand's size, the cards dealt), the
  piles opened, who plays first, the cards the dealer may put under the draw
  pile and the hand after each; and a reset by every seat of every table in
  either direction: who plays next, in which direction.

What an opener short of standard cards may put under the draw pile: any
card of the hand [split.ruling.put-under-card], a wild card once a whole
round of the draw pile has gone under [split.ruling.put-under-round], and a
wild card always under the variant put-under-wild; each dealer short of
standard cards is asked before and at a whole round, under both readings.

>>> from cardlaw.proofs.core import check
>>> report = check(opening_link())
>>> report.status, report.cases > 2000, [m.caught for m in report.mutants]
('proved', True, [True, True, True, True])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

import z3

from cardlaw.engine.record import build_record
from cardlaw.engine.split import piles
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import MASKS, SEED, EngineTable, cached, draw_mask, engine_table
from cardlaw.proofs.split.witnesses import cards_text, legal_command, position
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import Action, Bury, ChooseDealer, Reset, Shuffle
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS, COMPETITIVE_PLAYERS, COOPERATIVE_PLAYERS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState, Stage, initial_state

__all__ = ["DEALS", "OPENING_SAMPLE", "opening_link"]

OPENING_SAMPLE: Final = 600
"""Seeded random hands of the opening-cards table (besides the boundary hands)."""

DEALS: Final = 4
"""Seeded deals per dealer of every table, besides the deals short of standard cards."""

_WILDS: Final = [c for c in range(101) if WILD_MASK >> c & 1]
_STANDARDS: Final = [c for c in range(101) if STANDARD_MASK >> c & 1]
_AIDS: Final = sum(1 << aid for aid in AID_CARDS)


def _opening_hands(rng: random.Random) -> list[int]:
    hands = {0, DECK_MASK, WILD_MASK, STANDARD_MASK}
    hands.update(1 << c for c in range(101))
    hands.update(WILD_MASK | 1 << c for c in _STANDARDS)
    for _ in range(OPENING_SAMPLE):
        standard = rng.sample(_STANDARDS, rng.choice((0, 1, 2, 2, 3, 5, 9)))
        wild = rng.sample(_WILDS, rng.randint(0, 6))
        hands.add(sum(1 << c for c in (*standard, *wild)))
    return sorted(hands)


class _Deal:
    """A seeded deal: the configuration, the dealer and the shuffled order."""

    def __init__(self, config: SplitConfig, dealer: int, order: tuple[int, ...]) -> None:
        self.config, self.dealer, self.order = config, dealer, order

    def actions(self) -> list[Action]:
        """The record's actions: the dealer chosen, the deck shuffled."""
        return [ChooseDealer(self.dealer), Shuffle(self.order)]

    def play(self) -> SplitState:
        """The state after the deal and the dealer's opening, by the Game API."""
        state = SPLIT.apply(SPLIT.new_game(self.config), ChooseDealer(self.dealer))
        return SPLIT.apply(state, Shuffle(self.order))


def _deal(config: SplitConfig, dealer: int, standard: int, rng: random.Random) -> _Deal:
    """A deal in which the dealer holds ``standard`` standard cards (the rest wild), or any."""
    deck = [c for c in range(101) if not (config.cooperative and _AIDS >> c & 1)]
    rules, n = config.rules, config.players
    size = rules.dealer_hand
    positions = [j for j in range(rules.cards_dealt * n) if (dealer + 1 + j) % n == dealer]
    positions += range(rules.cards_dealt * n, rules.cards_dealt * n + rules.dealer_extra)
    if standard < 0:
        shuffled = list(deck)
        rng.shuffle(shuffled)
        return _Deal(config, dealer, tuple(shuffled))
    wilds = [c for c in _WILDS if c in deck]
    chosen = rng.sample(_STANDARDS, standard) + rng.sample(wilds, size - standard)
    rest = [c for c in deck if c not in chosen]
    rng.shuffle(rest)
    rng.shuffle(chosen)
    order: list[int] = []
    mine = iter(chosen)
    others = iter(rest)
    for j in range(len(deck)):
        order.append(next(mine) if j in positions else next(others))
    return _Deal(config, dealer, tuple(order))


def _deals(rules: SplitRules) -> list[_Deal]:
    """Seeded deals for every dealer of every table, and deals short of standard cards."""
    rng = random.Random(SEED)
    deals = []
    for mode, counts in (
        ("competitive", COMPETITIVE_PLAYERS),
        ("cooperative", COOPERATIVE_PLAYERS),
    ):
        wilds = len(_WILDS) - (len(AID_CARDS) if mode == "cooperative" else 0)
        for n in counts:
            config = SplitConfig(mode=mode, players=n, rules=rules)  # type: ignore[arg-type]  # mode: a Mode
            for dealer in range(n):
                for _ in range(DEALS):
                    deals.append(_deal(config, dealer, -1, rng))
                for standard in (0, 1):
                    if rules.dealer_hand - standard <= wilds:
                        deals.append(_deal(config, dealer, standard, rng))
    return deals


def _opened(after: SplitState) -> tuple[int, int, int, int, int]:
    """The engine's opening: (opened, left, right, next player, clockwise)."""
    if after.stage == Stage.PLAY:
        return 1, 1 << after.left, 1 << after.right, after.actor, int(after.direction == 1)
    return 0, 0, 0, after.actor, int(after.direction == 1)


def _opening_cases(
    rules: SplitRules,
) -> tuple[dict[str, EngineTable], list[_Deal], list[SplitState]]:
    rng = random.Random(SEED)
    hands = _opening_hands(rng)
    found = [piles.opening_cards(h) for h in hands]
    cards = engine_table(
        [(h,) for h in hands],
        [(1, 1 << f[0], 1 << f[1]) if f else (0, 0, 0) for f in found],
        3,
    )
    deals = _deals(rules)
    opening_rows, opening_values, dealt_rows, dealt_values, deck_rows, deck_values = (
        [] for _ in range(6)
    )
    bury_rows, bury_values, under_rows, under_values = [], [], [], []
    taken_rows: list[tuple[int, ...]] = []
    order_rows: list[tuple[int, ...]] = []
    order_values: list[tuple[int, ...]] = []
    taken_values: list[tuple[int, ...]] = []
    for number, deal in enumerate(deals):
        after = deal.play()
        d, n = deal.dealer, deal.config.players
        opening_rows.append((after.hands[d] | after.table, d, n, 1, number))
        opening_values.append(_opened(after))
        held = [after.hands[s] | (after.table if s == d else 0) for s in range(n)]
        dealt_rows += [(int(s == d), number) for s in range(n)]
        dealt_values += [(h.bit_count(),) for h in held]
        place = {c: i for i, c in enumerate(after.draw)}
        for j, c in enumerate(deal.order):
            holder = next((s for s in range(n) if held[s] >> c & 1), E.NO_SEAT)
            order_rows.append((j, d, n, number))
            order_values.append((holder, place.get(c, 0)))
        deck_rows.append((int(deal.config.cooperative), number))
        deck_values.append((DECK_MASK & ~(sum(held) | after.discard | draw_mask(after)),))
        if after.stage != Stage.BURY:
            continue
        legal = SPLIT.legal_actions(after)
        pile = len(after.draw)
        for buried in sorted({0, max(pile - 1, 0), pile}):  # before and at a whole round
            for wild_only in (False, True):  # the printed rule and the variant put-under-wild
                config = replace(after.config, put_under_wild=wild_only)
                state = after._replace(buried=buried, config=config)
                listed = SPLIT.legal_actions(state)
                bury_rows.append((after.hands[d], buried, pile, int(wild_only), number))
                bury_values.append((sum(1 << a.card for a in listed if isinstance(a, Bury)),))
        for c in range(101):  # every card, held or not
            taken_rows.append((after.hands[d], 1 << c, 0, pile, number))
            taken_values.append((_takes(after, Bury(c)),))
        for action in legal:
            if isinstance(action, Bury):
                later = SPLIT.apply(after, action)
                under_rows.append((after.hands[d], 1 << action.card, 1 << after.draw[0], number))
                under_values.append((later.hands[d] | later.table,))
    resets = _reset_states(rules)
    reset_rows, reset_values = [], []
    for number, state in enumerate(resets):
        after = _settled(SPLIT.apply(state, Reset()), random.Random(number))
        reset_rows.append((state.actor, state.players, int(state.direction == 1), number))
        reset_values.append((after.actor, int(after.direction == 1)))
    tables = {
        "cards": cards,
        "deal-opening": engine_table(opening_rows, opening_values, 5),
        "dealt": engine_table(dealt_rows, dealt_values, 1),
        "deck": engine_table(deck_rows, deck_values, 1),
        "order": engine_table(order_rows, order_values, 2),
        "buriable": engine_table(bury_rows, bury_values, 1),
        "taken": engine_table(taken_rows, taken_values, 1),
        "under": engine_table(under_rows, under_values, 1),
        "reset": engine_table(reset_rows, reset_values, 2),
    }
    return tables, deals, resets


def _takes(state: SplitState, action: Action) -> int:
    """Whether the Game API's ``apply`` takes the action (1), or refuses it as illegal (0)."""
    try:
        SPLIT.apply(state, action)
    except IllegalAction:
        return 0
    return 1


def _settled(state: SplitState, rng: random.Random) -> SplitState:
    """The state once the reshuffles chance makes are done."""
    while state.stage == Stage.RESHUFFLE:
        space = SPLIT.chance_outcomes(state)
        assert space is not None
        state = SPLIT.apply(state, space.outcome(rng.randrange(space.size)))
    return state


def _reset_states(rules: SplitRules) -> list[SplitState]:
    """A reset by every seat of every table, in either direction, holding 12 and 88."""
    states = []
    for n in COMPETITIVE_PLAYERS:
        for seat in range(n):
            for direction in (1, -1) if n > 2 else (1,):
                hands = tuple((1 << 12 | 1 << 88) if s == seat else 1 << (70 + s) for s in range(n))
                used = sum(hands) | 1 << 30 | 1 << 60
                config = SplitConfig(players=n, rules=rules)
                states.append(
                    initial_state(config)._replace(
                        stage=Stage.PLAY,
                        dealer=0,
                        actor=seat,
                        opener=0,
                        direction=direction,
                        hands=hands,
                        draw=tuple(c for c in range(101) if not used >> c & 1),
                        table=1 << 30 | 1 << 60,
                        left=30,
                        right=60,
                    )
                )
    return states


def _opening_tables(
    cases: Mapping[str, EngineTable],
    deals: Sequence[_Deal],
    resets: Sequence[SplitState],
    p: Params,
) -> list[Table]:
    hand, under, top = (z3.BitVec(n, E.WIDTH) for n in ("hand", "under", "top"))
    opener, players = z3.BitVec("opener", E.SEAT_BITS), z3.BitVec("players", E.SEAT_BITS)
    clockwise, where = z3.Bool("clockwise"), z3.Int("deal")
    buried, pile = z3.BitVec("buried", E.COUNT_BITS), z3.BitVec("pile", E.COUNT_BITS)
    wild_only = z3.Bool("put_under_wild")
    index = z3.BitVec("index", 8)
    dealer, cooperative = z3.Bool("dealer"), z3.Bool("cooperative")
    ok, low, high = E.opening_cards(hand, p)
    turned, nxt = E.after_opening(opener, clockwise, players, p)
    nothing = E.mask(0)

    def record(number: int, *more: Action) -> Mapping[str, object]:
        deal = deals[number]
        return build_record(SPLIT, deal.config, [*deal.actions(), *more])

    def show_hand(case: tuple[int, ...]) -> Witness:
        return Witness(f"the opener's hand {cards_text(case[0])}")

    def show_deal(case: tuple[int, ...]) -> Witness:
        deal = deals[case[-1]]
        n, mode = deal.config.players, deal.config.mode
        return Witness(
            f"the deal of seeded {mode} game {case[-1]} ({n} players, seat {deal.dealer} deals)",
            record=record(case[-1]),
        )

    def show_under(case: tuple[int, ...]) -> Witness:
        c = case[1].bit_length() - 1
        return Witness(
            f"the dealer of seeded game {case[-1]} holds {cards_text(case[0])} and puts {c} under "
            f"the draw pile, whose top card is {case[2].bit_length() - 1}",
            record=record(case[-1], Bury(c)),
        )

    def show_order(case: tuple[int, ...]) -> Witness:
        deal = deals[case[-1]]
        return Witness(
            f"card {case[0] + 1} of the shuffle ({deal.order[case[0]]}) in seeded game {case[-1]} "
            f"({deal.config.players} players, seat {deal.dealer} deals)",
            record=record(case[-1]),
        )

    def show_taken(case: tuple[int, ...]) -> Witness:
        c = case[1].bit_length() - 1
        return Witness(
            f"the dealer of seeded game {case[-1]} holds {cards_text(case[0])} and puts {c} under "
            "the draw pile",
            record=record(case[-1], Bury(c)) if case[0] >> c & 1 else record(case[-1]),
        )

    def show_reset(case: tuple[int, ...]) -> Witness:
        state = resets[case[-1]]
        spot = position(
            state.players,
            state.actor,
            int(state.direction == 1),
            state.hands,
            (state.left, state.right),
        )
        command = legal_command(spot, "reset")
        return Witness(
            f"seat {case[0]} of {case[1]} resets, play going "
            f"{'clockwise' if case[2] else 'counterclockwise'} (`{command}`)",
            data={"command": command, "position": spot},
        )

    opening = ("opened", "the lowest card", "the highest card")
    labels = {
        **MASKS,
        "opened": lambda v: "yes" if v else "no",
        "the direction": MASKS["the direction"],
    }
    return [
        Table(
            "proofs.split.encoding.opening_cards",
            (hand,),
            (ok, z3.If(ok, low, nothing), z3.If(ok, high, nothing)),
            opening,
            *cases["cards"],
            show_hand,
            labels=labels,
        ),
        Table(
            "proofs.split.encoding.opening_cards + after_opening",
            (hand, opener, players, clockwise, where),
            (
                ok,
                z3.If(ok, low, nothing),
                z3.If(ok, high, nothing),
                z3.If(ok, nxt, opener),
                z3.If(ok, turned, clockwise),
            ),
            (*opening, "the next seat", "the direction"),
            *cases["deal-opening"],
            show_deal,
            labels=labels,
        ),
        Table(
            "proofs.split.encoding.dealt",
            (dealer, where),
            (E.dealt(dealer, p),),
            ("the cards the seat is dealt",),
            *cases["dealt"],
            show_deal,
        ),
        Table(
            "proofs.split.encoding.deal_place",
            (index, opener, players, where),
            E.deal_place(index, opener, players, p),
            ("the seat dealt the card", "its place in the draw pile"),
            *cases["order"],
            show_order,
            labels={"the seat dealt the card": lambda v: "the draw pile" if v == 7 else str(v)},
        ),
        Table(
            "proofs.split.encoding.deck",
            (cooperative, where),
            (E.mask(DECK_MASK) & ~E.deck(cooperative, p),),
            ("the cards left out of the deal",),
            *cases["deck"],
            show_deal,
            labels={"the cards left out of the deal": cards_text},
        ),
        Table(
            "proofs.split.encoding.buriable",
            (hand, buried, pile, wild_only, where),
            (
                z3.If(
                    wild_only,
                    E.buriable(hand, buried, pile, {**p, "put_under_wild": True}),
                    E.buriable(hand, buried, pile, p),
                ),
            ),
            ("the cards that may go under",),
            *cases["buriable"],
            show_deal,
            labels={"the cards that may go under": cards_text},
        ),
        Table(
            "proofs.split.encoding.buriable",
            (hand, under, buried, pile, where),
            (under & E.buriable(hand, buried, pile, p) != 0,),
            ("the card put under",),
            *cases["taken"],
            show_taken,
            labels={"the card put under": lambda v: "legal" if v else "refused"},
        ),
        Table(
            "proofs.split.encoding.put_under",
            (hand, under, top, where),
            (E.put_under(hand, under, top),),
            ("the hand after",),
            *cases["under"],
            show_under,
            labels={"the hand after": cards_text},
        ),
        Table(
            "proofs.split.encoding.after_opening",
            (opener, players, clockwise, where),
            tuple(reversed(E.after_opening(opener, clockwise, players, p))),
            ("the next seat", "the direction"),
            *cases["reset"],
            show_reset,
            labels=labels,
        ),
    ]


def opening_link(rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.link.opening``: the openings, the deal and the cards put under are the engine's."""
    cases = cached(lambda: _opening_cases(rules))
    return link(
        "split.link.opening",
        f"For {OPENING_SAMPLE} seeded hands and the boundary hands (no standard card, one, every "
        "wild card with one standard card, the whole deck) the encoding's opening cards are the "
        f"engine's; for {DEALS} seeded deals per dealer of every table of either game, and deals "
        "leaving the dealer short of standard cards, through the Game API, each hand's size "
        "and the cards dealt (each card to the seat, or the place in the draw pile, the deal "
        "order gives it), the piles opened, who plays first and in which direction, the "
        "cards the dealer may put under the draw pile (those the Game API lists, and those its "
        "apply takes, tried with every card) and the hand after each are the encoding's; "
        "and after a reset by every seat of every table in either direction, so are the next "
        "player and the direction.",
        (
            "split.open.piles",
            "split.ruling.pile-sides",
            "split.open.first-player",
            "split.open.put-under",
            "split.ruling.put-under-card",
            "split.reset.reopen",
            "split.reset.fresh-start",
            "split.ruling.after-reset",
            "split.deal.seven",
            "split.deal.dealer-extra",
            "split.deal.draw-pile",
            "split.coop.aids-aside",
        ),
        lambda p: _opening_tables(*cases(), p),
        E.spec_params(rules),
        Mutant(
            "split.mutant.link.open-with-any-card",
            "the encoding opens with the lowest and highest cards, wild or not",
            {"open_standard": False},
        ),
        Mutant(
            "split.mutant.link.reset-keeps-direction",
            "the encoding's play keeps its direction after a reset",
            {"reopen_clockwise": False},
        ),
        Mutant(
            "split.mutant.link.no-round-limit",
            "the encoding lets any card go under after a whole round of the draw pile",
            {"full_round_wild": False},
        ),
        Mutant(
            "split.mutant.link.aids-dealt",
            "the encoding's cooperative deck keeps the 0 and the 100",
            {"cooperative_deck_without_aids": False},
        ),
        engine=(
            "engine.split.piles.opening_cards",
            "engine.split.opening.continue_opening",
            "engine.split.opening.legal_buries",
            "engine.split.opening.apply_bury",
            "engine.split.opening.apply_reset",
            "engine.split.deal.apply_shuffle",
        ),
    )
