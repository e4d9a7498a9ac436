"""A game's own ``cardlaw bench`` figures, beyond random-playout throughput.

Timing is a command-line concern, so it lives here and not in ``engine/``:
each function takes the configuration the bench plays and returns named
figures, which ``cardlaw bench`` prints after its own.

>>> divided_ranks_extras(None)["evaluations_per_second"] > 0
True
"""

from __future__ import annotations

import time
from typing import Final

from engine.divided_ranks.evaluate import KEY, hand_key

__all__ = ["divided_ranks_extras"]

_EVALUATIONS: Final = 200_000
"""How many hands :func:`divided_ranks_extras` evaluates."""

_STRIDE: Final = 7919
"""A prime step through the hands, so consecutive evaluations are of scattered hands."""


def divided_ranks_extras(config: object) -> dict[str, float]:
    """Divided Ranks' figures: five-card hand evaluations per second.

    Evaluates 200,000 hands (all 20,349 of the pack, visited in a fixed
    scattered order, about ten times over) with
    :func:`~engine.divided_ranks.evaluate.hand_key`.  The figure does not
    depend on ``config``, which every extra figure function takes.

    Returns:
        ``{"evaluations_per_second": ...}``, rounded to one decimal.
    """
    masks = list(KEY)
    sample = [masks[i * _STRIDE % len(masks)] for i in range(_EVALUATIONS)]
    start = time.perf_counter()
    for mask in sample:
        hand_key(mask)
    seconds = time.perf_counter() - start
    return {"evaluations_per_second": round(len(sample) / seconds, 1)}
