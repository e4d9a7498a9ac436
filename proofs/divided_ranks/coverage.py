"""Which of Divided Ranks' rule-enforcing functions no obligation holds to the model, and why.

Every function of ``engine/divided_ranks/`` tagged ``@enforces``
(``ENFORCEMENT``, once the game, its positions and explanations are
imported) is named in the ``engine`` of some obligation of
:mod:`proofs.divided_ranks.obligations`: the links hold each encoding to the
engine function it mirrors, the traces every step of seeded whole games
through the Game API, the noninterference obligations ``observe``, and the
conservation and reveal obligations replay their witnesses through the
engine.  The configuration's own check (``DividedRanksConfig.__post_init__``)
is left out for every game alike (:data:`proofs.coverage.GENERIC_EXEMPT`).
So nothing is listed here; ``tests/proofs/test_divided_ranks_links.py``
checks that every tagged function is covered or listed, and that every name
an obligation gives is a tagged function.

>>> EXEMPT
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["EXEMPT"]

EXEMPT: Final[Mapping[str, str]] = {}
"""Qualified name -> why no obligation holds it to the model (none)."""
