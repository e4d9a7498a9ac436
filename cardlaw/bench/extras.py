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

from cardlaw.engine.divided_ranks.evaluate import hand_key, hand_keys, tables

__all__ = ["divided_ranks_extras"]

_EVALUATIONS: Final = 200_000
"""How many hands :func:`divided_ranks_extras` evaluates."""

_REPEATS: Final = 3
"""How many times each way is timed; the fastest counts (the least disturbed by load)."""

_STRIDE: Final = 7919
"""A prime step through the hands, so consecutive evaluations are of scattered hands."""


def divided_ranks_extras(config: object) -> dict[str, float]:
    """Divided Ranks' figures: five-card hand evaluations per second.

    Evaluates 200,000 hands (all 20,349 of the pack, visited in a fixed
    scattered order, about ten times over), three times, and keeps the best
    of three, two ways: in one batch with
    :func:`~engine.divided_ranks.evaluate.hand_keys` (the path the
    simulation's statistics take), and one call at a time with
    :func:`~engine.divided_ranks.evaluate.hand_key`.  Both check every hand
    and look it up in the same table; the table is loaded before timing.  The
    figures do not depend on ``config``, which every extra figure function
    takes.

    Returns:
        ``{"evaluations_per_second": ..., "single_evaluations_per_second": ...}``
        (batch, then one at a time), rounded to one decimal.
    """
    masks = list(tables().key)
    sample = [masks[i * _STRIDE % len(masks)] for i in range(_EVALUATIONS)]
    batch = single = float("inf")
    for _ in range(_REPEATS):
        start = time.perf_counter()
        hand_keys(sample)
        batch = min(batch, time.perf_counter() - start)
        start = time.perf_counter()
        for mask in sample:
            hand_key(mask)
        single = min(single, time.perf_counter() - start)
    return {
        "evaluations_per_second": round(len(sample) / batch, 1),
        "single_evaluations_per_second": round(len(sample) / single, 1),
    }
