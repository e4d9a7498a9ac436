"""Divided Ranks' draft held to the engine inside ``cardlaw verify`` (:mod:`proofs.link`).

``divided-ranks.link.draft``: every draft (each first splitter, each
sequence of choices, face-up or face-down each round), under both reserve
orders (and under the coin, each fall of the coin), played through the
Game API: the splitter of each round is the encoding's ``splitter``, the
rounds each player split its ``split_counts``, the player who goes first
at the reserve its ``reserve_first``, and, for each player, the number of
candidates for the opponent's hand, of the opponent's cards never seen, and
whether the reserve is known, as the engine's observation shows them after
the draft, are its ``candidates``, ``unseen`` and ``saw_all``.  Under a
designer's rules with more than six rounds, a seeded sample of the choice
sequences is played (with every pair face up, every one face down, and
the two alternations).

>>> from cardlaw.proofs.core import check
>>> report = check(draft_link())
>>> report.status, report.cases, [m.caught for m in report.mutants]
('proved', 1216, [True, True])
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Final

import z3

from cardlaw.engine.divided_ranks.deal import SHUFFLES
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks import encoding_turns as T
from cardlaw.proofs.divided_ranks.scenarios import config
from cardlaw.proofs.link import Columns, Table, columns, link
from cardlaw.proofs.reads import Params
from cardlaw.spec.divided_ranks.actions import Action, FirstSplitter, ReserveFirst, Take
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["ORDERS", "draft_link", "obligations"]

ORDERS: Final = ("fewer-splits", "coin")
"""The reserve orders the drafts are played under: the printed rule and coin-flip-reserve."""

SEQUENCES: Final = 64
"""Choice sequences played per first splitter when the rules have more than six rounds."""

SHUFFLE: Final = 4_215_099_138_012_345_678
"""The shuffle every draft is dealt (which cards lie where changes nothing checked here)."""


def _sequences(rounds: int) -> list[tuple[bool, ...]]:
    """Every sequence of choices, or a seeded sample with the boundary ones past six rounds."""
    if rounds <= 6:
        return list(itertools.product((True, False), repeat=rounds))
    rng = random.Random(rounds)
    chosen = {
        (True,) * rounds,
        (False,) * rounds,
        tuple(i % 2 == 0 for i in range(rounds)),
        tuple(i % 2 == 1 for i in range(rounds)),
    }
    while len(chosen) < SEQUENCES:
        chosen.add(tuple(rng.random() < 0.5 for _ in range(rounds)))
    return sorted(chosen)


def _drafted(
    first: int, takes: Sequence[bool], order: str, rules: DividedRanksRules
) -> tuple[DividedRanksState, list[Action]]:
    """The state after a whole draft through the Game API, and its actions.

    Each splitter lays out the first split the engine lists.
    """
    game = DIVIDED_RANKS
    actions: list[Action] = [FirstSplitter(first), SHUFFLES.outcome(SHUFFLE)]
    state = game.new_game(config(reserve_order=order, rules=rules))
    for action in actions:
        state = game.apply(state, action)
    for up in takes:
        actions += [game.legal_actions(state)[0], Take(face_up=up)]
        state = game.apply(game.apply(state, actions[-2]), actions[-1])
    return state, actions


_Drafted = tuple[str, int, tuple[bool, ...], int, DividedRanksState, DividedRanksState]
"""A draft: its reserve order, first splitter, takes, coin, the state after it, at the reserve."""


@functools.cache
def _games(rules: DividedRanksRules) -> tuple[_Drafted, ...]:
    """Each reserve order's drafts: (order, first, takes, coin, state after the draft)."""
    out = []
    for order in ORDERS:
        for first in (0, 1):
            for takes in _sequences(rules.rounds):
                state, _ = _drafted(first, takes, order, rules)
                coins = (0, 1) if order == "coin" else (0,)
                for coin in coins:
                    after = state
                    if state.stage == Stage.RESERVE_ORDER:
                        after = DIVIDED_RANKS.apply(state, ReserveFirst(coin))
                    out.append((order, first, takes, coin, state, after))
    return tuple(out)


@functools.cache
def _engine(rules: DividedRanksRules) -> dict[str, tuple[Columns, Columns]]:
    """The engine's side of every table, by table name (per reserve order where it differs)."""
    rows: dict[str, tuple[list[tuple[int, ...]], list[tuple[int, ...]]]] = {}

    def add(name: str, case: tuple[int, ...], value: tuple[int, ...]) -> None:
        rows.setdefault(name, ([], []))
        rows[name][0].append(case)
        rows[name][1].append(value)

    for order, first, takes, coin, state, after in _games(rules):
        flags = tuple(int(t) for t in takes)
        if coin == 0:
            for i, played in enumerate(state.rounds):
                add("splitter", (first, i, *flags), (played[0],))
            splits = tuple(sum(1 for r in state.rounds if r[0] == seat) for seat in (0, 1))
            add("splits", (first, *flags), splits)
            for viewer in (0, 1):
                view = DIVIDED_RANKS.observe(state, viewer)
                known = int(view.reserve is not None)
                add("seen", (first, *flags, viewer), (len(view.candidates), view.unseen, known))
        add(f"reserve:{order}", (first, coin, *flags), (after.reserve_first,))
    return {name: (columns(c, len(c[0])), columns(v, len(v[0]))) for name, (c, v) in rows.items()}


def _choices(first: int, flags: Sequence[int]) -> str:
    picks = " ".join("up" if f else "down" for f in flags)
    return f"seat {first} splits first and the choosers take {picks}"


def _witness(
    rules: DividedRanksRules, first: int, flags: Sequence[int], order: str, coin: int, what: str
) -> Witness:
    """A draft's case: what it is, with the record of the draft (and the coin) that shows it."""
    state, actions = _drafted(first, [bool(f) for f in flags], order, rules)
    if state.stage == Stage.RESERVE_ORDER:
        actions.append(ReserveFirst(coin))
    record = build_record(DIVIDED_RANKS, config(reserve_order=order, rules=rules), actions)
    return Witness(
        "[divided-ranks.draft.rounds, divided-ranks.reserve.order, divided-ranks.info.candidates]"
        f" {_choices(first, flags)}{' (under the coin)' if order == 'coin' else ''}: {what}",
        record=record,
        data={"first": first, "takes": tuple(flags), "order": order},
    )


def _tables(rules: DividedRanksRules, p: Params) -> list[Table]:
    engine = _engine(rules)
    rounds = p["rounds"]
    first, coin, viewer = z3.BitVec("first", 1), z3.BitVec("coin", 1), z3.BitVec("viewer", 1)
    round_index = z3.Int("round")
    takes = [z3.Int(f"took_up_{i}") for i in range(rounds)]
    took_up = [t == 1 for t in takes]

    def show_round(case: tuple[int, ...]) -> Witness:
        what = f"the splitter of round {case[1] + 1}"
        return _witness(rules, case[0], case[2:], ORDERS[0], 0, what)

    def show_splits(case: tuple[int, ...]) -> Witness:
        return _witness(rules, case[0], case[1:], ORDERS[0], 0, "the rounds each seat splits")

    def show_seen(case: tuple[int, ...]) -> Witness:
        what = f"what seat {case[-1]} knows after the draft"
        return _witness(rules, case[0], case[1:-1], ORDERS[0], 0, what)

    def show_reserve(order: str) -> Callable[[tuple[int, ...]], Witness]:
        def show(case: tuple[int, ...]) -> Witness:
            what = "who goes first at the reserve" + (
                f", the coin falling for seat {case[1]}" if order == "coin" else ""
            )
            return _witness(rules, case[0], case[2:], order, case[1], what)

        return show

    zero, one = E.split_counts(first, p)
    tables = [
        Table(
            "proofs.divided_ranks.encoding.splitter",
            (first, round_index, *takes),
            (z3.BV2Int(T.splitter_of(first, round_index, p)),),
            ("the splitter",),
            *engine["splitter"],
            show_round,
        ),
        Table(
            "proofs.divided_ranks.encoding.split_counts",
            (first, *takes),
            (zero, one),
            ("the rounds seat 0 splits", "the rounds seat 1 splits"),
            *engine["splits"],
            show_splits,
        ),
    ]
    for order in ORDERS:
        q = {**p, "reserve_order": order}
        tables.append(
            Table(
                "proofs.divided_ranks.encoding.reserve_first",
                (first, coin, *takes),
                (z3.BV2Int(E.reserve_first(first, coin, q)),),
                ("the first reserve player",),
                *engine[f"reserve:{order}"],
                show_reserve(order),
            )
        )
    tables.append(
        Table(
            "proofs.divided_ranks.encoding.candidates",
            (first, *takes, viewer),
            (
                E.candidates(first, took_up, viewer, p),
                E.unseen(first, took_up, viewer, p),
                E.saw_all(first, took_up, viewer, p),
            ),
            (
                "the candidates for the opponent's hand",
                "the opponent's cards never seen",
                "whether the reserve is known",
            ),
            *engine["seen"],
            show_seen,
        )
    )
    return tables


def draft_link(rules: DividedRanksRules = PRINTED_RULES) -> Obligation:
    """``divided-ranks.link.draft``: every draft's structure and knowledge are the encoding's."""
    count = 2**rules.rounds
    sequences = f"each of the {count}" if rules.rounds <= 6 else f"{SEQUENCES} seeded"

    def build(p: Params) -> list[Table]:
        return _tables(rules, p)

    return link(
        "divided-ranks.link.draft",
        f"For each first splitter and {sequences} sequences of choices (face-up or face-down "
        "each round), under the printed reserve order and under the coin (each fall of it), "
        "the draft played through the Game API has the encoding's splitter in every round, "
        "its count of rounds each player splits and its first reserve player; and after the "
        "draft each player's observation shows the encoding's number of candidates for the "
        "opponent's hand and of the opponent's cards never seen, and the reserve exactly when "
        "the encoding says the player saw every card the opponent took.",
        (
            "divided-ranks.draft.rounds",
            "divided-ranks.ruling.first-splitter",
            "divided-ranks.reserve.order",
            "divided-ranks.ruling.equal-splits",
            "divided-ranks.variant.coin-flip-reserve",
            "divided-ranks.info.candidates",
            "divided-ranks.info.hidden",
        ),
        build,
        E.spec_params(rules=rules),
        Mutant(
            "divided-ranks.mutant.link.roles-swap-every-two-rounds",
            "the encoding's splitter changes every second round",
            {"roles": "pairs"},
        ),
        Mutant(
            "divided-ranks.mutant.link.both-pairs-face-down",
            "the encoding's chooser never sees the pair it leaves",
            {"face_up_pair": False},
        ),
        engine=(
            "engine.divided_ranks.draft.apply_take",
            "engine.divided_ranks.observe.ledger",
        ),
    )


def obligations(rules: DividedRanksRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """Divided Ranks' draft link."""
    return (draft_link(rules),)
