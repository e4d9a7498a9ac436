"""Divided Ranks' proof obligations: what ``cardlaw verify divided-ranks`` checks.

Hands are proved with Z3 over :mod:`proofs.divided_ranks.encoding` (every
five-card hand of the pack, every pair or triple of hands); the draft's
structure with Z3 over every first splitter and coin; what a player can
know after the draft exhaustively over every draft shape played through the
engine; and auto-arrange exhaustively over every arrangement class of
ten-card holdings.  Two obligations are expected to fail: they state claims
of the rule document that are false, and are refuted with a witness
replayed through the engine.

Every obligation reads the rules from ``spec/divided_ranks`` through
:func:`~proofs.divided_ranks.encoding.spec_params`, has a premise that must be
satisfiable (or a non-empty set of cases), and seeded mutants that must
change its verdict.  :func:`build` builds them under any rules
(:mod:`spec.divided_ranks.parameters`): the draft's and the information's
obligations read ``ROUNDS`` and ``PAIR_SIZE``; the hands', the showdown's and
the builds' depend only on the fixed pack and five-card hands.

The obligations live with their rules: :mod:`proofs.divided_ranks.hands`,
:mod:`proofs.divided_ranks.showdown`, :mod:`proofs.divided_ranks.draft`,
:mod:`proofs.divided_ranks.info` (what a player can know),
:mod:`proofs.divided_ranks.builds` (auto-arrange, best builds),
:mod:`proofs.divided_ranks.conservation` (every card in one place through the
draft and the reserve) and :mod:`proofs.divided_ranks.reveals` (what each
swap rule shows).  Then the engine is held to the encodings:
:mod:`proofs.divided_ranks.links`, :mod:`~proofs.divided_ranks.links_builds`
and :mod:`~proofs.divided_ranks.links_draft` (each encoding against the engine
function it mirrors, case by case), :mod:`proofs.divided_ranks.trace` (every
step of seeded whole games of each configuration) and
:mod:`proofs.divided_ranks.hiding` (what a seat cannot see never changes its
observation) and :mod:`proofs.divided_ranks.books` (the books a seat is shown
are true and place every card they can); :mod:`proofs.divided_ranks.coverage`
says why a tagged engine function no obligation names is left out (none is).  This module only lists
them, in the order ``cardlaw verify`` runs them.

>>> len(OBLIGATIONS), OBLIGATIONS[4].id, OBLIGATIONS[-1].id
(30, 'divided-ranks.score.full-house-example-unreachable', 'divided-ranks.info.books.face-up-swap')
>>> from cardlaw.spec.divided_ranks.parameters import DividedRanksRules
>>> [o.id for o in build(DividedRanksRules(rounds=10, pair_size=1))] == [o.id for o in OBLIGATIONS]
True
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.core import Obligations
from cardlaw.proofs.divided_ranks import (
    books,
    builds,
    draft,
    hands,
    hiding,
    info,
    links,
    links_builds,
    links_draft,
    reveals,
    showdown,
    trace,
)
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.builds import TWO_OF_EACH, TWO_OF_EACH_TEXT
from cardlaw.proofs.divided_ranks.conservation import conservation
from cardlaw.proofs.kept import invariants_kept
from cardlaw.proofs.refusals import one_checker
from cardlaw.spec.divided_ranks.config import DividedRanksConfig, ReserveOrder, SwapRule
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules

__all__ = ["OBLIGATIONS", "TWO_OF_EACH", "TWO_OF_EACH_TEXT", "build", "build_config"]


def build(
    rules: DividedRanksRules = PRINTED_RULES,
    reserve_order: ReserveOrder = "fewer-splits",
    swap: SwapRule = "blind",
) -> Obligations:
    """Every obligation of Divided Ranks under ``rules``; the ids are the same under any rules.

    ``reserve_order`` and ``swap`` are the configuration's flags: every
    obligation is stated under them but those that name the variant they are
    about (``divided-ranks.draft.three-and-two.coin-flip-reserve``,
    ``divided-ranks.reserve.face-up-swap``, the traces and noninterference of a
    variant).  Under the coin ``divided-ranks.draft.three-and-two`` is expected
    to fail, and under face-up-swap ``divided-ranks.reserve.blind-swap``.
    """
    flagged = E.spec_params(reserve_order=reserve_order, rules=rules, swap=swap)
    return (
        *hands.obligations(flagged),
        *showdown.obligations(flagged),
        *draft.obligations(flagged),
        *info.obligations(flagged),
        *builds.obligations(flagged),
        conservation(rules, reserve_order),
        *reveals.obligations(rules, swap, reserve_order),
        *links.obligations(rules),
        *links_builds.obligations(rules),
        *links_draft.obligations(rules),
        *trace.obligations(rules, swap, reserve_order),
        one_checker(
            "divided-ranks.api.one-checker",
            DIVIDED_RANKS,
            DividedRanksConfig(rules=rules, reserve_order=reserve_order, swap=swap),
            (
                "divided-ranks.play.phases",
                "divided-ranks.draft.split",
                "divided-ranks.draft.choose",
            ),
            engine=("engine.divided_ranks.game._phases",),
        ),
        invariants_kept(DIVIDED_RANKS, {"rules": rules}),
        *hiding.obligations(rules, reserve_order),
        *books.obligations(rules, reserve_order),
    )


def build_config(config: DividedRanksConfig) -> Obligations:
    """Every obligation under a whole configuration: its rules, reserve order and swap rule."""
    return build(config.rules, config.reserve_order, config.swap)


OBLIGATIONS: Final[Obligations] = build()
"""Every Divided Ranks obligation, in the order ``cardlaw verify`` runs them."""
