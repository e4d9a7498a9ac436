"""Euchre's bidding and first lead held to the engine.

* ``euchre.link.bidding`` — under both all-pass rules, every dealer and
  up-card suit, at every point of the bidding (after none to eight passes),
  every one of the eleven bids: whether the engine lists it, and where the
  bidding stands after it (the round, who bids, trump made by whom, alone or
  not, or the hand thrown in), through the Game API; the start of the
  bidding after the deal; and the encoding's count of passes
  (:func:`~proofs.euchre.encoding.bidding`).
* ``euchre.link.first-lead`` — every dealer, maker, going alone or not, and
  (under lone-defender) either defender alone: a real hand's first lead.

>>> from cardlaw.proofs.core import check
>>> report = check(first_lead_link())
>>> report.status, report.cases, report.mutants[0].caught
('proved', 96, True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.bids import dealt_with_up, up_shuffle
from cardlaw.proofs.link import Table, link, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import Suit
from cardlaw.spec.errors import CardlawError
from cardlaw.spec.euchre.actions import DEALERS, DEFEND_ALONE, ORDER_UP, PASS, Action
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import PLAYERS, TEAM_OF
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = ["bidding_link", "engine_bid", "first_lead_link", "obligations", "real_lead"]

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
    return _bidding_record(f"under {rule} seat {case[0]} deals", rule != "throw-in", case[0], 0, 0)


def _passes_text(rule: str, case: tuple[int, ...]) -> Witness:
    passes, dealer = case
    text = f"under {rule} seat {dealer} deals and {passes} players pass"
    return _bidding_record(text, rule != "throw-in", dealer, 0, passes)


def _bidding_tables(rules: EuchreRules, p: Params) -> list[Table]:
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

        def show_step(case: tuple[int, ...], rule: str = name, stick: bool = stick) -> Witness:
            r, a, over, d, u, i = case
            where = "the bidding is over" if over else f"round {r + 1}, seat {a} to bid"
            passes = 2 * PLAYERS if over else (a - d - 1) % PLAYERS + PLAYERS * r
            text = (
                f"under {rule}, seat {d} deals with a {Suit(u).symbol} up, {where}: "
                f"`{E.bid_action(i).text}`"
            )
            return _bidding_record(text, stick, d, u, passes)

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


def real_lead(
    dealer: int, maker: int, alone: bool, defender: int
) -> tuple[EuchreState, list[Action]]:
    """A real hand, through the Game API, at its first lead, and the actions from the start.

    ``maker`` orders up (``alone``), and under lone-defender (``defender`` >= 0) that
    defender goes alone.
    """
    config = EuchreConfig(lone_defender=defender >= 0)
    actions: list[Action] = [DEALERS[dealer], up_shuffle(config, 0)]
    state = dealt_with_up(config, dealer, 0, EUCHRE)

    def act(action: Action) -> None:
        nonlocal state
        actions.append(action)
        state = EUCHRE.apply(state, action)

    while state.actor != maker:
        act(PASS)
    act(ORDER_UP[alone])
    if state.stage == Stage.DISCARD:
        act(EUCHRE.legal_actions(state)[0])
    while state.stage == Stage.DEFEND:
        act(DEFEND_ALONE if state.actor == defender else PASS)
    return state, actions


def _recorded(text: str, config: EuchreConfig, actions: Sequence[Action]) -> Witness:
    """A witness with the record of ``actions`` (the longest prefix the engine plays)."""
    for upto in range(len(actions), 0, -1):
        try:
            record = build_record(EUCHRE, config, actions[:upto])
        except CardlawError:
            continue
        return Witness(f"{text} (see the record)", record=record)
    return Witness(text)


def _bidding_record(text: str, stick: bool, dealer: int, up: int, passes: int) -> Witness:
    config = EuchreConfig(stick_the_dealer=stick)
    return _recorded(text, config, [DEALERS[dealer], up_shuffle(config, up), *[PASS] * passes])


@functools.cache
def _lead_rows() -> tuple[Row, ...]:
    rows = []
    for dealer in range(PLAYERS):
        for maker in range(PLAYERS):
            defenders = [s for s in range(PLAYERS) if TEAM_OF[s] != TEAM_OF[maker]]
            for alone in (False, True):
                for defender in (-1, *defenders):
                    state, _ = real_lead(dealer, maker, alone, defender)
                    case = (dealer, maker, int(alone), max(defender, 0), int(defender >= 0))
                    rows.append((case, (state.leader if state.stage == Stage.TRICKS else -1,)))
    return tuple(rows)


def _lead_tables(p: Params) -> list[Table]:
    dealer, maker, defender = E.nat("dealer"), E.nat("maker"), E.nat("defender")
    alone, defends = z3.Bool("alone"), z3.Bool("defends")
    leader = E.first_leader(dealer, maker, alone, defender, defends, p)

    def show(case: tuple[int, ...]) -> Witness:
        d, m, a, f, lone = case
        against = f", seat {f} defends alone (lone-defender)" if lone else ""
        _, actions = real_lead(d, m, bool(a), f if lone else -1)
        config = EuchreConfig(lone_defender=bool(lone))
        text = f"seat {d} deals, seat {m} orders up{' alone' if a else ''}{against}"
        return _recorded(text, config, actions)

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


def obligations(rules: EuchreRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """The bidding and course links, in the order ``cardlaw verify`` runs them."""
    return (bidding_link(rules), first_lead_link())
