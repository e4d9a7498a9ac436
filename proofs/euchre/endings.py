"""Euchre's obligations about the end of a game: when it must end, and when it cannot yet.

Under stick-the-dealer every game ends within :data:`LONGEST_GAME` hands (an
inductive ranking argument), a bound a real game attains; under the default
throw-in rule a game need not end at all, which is expected to fail
[euchre.ruling.endless-game]; and no game ends before hand
:data:`FEWEST_HANDS`.  Witnesses that are whole games are realised by
:mod:`proofs.euchre.scenarios` and replayed through the engine as records.

>>> LONGEST_GAME, FEWEST_HANDS
(19, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import z3

from engine.euchre.game import EUCHRE
from engine.record import Replay
from proofs.core import Mutant, Obligations, Problem, Witness, claim
from proofs.euchre import encoding as E
from proofs.euchre.scenarios import lone_march_game, longest_game, looping_deals
from proofs.euchre.support import Params, record_witness, true, value
from spec.euchre import constants as K
from spec.euchre.config import EuchreConfig
from spec.euchre.state import EuchreState

__all__ = ["FEWEST_HANDS", "LONGEST_GAME", "obligations"]

LONGEST_GAME: Final = 2 * (K.TARGET - 1) // K.MAKER_POINTS + 1
"""The most hands a stick-the-dealer game can last: both teams at one point short of the
target, one point a hand, then one more hand (19)."""

FEWEST_HANDS: Final = -(-K.TARGET // K.ALONE_MARCH_POINTS)
"""The fewest hands any game lasts: the target in lone marches of four points (3)."""


# --- stick-the-dealer: every game ends -----------------------------------------------------------


def _stick_decoder(
    scores: Sequence[z3.BitVecRef], step: E.HandStep, run: E.GameRun, attained: z3.BoolRef
) -> Callable[[z3.ModelRef], Witness]:
    """How a model reads: the longest game, or a hand that breaks the ranking argument."""
    total = scores[0] + scores[1]

    def decode(m: z3.ModelRef) -> Witness:
        if true(m, attained):
            shown = ", ".join(
                f"{value(m, a)}-{value(m, b)}" for a, b in run.scores[1 : LONGEST_GAME + 1]
            )
            return Witness(f"a game of {LONGEST_GAME} hands; the scores after each: {shown}")
        before = f"{value(m, scores[0])}-{value(m, scores[1])}"
        after = f"{value(m, step.scores[0])}-{value(m, step.scores[1])}"
        if value(m, step.scores[0] + step.scores[1]) <= value(m, total):
            thrown = " (thrown in)" if true(m, step.thrown_in) else ""
            return Witness(f"a hand at {before} ends at {after}{thrown}: no point is scored")
        return Witness(f"at {before} the game is not over, with {value(m, total)} points held")

    return decode


def _ends_stick(p: Params) -> Problem:
    """Termination as an inductive argument, and a 19-hand game as the bound attained.

    Ranking function: the points the two teams hold together.  (a) every
    deal is played and scores, so it rises by at least one with every hand;
    (b) while the game is not over it is at most ``2 * (target - 1)``.  It
    starts at 0, so by induction over the hands at most 18 hands are played
    before the game is over: it ends in hand 19 at the latest.
    """
    scores = (E.nat("score0"), E.nat("score1"))
    dealer, passes, tricks = E.nat("dealer"), E.nat("passes"), E.nat("tricks")
    alone = z3.Bool("alone")
    step = E.hand_step(scores, dealer, passes, tricks, alone, p)
    run = E.game_run(LONGEST_GAME, p, prefix="run_")
    premise = [
        z3.Not(E.game_over(scores, p)),
        z3.ULT(dealer, K.PLAYERS),
        step.legal,
        *run.premise,
    ]
    # Counts are 8-bit: below the target the sums stay far from wrapping round.
    total = scores[0] + scores[1]
    claims = [
        z3.UGE(step.scores[0] + step.scores[1], total + 1),
        z3.ULE(total, (LONGEST_GAME - 1) * K.MAKER_POINTS),
    ]
    attained = z3.And(run.over[LONGEST_GAME], z3.Not(run.over[LONGEST_GAME - 1]))
    return Problem(
        premise=premise,
        claim=claims,
        attained=attained,
        decode=_stick_decoder(scores, step, run, attained),
    )


def _replay_longest(witness: Witness) -> Witness:
    """Realise the longest game as a real game under stick-the-dealer, as a record."""

    def shows(replay: Replay) -> bool:
        final: EuchreState = replay.final
        return len(final.results) == LONGEST_GAME and EUCHRE.result(final) is not None

    real = record_witness("", EuchreConfig(stick_the_dealer=True), longest_game(), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game under stick-the-dealer: the teams take "
        "turns scoring one point a hand (the makers take three or four tricks) up to 9-9, and "
        f"hand {LONGEST_GAME} ends it 10-9; see the record.",
        real.record,
        real.replayed,
    )


# --- throw-in: a game need not end --------------------------------------------------------------


def _ends_throw_in(p: Params) -> Problem:
    """Claim: no game comes back to where it was over one turn of the deal."""
    deals = K.PLAYERS
    run = E.game_run(deals, p)
    start, end = run.scores[0], run.scores[deals]
    claim = z3.Or(end[0] != start[0], end[1] != start[1], run.dealers[deals] != run.dealers[0])

    def decode(m: z3.ModelRef) -> Witness:
        rows = []
        for k, step in enumerate(run.steps):
            passes = value(m, run.passes[k])
            if true(m, step.thrown_in):
                rows.append(
                    f"deal {k + 1} (seat {value(m, run.dealers[k])} deals): {passes} passes"
                )
            else:
                rows.append(f"deal {k + 1}: scored {value(m, step.points)}")
        first = value(m, run.first_dealer)
        return Witness(
            "; ".join(rows) + f"; then seat {value(m, run.dealers[deals])} deals again at "
            f"{value(m, end[0])}-{value(m, end[1])}: the position after "
            f"{deals} deals is the position at the start",
            data={"first_dealer": first},
        )

    return Problem(premise=run.premise, claim=claim, decode=decode)


def _replay_loop(witness: Witness) -> Witness:
    """Realise the loop as a real game of thrown-in deals, as a record."""

    def shows(replay: Replay) -> bool:
        start, end = replay.states[2], replay.final  # after the first and the fifth shuffle
        return bool(
            start.scores == end.scores
            and start.dealer == end.dealer
            and start.hands == end.hands
            and start.actor == end.actor
            and start.stage == end.stage
            and end.results == ((-1, 0),) * K.PLAYERS
        )

    first = witness.data["first_dealer"]
    real = record_witness("", EuchreConfig(), looping_deals(first), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game: seat {first} deals first; on each of four "
        "deals all four players pass twice and the cards are thrown in; the fifth deal, with "
        f"the first deal's shuffle, gives seat {first} the deal and every seat the same cards "
        "at 0-0: the state equals the one after the first deal in all but the count of hands, "
        "so the game can repeat this for ever; see the record.",
        real.record,
        real.replayed,
    )


# --- the shortest game ---------------------------------------------------------------------------


def _fewest_hands(p: Params) -> Problem:
    """A game's first :data:`FEWEST_HANDS` hands: never over before the last, and over after it."""
    run = E.game_run(FEWEST_HANDS, p)

    def decode(m: z3.ModelRef) -> Witness:
        shown = ", ".join(
            f"{value(m, a)}-{value(m, b)}" for a, b in run.scores[1 : FEWEST_HANDS + 1]
        )
        return Witness(f"the scores after each hand: {shown}")

    return Problem(
        premise=run.premise,
        claim=z3.Not(run.over[FEWEST_HANDS - 1]),
        attained=run.over[FEWEST_HANDS],
        decode=decode,
    )


def _replay_fewest(witness: Witness) -> Witness:
    """Realise the shortest game as three lone marches, as a record."""

    def shows(replay: Replay) -> bool:
        final: EuchreState = replay.final
        return len(final.results) == FEWEST_HANDS and EUCHRE.result(final) is not None

    real = record_witness("", EuchreConfig(), lone_march_game(), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game: seat 0 holds both bowers and the A K Q of "
        f"Spades three times, names Spades alone and takes all five tricks: "
        f"{FEWEST_HANDS} × {K.ALONE_MARCH_POINTS} points; see the record.",
        real.record,
        real.replayed,
    )


def obligations(real: Params, stick: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``euchre.game.ends.stick-the-dealer``: every game ends, within the longest game's hands
      (``stick`` are the real rules with stick-the-dealer).
    * ``euchre.game.ends.throw-in``: expected to fail, thrown-in deals may go on for ever.
    * ``euchre.game.fewest-hands``: no game ends before hand 3, and one ends then.
    """
    return (
        claim(
            "euchre.game.ends.stick-the-dealer",
            "Under stick-the-dealer every game ends, within "
            f"{LONGEST_GAME} hands: every deal is played and scores at least one point, and "
            f"while no team has {K.TARGET} the teams hold at most {2 * (K.TARGET - 1)} points "
            f"together, so (by induction over the hands) at most {LONGEST_GAME - 1} hands are "
            f"played before the game is over. The bound is tight: a game of {LONGEST_GAME} "
            "hands exists.",
            (
                "euchre.ruling.all-pass",
                "euchre.ruling.endless-game",
                "euchre.score.one-team",
                "euchre.end.ten",
                "euchre.ruling.end-at-once",
            ),
            _ends_stick,
            stick,
            Mutant(
                "euchre.mutant.throw-in",
                "the default throw-in rule instead of stick-the-dealer",
                {"stick_the_dealer": False},
            ),
            Mutant("euchre.mutant.target-11", "a game to 11 points", {"target": 11}),
            Mutant(
                "euchre.mutant.maker-points-2",
                "makers who take three or four tricks score 2",
                {"maker_points": 2},
            ),
            variant="stick-the-dealer",
            replay=_replay_longest,
        ),
        claim(
            "euchre.game.ends.throw-in",
            "Claim: under the default throw-in rule every game ends. Were it so, "
            "no game could come back to a position (the scores and the next dealer) it has "
            "been in, since passing is open to every player whatever the cards, so a return "
            f"can be repeated for ever. Checked over one turn of the deal ({K.PLAYERS} deals, "
            "after which the same seat deals again) from the start of a game. Expected to "
            "fail: this is a finding about the rules.",
            (
                "euchre.ruling.all-pass",
                "euchre.ruling.endless-game",
                "euchre.ruling.thrown-in-hand",
                "euchre.hand.dealer-rotation",
                "euchre.end.ten",
            ),
            _ends_throw_in,
            real,
            Mutant(
                "euchre.mutant.stick-the-dealer",
                "stick-the-dealer semantics: the dealer may not pass in the second round",
                {"stick_the_dealer": True},
            ),
            expected="fails",
            replay=_replay_loop,
        ),
        claim(
            "euchre.game.fewest-hands",
            f"No game ends before hand {FEWEST_HANDS}: a hand scores at most "
            f"{K.ALONE_MARCH_POINTS} points, and {K.TARGET} are needed; and a game of "
            f"{FEWEST_HANDS} hands exists (three lone marches).",
            ("euchre.score.alone-march", "euchre.end.ten", "euchre.ruling.end-at-once"),
            _fewest_hands,
            real,
            Mutant(
                "euchre.mutant.alone-march-5",
                "a march alone worth 5 points",
                {"alone_march_points": 5},
            ),
            Mutant(
                "euchre.mutant.alone-march-2",
                "a march alone worth 2 points",
                {"alone_march_points": 2},
            ),
            replay=_replay_fewest,
        ),
    )
