"""The references ``cardlaw bench`` measures ours against, each optional.

None of these packages is a dependency of cardlaw: they are the ``bench``
extra (``pip install 'cardlaw[bench]'``), and every function here returns
``None`` when its package cannot be imported, so a missing one is a line
saying so, never an error.

* OpenSpiel's ``hearts`` (beside Divide) and ``euchre`` (beside Euchre),
  played from Python the way ours is: a random legal action at each
  decision, a random chance outcome at each chance node
  (:func:`openspiel_playout`).
* treys and pokerkit, beside Divided Ranks' hand evaluator
  (:data:`EVALUATORS`): five-card evaluations per second, measured the way
  :mod:`cardlaw.bench.extras` measures ours: 200,000 hands, each library's
  card objects made before the clock starts, three passes, the best pass
  counts.  Their hands are drawn from the 52-card pack (ours are the 20,349
  hands of the 21-card Divided Ranks pack, which neither library knows).

>>> sorted(EVALUATORS)
['pokerkit', 'treys']
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from cardlaw.openspiel.pyspiel_types import SpielGame

__all__ = [
    "EVALUATORS",
    "INSTALL_HINT",
    "openspiel_playout",
    "peak_kib",
    "pokerkit_rate",
    "print_peak_memory",
    "reference_memory_child",
    "treys_rate",
]

H = TypeVar("H")
"""A hand as an evaluator takes it."""

INSTALL_HINT: Final = "not installed (pip install 'cardlaw[bench]')"
"""What ``cardlaw bench`` says of a reference whose package cannot be imported."""

_EVALUATIONS: Final = 200_000
"""Hands per pass, as in :mod:`cardlaw.bench.extras`."""

_PASSES: Final = 3
"""Passes timed; the fastest counts, as in :mod:`cardlaw.bench.extras`."""

_PACK: Final = tuple(rank + suit for rank in "23456789TJQKA" for suit in "shdc")
"""The 52 cards, in the notation both libraries read (``"As"``, ``"Td"``)."""


def openspiel_playout(name: str, hands: int, *, seed: int = 0) -> tuple[int, float] | None:
    """Play ``hands`` random hands of OpenSpiel's ``name``: (actions, seconds), or ``None``.

    ``None`` when ``pyspiel`` cannot be imported.  Loading the game is not
    timed; chance outcomes and legal actions are drawn with one seeded
    ``random.Random``.
    """
    try:
        import pyspiel  # noqa: PLC0415  (optional: the bench extra)
    except ImportError:
        return None
    game: SpielGame = pyspiel.load_game(name)
    choice = random.Random(seed).choice
    actions = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = choice(state.chance_outcomes())[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions, time.perf_counter() - start


def peak_kib() -> int:
    """The peak resident set size of the running process, in KiB.

    On Linux, ``VmHWM`` from ``/proc/self/status``: the peak of this program
    alone (``ru_maxrss`` would also count the parent's memory copied at the
    fork before ``exec``).  Elsewhere ``ru_maxrss``.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource  # noqa: PLC0415  (Unix only; the parent copes if this fails)

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS


def print_peak_memory(play: Callable[[int], object], units: int) -> None:
    """Play one unit, then ``units`` more; print the peak memory and the growth, as JSON.

    The body of a memory-measuring process: ``{"peak_rss_kib": ...,
    "growth_kib": ...}``, the growth being how far the ``units`` raised the
    peak above the process after its first unit (imports and set-up done).
    """
    play(1)
    before = peak_kib()
    play(units)
    after = peak_kib()
    print(json.dumps({"peak_rss_kib": after, "growth_kib": after - before}))


def reference_memory_child() -> None:
    """Peak memory of OpenSpiel's game ``sys.argv[1]`` over ``sys.argv[2]`` hands.

    Run in a fresh process that imports nothing of cardlaw's but this module.
    """
    name, hands = sys.argv[1], int(sys.argv[2])
    print_peak_memory(lambda units: openspiel_playout(name, units), hands)


def _hands(seed: int = 0) -> list[tuple[int, ...]]:
    """The 200,000 hands every reference evaluates: five distinct indices into the pack."""
    sample = random.Random(seed).sample
    pack = range(len(_PACK))
    return [tuple(sample(pack, 5)) for _ in range(_EVALUATIONS)]


def _best_rate(evaluate: Callable[[H], object], hands: Sequence[H]) -> float:
    """Evaluations per second of ``evaluate`` over ``hands``: the best of three passes."""
    best = float("inf")
    for _ in range(_PASSES):
        start = time.perf_counter()
        for hand in hands:
            evaluate(hand)
        best = min(best, time.perf_counter() - start)
    return round(len(hands) / best, 1)


def treys_rate() -> float | None:
    """Five-card evaluations per second of treys' ``Evaluator().evaluate``, or ``None``."""
    try:
        from treys import Card, Evaluator  # noqa: PLC0415  (optional: the bench extra)
    except ImportError:
        return None
    cards = [Card.new(text) for text in _PACK]
    hands = [[cards[i] for i in hand] for hand in _hands()]
    evaluate = Evaluator().evaluate
    no_hole: list[int] = []
    return _best_rate(lambda board: evaluate(no_hole, board), hands)


def pokerkit_rate() -> float | None:
    """Five-card evaluations per second of pokerkit's ``StandardHighHand(cards)``, or ``None``."""
    try:
        from pokerkit import Card, StandardHighHand  # noqa: PLC0415  (optional: the bench extra)
    except ImportError:
        return None
    cards = [next(iter(Card.parse(text))) for text in _PACK]
    hands = [tuple(cards[i] for i in hand) for hand in _hands()]
    return _best_rate(StandardHighHand, hands)


EVALUATORS: Final[Mapping[str, Callable[[], float | None]]] = MappingProxyType(
    {"treys": treys_rate, "pokerkit": pokerkit_rate}
)
"""Reference hand evaluator -> its evaluations per second (``None``: not installed)."""
