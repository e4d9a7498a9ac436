"""Which of Divide's rule-enforcing functions no obligation holds to the model, and why.

Every function of ``engine/divide/`` tagged ``@enforces`` (``ENFORCEMENT``,
once the game, its positions and explanations are imported) is named in the
``engine`` of some obligation of :mod:`proofs.divide.obligations`: the
links hold each encoding to the engine function it mirrors, the traces
every step of seeded whole games through the Game API, the noninterference
obligations ``observe``.  :data:`EXEMPT` lists, with the reason, a tagged
function outside ``engine/divide/`` that applies one of Divide's clauses and
that no obligation names.  ``tests/proofs/test_divide_links.py`` checks that
every tagged function is covered or listed, and that every name here and in
an obligation's ``engine`` is a tagged function.

>>> sorted(EXEMPT)
['spec.divide.config.DivideConfig.__post_init__']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["EXEMPT"]

EXEMPT: Final[Mapping[str, str]] = {
    "spec.divide.config.DivideConfig.__post_init__": (
        "the configuration's check of its player count and of the trump_suit flag "
        "(divide.setup.players, divide.ruling.trump-rank-suit): it decides which games exist, "
        "not a step of one; divide.deal.enough-cards proves every player count's deal fits the "
        "deck, and the traces play 4 and 5 players under both readings of a Trump Rank card's suit"
    ),
}
"""Qualified name -> why no obligation holds it to the model."""
