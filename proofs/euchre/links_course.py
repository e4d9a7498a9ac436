"""Euchre's bidding and the course of a game held to the engine.

* ``euchre.link.bidding`` — under both all-pass rules, every dealer and
  up-card suit, at every point of the bidding (after none to eight passes),
  every one of the eleven bids: whether the engine lists it, and where the
  bidding stands after it (the round, who bids, trump made by whom, alone or
  not, or the hand thrown in), through the Game API; the start of the
  bidding after the deal; and the encoding's count of passes
  (:func:`~proofs.euchre.encoding.bidding`).
* ``euchre.link.first-lead`` — every dealer, maker, going alone or not, and
  (under lone-defender) either defender alone: a real hand's first lead.
* ``euchre.link.course`` — seeded whole games of players who mostly pass
  (many hands thrown in), under both all-pass rules: every hand against the
  encoding's ``hand_step``, and every game's hands, scores, dealers and end
  against ``game_run``.

>>> from proofs.core import check
>>> report = check(first_lead_link())
>>> report.status, report.cases, report.mutants[0].caught
('proved', 96, True)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final

import z3

from engine.euchre.game import EUCHRE
from proofs.core import Mutant, Obligation, Witness
from proofs.euchre import encoding as E
from proofs.euchre.bids import dealt_with_up
from proofs.euchre.hands import Hand, hands_of, passing_games
from proofs.euchre.packing import Packing, none
from proofs.link import Table, link, pairs_table
from proofs.trace import LOCATOR, Trace, located
from spec.cards import Suit
from spec.euchre.actions import DEFEND_ALONE, ORDER_UP, PASS
from spec.euchre.config import EuchreConfig
from spec.euchre.constants import PLAYERS, TEAM_OF
from spec.euchre.parameters import PRINTED_RULES, EuchreRules
from spec.euchre.state import EuchreState, Stage

__all__ = ["bidding_link", "course_link", "first_lead_link", "obligations"]

COURSE_GAMES: Final = 3
"""Seeded games of passing players under each all-pass rule."""

LONGEST_RUN: Final = 20
"""The deals of a game held to ``game_run`` (a longer game's first ones)."""

_RULES: Final = (("throw-in", False), ("stick-the-dealer", True))

Row = tuple[tuple[int, ...], tuple[int, ...]]


def _as_int(term: z3.ExprRef) -> z3.ArithRef:
    return z3.BV2Int(term) if z3.is_bv(term) else z3.If(term, 1, 0)


def _or_none(condition: z3.BoolRef, term: z3.ExprRef) -> z3.ArithRef:
    """``term`` as an integer where ``condition`` holds, else -1 (as the engine says "none")."""
    return z3.If(condition, _as_int(term), -1)


def _bid_outputs(legal: z3.BoolRef, after: E.BidState) -> list[z3.ArithRef]:
    going = z3.And(legal, z3.Not(after.over))
    made = z3.And(legal, after.made)
    return [
        z3.If(legal, 1, 0),
        _or_none(going, after.round),
        _or_none(going, after.actor),
        _or_none(legal, after.thrown),
        _or_none(made, after.maker),
        _or_none(made, after.trump),
        _or_none(made, after.alone),
    ]


BID_NAMES: Final = (
    "whether it is listed", "the round after it", "the seat to bid after it",
    "whether the hand is thrown in", "the maker", "trump", "whether the maker is alone",
)  # fmt: skip


def engine_bid(state: EuchreState, index: int) -> tuple[int, ...]:
    """What the Game API does with bid ``index`` in ``state``: :data:`BID_NAMES`, -1 for none."""
    action = E.bid_action(index)
    if action not in EUCHRE.legal_actions(state):
        return (0, -1, -1, -1, -1, -1, -1)
    after = EUCHRE.apply(state, action)
    going = after.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP)
    made = after.maker >= 0
    return (
        1,
        int(after.stage == Stage.NAME_TRUMP) if going else -1,
        after.actor if going else -1,
        int(not going and not made),
        after.maker if made else -1,
        after.trump if made else -1,
        int(after.alone) if made else -1,
    )


@functools.cache
def _bid_rows(rules: EuchreRules) -> dict[bool, tuple[list[Row], list[Row], list[Row]]]:
    """Under each rule: the bids at every point, the starts, the counts of passes (cached)."""
    out = {}
    for _, stick in _RULES:
        steps: list[Row] = []
        starts: list[Row] = []
        counts: list[Row] = []
        config = EuchreConfig(rules=rules, stick_the_dealer=stick)
        for dealer in range(PLAYERS):
            for up in range(4):
                state = dealt_with_up(config, dealer, up, EUCHRE)
                if up == 0:
                    starts.append(((dealer,), (int(state.stage == Stage.NAME_TRUMP), state.actor)))
                for _ in range(2 * PLAYERS + 1):
                    bidding = state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP)
                    where = (int(state.stage != Stage.ORDER_UP), state.actor if bidding else dealer)
                    for index in range(E.BID_BITS):
                        steps.append(
                            (
                                (*where, int(not bidding), dealer, up, index),
                                engine_bid(state, index),
                            )
                        )
                    if not bidding or PASS not in EUCHRE.legal_actions(state):
                        break
                    state = EUCHRE.apply(state, PASS)
                if up == 0:
                    counts += _after_passes(config, dealer)
        out[stick] = (steps, starts, counts)
    return out


def _after_passes(config: EuchreConfig, dealer: int) -> list[Row]:
    """After 0 to 9 passes: whether they were all listed (and the bidding can then end).

    Then whether the hand is thrown in, and who may make trump.
    """
    rows: list[Row] = []
    state = dealt_with_up(config, dealer, 0, EUCHRE)
    legal = True
    for passes in range(2 * PLAYERS + 2):
        bidding = state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP)
        thrown = state.stage == Stage.DEAL and state.results[-1:] == ((-1, 0),)
        makes = bidding and any(a != PASS for a in EUCHRE.legal_actions(state))
        if legal and thrown:
            rows.append(((passes, dealer), (1, 1, -1)))
        elif legal and makes:
            rows.append(((passes, dealer), (1, 0, state.actor)))
        else:
            rows.append(((passes, dealer), (0, -1, -1)))
        legal = legal and bidding and PASS in EUCHRE.legal_actions(state)
        if legal:
            state = EUCHRE.apply(state, PASS)
    return rows


def _dealer_text(rule: str, case: tuple[int, ...]) -> Witness:
    return Witness(f"under {rule} seat {case[0]} deals")


def _passes_text(rule: str, case: tuple[int, ...]) -> Witness:
    return Witness(f"under {rule} seat {case[1]} deals and {case[0]} players pass")


def _bidding_tables(rules: EuchreRules, p: Mapping[str, Any]) -> list[Table]:
    round_, actor, dealer, index = E.nat("round"), E.nat("actor"), E.nat("dealer"), E.nat("bid")
    thrown, up = z3.Bool("thrown"), z3.BitVec("up", 2)
    passes = E.nat("passes")
    tables = []
    for name, stick in _RULES:
        q = {**p, "stick_the_dealer": stick}
        steps, starts, counts = _bid_rows(rules)[stick]
        # A state of the bidding: trump is not made yet (maker, trump and alone unset).
        state = E.BidState(
            round_, actor, z3.BoolVal(False), thrown, E.count(0), z3.BitVecVal(0, 2),
            z3.BoolVal(False),
        )  # fmt: skip
        legal, after = E.bid_step(state, index, dealer, up, q)
        start = E.bid_start(dealer, q)
        ok, thrown_in, maker = E.bidding(passes, dealer, q)

        def show_step(case: tuple[int, ...], rule: str = name) -> Witness:
            r, a, over, d, u, i = case
            where = "the bidding is over" if over else f"round {r + 1}, seat {a} to bid"
            return Witness(
                f"under {rule}, seat {d} deals with a {Suit(u).symbol} up, {where}: "
                f"`{E.bid_action(i).text}`"
            )

        tables += [
            pairs_table(
                "proofs.euchre.encoding.bid_step",
                [round_, actor, thrown, dealer, up, index],
                _bid_outputs(legal, after),
                BID_NAMES,
                steps,
                show_step,
            ),
            pairs_table(
                "proofs.euchre.encoding.bid_start",
                [dealer],
                [_as_int(start.round), _as_int(start.actor)],
                ("the round", "the seat to bid"),
                starts,
                functools.partial(_dealer_text, name),
            ),
            pairs_table(
                "proofs.euchre.encoding.bidding",
                [passes, dealer],
                [
                    z3.If(ok, 1, 0),
                    _or_none(ok, thrown_in),
                    _or_none(z3.And(ok, z3.Not(thrown_in)), maker),
                ],
                (
                    "whether that many passes are legal",
                    "whether the hand is thrown in",
                    "the seat to make trump",
                ),
                counts,
                functools.partial(_passes_text, name),
            ),
        ]
    return tables


def bidding_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.bidding``: the encoding's bidding is the Game API's, bid by bid."""
    return link(
        "euchre.link.bidding",
        "Under both all-pass rules, for every dealer and up-card suit, after none to eight "
        "passes, each of the eleven bids is listed by the Game API exactly when the encoding "
        "allows it, and after it the round, the seat to bid, trump made by whom (alone or "
        "not) or the hand thrown in are the encoding's; the bidding starts on the dealer's "
        "left; and the encoding's count of passes says what the engine does after them.",
        ("euchre.bid.first-round", "euchre.bid.second-round", "euchre.ruling.all-pass",
         "euchre.ruling.up-card", "euchre.bid.makers", "euchre.bid.alone",
         "euchre.ruling.thrown-in-hand"),
        functools.partial(_bidding_tables, rules),
        E.spec_params(rules=rules),
        Mutant(
            "euchre.mutant.link.three-bid-rounds",
            "the encoding's bidding has a third round",
            {"bid_rounds": 3},
        ),
        engine=("engine.euchre.bidding.legal_bids", "engine.euchre.bidding.apply_bid",
                "engine.euchre.deal.apply_shuffle"),
    )  # fmt: skip


def real_lead(dealer: int, maker: int, alone: bool, defender: int) -> EuchreState:
    """A real hand, through the Game API, at its first lead.

    ``maker`` orders up (``alone``), and under lone-defender (``defender`` >= 0) that
    defender goes alone.
    """
    state = dealt_with_up(EuchreConfig(lone_defender=defender >= 0), dealer, 0, EUCHRE)
    while state.actor != maker:
        state = EUCHRE.apply(state, PASS)
    state = EUCHRE.apply(state, ORDER_UP[alone])
    if state.stage == Stage.DISCARD:
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[0])
    while state.stage == Stage.DEFEND:
        state = EUCHRE.apply(state, DEFEND_ALONE if state.actor == defender else PASS)
    return state


@functools.cache
def _lead_rows() -> tuple[Row, ...]:
    rows = []
    for dealer in range(PLAYERS):
        for maker in range(PLAYERS):
            defenders = [s for s in range(PLAYERS) if TEAM_OF[s] != TEAM_OF[maker]]
            for alone in (False, True):
                for defender in (-1, *defenders):
                    state = real_lead(dealer, maker, alone, defender)
                    case = (dealer, maker, int(alone), max(defender, 0), int(defender >= 0))
                    rows.append((case, (state.leader if state.stage == Stage.TRICKS else -1,)))
    return tuple(rows)


def _lead_tables(p: Mapping[str, Any]) -> list[Table]:
    dealer, maker, defender = E.nat("dealer"), E.nat("maker"), E.nat("defender")
    alone, defends = z3.Bool("alone"), z3.Bool("defends")
    leader = E.first_leader(dealer, maker, alone, defender, defends, p)

    def show(case: tuple[int, ...]) -> Witness:
        d, m, a, f, lone = case
        against = f", seat {f} defends alone (lone-defender)" if lone else ""
        return Witness(f"seat {d} deals, seat {m} orders up{' alone' if a else ''}{against}")

    return [
        pairs_table(
            "proofs.euchre.encoding.first_leader",
            [dealer, maker, alone, defender, defends],
            [_as_int(leader)],
            ("the first leader",),
            _lead_rows(),
            show,
        )
    ]


def first_lead_link() -> Obligation:
    """``euchre.link.first-lead``: the encoding's first lead is a real hand's, for every case."""
    return link(
        "euchre.link.first-lead",
        "For every dealer and maker, alone or not, with nobody defending alone or (under "
        "lone-defender) either defender alone, the first lead of a real hand played through "
        "the Game API is the encoding's first leader.",
        ("euchre.trick.first-lead", "euchre.ruling.lone-lead", "euchre.ruling.defender-alone"),
        _lead_tables,
        E.spec_params(),
        Mutant(
            "euchre.mutant.link.lead-from-left",
            "the encoding's dealer's left always leads",
            {"lead_skips_out": False},
        ),
        engine=(
            "engine.euchre.bidding.first_leader",
            "engine.euchre.bidding.first_defender",
            "engine.euchre.bidding.apply_defence",
            "engine.euchre.bidding.legal_defence",
        ),
    )


@functools.cache
def _course(rules: EuchreRules) -> dict[bool, tuple[list[Trace[Any, Any]], list[list[Hand]]]]:
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


def _course_tables(rules: EuchreRules, p: Mapping[str, Any]) -> list[Table]:
    tables = []
    scores = (E.nat("score0"), E.nat("score1"))
    dealer, passes, tricks = E.nat("dealer"), E.nat("passes"), E.nat("tricks")
    alone = z3.Bool("alone")
    for name, stick in _RULES:
        q = {**p, "stick_the_dealer": stick}
        traces, games = _course(rules)[stick]
        step = E.hand_step(scores, dealer, passes, tricks, alone, q)

        def hand_text(_: Trace[Any, Any], __: Any, case: tuple[int, ...], rule: str = name) -> str:
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
            _: Trace[Any, Any], __: Any, case: tuple[int, ...], rule: str = name, n: int = deals
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
    """The bidding and course links, in the order ``cardlaw verify`` runs them."""
    return (bidding_link(rules), first_lead_link(), course_link(rules))
