"""Divide's proof obligations: what ``cardlaw verify divide`` proves.

Every obligation quantifies over all situations of its kind (every hand,
every trick, every sequence of eight trick winners...), reads the rules from
``spec/divide`` through :func:`~proofs.divide.encoding.spec_params`, has a
premise that must be satisfiable, and has seeded mutants that must change
its verdict.  Witnesses that are whole rounds are realised by
:mod:`proofs.divide.scenarios` and replayed through the engine as records.

The obligations live with their rules: :mod:`proofs.divide.tokens` (the token
supply), :mod:`proofs.divide.tricks` (legal plays, the trick winner),
:mod:`proofs.divide.exchange` (the Great Divide, trumps in hands),
:mod:`proofs.divide.tiebreak`, :mod:`proofs.divide.points` and
:mod:`proofs.divide.deal`; this module only lists them, in the order
``cardlaw verify`` runs them.

>>> len(OBLIGATIONS), OBLIGATIONS[-1].id
(21, 'divide.deal.enough-cards')
"""

from __future__ import annotations

from typing import Final

from proofs.core import Obligations
from proofs.divide.deal import enough_cards
from proofs.divide.exchange import at_most_three_in_hands, eight_cards
from proofs.divide.points import point_bounds, points
from proofs.divide.support import PLAYER_COUNTS
from proofs.divide.tiebreak import always_resolves
from proofs.divide.tokens import supply_never_negative
from proofs.divide.tricks import legal_play_exists, unique_winner

__all__ = ["OBLIGATIONS"]


def _obligations() -> Obligations:
    """Every obligation, built from the spec's constants as they are now."""
    return (
        *(supply_never_negative(n) for n in PLAYER_COUNTS),
        *(legal_play_exists(variant) for variant in ("printed", "own")),
        *(
            obligation
            for n in PLAYER_COUNTS
            for obligation in (
                unique_winner(n),
                eight_cards(n),
                at_most_three_in_hands(n),
                always_resolves(n),
            )
        ),
        *(points(kind, bound, n) for kind, bound in point_bounds().items() for n in PLAYER_COUNTS),
        enough_cards(),
    )


OBLIGATIONS: Final[Obligations] = _obligations()
"""Every Divide obligation, in the order ``cardlaw verify`` runs them."""
