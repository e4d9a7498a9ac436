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
change its verdict.

The obligations live with their rules: :mod:`proofs.divided_ranks.hands`,
:mod:`proofs.divided_ranks.showdown`, :mod:`proofs.divided_ranks.draft`,
:mod:`proofs.divided_ranks.info` (what a player can know) and
:mod:`proofs.divided_ranks.builds` (auto-arrange, best builds); this module
only lists them, in the order ``cardlaw verify`` runs them.

>>> len(OBLIGATIONS), OBLIGATIONS[4].id
(12, 'divided-ranks.score.full-house-example-unreachable')
"""

from __future__ import annotations

from typing import Final

from proofs.core import Obligations
from proofs.divided_ranks import builds, draft, hands, info, showdown
from proofs.divided_ranks import encoding as E
from proofs.divided_ranks.builds import TWO_OF_EACH, TWO_OF_EACH_TEXT

__all__ = ["OBLIGATIONS", "TWO_OF_EACH", "TWO_OF_EACH_TEXT"]


def _obligations() -> Obligations:
    """Every obligation, built from the spec's constants as they are now."""
    real = E.spec_params()
    return (
        *hands.obligations(real),
        *showdown.obligations(real),
        *draft.obligations(real),
        *info.obligations(real),
        *builds.obligations(real),
    )


OBLIGATIONS: Final[Obligations] = _obligations()
"""Every Divided Ranks obligation, in the order ``cardlaw verify`` runs them."""
