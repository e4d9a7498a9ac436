"""Split's obligations about the order of turns: the wild reversal, two players, after a reset.

* ``split.turn.wild-reverses`` — at a table of three or more, a wild card
  turns the direction of play around and a standard card keeps it, and the
  next player is the first seat, one at a time in the new direction, that
  holds cards (competitively the neighbour; cooperatively empty hands are
  passed over).
* ``split.turn.two-players`` — with two players the direction never
  changes: the other player always plays next.
* ``split.reset.next-player`` — after every opening (the deal, and every
  reset) play goes clockwise from the opener's left neighbour, whatever the
  direction was.

The claims are the rulebook's words over plain seat arithmetic and the
spec's wild cards, never the encoding's functions (which mutants change).
Each has a witness, an instance found by Z3 (a wild card at a table of
three, a reset while play went counterclockwise), realised in a seeded game
through the engine: the replay finds the situation in seeded games, checks
that the engine does what the rule says, and carries the record up to it.

>>> from cardlaw.proofs.core import check
>>> report = check(obligations(E.spec_params())[2])
>>> report.status, report.ok, report.witness.replayed, report.mutants[0].caught
('proved', True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import z3

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.support import WILD, Params, true, value
from cardlaw.proofs.trace import Step, Trace, plays
from cardlaw.spec.split.actions import Action, Aid, Play, Reset
from cardlaw.spec.split.cards import WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.parameters import SplitRules
from cardlaw.spec.split.state import SplitState, Stage

__all__ = ["SEARCHED", "obligations"]

SEARCHED: Final = 20
"""Seeded games searched for a witness's situation."""

_SEED: Final = 20261205


def _wide(x: z3.BitVecRef) -> z3.BitVecRef:
    return z3.ZeroExt(8 - x.size(), x)


def _seat_on(s: z3.BitVecRef, k: int, clockwise: z3.BoolRef, n: z3.BitVecRef) -> z3.BitVecRef:
    """The seat ``k`` places from ``s`` in the direction of play, round ``n`` seats (8 bits)."""
    ahead = z3.URem(_wide(s) + k, _wide(n))
    behind = z3.URem(_wide(s) + k * (_wide(n) - 1), _wide(n))
    return z3.If(clockwise, ahead, behind)


def _first_holding(
    s: z3.BitVecRef, clockwise: z3.BoolRef, n: z3.BitVecRef, held: z3.BitVecRef, nxt: z3.BitVecRef
) -> z3.BoolRef:
    """``nxt`` is the first seat after ``s``, one at a time in the direction, holding cards."""

    def holding(seat8: z3.BitVecRef) -> z3.BoolRef:
        return z3.Extract(0, 0, z3.LShR(held, seat8)) == 1

    cases = []
    for k in range(1, E.MAX_SEATS + 1):
        seats = [_seat_on(s, j, clockwise, n) for j in range(1, k + 1)]
        cases.append(
            z3.And(
                z3.ULE(k, _wide(n)),
                _wide(nxt) == seats[-1],
                holding(seats[-1]),
                *(z3.Not(holding(x)) for x in seats[:-1]),
            )
        )
    return z3.Or(*cases)


def _table(low: int, high: int) -> tuple[z3.BitVecRef, z3.BitVecRef, list[z3.BoolRef]]:
    s, n = z3.BitVec("seat", E.SEAT_BITS), z3.BitVec("players", E.SEAT_BITS)
    return s, n, [z3.UGE(n, low), z3.ULE(n, high), z3.ULT(s, n)]


# --- the situations realised in seeded games --------------------------------------------------


def _found(
    config: SplitConfig,
    fits: Callable[
        [Trace[SplitState, Action], Step[SplitState, Action]], Step[SplitState, Action] | None
    ],
) -> tuple[Trace[SplitState, Action], Step[SplitState, Action], Step[SplitState, Action]] | None:
    for trace in plays(SPLIT, config, games=SEARCHED, seed=_SEED):  # the first that fits
        for step in trace.steps:
            done = fits(trace, step)
            if done is not None:
                return trace, step, done
    return None


def _card_replay(rules: SplitRules) -> Callable[[Witness], Witness]:
    """Find a card of the witness's kind played from its seat, and check who plays next."""

    def replay(witness: Witness) -> Witness:
        d = witness.data
        n, seat, clockwise, wild = d["players"], d["seat"], d["clockwise"], d["wild"]

        def fits(
            _: Trace[SplitState, Action], step: Step[SplitState, Action]
        ) -> Step[SplitState, Action] | None:
            state, action, after = step.state, step.action, step.after
            if not isinstance(action, Play | Aid) or after.stage != Stage.MOVE:
                return None
            same = state.actor == seat and (state.direction == 1) == clockwise
            return step if same and bool(WILD_MASK >> action.card & 1) == wild else None

        found = _found(SplitConfig(players=n, rules=rules), fits)
        if found is None:
            return witness.replayed_as(f"; no seeded game of {n} players met it", False)
        trace, step, _ = found
        state, after, played = step.state, step.after, step.action
        assert isinstance(played, Play | Aid)  # as fits found it
        turns = wild and n > 2
        direction = -state.direction if turns else state.direction
        expected = (seat + direction) % n
        agrees = after.direction == direction and after.actor == expected
        said = (
            f". Realised in seeded game {trace.seed} at step {step.index + 1}: seat {seat} plays "
            f"{played.card}{'*' if wild else ''} with play going "
            f"{'clockwise' if clockwise else 'counterclockwise'}; the engine then has seat "
            f"{after.actor} move it, play going "
            f"{'clockwise' if after.direction == 1 else 'counterclockwise'}"
            + ("" if agrees else f", where the rules say seat {expected}")
        )
        return witness.replayed_as(said, agrees, trace.record(step.index))

    return replay


def _reset_replay(rules: SplitRules) -> Callable[[Witness], Witness]:
    """Find a reset by the witness's seat in its direction, and check who plays after it."""

    def replay(witness: Witness) -> Witness:
        d = witness.data
        n, seat, clockwise = d["players"], d["seat"], d["clockwise"]

        def fits(
            trace: Trace[SplitState, Action], step: Step[SplitState, Action]
        ) -> Step[SplitState, Action] | None:
            state = step.state
            if not isinstance(step.action, Reset) or state.actor != seat:
                return None
            if (state.direction == 1) != clockwise:
                return None
            for later in trace.steps[step.index :]:  # chance may reshuffle first
                if later.after.stage == Stage.PLAY and later.after.opener == seat:
                    return later
                if later.after.stage not in (Stage.RESHUFFLE, Stage.BURY):
                    return None
            return None

        found = _found(SplitConfig(players=n, rules=rules), fits)
        if found is None:
            return witness.replayed_as(f"; no seeded game of {n} players met it", False)
        trace, step, done = found
        after = done.after
        expected = (seat + 1) % n
        agrees = after.direction == 1 and after.actor == expected
        said = (
            f". Realised in seeded game {trace.seed} at step {step.index + 1}: seat {seat} "
            f"resets with play going {'clockwise' if clockwise else 'counterclockwise'} and "
            f"opens {after.left} | {after.right}; the engine then has seat {after.actor} play, "
            f"going {'clockwise' if after.direction == 1 else 'counterclockwise'}"
            + ("" if agrees else f", where the rules say seat {expected}, clockwise")
        )
        return witness.replayed_as(said, agrees, trace.record(done.index))

    return replay


# --- the obligations --------------------------------------------------------------------------


def _reverses(p: Params) -> Problem:
    """Every card played at every table of 3 to 6, every seat holding cards after it."""
    s, n, premise = _table(3, 6)
    cooperative, clockwise = z3.Bool("cooperative"), z3.Bool("clockwise")
    number, held = z3.BitVec("number", E.NUMBER_BITS), z3.BitVec("holding", E.HOLDING_BITS)
    c = E.onehot(number)
    everyone = (z3.BitVecVal(1, E.HOLDING_BITS) << _wide(n)) - 1
    premise += [
        z3.ULE(number, 100),
        held != 0,
        held & ~everyone == 0,
        z3.If(cooperative, z3.ULE(n, 5), held == everyone),
    ]
    turned = E.reversed_direction(clockwise, c, n, p)
    nxt = z3.If(cooperative, E.next_seat(s, turned, n, held, p), E.next_seat(s, turned, n, None, p))
    wild = c & WILD != 0
    claims = [
        (turned != clockwise) == wild,
        _first_holding(s, turned, n, held, nxt),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        card, seat, players = value(m, number), value(m, s), value(m, n)
        after = "clockwise" if true(m, turned) else "counterclockwise"
        return Witness(
            f"seat {seat} of {players}{' (cooperative)' if true(m, cooperative) else ''} plays "
            f"{card}{'*' if true(m, wild) else ''} with play going "
            f"{'clockwise' if true(m, clockwise) else 'counterclockwise'}: as encoded, play "
            f"goes {after} and seat {value(m, nxt)} plays next (seats holding cards: "
            f"{value(m, held):b} as bits)",
            data={
                "players": players,
                "seat": seat,
                "clockwise": true(m, clockwise),
                "wild": true(m, wild),
            },
        )

    attained = z3.And(wild, z3.Not(cooperative))
    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _two_players(p: Params) -> Problem:
    """Every card played by either of two players, in either direction."""
    s, n, premise = _table(2, 2)
    clockwise, number = z3.Bool("clockwise"), z3.BitVec("number", E.NUMBER_BITS)
    premise.append(z3.ULE(number, 100))
    c = E.onehot(number)
    turned = E.reversed_direction(clockwise, c, n, p)
    nxt = E.next_seat(s, turned, n, None, p)
    wild = c & WILD != 0
    claims = [turned == clockwise, nxt == 1 - s]

    def decode(m: z3.ModelRef) -> Witness:
        seat = value(m, s)
        return Witness(
            f"seat {seat} of two plays {value(m, number)}{'*' if true(m, wild) else ''}: as "
            f"encoded, play goes {'clockwise' if true(m, turned) else 'counterclockwise'} and "
            f"seat {value(m, nxt)} plays next",
            data={"players": 2, "seat": seat, "clockwise": True, "wild": true(m, wild)},
        )

    premise.append(clockwise)  # with two players play always goes clockwise
    return Problem(premise=premise, claim=claims, attained=wild, decode=decode)


def _after_reset(p: Params) -> Problem:
    """Every opening by every seat of every table, whatever the direction before."""
    s, n, premise = _table(2, 6)
    clockwise = z3.Bool("clockwise")
    turned, nxt = E.after_opening(s, clockwise, n, p)
    left = z3.URem(_wide(s) + 1, _wide(n))
    claims = [turned, _wide(nxt) == left]

    def decode(m: z3.ModelRef) -> Witness:
        seat, players = value(m, s), value(m, n)
        return Witness(
            f"seat {seat} of {players} resets with play going "
            f"{'clockwise' if true(m, clockwise) else 'counterclockwise'}: as encoded, play then "
            f"goes {'clockwise' if true(m, turned) else 'counterclockwise'} from seat "
            f"{value(m, nxt)}",
            data={"players": players, "seat": seat, "clockwise": true(m, clockwise)},
        )

    attained = z3.And(z3.Not(clockwise), z3.UGE(n, 3))
    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed."""
    rules: SplitRules = real["rules"]
    return (
        claim(
            "split.turn.wild-reverses",
            "At every table of three to six players (three to five cooperatively), after any card "
            "is played (or aid used) by any seat in either direction: the direction of play is "
            "turned around exactly when the card is a Wild/Reverse card, and the next player is "
            "the first seat, one at a time in the new direction, that holds cards — the "
            "neighbour in the competitive game, where every hand holds cards; and such a "
            "reversal is met in a real game.",
            (
                "split.wild.reverse",
                "split.turn.order",
                "split.setup.seating",
                "split.ruling.coop-reverse",
                "split.ruling.coop-empty-hand",
            ),
            _reverses,
            real,
            Mutant(
                "split.mutant.wild-keeps-direction",
                "a wild card that leaves the direction as it is",
                {"wild_reverses": False},
            ),
            Mutant(
                "split.mutant.empty-seats-play",
                "cooperative turns that do not pass over empty hands",
                {"skip_empty": False},
            ),
            replay=_card_replay(rules),
            engine=(
                "engine.split.piles.reversed_direction",
                "engine.split.piles.next_seat",
                "engine.split.turn.apply_play",
            ),
        ),
        claim(
            "split.turn.two-players",
            "With two players the direction of play never changes: after any card either "
            "player plays, wild or not, play still goes clockwise and the other player plays "
            "next; and a wild card played by two players is met in a real game.",
            ("split.wild.two-players", "split.turn.order"),
            _two_players,
            real,
            Mutant(
                "split.mutant.two-players-reverse",
                "a wild card that turns the direction with two players too",
                {"two_players_keep": False},
            ),
            replay=_card_replay(rules),
            engine=("engine.split.piles.reversed_direction", "engine.split.turn.apply_play"),
        ),
        claim(
            "split.reset.next-player",
            "After every opening of new piles, by the dealer or by any resetting seat of any "
            "table of two to six, whatever the direction of play was: play goes clockwise, and "
            "the opener's left neighbour plays next; and a reset while play went "
            "counterclockwise at a table of three or more is met in a real game.",
            (
                "split.ruling.after-reset",
                "split.reset.fresh-start",
                "split.open.first-player",
                "split.turn.order",
            ),
            _after_reset,
            real,
            Mutant(
                "split.mutant.reset-keeps-direction",
                "play that keeps its direction after a reset (the ruling's alternative)",
                {"reopen_clockwise": False},
            ),
            replay=_reset_replay(rules),
            engine=("engine.split.opening.continue_opening", "engine.split.opening.apply_reset"),
        ),
    )
