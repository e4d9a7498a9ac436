"""What each swap rule reveals at the reserve: blind exchanges, and the face-up-swap variant.

Proved with Z3 over every first splitter, coin, sequence of choices in the
draft (which decides whether a player saw every card the opponent took, and
so knows the reserve after the draft: :func:`~proofs.divided_ranks.encoding.saw_all`)
and every sequence of keeps and exchanges at the reserve turns, for each
player, with the encoding's :func:`~proofs.divided_ranks.encoding_turns.sees_exchange`
and :func:`~proofs.divided_ranks.encoding_turns.knows_reserve`:

* ``divided-ranks.reserve.blind-swap`` — the printed rule, stated under the
  configuration's swap rule: the opponent sees neither card of an exchange,
  the player exchanging sees both and so knows the reserve afterwards, and the
  opponent no longer knows it (it exchanges with whatever card was left
  there) [divided-ranks.reserve.blind, divided-ranks.ruling.blind-swap-view].
  Attained: a player who knew the reserve after the draft loses track of it
  when the other exchanges.  Under face-up-swap it is expected to fail, the
  opponent seeing both cards.
* ``divided-ranks.reserve.face-up-swap`` — the variant: both players see both
  cards of every exchange, so after any exchange both know the reserve
  [divided-ranks.variant.face-up-swap].  Attained: the second player, who did
  not know the reserve, knows exactly what is on offer once the first has
  exchanged.

Each witness is replayed through the engine: the game the model describes
(the first splitter, the choices, the coin, the keeps and exchanges) is
played through the Game API, and the observations of the player concerned,
before and after the turn, must show what the model says.

>>> from cardlaw.proofs.core import check
>>> report = check(blind_swap())
>>> report.status, report.witness.replayed, [m.caught for m in report.mutants]
('proved', True, [True])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import z3

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks import encoding_turns as T
from cardlaw.proofs.divided_ranks.scenarios import config, draft, finish, play
from cardlaw.proofs.divided_ranks.support import Params
from cardlaw.proofs.terms import model_int, model_true
from cardlaw.spec.cards import Card
from cardlaw.spec.divided_ranks.actions import KEEP, Action, ReserveFirst, Swap
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import Stage

__all__ = ["blind_swap", "face_up_swap", "obligations"]


class _Knowledge(NamedTuple):
    """The symbolic game of :func:`_knowledge`."""

    first: z3.BitVecRef
    coin: z3.BitVecRef
    takes: list[z3.BoolRef]
    swapped: list[z3.BoolRef]
    seats: list[z3.BitVecRef]
    knows: list[list[z3.BoolRef]]


def _knowledge(p: Params, rounds: int, turns: int) -> _Knowledge:
    """The symbolic game: choices, turns, and each seat's knowledge before and after each turn."""
    first, coin = z3.BitVec("first_splitter", 1), z3.BitVec("coin", 1)
    takes = [z3.Bool(f"took_up{i}") for i in range(rounds)]
    swapped = [z3.Bool(f"swapped{t}") for t in range(turns)]
    go_first = E.reserve_first(first, coin, p)
    seats = [go_first ^ z3.BitVecVal(t & 1, 1) for t in range(turns)]
    knows = [[E.saw_all(first, takes, viewer, p)] for viewer in (0, 1)]
    for t in range(turns):
        for viewer in (0, 1):
            seat = z3.BV2Int(seats[t])
            knows[viewer].append(T.knows_reserve(knows[viewer][-1], seat, viewer, swapped[t], p))
    return _Knowledge(first, coin, takes, swapped, seats, knows)


def _sees(g: _Knowledge, t: int, viewer: int, p: Params) -> z3.BoolRef:
    return T.sees_exchange(z3.BV2Int(g.seats[t]), z3.IntVal(viewer), p)


def _problem(rules: DividedRanksRules, face_up: bool) -> Callable[[Params], Problem]:
    rounds, turns = rules.rounds, rules.reserve_turns  # the spec's numbers, not a mutant's

    def build(p: Params) -> Problem:
        g = _knowledge(p, rounds, turns)
        seats, swapped, knows = g.seats, g.swapped, g.knows
        parts: list[z3.BoolRef] = []
        for t in range(turns):
            for viewer in (0, 1):
                own = seats[t] == viewer
                after = knows[viewer][t + 1]
                sees = _sees(g, t, viewer, p)
                if face_up:  # both see both cards, so both know the reserve
                    parts.append(z3.Implies(swapped[t], z3.And(sees, after)))
                else:  # only the exchanger sees; the other no longer knows the reserve
                    parts.append(z3.Implies(swapped[t], z3.And(sees == own, after == own)))
        target = None
        if turns:
            before, after = _other(knows, seats[0], 0), _other(knows, seats[0], 1)
            target = (
                z3.And(swapped[0], z3.Not(before), after)
                if face_up
                else z3.And(swapped[0], before, z3.Not(after))
            )

        def decode(m: z3.ModelRef) -> Witness:
            return _witness(m, g, p, face_up)

        return Problem(premise=[z3.BoolVal(True)], claim=parts, attained=target, decode=decode)

    return build


def _other(knows: Sequence[Sequence[z3.BoolRef]], seat: z3.BitVecRef, at: int) -> z3.BoolRef:
    """The knowledge, after ``at`` turns, of the seat that is not ``seat``."""
    return z3.If(seat == 0, knows[1][at], knows[0][at])


def _witness(m: z3.ModelRef, g: _Knowledge, p: Params, face_up: bool) -> Witness:
    """The game a model describes, and the first turn at which a seat sees or knows something."""
    first, coin = model_int(m, g.first), model_int(m, g.coin)
    takes = tuple(model_true(m, t) for t in g.takes)
    swapped = tuple(model_true(m, s) for s in g.swapped)
    seat = model_int(m, g.seats[0]) if swapped else 0
    viewer = 1 - seat
    sees = bool(swapped) and swapped[0] and model_true(m, _sees(g, 0, viewer, p))
    knew = model_true(m, g.knows[viewer][0])
    knows = model_true(m, g.knows[viewer][1]) if swapped else knew
    picks = " ".join("up" if t else "down" for t in takes)
    turns = ", ".join("exchange" if s else "keep" for s in swapped) or "none"
    text = (
        f"seat {first} splits first, the choosers take {picks}, the reserve turns are {turns} "
        f"(seat {seat} first): after seat {seat}'s "
        f"{'exchange' if swapped and swapped[0] else 'turn'}"
        f", seat {viewer} {'sees' if sees else 'does not see'} its cards and "
        f"{'knows' if knows else 'does not know'} the reserve "
        f"({'it knew it' if knew else 'it did not know it'} before)"
    )
    return Witness(
        text,
        data={
            "first": first,
            "coin": coin,
            "takes": takes,
            "swapped": swapped,
            "viewer": viewer,
            "sees": sees,
            "knew": knew,
            "knows": knows,
        },
    )


def _replayer(p: Params) -> Callable[[Witness], Witness]:
    """Play the witness's game through the Game API and look at the viewer's observations."""
    rules, swap, order = p["rules"], p["swap"], p["reserve_order"]

    def replay(witness: Witness) -> Witness:
        d = witness.data
        actions: list[Action] = draft(
            d["first"], d["takes"], rules=rules, swap=swap, reserve_order=order
        )
        state = play(actions, rules=rules, swap=swap, reserve_order=order)
        if state.stage == Stage.RESERVE_ORDER:
            actions.append(ReserveFirst(d["coin"]))
            state = DIVIDED_RANKS.apply(state, actions[-1])
        viewer = d["viewer"]
        before = DIVIDED_RANKS.observe(state, viewer)
        for flag in d["swapped"][:1]:
            hand = state.hands[state.actor]
            action = Swap(Card(hand.bit_length() - 1)) if flag else KEEP
            actions.append(action)
            state = DIVIDED_RANKS.apply(state, action)
        after = DIVIDED_RANKS.observe(state, viewer)
        last = after.swaps[-1] if after.swaps else None
        sees = last is not None and last.given is not None and last.taken is not None
        knew, knows = before.reserve is not None, after.reserve is not None
        shown = sees == d["sees"] and knew == d["knew"] and knows == d["knows"]
        if knows and d["swapped"] and d["swapped"][0]:
            shown = shown and after.reserve == Card(state.reserve)
        record = build_record(
            DIVIDED_RANKS,
            config(rules=rules, swap=swap, reserve_order=order),
            finish(state, actions, d["coin"]),
        )
        said = (
            f".\nPlayed through the engine ({swap} exchanges): seat {viewer}'s observation "
            f"{'shows' if sees else 'does not show'} the cards of the exchange and "
            f"{'shows the reserve ' + after.reserve.pretty if after.reserve else 'no reserve'}"
            " (before it: "
            f"{'the reserve ' + before.reserve.pretty if before.reserve else 'no reserve'})"
        )
        return witness.replayed_as(said, shown, record)

    return replay


CLAUSES = (
    "divided-ranks.reserve.blind",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.reserve.turns",
)


def blind_swap(
    rules: DividedRanksRules = PRINTED_RULES,
    swap: str = "blind",
    reserve_order: str = "fewer-splits",
) -> Obligation:
    """``divided-ranks.reserve.blind-swap``: what a blind exchange reveals, under ``swap``."""
    face_up = swap == "face-up"
    p = E.spec_params(reserve_order, rules, swap)
    return claim(
        "divided-ranks.reserve.blind-swap",
        "At every reserve turn, whoever splits first, whatever the choices of the draft and "
        "the keeps and exchanges before: the opponent of the player exchanging sees neither "
        "the card given up nor the card taken; the player exchanging sees both, and so knows "
        "the reserve afterwards; and the opponent no longer knows it, even if it did before. "
        "So the second player exchanges with whatever card the first left there; and such a "
        "player, who knew the reserve after the draft, exists."
        + (
            " Stated under the face-up-swap variant, where both players see both cards: "
            "expected to fail."
            if face_up
            else ""
        ),
        (*CLAUSES, *(("divided-ranks.variant.face-up-swap",) if face_up else ())),
        _problem(rules, face_up=False),
        p,
        Mutant(
            "divided-ranks.mutant.exchange-" + ("blind" if face_up else "in-the-open"),
            "the encoding's exchanges " + ("blind" if face_up else "made in the open"),
            {"swap": "blind" if face_up else "face-up"},
        ),
        expected="fails" if face_up else "holds",
        replay=_replayer(p),
        engine=(
            "engine.divided_ranks.reserve.apply_reserve",
            "engine.divided_ranks.observe.ledger",
        ),
    )


def face_up_swap(
    rules: DividedRanksRules = PRINTED_RULES, reserve_order: str = "fewer-splits"
) -> Obligation:
    """``divided-ranks.reserve.face-up-swap``: the variant's exchanges are seen by both."""
    p = E.spec_params(reserve_order, rules, "face-up")
    return claim(
        "divided-ranks.reserve.face-up-swap",
        "In the face-up-swap variant, at every reserve turn, whoever splits first and whatever "
        "the choices and turns before: both players see the card given up and the card taken, "
        "so after any exchange both know the reserve; and the second player, who did not know "
        "the reserve after the draft, knows exactly what is on offer once the first has "
        "exchanged.",
        ("divided-ranks.variant.face-up-swap", "divided-ranks.reserve.turns"),
        _problem(rules, face_up=True),
        p,
        Mutant(
            "divided-ranks.mutant.face-up-exchange-blind",
            "the encoding's exchanges blind, the variant ignored",
            {"swap": "blind"},
        ),
        variant="face-up-swap",
        replay=_replayer(p),
        engine=(
            "engine.divided_ranks.reserve.apply_reserve",
            "engine.divided_ranks.observe.ledger",
        ),
    )


def obligations(
    rules: DividedRanksRules = PRINTED_RULES,
    swap: str = "blind",
    reserve_order: str = "fewer-splits",
) -> tuple[Obligation, ...]:
    """``divided-ranks.reserve.blind-swap`` (under ``swap``) and ``.face-up-swap``."""
    return (blind_swap(rules, swap, reserve_order), face_up_swap(rules, reserve_order))
