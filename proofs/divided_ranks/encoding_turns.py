"""The course of a Divided Ranks game as Z3 terms: chance, turns, the cards' moves, what is seen.

:mod:`proofs.divided_ranks.encoding` states what a hand is worth and who
splits; this module states what the rules do to the cards and the turns,
each function mirroring what an engine function does to the state:

* :func:`first_splitter_outcomes`, :func:`shuffle_outcomes`,
  :func:`coin_outcomes` — chance: each seat may split first, every order of
  the 21 cards may be dealt, each seat may go first at the reserve under the
  coin, each outcome with the same chance [divided-ranks.ruling.first-splitter,
  divided-ranks.setup.shuffle, divided-ranks.variant.coin-flip-reserve]
  (``engine.divided_ranks.deal``);
* :func:`deal` — the first card of the shuffle is the reserve, the other
  twenty the stock [divided-ranks.setup.reserve] (``apply_shuffle``);
* :func:`drawn`, :func:`stock_after`, :func:`split_choices` — each round the
  splitter draws the next four cards of the stock and may lay them out as
  any two pairs, either face up [divided-ranks.draft.split] (``drawn_cards``,
  ``legal_splits``, ``apply_split``);
* :func:`take_choices`, :func:`after_take` — the chooser takes one pair, the
  splitter the other [divided-ranks.draft.choose] (``legal_takes``,
  ``apply_take``);
* :func:`reserve_choices`, :func:`after_swap` — a reserve turn keeps the hand
  or gives up one of its cards for the reserve, and the card given up is the
  reserve from then on [divided-ranks.reserve.turns, divided-ranks.reserve.blind]
  (``legal_reserve_actions``, ``apply_reserve``);
* :func:`build_choices` — a build divides the ten cards into two hands of five
  [divided-ranks.build.two-hands] (``legal_builds``);
* :func:`phase` — the stage and who acts at each moment, from what has been
  done [divided-ranks.play.phases, divided-ranks.draft.rounds,
  divided-ranks.reserve.order, divided-ranks.ruling.build-order,
  divided-ranks.ruling.no-reserve-turns] (``engine.divided_ranks.game._phases``);
* :func:`sees_exchange`, :func:`knows_reserve` — who sees the cards of an
  exchange, and who knows the reserve after it [divided-ranks.reserve.blind,
  divided-ranks.ruling.blind-swap-view, divided-ranks.variant.face-up-swap]
  (``engine.divided_ranks.observe``);
* :func:`partition` — the places of the cards (hands, stock, pairs on offer,
  reserve) share out the pack: every card in exactly one
  [divided-ranks.cards.pack].

Card sets are the encoding's 21-bit masks (:func:`~proofs.divided_ranks.encoding.local_mask`);
a shuffle is 21 one-card masks, top card first.  Seats and the first splitter
are 1-bit vectors, as in :func:`~proofs.divided_ranks.encoding.splitter`;
counts and stages are integers.  The numbers come from
:func:`~proofs.divided_ranks.encoding.spec_params`; mutants change them.
``cardlaw verify`` holds each to the engine along seeded whole games
(:mod:`proofs.divided_ranks.trace`).

>>> import z3
>>> from cardlaw.proofs.divided_ranks.encoding import spec_params, value
>>> p = spec_params()
>>> order = [z3.BitVecVal(1 << i, 21) for i in range(21)]
>>> reserve, stock = deal(order, p)
>>> value(reserve), bin(value(stock)), bin(value(drawn(order, z3.IntVal(1), p)))
(1, '0b111111111111111111110', '0b111100000')
>>> [value(t) for t in phase(z3.BitVecVal(1, 1), z3.BitVecVal(0, 1), *_counts(5, 0, 0), p=p)]
[5, 0]
>>> [value(t) for t in phase(z3.BitVecVal(1, 1), z3.BitVecVal(0, 1), *_counts(5, 2, 1), p=p)]
[6, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, factorial
from typing import NamedTuple

import z3

from cardlaw.proofs.divided_ranks.encoding_draft import reserve_first, splitter
from cardlaw.proofs.divided_ranks.encoding_pack import Params, popcount, width
from cardlaw.spec.divided_ranks.state import Stage

__all__ = [
    "Counts",
    "Outcomes",
    "after_swap",
    "after_take",
    "build_choices",
    "coin_outcomes",
    "deal",
    "drawn",
    "first_splitter_outcomes",
    "knows_reserve",
    "partition",
    "phase",
    "reserve_choices",
    "sees_exchange",
    "shuffle_outcomes",
    "split_choices",
    "splitter_of",
    "stock_after",
    "take_choices",
]

NOBODY = -2
"""The actor :func:`phase` gives when the game is over (chance is -1)."""


class Outcomes(NamedTuple):
    """A chance event's outcomes: how many, whether all equally likely, and what they name."""

    count: z3.ArithRef
    uniform: z3.BoolRef
    named: z3.BitVecRef
    """The seats (bit ``q`` for seat ``q``) or the cards (a card set) the outcomes name."""


class Choices(NamedTuple):
    """A player's legal choices: the cards chosen from, how many, and how many choices."""

    pool: z3.BitVecRef
    size: z3.ArithRef
    """Cards each choice picks (the face-up pair of a split, a build's first hand)."""
    count: z3.ArithRef


def _pack(p: Params) -> z3.BitVecRef:
    return z3.BitVecVal((1 << width(p)) - 1, width(p))


def _seats(p: Params) -> z3.BitVecRef:
    return z3.BitVecVal((1 << p["players"]) - 1, width(p))


def first_splitter_outcomes(p: Params) -> Outcomes:
    """Chance decides who splits first: each seat, with the same chance."""
    return Outcomes(z3.IntVal(p["players"]), z3.BoolVal(True), _seats(p))


def coin_outcomes(p: Params) -> Outcomes:
    """The coin of coin-flip-reserve: each seat may go first at the reserve, each as likely."""
    return Outcomes(z3.IntVal(p["players"]), z3.BoolVal(True), _seats(p))


def shuffle_outcomes(p: Params) -> Outcomes:
    """The shuffle: every order of the pack's cards, each with the same chance."""
    return Outcomes(z3.IntVal(factorial(p["pack_size"])), z3.BoolVal(True), _pack(p))


def _any(cards: Sequence[z3.BitVecRef], p: Params) -> z3.BitVecRef:
    out = z3.BitVecVal(0, width(p))
    for c in cards:
        out = out | c
    return out


def deal(order: Sequence[z3.BitVecRef], p: Params) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """The reserve (the first card of the shuffle) and the stock (the cards under it)."""
    size = p["reserve_size"]
    return _any(order[:size], p), _any(order[size:], p)


def _window(
    order: Sequence[z3.BitVecRef], low: z3.ArithRef, high: z3.ArithRef | None, p: Params
) -> z3.BitVecRef:
    """The cards of the shuffle at positions ``low`` (included) to ``high`` (excluded)."""
    out = z3.BitVecVal(0, width(p))
    for j, card in enumerate(order):
        inside = low <= j if high is None else z3.And(low <= j, j < high)
        out = out | z3.If(inside, card, z3.BitVecVal(0, width(p)))
    return out


def drawn(order: Sequence[z3.BitVecRef], round_index: z3.ArithRef, p: Params) -> z3.BitVecRef:
    """The cards the splitter of round ``round_index`` (from 0) draws: the stock's next four."""
    size = 2 * p["pair_size"]
    low = p["reserve_size"] + size * round_index
    return _window(order, low, low + size, p)


def stock_after(order: Sequence[z3.BitVecRef], rounds: z3.ArithRef, p: Params) -> z3.BitVecRef:
    """The stock once ``rounds`` splitters have drawn from it."""
    return _window(order, p["reserve_size"] + 2 * p["pair_size"] * rounds, None, p)


def split_choices(order: Sequence[z3.BitVecRef], round_index: z3.ArithRef, p: Params) -> Choices:
    """Every division of the drawn cards into two pairs, either face up: C(4, 2) = 6 splits."""
    k = p["pair_size"]
    return Choices(drawn(order, round_index, p), z3.IntVal(k), z3.IntVal(comb(2 * k, k)))


def take_choices(p: Params) -> z3.ArithRef:
    """The chooser's choices: the face-up pair or the face-down pair."""
    return z3.IntVal(2)


def after_take(
    chooser: z3.BitVecRef,
    splitter_hand: z3.BitVecRef,
    up: z3.BitVecRef,
    down: z3.BitVecRef,
    took_up: z3.BoolRef,
    p: Params,
) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """The chooser's and the splitter's hands once the chooser has taken a pair.

    Mutant ``left_pair_to_splitter`` off: the pair left is lost.
    """
    mine, left = z3.If(took_up, up, down), z3.If(took_up, down, up)
    if not p["left_pair_to_splitter"]:
        left = z3.BitVecVal(0, width(p))
    return chooser | mine, splitter_hand | left


def reserve_choices(hand: z3.BitVecRef, p: Params) -> Choices:
    """A reserve turn's choices: keep, or give up any one card of the hand (size: one card)."""
    return Choices(hand, z3.IntVal(1), z3.BV2Int(popcount(hand)) + 1)


def after_swap(
    hand: z3.BitVecRef, reserve: z3.BitVecRef, given: z3.BitVecRef, p: Params
) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """The hand and the reserve after giving up ``given`` (a one-card mask) for the reserve.

    Mutant ``given_to_reserve`` off: the card given up never becomes the reserve.
    """
    after = (hand & ~given) | reserve
    return after, given if p["given_to_reserve"] else reserve


def build_choices(hand: z3.BitVecRef, p: Params) -> Choices:
    """Every division of the ten cards into two hands of five, each once: 126 builds."""
    size = p["hand_size"]
    return Choices(hand, z3.IntVal(size), z3.IntVal(comb(p["holding"], size) // 2))


class Counts(NamedTuple):
    """What has been done in a game, as :func:`phase` reads it."""

    decided: z3.BoolRef
    """Chance has decided who splits first."""
    dealt: z3.BoolRef
    rounds: z3.ArithRef
    """Rounds of the draft finished."""
    offer: z3.BoolRef
    """Two pairs are on offer (the round's split is made, its choice not yet)."""
    flipped: z3.BoolRef
    """The coin of coin-flip-reserve has fallen."""
    turns: z3.ArithRef
    """Reserve turns taken."""
    builds: z3.ArithRef
    """Builds made."""


def _counts(rounds: int, turns: int, builds: int) -> Counts:
    """Counts of a game dealt, with ``rounds``, ``turns`` and ``builds`` done (for examples)."""
    true = z3.BoolVal(True)
    return Counts(
        true, true, z3.IntVal(rounds), z3.BoolVal(False), true, z3.IntVal(turns), z3.IntVal(builds)
    )


def splitter_of(first: z3.BitVecRef, round_index: z3.ArithRef, p: Params) -> z3.BitVecRef:
    """The splitter of round ``round_index`` (a term, from 0): :func:`splitter` of each round."""
    seat = splitter(first, 0, p)
    for i in range(1, p["rounds"]):
        seat = z3.If(round_index == i, splitter(first, i, p), seat)
    return seat


def _seat(bit: z3.BitVecRef) -> z3.ArithRef:
    return z3.BV2Int(bit)


def phase(
    first: z3.BitVecRef, coin: z3.BitVecRef, *counts: z3.ExprRef, p: Params
) -> tuple[z3.ArithRef, z3.ArithRef]:
    """The stage (a :class:`~spec.divided_ranks.state.Stage` number) and the seat to act.

    The seat is -1 when chance acts and -2 when the game is over.  The order
    of play: chance picks the first splitter and shuffles; the splitter of
    each round splits and the other player chooses; (under the coin, chance
    picks who goes first at the reserve); the reserve turns alternate from
    the player who goes first; then each builds, in the same order.
    ``counts`` are :class:`Counts`' fields; ``coin`` the coin's seat.
    """
    c = Counts(*counts)
    go_first = reserve_first(first, coin, p)
    split_by = splitter_of(first, c.rounds, p)
    turns, builds = p["reserve_turns"], p["players"]

    def at(stage: Stage, actor: z3.ArithRef | int) -> tuple[z3.ArithRef, z3.ArithRef]:
        return z3.IntVal(int(stage)), actor if isinstance(actor, z3.ArithRef) else z3.IntVal(actor)

    coin_due = p["reserve_order"] == "coin"
    cases = [
        (z3.Not(c.decided), at(Stage.FIRST_SPLITTER, -1)),
        (z3.Not(c.dealt), at(Stage.DEAL, -1)),
        (z3.And(c.rounds < p["rounds"], c.offer), at(Stage.CHOOSE, _seat(~split_by))),
        (c.rounds < p["rounds"], at(Stage.SPLIT, _seat(split_by))),
        (z3.And(z3.BoolVal(coin_due), z3.Not(c.flipped)), at(Stage.RESERVE_ORDER, -1)),
        (c.turns < turns, at(Stage.RESERVE, (_seat(go_first) + c.turns) % 2)),
        (c.builds < builds, at(Stage.BUILD, (_seat(go_first) + c.builds) % 2)),
    ]
    stage, actor = at(Stage.OVER, NOBODY)
    for condition, (s, a) in reversed(cases):
        stage, actor = z3.If(condition, s, stage), z3.If(condition, a, actor)
    return stage, actor


def sees_exchange(seat: z3.ArithRef, viewer: z3.ArithRef, p: Params) -> z3.BoolRef:
    """Whether ``viewer`` sees the card given and the card taken in ``seat``'s exchange.

    Blind (the printed rule): only the player exchanging; face-up-swap: both.
    """
    return z3.Or(seat == viewer, z3.BoolVal(p["swap"] == "face-up"))


def knows_reserve(
    knew: z3.BoolRef, seat: z3.ArithRef, viewer: z3.ArithRef, swapped: z3.BoolRef, p: Params
) -> z3.BoolRef:
    """Whether ``viewer`` knows the reserve after ``seat``'s reserve turn.

    A keep changes nothing; an exchange makes the card given up the reserve,
    known exactly to those who see the exchange.
    """
    return z3.If(swapped, sees_exchange(seat, viewer, p), knew)


def partition(places: Sequence[z3.BitVecRef], p: Params) -> tuple[z3.BoolRef, z3.BoolRef]:
    """Whether the places hold no card twice, and whether together they hold the whole pack."""
    apart = z3.And(
        *(places[i] & places[j] == 0 for i in range(len(places)) for j in range(i + 1, len(places)))
    )
    return apart, _any(places, p) == _pack(p)
