"""The course of Euchre games held to the engine: ``hand_step`` and ``game_run``.

``euchre.link.course`` — seeded whole games of players who mostly pass
(:func:`~proofs.euchre.hands.passing_games`: many hands thrown in), under
both all-pass rules: every hand, thrown in or scored, against the encoding's
``hand_step``, and every game's deals (the scores, the dealers and the end
after each) against ``game_run``.  The games are played by :data:`EUCHRE`,
read when the link runs (a test may break it).

>>> from cardlaw.proofs.core import check
>>> report = check(course_link())
>>> report.status, report.mutants[0].caught
('proved', True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Mutant, Obligation
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.hands import Hand, hands_of, passing_games
from cardlaw.proofs.euchre.packing import Packing, none
from cardlaw.proofs.link import Table, link, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import LOCATOR, Trace, located
from cardlaw.spec.euchre.actions import Action
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState

__all__ = ["COURSE_GAMES", "LONGEST_RUN", "course_link", "obligations"]

COURSE_GAMES: Final = 3
"""Seeded games of passing players under each all-pass rule."""

LONGEST_RUN: Final = 20
"""The deals of a game held to ``game_run`` (a longer game's first ones)."""

_RULES: Final = (("throw-in", False), ("stick-the-dealer", True))

Row = tuple[tuple[int, ...], tuple[int, ...]]


def _as_int(term: z3.ExprRef) -> z3.ArithRef:
    return z3.BV2Int(term) if z3.is_bv(term) else z3.If(term, 1, 0)


@functools.cache
def _course(
    rules: EuchreRules,
) -> dict[bool, tuple[list[Trace[EuchreState, Action]], list[list[Hand]]]]:
    out = {}
    for _, stick in _RULES:
        config = EuchreConfig(rules=rules, stick_the_dealer=stick)
        traces = passing_games(config, games=COURSE_GAMES, seed=20261205, game=EUCHRE)
        out[stick] = (traces, [hands_of(t) for t in traces])
    return out


STEPPED: Final = Packing(
    "the hand's course",
    (("whether the choices are legal", 8), ("whether it is thrown in", 8), ("the maker", 8),
     ("the team that scores", 8), ("the points", 8), ("team 0's score", 8),
     ("team 1's score", 8)),
)  # fmt: skip


def _step_rows(hands: Sequence[Hand], number: int) -> list[Row]:
    rows: list[Row] = []
    for hand in hands:
        if hand.end_step is None:
            continue
        team, points = hand.result
        case = (*hand.scores_before, hand.dealer, hand.passes, hand.makers_tricks,
                int(hand.alone), number, hand.end_step)  # fmt: skip
        outcome = [1, hand.thrown, hand.maker, team, points, *hand.scores_after]
        rows.append((case, (STEPPED.value(outcome),)))
    return rows


def _run_row(hands: Sequence[Hand], deals: int, number: int) -> Row:
    done = [h for h in hands if h.end_step is not None][:deals]
    pad = deals - len(done)
    case = (
        done[0].dealer,
        *(h.passes for h in done), *([0] * pad),
        *(h.makers_tricks for h in done), *([0] * pad),
        *(int(h.alone) for h in done), *([0] * pad),
        number, done[-1].end_step if done[-1].end_step is not None else 0,
    )  # fmt: skip
    last = done[-1]
    packed = [_pack(*h.scores_after, h.dealer, h.over) for h in done]
    packed += [_pack(*last.scores_after, -1, last.over)] * pad
    return case, (1, *packed)


def _pack(score0: int, score1: int, dealer: int, over: bool) -> int:
    """A deal of a game as one number: the scores after it, its dealer (255: none), the end.

    >>> _unpack(_pack(3, 10, -1, True))
    'the scores 3-10, no deal, the game over'
    """
    return score0 << 24 | score1 << 16 | (dealer & 0xFF) << 8 | int(over)


def _unpack(value: int) -> str:
    dealer = value >> 8 & 0xFF
    return (
        f"the scores {value >> 24}-{value >> 16 & 0xFF}, "
        f"{'no deal' if dealer == 0xFF else f'seat {dealer} deals'}, "
        f"the game {'over' if value & 1 else 'going on'}"
    )


def _packed(run: E.GameRun, k: int) -> z3.BitVecRef:
    """Deal ``k`` of ``run`` as :func:`_pack` packs the engine's: one output per deal."""
    dealer = z3.If(run.over[k], E.count(0xFF), run.dealers[k])
    over = z3.If(run.over[k + 1], E.count(1), E.count(0))
    return z3.Concat(*run.scores[k + 1], dealer, over)


def _course_tables(rules: EuchreRules, p: Params) -> list[Table]:
    tables = []
    scores = (E.nat("score0"), E.nat("score1"))
    dealer, passes, tricks = E.nat("dealer"), E.nat("passes"), E.nat("tricks")
    alone = z3.Bool("alone")
    for name, stick in _RULES:
        q = {**p, "stick_the_dealer": stick}
        traces, games = _course(rules)[stick]
        step = E.hand_step(scores, dealer, passes, tricks, alone, q)

        def hand_text(
            _: Trace[EuchreState, Action], __: object, case: tuple[int, ...], rule: str = name
        ) -> str:
            a, b, d, n, t, lone = case
            return (f"under {rule}, at {a}-{b} seat {d} deals, {n} passes, the makers"
                    f"{' (alone)' if lone else ''} take {t} tricks")  # fmt: skip

        tables.append(
            pairs_table(
                "proofs.euchre.encoding.hand_step",
                [*scores, dealer, passes, tricks, alone, *LOCATOR],
                [
                    STEPPED.term(
                        [
                            step.legal,
                            step.thrown_in,
                            none(z3.Not(step.thrown_in), step.maker),
                            none(z3.Not(step.thrown_in), step.team),
                            step.points,
                            *step.scores,
                        ]
                    )
                ],
                (STEPPED.name,),
                [row for number, hands in enumerate(games) for row in _step_rows(hands, number)],
                located(traces, hand_text),
                lambda case: (case[-2], case[-1]),
                {STEPPED.name: STEPPED.show},
            )
        )
        deals = min(LONGEST_RUN, max(sum(h.end_step is not None for h in g) for g in games))
        run = E.game_run(deals, q, prefix="link_")

        def game_text(
            _: Trace[EuchreState, Action],
            __: object,
            case: tuple[int, ...],
            rule: str = name,
            n: int = deals,
        ) -> str:
            return f"under {rule}, the course of the game's first {n} deals"

        tables.append(
            pairs_table(
                "proofs.euchre.encoding.game_run",
                [run.first_dealer, *run.passes, *run.makers_tricks, *run.alone, *LOCATOR],
                [
                    z3.If(z3.And(*run.premise), 1, 0),
                    *(_as_int(_packed(run, k)) for k in range(deals)),
                ],
                ("whether every choice is legal", *(f"deal {k + 1}" for k in range(deals))),
                [_run_row(hands, deals, number) for number, hands in enumerate(games)],
                located(traces, game_text),
                lambda case: (case[-2], case[-1]),
                {f"deal {k + 1}": _unpack for k in range(deals)},
            )
        )
    return tables


def course_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.course``: seeded games of passing players held to hand_step and game_run."""
    return link(
        "euchre.link.course",
        f"In {COURSE_GAMES} seeded whole games of players who pass four times in five, under "
        "each all-pass rule: every hand, thrown in or scored, is the encoding's hand_step of "
        "its scores, dealer, passes, makers' tricks and going alone; and every game's first "
        f"{LONGEST_RUN} deals at most are game_run's: every choice legal, the scores, the "
        "dealers and the end after each deal.",
        ("euchre.ruling.all-pass", "euchre.ruling.thrown-in-hand", "euchre.hand.dealer-rotation",
         "euchre.score.one-team", "euchre.end.ten", "euchre.ruling.end-at-once"),
        functools.partial(_course_tables, rules),
        E.spec_params(rules=rules),
        Mutant(
            "euchre.mutant.link.course-three-bid-rounds",
            "the encoding's hand is thrown in after three rounds of passes, not two",
            {"bid_rounds": 3},
        ),
        engine=("engine.euchre.bidding.apply_bid", "engine.euchre.play._finish_hand",
                "engine.euchre.scoring.add_points", "engine.euchre.scoring.game_over",
                "engine.euchre.deal.apply_shuffle"),
        method="trace",
    )  # fmt: skip


def obligations(rules: EuchreRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """The course link, in the order ``cardlaw verify`` runs them."""
    return (course_link(rules),)
