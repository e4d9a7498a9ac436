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
:mod:`proofs.divided_ranks.info` (what a player can know) and
:mod:`proofs.divided_ranks.builds` (auto-arrange, best builds); this module
only lists them, in the order ``cardlaw verify`` runs them.

>>> len(OBLIGATIONS), OBLIGATIONS[4].id
(13, 'divided-ranks.score.full-house-example-unreachable')
>>> from spec.divided_ranks.parameters import DividedRanksRules
>>> [o.id for o in build(DividedRanksRules(rounds=10, pair_size=1))] == [o.id for o in OBLIGATIONS]
True
"""

from __future__ import annotations

from typing import Final

from proofs.core import Obligations
from proofs.divided_ranks import builds, draft, hands, info, showdown
from proofs.divided_ranks import encoding as E
from proofs.divided_ranks.builds import TWO_OF_EACH, TWO_OF_EACH_TEXT
from spec.divided_ranks.config import DividedRanksConfig
from spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules

__all__ = ["OBLIGATIONS", "TWO_OF_EACH", "TWO_OF_EACH_TEXT", "build", "build_config"]


def build(
    rules: DividedRanksRules = PRINTED_RULES, reserve_order: str = "fewer-splits"
) -> Obligations:
    """Every obligation of Divided Ranks under ``rules``; the ids are the same under any rules.

    ``reserve_order`` is the configuration's flag: every obligation is stated
    under it but ``divided-ranks.draft.three-and-two.coin-flip-reserve``, which
    names the reserve order it is about (under the coin,
    ``divided-ranks.draft.three-and-two`` is expected to fail).
    """
    flagged = E.spec_params(reserve_order=reserve_order, rules=rules)
    return (
        *hands.obligations(flagged),
        *showdown.obligations(flagged),
        *draft.obligations(flagged),
        *info.obligations(flagged),
        *builds.obligations(flagged),
    )


def build_config(config: DividedRanksConfig) -> Obligations:
    """Every obligation under a whole configuration: its rules and its reserve order.

    ``swap`` (the face-up-swap variant) changes only what the reserve exchange
    shows the players; no obligation states anything about it (what a player
    can know is stated after the draft and before any exchange), so none is
    built from it.
    """
    return build(config.rules, config.reserve_order)


OBLIGATIONS: Final[Obligations] = build()
"""Every Divided Ranks obligation, in the order ``cardlaw verify`` runs them."""
