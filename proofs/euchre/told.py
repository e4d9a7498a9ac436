"""What a Euchre seat is told of the bidding is what was bid (:mod:`proofs.trace`).

``euchre.info.bids.<family>``: along seeded whole games of each
configuration family (:data:`proofs.euchre.hidden.FAMILIES`), after every
step and for every seat, the bids the seat's observation lists
(``bids``) are exactly the bids made in the hand on the table, in order, each
with the seat that made it, as the record writes it: every bid is public
[euchre.info.hidden, euchre.bid.first-round, euchre.bid.second-round,
euchre.bid.alone].  The bids made are read off the games' own actions, never
off the state the observation is made from.

The check is exhaustive over the steps of the games given; what must be
reached is a bid told; the mutant is a listing that
names the seat after each bidder, which it must catch.

>>> from cardlaw.proofs.core import check
>>> report = check(bids_told("default", games=2))
>>> report.status, report.cases > 100, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Obligations, Witness, claim
from cardlaw.proofs.euchre.hidden import FAMILIES
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Trace, play
from cardlaw.spec.euchre.actions import Action, NameTrump, OrderUp, Pass, Shuffle
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = ["GAMES", "bids_told", "obligations"]

GAMES: Final = 3
"""Seeded whole games per configuration family."""

_BIDS: Final = (Pass, OrderUp, NameTrump)
_BIDDING: Final = (Stage.ORDER_UP, Stage.NAME_TRUMP)
"""The stages of the two rounds of bidding (a defender's pass on going alone is no bid)."""


def _check(traces: list[Trace[EuchreState, Action]], shifted: bool) -> Exhaustive:
    checked = 0
    example: Witness | None = None
    for trace in traces:
        if trace.stopped:
            return Exhaustive(checked, undecided=f"seeded game {trace.seed}: {trace.stopped}")
        made: list[tuple[int, str]] = []
        for step in trace.steps:
            if isinstance(step.action, Shuffle):
                made = []
            elif isinstance(step.action, _BIDS) and step.state.stage in _BIDDING:
                made.append((step.state.actor, step.action.text))
            after = step.after
            for seat in range(4):
                told = tuple(EUCHRE.observe(after, seat).bids)
                if shifted:
                    told = tuple(((who + 1) % 4, bid) for who, bid in told)
                checked += 1
                if told != tuple(made):
                    return Exhaustive(
                        checked,
                        counterexample=Witness(
                            f"in seeded game {trace.seed} after step {step.index + 1}, seat "
                            f"{seat} is told the bids {list(told)}, but the bids made are "
                            f"{made}",
                            record=trace.record(step.index),
                            replayed=True,
                            data={"game": trace.seed, "step": step.index + 1, "seat": seat},
                        ),
                    )
            if example is None and made:
                example = Witness(
                    f"in seeded game {trace.seed} after step {step.index + 1}, every seat is "
                    f"told the {len(made)} bids made so far: {made}",
                    replayed=True,
                    data={"game": trace.seed, "step": step.index + 1},
                )
    if example is None:
        return Exhaustive(checked, undecided="no bid was made: vacuous")
    return Exhaustive(checked, attained=example, must_attain=True)


def bids_told(name: str, rules: EuchreRules = PRINTED_RULES, games: int = GAMES) -> Obligation:
    """``euchre.info.bids.<name>``: each seat is told exactly the bids made, by whom."""
    config = EuchreConfig(rules=rules, **FAMILIES[name])
    under = "" if name == "default" else f" under {name}"
    traced: list[Trace[EuchreState, Action]] = []

    def build(p: Params) -> Exhaustive:
        if not traced:
            traced.extend(play(EUCHRE, config, games=games, seed=20261205))
        return _check(traced, bool(p["shifted"]))

    return claim(
        f"euchre.info.bids.{name}",
        f"In {games} seeded whole games{under}, after every step and for every seat, the bids "
        "the seat's observation lists are exactly the bids made in the hand on the table, in "
        "order, each with the seat that made it.",
        (
            "euchre.info.hidden",
            "euchre.bid.first-round",
            "euchre.bid.second-round",
            "euchre.bid.alone",
        ),
        build,
        {"rules": rules, "shifted": False},
        Mutant(
            f"euchre.info.bids.{name}.mutant.next-seat",
            "a listing that names the seat after each bidder",
            {"shifted": True},
        ),
        method="trace",
        variant="" if name == "default" else name,
        engine=("engine.euchre.observe.observe",),
    )


def obligations(rules: EuchreRules = PRINTED_RULES) -> Obligations:
    """One obligation per configuration family of :data:`~proofs.euchre.hidden.FAMILIES`."""
    return tuple(bids_told(name, rules) for name in FAMILIES)
