"""Divided Ranks conserves its cards through the draft and the reserve.

``divided-ranks.cards.conservation``, proved with Z3 over the encodings' moves
(:mod:`proofs.divided_ranks.encoding_turns`: ``deal``, ``drawn``,
``stock_after``, ``split_choices``, ``after_take``, ``after_swap``):

* the deal: for every shuffle of the pack (21 one-card masks, each card
  once), the reserve is one card and the reserve and the stock share out the
  pack; each round's splitter draws cards that are in the stock, and the stock
  after the round is the stock before less them; after the last round the
  stock is empty, and ``ROUNDS x PAIR_SIZE`` is ten [divided-ranks.draft.end];
* any round, from any two hands, stock and reserve that share out the pack,
  any draw of ``2 x PAIR_SIZE`` cards of the stock and any split of them:
  the hands, the stock, the two pairs and the reserve share out the pack; and
  after any choice by either player the hands, the stock and the reserve do,
  the chooser's hand gains exactly the pair it took and the splitter's the
  other (so each gains a pair a round and holds ten cards after the draft);
* any reserve turn, from any hands and reserve card that share out the pack,
  a keep or an exchange of any card of the hand: the hands and the reserve
  still share out the pack, the reserve is one card, and the hand changes by
  exactly the card given up and the card taken.

Every card is thus in exactly one place at every moment of a game.  Each
move is proved from any situation it can meet (an inductive step), not along
one symbolic game: the chained game is beyond the solver's budget (measured:
over 100 million resource units), the steps cost about three million.  The
numbers are the spec's (``PACK_SIZE``, ``RESERVE_SIZE``, ``HOLDING_SIZE`` and
the rules' ``ROUNDS`` and ``PAIR_SIZE``), never the parameters a mutant
changes.  What must be attained: an exchange of a card for a different
reserve card.  The witness is replayed through the engine as seeded whole
games of each configuration: at every step the engine's hands, stock, pairs
on offer and reserve share out the pack, and after ``i`` rounds each hand
holds ``i`` pairs.

>>> from cardlaw.proofs.core import check
>>> report = check(conservation())
>>> report.status, report.witness.replayed, [m.caught for m in report.mutants]
('proved', True, [True, True, True])
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks import encoding_turns as T
from cardlaw.proofs.divided_ranks.links_support import engine_cards
from cardlaw.proofs.divided_ranks.support import Params
from cardlaw.proofs.trace import play
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import HOLDING_SIZE, PACK_MASK, PACK_SIZE, RESERVE_SIZE
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules, count_word
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["conservation"]

SEED = 20261205

CONFIGS: tuple[dict[str, str], ...] = ({}, {"swap": "face-up"}, {"reserve_order": "coin"})
"""The configurations whose seeded games replay the witness."""


def _one_card(m: z3.BitVecRef) -> z3.BoolRef:
    return z3.And(m != 0, m & (m - 1) == 0)


def _size(m: z3.BitVecRef) -> z3.ArithRef:
    return z3.BV2Int(E.popcount(m))


def _problem(rules: DividedRanksRules) -> Callable[[Params], Problem]:
    rounds, pair = rules.rounds, rules.pair_size  # the spec's numbers, not a mutant's

    def build(p: Params) -> Problem:
        w = E.width(p)
        zero, pack = z3.BitVecVal(0, w), z3.BitVecVal((1 << PACK_SIZE) - 1, w)
        # The shuffle: 21 cards, each once.
        order = [z3.BitVec(f"card{j}", w) for j in range(PACK_SIZE)]
        premise: list[z3.BoolRef] = [_one_card(m) for m in order]
        premise += [order[i] & order[j] == 0 for i in range(PACK_SIZE) for j in range(i)]
        premise.append(_union(order) == pack)
        reserve, stock = T.deal(order, p)
        # The moves first: a mutant's check stops at the first part refuted.
        turn, exchanged = _reserve_turn(p, premise)
        parts = [*_round(p, pair, premise), *turn]
        parts += [
            z3.And(_shared(p, zero, zero, stock, reserve), _size(reserve) == RESERVE_SIZE),
            z3.BoolVal(rounds * pair == HOLDING_SIZE),
        ]
        for i in range(rounds):  # each round's splitter draws the next cards of the stock
            left = T.stock_after(order, z3.IntVal(i), p)
            drawn = T.drawn(order, z3.IntVal(i), p)
            after = T.stock_after(order, z3.IntVal(i + 1), p)
            parts.append(z3.And(drawn & ~left == 0, after == left & ~drawn))
        parts.append(T.stock_after(order, z3.IntVal(rounds), p) == 0)

        attained, seat, given, old = exchanged

        def decode(m: z3.ModelRef) -> Witness:
            shuffle = " ".join(str(engine_cards(_value(m, card))) for card in order)
            gave, took = engine_cards(_value(m, given)), engine_cards(_value(m, old))
            return Witness(
                f"the shuffle {shuffle} shares out the pack; at a reserve turn seat "
                f"{_value(m, seat)} gives up {gave.pretty} for the reserve {took.pretty}, and "
                "every card is still in exactly one place"
            )

        return Problem(premise=premise, claim=parts, attained=attained, decode=decode)

    return build


def _round(p: Params, pair: int, premise: list[z3.BoolRef]) -> list[z3.BoolRef]:
    """Any round of the draft, from any hands, stock and reserve that share out the pack.

    The splitter draws ``2 x PAIR_SIZE`` cards of the stock and lays them out
    as two pairs; the chooser takes one.  ``premise`` gets the situation.
    """
    w = E.width(p)
    a, b, stock, reserve, drawn, up = (
        z3.BitVec(name, w) for name in ("seat0", "seat1", "stock", "reserve", "drawn", "up")
    )
    by, took_up = z3.BitVec("splitter", 1), z3.Bool("took_up")
    premise += [
        _shared(p, a, b, stock, reserve),
        drawn & ~stock == 0,
        _size(drawn) == 2 * pair,
        up & ~drawn == 0,
        _size(up) == pair,
    ]
    down, after = drawn & ~up, stock & ~drawn
    chooser, splitter = z3.If(by == 0, b, a), z3.If(by == 0, a, b)
    mine, theirs = T.after_take(chooser, splitter, up, down, took_up, p)
    taken = z3.If(took_up, up, down)
    hands = (z3.If(by == 0, theirs, mine), z3.If(by == 0, mine, theirs))
    return [
        _shared(p, a, b, after, up, down, reserve),
        z3.And(
            _shared(p, *hands, after, reserve),
            mine == chooser | taken,  # the chooser gains the pair it took
            theirs == splitter | (up ^ down ^ taken),  # the splitter the other
        ),
    ]


def _reserve_turn(
    p: Params, premise: list[z3.BoolRef]
) -> tuple[list[z3.BoolRef], tuple[z3.BoolRef, z3.BitVecRef, z3.BitVecRef, z3.BitVecRef]]:
    """Any reserve turn, from any hands and reserve card that share out the pack.

    Also what must be attained, an exchange, with the seat, the card given and the reserve.
    """
    w = E.width(p)
    c, d, old = (z3.BitVec(name, w) for name in ("seat0_hand", "seat1_hand", "reserve_card"))
    seat, given, swapped = z3.BitVec("seat", 1), z3.BitVec("given", w), z3.Bool("swapped")
    hand = z3.If(seat == 0, c, d)
    premise += [_shared(p, c, d, old), _one_card(old), _one_card(given), given & ~hand == 0]
    kept, new = T.after_swap(hand, old, given, p)
    kept, new = z3.If(swapped, kept, hand), z3.If(swapped, new, old)
    hands = (z3.If(seat == 0, kept, c), z3.If(seat == 0, d, kept))
    zero = z3.BitVecVal(0, w)
    moved = z3.And(
        _shared(p, *hands, new),
        _one_card(new),
        kept ^ hand == z3.If(swapped, given | old, zero),  # one card out, the reserve in
    )
    return [moved], (z3.And(swapped, given != old), z3.ZeroExt(7, seat), given, old)


def _union(masks: list[z3.BitVecRef]) -> z3.BitVecRef:
    out = masks[0]
    for m in masks[1:]:
        out = out | m
    return out


def _shared(p: Params, *places: z3.BitVecRef) -> z3.BoolRef:
    """The places hold every card of the pack, each once."""
    apart, whole = T.partition(places, p)
    return z3.And(apart, whole)


def _value(m: z3.ModelRef, term: z3.ExprRef) -> int:
    found = m.eval(term, model_completion=True)
    assert isinstance(found, z3.BitVecNumRef)
    return int(found.as_long())


def _places(state: DividedRanksState) -> list[int]:
    stock = sum(1 << c for c in state.stock)
    reserve = 1 << state.reserve if state.reserve >= 0 else 0
    return [*state.hands, stock, *state.offer, reserve]


def _conserved(state: DividedRanksState, rules: DividedRanksRules) -> str:
    """What is wrong with where the engine's state keeps the cards, or ``""``."""
    places = _places(state)
    total = sum(m.bit_count() for m in places)
    union = 0
    for m in places:
        union |= m
    if state.stage <= Stage.DEAL:
        return "" if not union else "cards are out before the shuffle"
    if union != PACK_MASK or total != PACK_SIZE:
        return f"{total} cards in {union.bit_count()} places' worth of the pack"
    done = len(state.rounds)
    if any(h.bit_count() != min(done, rules.rounds) * rules.pair_size for h in state.hands):
        return f"after {done} rounds the hands hold {[h.bit_count() for h in state.hands]} cards"
    return ""


def _replay(rules: DividedRanksRules) -> Callable[[Witness], Witness]:
    """Seeded whole games of every configuration: every step keeps every card in one place."""

    def replay(witness: Witness) -> Witness:
        said, agrees, record = [], True, None
        for flags in CONFIGS:
            config = DividedRanksConfig(rules=rules, **flags)  # type: ignore[arg-type]  # flags: str options by name
            (trace,) = play(DIVIDED_RANKS, config, games=1, seed=SEED)
            states = [trace.steps[0].state, *(s.after for s in trace.steps)]
            wrong = [(i, why) for i, s in enumerate(states) if (why := _conserved(s, rules))]
            final = states[-1]
            over = DIVIDED_RANKS.to_move(final) is None and not trace.stopped
            agrees = agrees and over and not wrong
            name = ", ".join(f"{k}={v}" for k, v in flags.items()) or "printed rules"
            said.append(
                f"{name}: {len(states)} states, "
                + (f"step {wrong[0][0]}: {wrong[0][1]}" if wrong else "every card in one place")
                + ("" if over else ", not played to its end")
            )
            actions = [step.action for step in trace.steps]
            record = record or build_record(DIVIDED_RANKS, config, actions)
        return witness.replayed_as(
            f"; the engine's seeded games: {'; '.join(said)}", agrees, record
        )

    return replay


def conservation(
    rules: DividedRanksRules = PRINTED_RULES, reserve_order: str = "fewer-splits"
) -> Obligation:
    """``divided-ranks.cards.conservation``: every card stays in exactly one place."""
    pairs = count_word(rules.pair_size)
    return claim(
        "divided-ranks.cards.conservation",
        f"Every card is in exactly one place (a hand, the stock, a pair on offer or the reserve) "
        f"at every moment: for every shuffle of the {PACK_SIZE} cards the reserve is one card "
        "and the reserve and the stock share them out, each round draws from the stock and "
        "leaves it the less, and the last round empties it; every split, every choice (the "
        "chooser gains the pair it took, the splitter the other, so each gains "
        f"{pairs} cards a round and holds {count_word(HOLDING_SIZE)} after the draft) and "
        "every keep or exchange at a reserve turn (one card out of the hand, the reserve in) "
        "keeps the pack shared out, from any situation it can meet. The engine's seeded "
        "games of every configuration keep the cards the same way.",
        (
            "divided-ranks.cards.pack",
            "divided-ranks.setup.reserve",
            "divided-ranks.draft.split",
            "divided-ranks.draft.choose",
            "divided-ranks.draft.end",
            "divided-ranks.reserve.turns",
            "divided-ranks.reserve.blind",
        ),
        _problem(rules),
        E.spec_params(reserve_order, rules),
        Mutant(
            "divided-ranks.mutant.left-pair-lost",
            "the splitter does not get the pair the chooser leaves",
            {"left_pair_to_splitter": False},
        ),
        Mutant(
            "divided-ranks.mutant.given-card-kept",
            "the card given up at the reserve never becomes the reserve",
            {"given_to_reserve": False},
        ),
        Mutant(
            "divided-ranks.mutant.reserve-of-two",
            "a reserve of two cards, the stock one card short",
            {"reserve_size": 2},
        ),
        replay=_replay(rules),
        engine=(
            "engine.divided_ranks.deal.apply_shuffle",
            "engine.divided_ranks.draft.apply_split",
            "engine.divided_ranks.draft.apply_take",
            "engine.divided_ranks.reserve.apply_reserve",
        ),
    )
