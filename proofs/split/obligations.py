"""Split's proof obligations: what ``cardlaw verify split`` proves (and refutes).

Every obligation quantifies over all situations of its kind (every hand
against every pair of piles, every opener's hand, every transition of the
cards, every round of a game), reads the rules from ``spec/split`` through
:func:`~proofs.split.encoding.spec_params`, has a premise that must be
satisfiable, and has seeded mutants that must change its verdict.  The
claims state the rules as the rulebook words them, with the wild cards and
the numbers taken from the real rules, so a mutant (which changes the
encoding's parameters) cannot change what is claimed.  All are checked with
Z3 (``method="z3"``).

Two obligations are expected to fail: a competitive game need not end, even
when nobody ever resets by choice [split.ruling.turn-limit].  Their
witnesses are loops found over abstract rounds and realised as real games by
:mod:`proofs.split.scenarios`, replayed through the engine as records.

>>> from proofs.core import check
>>> report = check(next(o for o in OBLIGATIONS if o.id == "split.game.ends.competitive"))
>>> report.status, report.ok, report.witness.replayed, report.mutants[0].status
('refuted', True, True, 'proved')
>>> COOPERATIVE_LONGEST
37
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import z3

from engine.record import build_record, replay_record
from engine.split.game import SPLIT
from proofs.core import Mutant, Obligation, Problem, Witness
from proofs.split import encoding as E
from proofs.split.scenarios import (
    Loop,
    forced_loop,
    longest_cooperative,
    only_forced_resets,
    resetting_loop,
)
from spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK, NumberSet
from spec.split.config import SplitConfig
from spec.split.constants import (
    AID_CARDS,
    CARDS_DEALT,
    COMPETITIVE_PLAYERS,
    COOPERATIVE_PLAYERS,
    DEALER_EXTRA,
    DECK_SIZE,
    RESET_DRAW,
)

__all__ = ["COOPERATIVE_LONGEST", "OBLIGATIONS", "cooperative_turns"]

Params = Mapping[str, Any]

REAL: Final = E.spec_params()
"""The real rules: the claims' reference, which mutants never change."""

AID_MASK: Final = sum(1 << aid for aid in AID_CARDS)


def cooperative_turns(players: int, aids: int = len(AID_CARDS)) -> int:
    """The most turns a cooperative game lasts: the cards dealt but the opening two, and the aids.

    >>> cooperative_turns(3), cooperative_turns(5, aids=0)
    (23, 35)
    """
    return players * CARDS_DEALT + DEALER_EXTRA - 2 + aids


COOPERATIVE_LONGEST: Final = cooperative_turns(max(COOPERATIVE_PLAYERS))
"""The most turns any cooperative game lasts (five players, both aids): 37."""

# --- helpers -----------------------------------------------------------------------------------


def _value(model: z3.ModelRef, term: z3.ExprRef) -> int:
    value = model.eval(term, model_completion=True)
    assert isinstance(value, z3.BitVecNumRef | z3.IntNumRef), value
    return int(value.as_long())


def _true(model: z3.ModelRef, term: z3.ExprRef) -> bool:
    return bool(z3.is_true(model.eval(term, model_completion=True)))


def _cards(model: z3.ModelRef, term: z3.ExprRef) -> str:
    return NumberSet(_value(model, term) & DECK_MASK).pretty


def _card(model: z3.ModelRef, term: z3.ExprRef) -> int:
    return _value(model, term).bit_length() - 1


def _mask(name: str) -> z3.BitVecRef:
    return z3.BitVec(name, E.WIDTH)


def _disjoint(*masks: z3.BitVecRef) -> list[z3.BoolRef]:
    return [masks[i] & masks[j] == 0 for i in range(len(masks)) for j in range(i)]


def _union(*masks: z3.BitVecRef) -> z3.BitVecRef:
    out = masks[0]
    for m in masks[1:]:
        out = out | m
    return out


def _count(n: int) -> z3.BitVecRef:
    return z3.BitVecVal(n, E.COUNT_BITS)


STANDARD: Final = E.mask(STANDARD_MASK)
WILD: Final = E.mask(WILD_MASK)
AIDS: Final = E.mask(AID_MASK)


def _piles(prefix: str = "") -> tuple[z3.BitVecRef, z3.BitVecRef, list[z3.BoolRef]]:
    left, right = _mask(f"{prefix}left"), _mask(f"{prefix}right")
    return left, right, [E.is_card(left), E.is_card(right), left != right]


def _strictly_between(c: z3.BitVecRef, a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BoolRef:
    """The rule as worded: above the lower pile and below the higher one."""
    return z3.Or(z3.And(z3.ULT(a, c), z3.ULT(c, b)), z3.And(z3.ULT(b, c), z3.ULT(c, a)))


# --- every turn has a legal action ---------------------------------------------------------------


def _legal_action_exists(p: Params) -> Problem:
    """Every turn of either game: any hand, piles, middle card and aids."""
    cooperative, moving = z3.Bool("cooperative"), z3.Bool("moving")
    hand, middle, aids = _mask("hand"), _mask("middle"), _mask("aids")
    left, right, premise = _piles()
    premise += [
        hand != 0,
        hand & (left | right) == 0,
        z3.If(moving, z3.And(E.is_card(middle), middle & (hand | left | right) == 0), middle == 0),
        aids & ~AIDS == 0,
        aids & (left | right | middle) == 0,
        z3.If(cooperative, hand & AIDS == 0, aids == 0),
    ]
    turn = E.legal_turn(cooperative, moving, hand, left, right, aids, p)
    blocked = z3.And(z3.Not(moving), turn.plays == 0, turn.aids == 0)
    claims = [
        z3.Or(turn.moves, turn.plays != 0, turn.aids != 0, turn.reset),
        # A player who can play nothing must reset (and, cooperatively, loses).
        z3.Implies(blocked, turn.reset),
        # Cooperatively, a reset comes only when nothing else can be done.
        z3.Implies(z3.And(cooperative, turn.reset), blocked),
        # Competitively, a reset is open at any point of the turn before a card is played.
        z3.Implies(z3.Not(cooperative), turn.reset),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        mode = "cooperative" if _true(m, cooperative) else "competitive"
        stage = (
            f"moving the middle card {_card(m, middle)}" if _true(m, moving) else "playing a card"
        )
        return Witness(
            f"{mode}, piles {_card(m, left)} | {_card(m, right)}, {stage}, hand "
            f"{_cards(m, hand)}, aids {_cards(m, aids)}: the rules as encoded allow "
            f"plays {_cards(m, turn.plays)}, aids {_cards(m, turn.aids)}, reset "
            f"{'yes' if _true(m, turn.reset) else 'no'}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


# --- openings ----------------------------------------------------------------------------------


def _opening(p: Params) -> Problem:
    """The deal and every reset; then any opener's hand, before or after putting cards under."""
    deal = z3.Bool("deal")
    held, pool = _mask("held"), _mask("pool")
    dealt = REAL["cards_dealt"] + REAL["dealer_extra"]
    draw = E.supply_draw(pool, E.mask(0), E.mask(0), "drawn", p)
    premise = [
        held & pool == 0,
        z3.If(
            deal,
            z3.And(E.exactly(held, dealt), draw.drawn == 0),
            # The table just cleared is at least the two piles.
            z3.And(held != 0, E.at_least(pool, 2), *draw.premise),
        ),
    ]
    hand = held | draw.drawn
    # Any hand of at least three cards, as the opener holds while opening.
    opener, under, top = _mask("opener"), _mask("under"), _mask("top")
    premise += [
        E.at_least(opener, 3),
        E.is_card(top),
        top & opener == 0,
        E.is_card(under),
        under & opener & WILD != 0,
    ]
    ok, low, high = E.opening_cards(opener, p)
    short = z3.Not(E.at_least(opener & STANDARD, 2))
    after_bury = opener & ~under | top
    kept = opener & ~(low | high)
    claims = [
        # Right after the deal or a reset's draw the opener holds three cards or more.
        E.at_least(hand, 3),
        # Short of standard cards, the opener has a wild card to put under the draw pile ...
        z3.Implies(short, opener & WILD != 0),
        # ... and after putting it under and taking the top card still holds three or more.
        z3.Implies(short, E.at_least(after_bury, 3)),
        # With two standard cards the opening can be made, and it is as the rules say.
        ok == z3.Not(short),
        z3.Implies(
            ok,
            z3.And(
                low & STANDARD != 0,
                high & STANDARD != 0,
                z3.ULT(low, high),
                (low | high) & ~opener == 0,
                opener & STANDARD & ((low - 1) | ~((high << 1) - 1)) == 0,
                kept != 0,
            ),
        ),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        if not _true(m, E.at_least(hand, 3)):
            where = "dealt" if _true(m, deal) else f"held {_cards(m, held)} and drew"
            return Witness(f"the opener {where}: {_cards(m, hand)}, fewer than three cards")
        return Witness(
            f"the opener holds {_cards(m, opener)}: opens {_card(m, low)} | {_card(m, high)}"
            f" and keeps {_cards(m, kept)}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


# --- the middle card ----------------------------------------------------------------------------


def _middle_between(p: Params) -> Problem:
    """Every card a player may put in the middle, against every pair of piles."""
    hand, c = _mask("hand"), _mask("card")
    left, right, premise = _piles()
    premise += [
        hand != 0,
        hand & (left | right) == 0,
        E.is_card(c),
        c & E.playable_mask(hand, left, right, p) != 0,
    ]
    claims = [
        c & ~hand == 0,
        z3.Implies(c & STANDARD != 0, _strictly_between(c, left, right)),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {_card(m, left)} | {_card(m, right)}, hand {_cards(m, hand)}: the rules as "
            f"encoded let {_card(m, c)} go into the middle"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


def _pile_numbers(p: Params) -> Problem:
    """Strictly between, or counting the pile numbers: the same cards, since numbers are unique."""
    hand = _mask("hand")
    left, right, premise = _piles()
    premise.append(hand != 0)
    if p["one_card_per_number"]:
        premise.append(hand & (left | right) == 0)
    low = z3.If(z3.ULT(left, right), left, right)
    high = z3.If(z3.ULT(left, right), right, left)
    inclusive = ((high << 1) - 1) & ~(low - 1)
    strict = E.playable_mask(hand, left, right, p) & STANDARD
    claim = strict == hand & STANDARD & inclusive

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {_card(m, left)} | {_card(m, right)}, hand {_cards(m, hand)}: counting the "
            "pile numbers as between lets more cards be played"
        )

    return Problem(premise=premise, claim=claim, decode=decode)


# --- the wild cards ----------------------------------------------------------------------------


def _thirteen_wild(p: Params) -> Problem:
    number = z3.BitVec("number", E.NUMBER_BITS)
    c = E.onehot(number)
    as_worded = z3.Or(
        *(number == n for n in (0, 1, 99, 100)),
        z3.URem(number, 10) == 0,
    )
    claims = [
        E.is_wild(c, p) == as_worded,
        E.popcount(E.wild_mask(p)) == 13,
        E.popcount(E.standard_mask(p)) == 88,
    ]

    def decode(m: z3.ModelRef) -> Witness:
        n = _value(m, number)
        kind = "wild" if _true(m, E.is_wild(c, p)) else "standard"
        count = _value(m, E.popcount(E.wild_mask(p)))
        return Witness(f"the card {n} is {kind} in the rules as encoded; {count} wild cards in all")

    return Problem(premise=[z3.ULE(number, 100)], claim=claims, decode=decode)


# --- conservation ------------------------------------------------------------------------------


def _conservation(p: Params) -> Problem:
    """Every place of every card, before and after any one step of a turn."""
    cooperative = z3.Bool("cooperative")
    kind = z3.BitVec("kind", 2)  # 0 play, 1 aid, 2 reset, 3 a card put under
    hand, others, draw, discard, table, aside = (
        _mask(n) for n in ("hand", "others", "draw", "discard", "table", "aside")
    )
    left, right, premise = _piles()
    c, aid, under, top = (_mask(n) for n in ("card", "aid", "under", "top"))
    places = (hand, others, draw, discard, table, aside)
    premise += [
        *_disjoint(*places),
        _union(*places) == E.mask(DECK_MASK),
        hand != 0,
        (left | right) & ~table == 0,
        z3.If(
            cooperative,
            z3.And(aside & ~AIDS == 0, discard == 0, kind != 2, kind != 3),
            z3.And(aside == 0, kind != 1),
        ),
    ]
    # A play: a card the rules allow goes from the hand into the middle.
    premise += [
        z3.Implies(kind == 0, z3.And(E.is_card(c), c & E.playable_mask(hand, left, right, p) != 0))
    ]
    played = hand & ~c if p["played_leaves_hand"] else hand
    # An aid: the 0 or the 100 from beside the table goes into the middle.
    premise += [z3.Implies(kind == 1, z3.And(E.is_card(aid), aid & aside != 0))]
    aided = aside & ~aid if p["aids_spent"] else aside
    # A reset: the table to the discard pile, three cards drawn, new piles opened.
    step = E.draw_step(draw, discard, table, "drawn", p)
    premise += [z3.Implies(kind == 2, z3.And(*step.premise))]
    drawn_hand = hand | step.drawn
    ok, low, high = E.opening_cards(drawn_hand, p)
    # A card put under: a wild card of an opener short of standard cards, for the top card.
    premise += [
        z3.Implies(
            kind == 3,
            z3.And(
                z3.Not(E.at_least(hand & STANDARD, 2)),
                E.is_card(under),
                under & hand & E.wild_mask(p) != 0,
                E.is_card(top),
                top & draw != 0,
            ),
        )
    ]
    after = {
        0: (played, others, draw, discard, table | c, aside),
        1: (hand, others, draw, discard, table | aid, aided),
        2: (
            z3.If(ok, drawn_hand & ~(low | high), drawn_hand),
            others,
            step.draw,
            step.discard,
            z3.If(ok, low | high, E.mask(0)),
            aside,
        ),
        3: (hand & ~under | top, others, draw & ~top | under, discard, table, aside),
    }
    claims: list[z3.BoolRef] = []
    for k, places_after in after.items():
        claims.append(
            z3.Implies(
                kind == k,
                z3.And(*_disjoint(*places_after), _union(*places_after) == E.mask(DECK_MASK)),
            )
        )
    # The counts the rules name: a play lays down exactly the one card; a reset draws three
    # (or all there are in the draw and discard piles) [split.reset.draw-three,
    # split.ruling.short-draw].
    available = draw | discard | table
    claims += [
        z3.Implies(kind == 0, z3.And(played | c == hand, played & c == 0)),
        z3.Implies(
            kind == 2,
            z3.If(
                E.at_least(available, RESET_DRAW),
                E.exactly(step.drawn, RESET_DRAW),
                step.drawn == available,
            ),
        ),
    ]
    # The deal: 101 cards (99 in cooperative play, the 0 and 100 beside the table) make
    # the hands and a draw pile that is never negative.
    cooperative_deck = DECK_MASK & ~AID_MASK if p["cooperative_deck_without_aids"] else DECK_MASK
    claims += [
        z3.BoolVal(cooperative_deck & AID_MASK == 0 and cooperative_deck | AID_MASK == DECK_MASK),
        z3.BoolVal(
            all(n * p["cards_dealt"] + p["dealer_extra"] <= DECK_SIZE for n in COMPETITIVE_PLAYERS)
            and all(
                n * p["cards_dealt"] + p["dealer_extra"] <= cooperative_deck.bit_count()
                for n in COOPERATIVE_PLAYERS
            )
        ),
    ]
    names = ("a play", "an aid", "a reset", "a card put under")

    def decode(m: z3.ModelRef) -> Witness:
        k = _value(m, kind)
        return Witness(
            f"{names[k]} from hand {_cards(m, hand)}, draw pile {_cards(m, draw)}, discard pile "
            f"{_cards(m, discard)}, table {_cards(m, table)}: afterwards the hand is "
            f"{_cards(m, after[k][0])} and the table {_cards(m, after[k][4])}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


# --- the end of a game ----------------------------------------------------------------------------


def _no_wild_finish(p: Params) -> Problem:
    hand, c = _mask("hand"), _mask("card")
    left, right, premise = _piles()
    premise += [
        hand != 0,
        hand & (left | right) == 0,
        E.is_card(c),
        c & E.playable_mask(hand, left, right, p) != 0,
        hand & ~c == 0,  # the play empties the hand: the game ends
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {_card(m, left)} | {_card(m, right)}: the last card {_card(m, c)} is played"
        )

    return Problem(premise=premise, claim=c & STANDARD != 0, decode=decode)


def _cooperative_ends(p: Params) -> Problem:
    """A ranking argument: cards in hand plus usable aids fall by one with every turn."""
    moving = z3.Bool("moving")
    kind = z3.BitVec("kind", 2)  # 0 play, 1 aid, 2 move, 3 reset
    hand, others, aids, c, aid, middle = (
        _mask(n) for n in ("hand", "others", "aids", "card", "aid", "middle")
    )
    left, right, premise = _piles()
    premise += [
        hand != 0,
        *_disjoint(hand, others, aids, left | right | middle),
        (hand | others) & AIDS == 0,
        aids & ~AIDS == 0,
    ]
    turn = E.legal_turn(z3.BoolVal(True), moving, hand, left, right, aids, p)
    premise += [
        z3.Implies(kind == 0, z3.And(E.is_card(c), c & turn.plays != 0)),
        z3.Implies(kind == 1, z3.And(E.is_card(aid), aid & turn.aids != 0)),
        z3.Implies(kind == 2, moving),
        z3.Implies(kind == 3, turn.reset),
    ]
    # The supply: every card in a hand and every aid that may still be used.
    before = hand | others | aids
    after = {
        0: (hand & ~c) | others | aids,
        1: hand | others | (aids & ~aid if p["aids_spent"] else aids),
        2: before,
    }

    def one_less(a: z3.BitVecRef) -> z3.BoolRef:
        return z3.And(a & ~before == 0, E.is_card(before & ~a))

    claims = [
        z3.Implies(kind == 0, one_less(after[0])),
        z3.Implies(kind == 1, one_less(after[1])),
        z3.Implies(kind == 2, after[2] == before),
        # The only other action ends the game: a reset loses [split.coop.lose-on-reset].
        z3.Implies(kind == 3, z3.Not(moving)),
        # After the opening the supply is 7 cards per player and at most the two aids.
        z3.BoolVal(
            all(
                n * p["cards_dealt"] + p["dealer_extra"] - 2 + len(p["aid_cards"])
                <= COOPERATIVE_LONGEST
                for n in p["cooperative_players"]
            )
        ),
    ]

    # Attained: the supply can run out, the last card in hand played (the table wins).
    attained = z3.And(kind == 0, after[0] == 0)

    def decode(m: z3.ModelRef) -> Witness:
        k = _value(m, kind)
        if k == 0 and _value(m, after[0]) == 0:
            return Witness(
                f"piles {_card(m, left)} | {_card(m, right)}: the last card in any hand, "
                f"{_card(m, c)}, is played and nothing is left to spend"
            )
        what = ("plays", "uses an aid", "moves", "resets")[k]
        spent = _cards(m, after[k]) if k < 3 else "-"
        return Witness(
            f"hand {_cards(m, hand)}, aids {_cards(m, aids)}: the player {what}, and the cards "
            f"and aids left go from {_cards(m, before)} to {spent}"
        )

    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _replay_longest(witness: Witness) -> Witness:
    config = SplitConfig(mode="cooperative", players=max(COOPERATIVE_PLAYERS))
    record = build_record(SPLIT, config, longest_cooperative(config.players))
    result = replay_record(record)
    final = result.final
    shown = bool(
        result.legal
        and final.turn == COOPERATIVE_LONGEST
        and SPLIT.result(final) is not None
        and final.end.name == "GROUP_WIN"
    )
    return Witness(
        f"{witness.text}.\nRealised in a real five-player game that lasts the longest possible, "
        f"{final.turn} turns: the first player uses the 0 and the dealer the 100, leaving piles "
        "0 | 100, and then every player in turn plays the lowest or the highest card still "
        "held until all 35 are played and the table wins; see the record.",
        record,
        shown,
    )


# --- endless games ------------------------------------------------------------------------------


class _Table:
    """A two-player position: hands, piles, table, and the supply of cards to draw.

    The draw pile and the discard pile are one *supply* (every card that can
    still be drawn, :func:`~proofs.split.encoding.supply_draw`); ``dead``
    holds the discarded cards that can never be drawn again (none under the
    real rules, where the discard pile is always shuffled back).
    """

    def __init__(self, prefix: str) -> None:
        self.hands = (_mask(f"{prefix}hand0"), _mask(f"{prefix}hand1"))
        self.supply, self.dead, self.table = (
            _mask(f"{prefix}{n}") for n in ("supply", "dead", "table")
        )
        self.left, self.right, self.middle = (
            _mask(f"{prefix}{n}") for n in ("left", "right", "middle")
        )

    def premise(self) -> list[z3.BoolRef]:
        places = (*self.hands, self.supply, self.dead, self.table)
        return [
            *_disjoint(*places),
            _union(*places) == E.mask(DECK_MASK),
            *(h != 0 for h in self.hands),
            E.is_card(self.left),
            E.is_card(self.right),
            self.left != self.right,
            (self.left | self.right | self.middle) & ~self.table == 0,
        ]

    def same(self, other: _Table) -> z3.BoolRef:
        return z3.And(
            *(a == b for a, b in zip(self.hands, other.hands, strict=True)),
            self.supply == other.supply,
            self.dead == other.dead,
            self.table == other.table,
            self.left == other.left,
            self.right == other.right,
            self.middle == other.middle,
        )


def _no_dead(t: _Table, p: Params) -> list[z3.BoolRef]:
    """Under the real rules no card is ever out of play for good."""
    return [t.dead == 0] if p["reshuffle"] else []


def _reset(
    seat: int, t: _Table, name: str, p: Params
) -> tuple[_Table, list[z3.BoolRef], z3.BitVecRef]:
    """Seat ``seat`` resets: the table goes, a draw, new piles (no card put under)."""
    step = E.supply_draw(t.supply, t.dead, t.table, f"{name}_drawn", p)
    hand = t.hands[seat] | step.drawn
    ok, low, high = E.opening_cards(hand, p)
    out = _Table(f"{name}_")
    premise = [
        *step.premise,
        ok,
        out.hands[seat] == hand & ~(low | high),
        out.hands[1 - seat] == t.hands[1 - seat],
        out.supply == step.supply,
        out.dead == step.dead,
        out.table == low | high,
        out.left == low,
        out.right == high,
        out.middle == 0,
    ]
    return out, premise, step.drawn


def _play(
    seat: int, t: _Table, c: z3.BitVecRef, to_left: z3.BoolRef | None, name: str, p: Params
) -> tuple[_Table, list[z3.BoolRef]]:
    """Seat ``seat`` moves the middle card (if ``to_left`` is given) and plays ``c``."""
    left, right = t.left, t.right
    if to_left is not None:
        left, right = E.place(left, right, to_left, t.middle)
    hand = t.hands[seat]
    out = _Table(f"{name}_")
    premise = [
        E.is_card(c),
        c & E.playable_mask(hand, left, right, p) != 0,
        out.hands[seat] == hand & ~c,
        out.hands[1 - seat] == t.hands[1 - seat],
        out.supply == t.supply,
        out.dead == t.dead,
        out.table == t.table | c,
        out.left == left,
        out.right == right,
        out.middle == c,
    ]
    return out, premise


def _ends_resetting(p: Params) -> Problem:
    """Claim: two players who reset on every turn never come back to a position."""
    start = _Table("start_")
    after_a, reset_a, drawn_a = _reset(0, start, "a", p)
    after_b, reset_b, drawn_b = _reset(1, after_a, "b", p)
    premise = [*start.premise(), start.middle == 0, *_no_dead(start, p), *reset_a, *reset_b]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {_card(m, start.left)} | {_card(m, start.right)}, seat 0 to play with "
            f"{len(_cards(m, start.hands[0]).split())} cards, seat 1 with "
            f"{len(_cards(m, start.hands[1]).split())}, nothing left in the draw and discard "
            f"piles ({_cards(m, start.supply)}). Seat 0 resets: it draws "
            f"{_cards(m, drawn_a)} and opens {_card(m, after_a.left)} | "
            f"{_card(m, after_a.right)}; seat 1 resets: it draws {_cards(m, drawn_b)} and opens "
            f"{_card(m, after_b.left)} | {_card(m, after_b.right)}: the position after two "
            "resets is the position at the start"
        )

    return Problem(premise=premise, claim=z3.Not(start.same(after_b)), decode=decode)


def _ends_forced(p: Params) -> Problem:
    """Claim: no round of play in which every reset is forced comes back to where it began.

    A round: seat 0, to move the middle card, can play nothing whichever pile
    it chooses, and resets; seat 1 can play nothing on the new piles and
    resets; seat 0 plays; seat 1 moves that card and plays.
    """
    start = _Table("start_")
    no_aids = E.mask(0)
    premise = [*start.premise(), E.is_card(start.middle), *_no_dead(start, p)]
    premise.append(
        z3.Not(
            E.can_play(
                start.hands[0],
                start.left,
                start.right,
                start.middle,
                z3.BoolVal(True),
                no_aids,
                p,
            )
        )
    )
    after_q, reset_q, drawn_q = _reset(0, start, "q", p)
    premise += reset_q
    premise.append(E.playable_mask(after_q.hands[1], after_q.left, after_q.right, p) == 0)
    after_p, reset_p, drawn_p = _reset(1, after_q, "p", p)
    premise += reset_p
    q_card, p_card, side = _mask("q_card"), _mask("p_card"), z3.Bool("side")
    after_qp, play_q = _play(0, after_p, q_card, None, "qplay", p)
    end, play_p = _play(1, after_qp, p_card, side, "pplay", p)
    premise += play_q + play_p

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"seat 0 holds {_cards(m, start.hands[0])} and seat 1 {_cards(m, start.hands[1])}; "
            f"piles {_card(m, start.left)} | {_card(m, start.right)} with "
            f"{_card(m, start.middle)} in the middle. Seat 0 can play nothing and resets, "
            f"drawing {_cards(m, drawn_q)} and opening {_card(m, after_q.left)} | "
            f"{_card(m, after_q.right)}; seat 1 can play nothing on them and resets, drawing "
            f"{_cards(m, drawn_p)} and opening {_card(m, after_p.left)} | "
            f"{_card(m, after_p.right)}; seat 0 plays {_card(m, q_card)}; seat 1 moves it onto "
            f"the {'left' if _true(m, side) else 'right'} pile and plays {_card(m, p_card)}: "
            "seat 0 is to move again with the same cards everywhere (abstracting the order of "
            "the draw pile)"
        )

    return Problem(premise=premise, claim=z3.Not(start.same(end)), decode=decode)


def _replay_loop(loop: Callable[[], Loop], what: str) -> Callable[[Witness], Witness]:
    def replay(witness: Witness) -> Witness:
        found = loop()
        record = build_record(SPLIT, found.config, found.actions)
        result = replay_record(record)
        turns = result.final.turn - result.states[found.start].turn
        shown = bool(
            result.legal
            and result.final.stage.name in ("MOVE", "PLAY")
            and result.states[found.start]._replace(turn=0) == result.final._replace(turn=0)
            and (what != "forced" or only_forced_resets(found.config, found.actions))
        )
        if what == "forced":
            story = (
                "seat 1 deals; both players play their standard cards down to one wild card "
                "each (50 and 60); from then on each round both are forced to reset (a wild "
                "card may not be the last card) and each plays one card, and every reshuffle "
                "orders the discard pile so that this can go on. Every reset in the record is "
                "the only legal action of its player"
            )
        else:
            story = (
                "seat 1 deals; both players reset on every turn; once the draw and discard "
                "piles are spent each reset picks up the other's piles 2 | 98 and opens with "
                "them again"
            )
        text = (
            f"abstract round: {witness.text}.\nRealised in a real two-player game: {story}. "
            f"The position after action {found.start} comes back after action "
            f"{len(found.actions)} ({len(found.actions) - found.start} actions, {turns} turns "
            "later), so the game can go round this stretch for ever; see the record."
        )
        return Witness(text, record, shown)

    return replay


# --- the list -----------------------------------------------------------------------------------


def _obligations() -> tuple[Obligation, ...]:
    real = E.spec_params()  # read now: a changed constant changes what is proven
    return (
        Obligation(
            id="split.turn.legal-action-exists",
            game="split",
            statement="In both games, for every hand, every pair of piles, any middle card and "
            "any aids, the player to act has a legal action; and resets are open exactly as the "
            "rules say: a player who can play nothing (no card, no aid) may reset, which "
            "cooperatively loses the game; cooperatively only such a player may reset; "
            "competitively a player may reset at any point of the turn before playing a card.",
            clauses=(
                "split.turn.must-reset",
                "split.reset.choose",
                "split.ruling.reset-timing",
                "split.coop.lose-on-reset",
                "split.ruling.coop-no-chosen-reset",
                "split.turn.move-middle",
                "split.coop.aid-use",
            ),
            expected="holds",
            build=_legal_action_exists,
            params=real,
            mutants=(
                Mutant(
                    "split.mutant.reset-only-before-moving",
                    "a reset allowed only instead of moving the middle card",
                    {"reset_after_move": False},
                ),
                Mutant(
                    "split.mutant.cooperative-no-reset",
                    "a cooperative game in which a blocked player has no reset (the loss)",
                    {"cooperative_blocked_reset": False},
                ),
            ),
        ),
        Obligation(
            id="split.open.standard-piles",
            game="split",
            statement="After the deal and after every reset the opener holds at least three "
            "cards (a reset draws three, or at least the two cards of the table just cleared); "
            "an opener short of standard cards always holds a wild card to put under the draw "
            "pile, and after putting it under and taking the top card still holds three or "
            "more; and every opening lays down two standard cards, the lower on the left, which "
            "are the lowest and highest standard cards of the hand, leaving the opener at least "
            "one card.",
            clauses=(
                "split.open.piles",
                "split.open.put-under",
                "split.ruling.put-under-card",
                "split.ruling.pile-sides",
                "split.reset.reopen",
                "split.reset.draw-three",
                "split.ruling.short-draw",
                "split.deal.dealer-extra",
            ),
            expected="holds",
            build=_opening,
            params=real,
            mutants=(
                Mutant(
                    "split.mutant.reset-draws-none",
                    "a reset that draws no card",
                    {"reset_draw": 0},
                ),
                Mutant(
                    "split.mutant.open-with-any-card",
                    "piles opened with the lowest and highest cards, wild or not",
                    {"open_standard": False},
                ),
            ),
        ),
        Obligation(
            id="split.turn.middle-between",
            game="split",
            statement="Every card a player may put into the middle is from their hand, and a "
            "standard card there lies strictly between the numbers of the two piles, "
            "whichever pile is the lower: for every hand and every pair of piles.",
            clauses=(
                "split.turn.play-between",
                "split.ruling.strictly-between",
                "split.wild.any-time",
            ),
            expected="holds",
            build=_middle_between,
            params=real,
            mutants=(
                Mutant(
                    "split.mutant.between-one-beyond",
                    "between stretched to the higher pile's number and the one above it",
                    {"between_above": 2},
                ),
            ),
        ),
        Obligation(
            id="split.turn.pile-numbers-never-between",
            game="split",
            statement="Counting the pile numbers themselves as between would change nothing "
            "(the ruling's 'impossible anyway'): for every hand and every pair of piles, the "
            "standard cards the hand may play are the same whether between is strict or "
            "inclusive, because each number is on one card only.",
            clauses=("split.ruling.strictly-between", "split.components.deck"),
            expected="holds",
            build=_pile_numbers,
            params=real,
            mutants=(
                Mutant(
                    "split.mutant.numbers-twice",
                    "a deck in which a number may be on two cards (a hand may hold a pile's "
                    "number)",
                    {"one_card_per_number": False},
                ),
            ),
        ),
        Obligation(
            id="split.cards.thirteen-wild",
            game="split",
            statement="The Wild/Reverse cards are exactly 0, 1, 99, 100 and the numbers ending "
            "in 0: thirteen of the 101 cards, leaving 88 standard cards.",
            clauses=("split.cards.wild", "split.cards.standard", "split.components.deck"),
            expected="holds",
            build=_thirteen_wild,
            params=real,
            mutants=(
                Mutant(
                    "split.mutant.wild-without-50",
                    "a wild set missing the 50",
                    {"wild_mask": WILD_MASK & ~(1 << 50)},
                ),
                Mutant(
                    "split.mutant.wild-with-55",
                    "a wild set with the 55 added",
                    {"wild_mask": WILD_MASK | 1 << 55},
                ),
            ),
        ),
        Obligation(
            id="split.cards.conservation",
            game="split",
            statement="Every card is always in exactly one place: the deal splits the 101 cards "
            "(99 in cooperative play, with the 0 and the 100 beside the table) into the hands "
            "and a draw pile; and every play, aid, reset (the table to the discard pile, a "
            "draw, new piles, reshuffling the discard pile when the draw pile runs out) and "
            "card put under keeps every card in exactly one place. A play lays down one card, "
            "and a reset draws three cards, or all there are in the draw and discard piles.",
            clauses=(
                "split.components.deck",
                "split.coop.aids-aside",
                "split.deal.seven",
                "split.deal.dealer-extra",
                "split.deal.draw-pile",
                "split.reset.discard",
                "split.reset.draw-three",
                "split.ruling.empty-draw-pile",
                "split.ruling.short-draw",
                "split.open.put-under",
            ),
            expected="holds",
            build=_conservation,
            params=real,
            mutants=(
                Mutant("split.mutant.reset-draws-two", "a reset that draws 2", {"reset_draw": 2}),
                Mutant(
                    "split.mutant.played-card-stays",
                    "a played card that also stays in the hand",
                    {"played_leaves_hand": False},
                ),
                Mutant(
                    "split.mutant.aids-in-deck",
                    "a cooperative deal that shuffles the 0 and the 100 in as well",
                    {"cooperative_deck_without_aids": False},
                ),
            ),
        ),
        Obligation(
            id="split.end.no-wild-finish",
            game="split",
            statement="No game ends on a wild card: for every hand and every pair of piles, a "
            "card whose play empties the hand (which ends the competitive game, and is needed "
            "for the cooperative win) is a standard card; a player whose only card is wild "
            "cannot play it.",
            clauses=("split.end.no-wild-finish", "split.end.first-empty", "split.coop.win"),
            expected="holds",
            build=_no_wild_finish,
            params=real,
            mutants=(
                Mutant(
                    "split.mutant.wild-finish",
                    "the last card of a hand allowed to be wild",
                    {"no_wild_finish": False},
                ),
            ),
        ),
        Obligation(
            id="split.coop.ends",
            game="split",
            statement="Every cooperative game ends, within "
            f"{COOPERATIVE_LONGEST} turns: every turn plays a card from hand or uses an aid "
            "(each used once), which lowers the cards in hand and usable aids by exactly one; "
            "moving the middle card changes neither, and the only other action, a reset, ends "
            "the game. After the opening there are 7 cards per player and at most two aids, so "
            f"a game of n players lasts at most 7n + 2 turns: 23, 30 and {COOPERATIVE_LONGEST} "
            "for 3, 4 and 5 players; and a five-player game of 37 turns exists.",
            clauses=(
                "split.coop.aid-use",
                "split.coop.lose-on-reset",
                "split.coop.win",
                "split.ruling.turn-limit",
                "split.ruling.coop-empty-hand",
            ),
            expected="holds",
            build=_cooperative_ends,
            params=real,
            variant="cooperative",
            replay=_replay_longest,
            mutants=(
                Mutant(
                    "split.mutant.aids-return",
                    "a cooperative game where the aids return after use",
                    {"aids_spent": False},
                ),
            ),
        ),
        Obligation(
            id="split.game.ends.competitive",
            game="split",
            statement="Claim: every competitive game ends (without the turn limit). Were it so, "
            "no game could come back to a position it has been in, since the same choices (and "
            "shuffles) would bring it back again and again. Checked over two players who both "
            "reset, the draw pile's order abstracted to a set. Expected to fail: this is a "
            "finding about the rules.",
            clauses=(
                "split.ruling.turn-limit",
                "split.reset.choose",
                "split.reset.draw-three",
                "split.ruling.short-draw",
                "split.ruling.empty-draw-pile",
            ),
            expected="fails",
            build=_ends_resetting,
            params=real,
            replay=_replay_loop(resetting_loop, "resetting"),
            mutants=(
                Mutant(
                    "split.mutant.no-reshuffle",
                    "a discard pile that is never shuffled back (a reset draws only what is "
                    "left in the draw pile)",
                    {"reshuffle": False},
                ),
            ),
        ),
        Obligation(
            id="split.game.ends.forced-resets",
            game="split",
            statement="Claim: a competitive game in which nobody ever resets by choice (every "
            "reset is made by a player who can play nothing, whichever pile the middle card "
            "goes onto) ends. Were it so, no such game could come back to a position it has "
            "been in. Checked over a round of two players (one forced reset and one play "
            "each), the draw pile's order abstracted to a set. Expected to fail: even forced "
            "resets alone can go on for ever.",
            clauses=(
                "split.ruling.turn-limit",
                "split.turn.must-reset",
                "split.end.no-wild-finish",
                "split.ruling.empty-draw-pile",
                "split.reset.fresh-start",
            ),
            expected="fails",
            build=_ends_forced,
            params=real,
            replay=_replay_loop(forced_loop, "forced"),
            mutants=(
                Mutant(
                    "split.mutant.no-reshuffle",
                    "a discard pile that is never shuffled back (a reset draws only what is "
                    "left in the draw pile)",
                    {"reshuffle": False},
                ),
            ),
        ),
    )


OBLIGATIONS: Final[tuple[Obligation, ...]] = _obligations()
"""Every Split obligation, in the order ``cardlaw verify`` runs them."""
