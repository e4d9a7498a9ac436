"""Which of Split's rule-enforcing functions no obligation holds to the model, and why.

Every function tagged ``@enforces`` in ``engine/split/`` is named in some
obligation's ``engine=`` (the links, the traces, the noninterference
obligations and the replays of :mod:`proofs.split.obligations`), or listed
here with the reason it is not modelled.

>>> import cardlaw.engine.split.game, cardlaw.engine.split.explain, cardlaw.engine.split.position
>>> from cardlaw.proofs.split.obligations import OBLIGATIONS
>>> from cardlaw.spec.trace import ENFORCEMENT
>>> tagged = {f for fs in ENFORCEMENT.values() for f in fs if f.startswith("engine.split.")}
>>> named = {f for ob in OBLIGATIONS for f in ob.engine}
>>> sorted(tagged - named - set(EXEMPT))
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["EXEMPT"]

EXEMPT: Final[Mapping[str, str]] = {
    "spec.split.config.SplitConfig.__post_init__": (
        "the configuration's own checks (modes, player counts, aids, the turn limit), not a step "
        "of play: spec, not engine; every trace link plays each configuration it accepts, and "
        "tests/split/test_parameters.py and the config's doctests check what it refuses"
    ),
}
"""Tagged functions left out of the model: qualified name -> why."""
