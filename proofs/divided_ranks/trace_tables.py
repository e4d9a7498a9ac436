"""The tables of Divided Ranks' trace links: the encodings' terms beside the engine's steps.

:func:`tables` pairs the rows :func:`proofs.divided_ranks.trace_cases.collect`
gathered with the encodings' terms over the same inputs; each case ends
with the game and the step it was met at (:data:`proofs.trace.LOCATOR`), so
its witness carries the record of the game up to that step.
:mod:`proofs.divided_ranks.trace` says what is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.core import Witness
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks import encoding_turns as T
from cardlaw.proofs.divided_ranks.links_builds import STEPS
from cardlaw.proofs.divided_ranks.links_support import cards_label, portable, showdown_terms
from cardlaw.proofs.divided_ranks.trace_cases import Rows
from cardlaw.proofs.link import Table, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import LOCATOR, Trace, located
from cardlaw.spec.divided_ranks.actions import Action
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["tables"]

Traces = Sequence[Trace[DividedRanksState, Action]]

CHOICES = (
    "the cards chosen from",
    "the cards each choice picks",
    "how many choices",
    "whether each divides them in two",
)
"""What the Game API's list of a player's choices is summed up as (``trace_cases._choices``)."""

CHANCE = ("how many outcomes", "whether each has the same chance", "what they name")


def _named(traces: Traces, what: str) -> Callable[[tuple[int, ...]], Witness]:
    """A ``show`` naming what a case is, where it was met, with the record up to it."""
    return located(traces, lambda trace, step, case: what)


def _stage(s: int) -> str:
    return Stage(s).name if 0 <= s < len(Stage) else str(s)


def tables(traces: Traces, rows: Rows, p: Params) -> list[Table]:
    """Every table of a trace link: the steps of ``traces`` (their ``rows``) under ``p``."""
    # The tables the links' mutants change come first (the choices, the exchanges): a mutant's
    # check stops at the first table that disagrees, before the showdown's large terms.
    return [
        *_draft_tables(traces, rows, p),
        *_reserve_tables(traces, rows, p),
        *_turn_tables(traces, rows, p),
        *_build_tables(traces, rows, p),
        _finished_table(traces, rows),
    ]


def _turn_tables(traces: Traces, rows: Rows, p: Params) -> list[Table]:
    first, coin = z3.BitVec("first", 1), z3.BitVec("coin", 1)
    counts = T.Counts(
        z3.Bool("decided"),
        z3.Bool("dealt"),
        z3.Int("rounds"),
        z3.Bool("offer"),
        z3.Bool("flipped"),
        z3.Int("turns"),
        z3.Int("builds"),
    )
    seat, coin_seat = z3.Int("first_splitter"), z3.Int("coin_seat")
    firsts, coins = T.first_splitter_outcomes(p), T.coin_outcomes(p)
    return [
        pairs_table(
            "proofs.divided_ranks.encoding_turns.phase",
            [first, coin, *counts, *LOCATOR],
            list(T.phase(first, coin, *counts, p=p)),
            ("the stage", "the seat to act (-1: chance, -2: nobody)"),
            rows.phases,
            _named(traces, "the stage and the seat to act"),
            labels={"the stage": _stage},
        ),
        pairs_table(
            "proofs.divided_ranks.encoding_turns.first_splitter_outcomes",
            [seat, *LOCATOR],
            [firsts.count, firsts.uniform, firsts.named, seat],
            (*CHANCE, "the first splitter"),
            rows.first_splitter,
            _named(traces, "who splits first"),
        ),
        pairs_table(
            "proofs.divided_ranks.encoding_turns.coin_outcomes",
            [first, coin_seat, *LOCATOR],
            [
                coins.count,
                coins.uniform,
                coins.named,
                z3.BV2Int(E.reserve_first(first, z3.Int2BV(coin_seat, 1), p)),
            ],
            (*CHANCE, "the seat to act after the coin"),
            rows.coin,
            _named(traces, "the coin of coin-flip-reserve"),
        ),
    ]


def _draft_tables(traces: Traces, rows: Rows, p: Params) -> list[Table]:
    w = E.width(p)
    order = [z3.BitVec(f"card{j}", w) for j in range(p["pack_size"])]
    round_index = z3.Int("round")
    shuffles = T.shuffle_outcomes(p)
    reserve, stock = T.deal(order, p)
    split = T.split_choices(order, round_index, p)
    chooser, splitter, up, down = (z3.BitVec(n, w) for n in ("chooser", "splitter", "up", "down"))
    took_up = z3.Bool("took_up")
    mine, theirs = T.after_take(chooser, splitter, up, down, took_up, p)
    return [
        pairs_table(
            "proofs.divided_ranks.encoding_turns.shuffle_outcomes",
            [*LOCATOR],
            [shuffles.count, shuffles.uniform, shuffles.named],
            CHANCE,
            rows.shuffle,
            _named(traces, "the shuffle"),
            labels={"what they name": cards_label},
        ),
        pairs_table(
            "proofs.divided_ranks.encoding_turns.deal",
            [*order, *LOCATOR],
            portable([reserve, stock, T.drawn(order, z3.IntVal(0), p)]),
            ("the reserve", "the stock", "the first splitter's draw"),
            rows.deals,
            _named(traces, "the deal"),
            labels=dict.fromkeys(
                ("the reserve", "the stock", "the first splitter's draw"), cards_label
            ),
        ),
        pairs_table(
            "proofs.divided_ranks.encoding_turns.split_choices",
            [*order, round_index, *LOCATOR],
            portable(
                [
                    split.pool,
                    split.size,
                    split.count,
                    z3.BoolVal(True),
                    split.pool,
                    T.stock_after(order, round_index + 1, p),
                ]
            ),
            (*CHOICES, "the splitter's draw", "the stock after the split"),
            rows.splits,
            _named(traces, "a split"),
            labels=dict.fromkeys(
                (CHOICES[0], "the splitter's draw", "the stock after the split"), cards_label
            ),
        ),
        pairs_table(
            "proofs.divided_ranks.encoding_turns.after_take",
            [chooser, splitter, up, down, took_up, *LOCATOR],
            [T.take_choices(p), z3.BoolVal(True), mine, theirs],
            (
                "how many choices",
                "whether they are both pairs",
                "the chooser's hand",
                "the splitter's hand",
            ),
            rows.takes,
            _named(traces, "a choice"),
            labels=dict.fromkeys(("the chooser's hand", "the splitter's hand"), cards_label),
        ),
    ]


def _reserve_tables(traces: Traces, rows: Rows, p: Params) -> list[Table]:
    w = E.width(p)
    hand, reserve, given = (z3.BitVec(n, w) for n in ("hand", "reserve", "given"))
    swapped = given != 0
    kept, new_reserve = T.after_swap(hand, reserve, given, p)
    turn = T.reserve_choices(hand, p)
    names = (
        "the cards that may be given up",
        "the cards each exchange gives up",
        "how many choices",
        "whether a keep is one of them",
        "the hand after",
        "the reserve after",
    )
    return [
        pairs_table(
            "proofs.divided_ranks.encoding_turns.after_swap",
            [hand, reserve, given, *LOCATOR],
            portable(
                [
                    turn.pool,
                    turn.size,
                    turn.count,
                    z3.BoolVal(True),
                    z3.If(swapped, kept, hand),
                    z3.If(swapped, new_reserve, reserve),
                ]
            ),
            names,
            rows.reserve,
            _named(traces, "a reserve turn"),
            labels=dict.fromkeys((names[0], names[4], names[5]), cards_label),
        ),
        _knowledge_table(traces, rows, p),
    ]


def _knowledge_table(traces: Traces, rows: Rows, p: Params) -> Table:
    """What each seat saw of the last reserve turn, and whether it knows the reserve."""
    first, coin = z3.BitVec("first", 1), z3.BitVec("coin", 1)
    takes = [z3.Int(f"took_up_{i}") for i in range(p["rounds"])]
    swaps = [z3.Int(f"swapped_{t}") for t in range(p["reserve_turns"])]
    done, viewer = z3.Int("turns_taken"), z3.Int("viewer")
    go_first = z3.BV2Int(E.reserve_first(first, coin, p))
    knows = E.saw_all(first, [t == 1 for t in takes], z3.Int2BV(viewer, 1), p)
    saw: z3.BoolRef = z3.BoolVal(False)
    for t, flag in enumerate(swaps):
        seat = (go_first + t) % 2
        swapped = flag == 1
        knows = z3.If(t < done, T.knows_reserve(knows, seat, viewer, swapped, p), knows)
        saw = z3.If(t == done - 1, z3.And(swapped, T.sees_exchange(seat, viewer, p)), saw)
    return pairs_table(
        "proofs.divided_ranks.encoding_turns.knows_reserve",
        [first, coin, *takes, *swaps, done, viewer, *LOCATOR],
        [saw, saw, knows],
        (
            "whether the seat saw the card given up",
            "whether it saw the card taken",
            "whether it knows the reserve",
        ),
        rows.knowledge,
        located(
            traces,
            lambda trace, step, case: (
                f"what seat {case[-1]} saw and knows after {case[-2]} reserve turns"
            ),
        ),
    )


def _build_tables(traces: Traces, rows: Rows, p: Params) -> list[Table]:
    w = E.width(p)
    hand = z3.BitVec("hand", w)
    build = T.build_choices(hand, p)
    hands, builds, result, step = showdown_terms(tuple(f"built{i}" for i in range(4)), p)
    places = [z3.BitVec(n, w) for n in ("hand0", "hand1", "stock", "up", "down", "reserve")]
    dealt = z3.Bool("dealt")
    apart, whole = T.partition(places, p)
    shown = {
        "the deciding step": lambda s: STEPS[s] if 0 <= s < len(STEPS) else str(s),
        "seat 0's weaker hand": cards_label,
        "seat 1's weaker hand": cards_label,
    }
    return [
        pairs_table(
            "proofs.divided_ranks.encoding_turns.build_choices",
            [hand, *LOCATOR],
            [build.pool, build.size, build.count, z3.BoolVal(True)],
            CHOICES,
            rows.builds,
            _named(traces, "a build"),
            labels={CHOICES[0]: cards_label},
        ),
        pairs_table(
            "proofs.divided_ranks.encoding.showdown",
            [*hands, *LOCATOR],
            portable([result, step, builds[0].weaker, builds[1].weaker]),
            ("the winner (1: seat 0, -1: seat 1, 0: a draw)", *shown),
            rows.showdowns,
            _named(traces, "the showdown of the two builds"),
            labels=shown,
        ),
        pairs_table(
            "proofs.divided_ranks.encoding_turns.partition",
            [*places, dealt, *LOCATOR],
            portable([apart, z3.And(dealt, whole)]),
            ("whether no card is in two places", "whether every card is somewhere"),
            rows.places,
            _named(traces, "where the cards are"),
        ),
    ]


def _finished_table(traces: Traces, rows: Rows) -> Table:
    """Every game is played to its end (a game the engine cannot go on with is not)."""
    number = z3.Int("trace.game")

    def show(case: tuple[int, ...]) -> Witness:
        trace = traces[case[0]]
        why = trace.stopped or "it has no more actions"
        if not trace.steps:
            return Witness(
                f"[divided-ranks.play.phases] seeded game {trace.seed} cannot start: {why}"
            )
        last = trace.steps[-1]
        return Witness(
            f"[divided-ranks.play.phases] seeded game {trace.seed} stops after step "
            f"{last.index + 1} ({DIVIDED_RANKS.action_text(last.action)}), "
            f"{DIVIDED_RANKS.describe(last.after)}: {why}",
            record=trace.record(last.index),
        )

    return pairs_table(
        "proofs.divided_ranks.encoding_turns.phase",
        [number],
        [z3.BoolVal(True)],
        ("whether the game was played to its end",),
        rows.finished,
        show,
    )
