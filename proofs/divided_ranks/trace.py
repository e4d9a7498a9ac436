"""Divided Ranks' trace links: every step of seeded whole games held to the encodings.

For each configuration (:data:`CONFIGURATIONS`: the printed rules, and the
variants face-up-swap and coin-flip-reserve) ``cardlaw verify`` plays
:data:`GAMES` seeded whole games through the Game API and turns each step
into cases of the encodings' tables (the engine's side:
:mod:`proofs.divided_ranks.trace_cases`; the model's inputs are the actions
taken so far, never the engine's state):

* every state: its stage and the seat to act (or chance, or nobody) are the
  encoding's ``phase`` of what has been done;
* chance: each seat may split first, every order of the pack may be dealt,
  under the coin each seat may go first at the reserve, each with the same
  chance; the coin's seat goes first;
* the shuffle: the reserve is its first card, the stock the rest, the first
  splitter's draw the next four (``deal``, ``drawn``);
* every split: the splits the Game API lists are every division of the
  cards the encoding's ``drawn`` names into two pairs, either face up, and the
  stock after it is the encoding's ``stock_after``;
* every choice: two choices, the face-up pair and the face-down one, and the
  hands after it are the encoding's ``after_take``;
* every reserve turn: a keep and an exchange of each card of the hand, and the
  hand and reserve after it are the encoding's ``after_swap`` (unchanged by a
  keep); after the draft and each turn, what each seat saw of the exchange
  and whether it knows the reserve are the encoding's ``sees_exchange`` and
  ``knows_reserve`` (from its ``saw_all`` of the draft);
* every build: the builds listed are every division of the ten cards into two
  hands of five, and the result of the game is the encoding's ``showdown``
  of the four hands built (the winner, the deciding step, the weaker hands);
* every step: the hands, stock, pairs on offer and reserve share out the pack
  (``partition``), once it is dealt.

Each case carries the game and step it was met at, so a disagreement comes
with the record of that game up to that step, which ``cardlaw replay``
replays.

>>> from cardlaw.proofs.core import check
>>> report = check(trace_link("default", games=2))
>>> report.status, report.cases > 100, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final, TypedDict

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.core import Mutant, Obligation
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.trace_cases import Rows, collect
from cardlaw.proofs.divided_ranks.trace_tables import tables
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Trace, play
from cardlaw.spec.divided_ranks.actions import Action
from cardlaw.spec.divided_ranks.config import DividedRanksConfig, ReserveOrder, SwapRule
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksState

__all__ = ["CONFIGURATIONS", "GAMES", "obligations", "trace_link"]

GAMES: Final = 8
"""Seeded whole games per configuration."""

SEED: Final = 20261205


class Flags(TypedDict, total=False):
    """A configuration's flags that differ from the traced configuration's own."""

    swap: SwapRule
    reserve_order: ReserveOrder


CONFIGURATIONS: Final[Mapping[str, Flags]] = {
    "default": {},
    "face-up-swap": {"swap": "face-up"},
    "coin-flip-reserve": {"reserve_order": "coin"},
}
"""The configurations traced, by name: the configuration's own flags (the printed rules unless
``build_config`` says otherwise), and each variant."""

CLAUSES: Final = (
    "divided-ranks.play.phases",
    "divided-ranks.ruling.first-splitter",
    "divided-ranks.setup.shuffle",
    "divided-ranks.setup.reserve",
    "divided-ranks.cards.pack",
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.split",
    "divided-ranks.draft.choose",
    "divided-ranks.draft.end",
    "divided-ranks.reserve.order",
    "divided-ranks.reserve.turns",
    "divided-ranks.reserve.blind",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.ruling.no-reserve-turns",
    "divided-ranks.ruling.equal-splits",
    "divided-ranks.info.hidden",
    "divided-ranks.build.two-hands",
    "divided-ranks.build.secret",
    "divided-ranks.ruling.build-order",
    "divided-ranks.build.weaker-stronger",
    "divided-ranks.score.order",
    "divided-ranks.score.loser",
    "divided-ranks.score.draw",
    "divided-ranks.end.reveal",
)

ENGINE: Final = (
    "engine.divided_ranks.game._phases",
    "engine.divided_ranks.deal.first_splitter_outcomes",
    "engine.divided_ranks.deal.apply_shuffle",
    "engine.divided_ranks.draft.drawn_cards",
    "engine.divided_ranks.draft.legal_splits",
    "engine.divided_ranks.draft.apply_split",
    "engine.divided_ranks.draft.legal_takes",
    "engine.divided_ranks.draft.apply_take",
    "engine.divided_ranks.reserve.legal_reserve_actions",
    "engine.divided_ranks.reserve.apply_reserve",
    "engine.divided_ranks.observe.ledger",
    "engine.divided_ranks.build.legal_builds",
    "engine.divided_ranks.build.apply_build",
    "engine.divided_ranks.scoring.decide",
)
"""The engine functions every trace holds to the model (the coin's too, under the coin)."""


def trace_link(
    name: str,
    rules: DividedRanksRules = PRINTED_RULES,
    swap: SwapRule = "blind",
    reserve_order: ReserveOrder = "fewer-splits",
    games: int = GAMES,
) -> Obligation:
    """``divided-ranks.trace.<name>``: seeded whole games of ``name`` held to the encodings.

    ``swap`` and ``reserve_order`` are the configuration's flags
    (``build_config``), which the configuration ``default`` is played under;
    the other configurations are always about their variant.
    """
    flags = DividedRanksConfig(rules=rules, swap=swap, reserve_order=reserve_order)
    config = replace(flags, **CONFIGURATIONS[name])
    traced: list[tuple[list[Trace[DividedRanksState, Action]], Rows]] = []

    def build(p: Params) -> list[Table]:
        if not traced:
            games_played = play(DIVIDED_RANKS, config, games=games, seed=SEED)
            traced.append((games_played, collect(games_played)))
        return tables(*traced[0], p)

    other = "blind" if config.swap == "face-up" else "face-up"
    coin = config.reserve_order == "coin"
    variants = [
        variant
        for variant, on in (("face-up-swap", config.swap == "face-up"), ("coin-flip-reserve", coin))
        if on
    ]
    return link(
        f"divided-ranks.trace.{name}",
        f"In {games} seeded whole games"
        + (f" under {' and '.join(variants)}" if variants else "")
        + ", at every step the engine does what the encodings say: the stage and the seat to "
        "act, the chance outcomes and what the shuffle deals, the legal splits, choices, "
        "reserve turns and builds, where each moves the cards, what each seat sees of an "
        "exchange and knows of the reserve, the result of the showdown, and the pack shared "
        "out among the hands, the stock, the pairs on offer and the reserve at every step.",
        (*CLAUSES, *(f"divided-ranks.variant.{v}" for v in variants)),
        build,
        E.spec_params(config.reserve_order, rules, config.swap),
        Mutant(
            f"divided-ranks.mutant.trace.{name}.left-pair-lost",
            "the encoding's splitter does not get the pair the chooser leaves",
            {"left_pair_to_splitter": False},
        ),
        Mutant(
            f"divided-ranks.mutant.trace.{name}.{other}-swap",
            f"the encoding's reserve exchanges are {other}",
            {"swap": other},
        ),
        engine=(*ENGINE, *(("engine.divided_ranks.deal.reserve_first_outcomes",) if coin else ())),
        method="trace",
        variant="+".join(variants),
    )


def obligations(
    rules: DividedRanksRules = PRINTED_RULES,
    swap: SwapRule = "blind",
    reserve_order: ReserveOrder = "fewer-splits",
) -> tuple[Obligation, ...]:
    """One trace link per configuration of :data:`CONFIGURATIONS`."""
    return tuple(trace_link(name, rules, swap, reserve_order) for name in CONFIGURATIONS)
