"""Throughput benchmarks: random playouts, side by side with a named reference.

``cardlaw bench divide`` plays Divide with random bots through the public
Game API (``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``)
and, in the same run and in alternating chunks, OpenSpiel's ``hearts``
driven from Python the same way (random legal actions, sampled chance
outcomes), if the ``open_spiel`` package is installed
(``pip install 'cardlaw[bench]'``).  A game may add figures of its own
(:data:`EXTRAS`, keyed by game name; Divided Ranks: hand evaluations per
second, from :mod:`cardlaw.bench_extras`).

>>> from engine.registry import GAMES
>>> [name for name in (*REFERENCES, *EXTRAS) if name not in GAMES]  # every entry is a game's
[]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import Any, Final

from cardlaw.bench_extras import divided_ranks_extras
from cardlaw.sampling import sample_chance
from engine.api import CHANCE, AnyGame

__all__ = [
    "EXTRAS",
    "REFERENCES",
    "Throughput",
    "bench_game",
    "bench_interleaved",
    "bench_reference",
]


@dataclass(frozen=True, slots=True)
class Throughput:
    """How many units (hands, rounds, games) and actions a run got through."""

    name: str
    unit: str
    units: int
    actions: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Units per second."""
        return self.units / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        """Actions (chance outcomes included) per second."""
        return self.actions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON."""
        return {
            **asdict(self),
            "seconds": round(self.seconds, 4),
            "per_second": round(self.per_second, 1),
            "actions_per_second": round(self.actions_per_second, 1),
        }


REFERENCES: Final[Mapping[str, str]] = MappingProxyType({"divide": "hearts", "euchre": "euchre"})
"""Game name -> the OpenSpiel game it is compared with."""

EXTRAS: Final[Mapping[str, Callable[[Any], dict[str, float]]]] = MappingProxyType(
    {"divided-ranks": divided_ranks_extras}
)
"""Game name -> its own figures: a function of the configuration benched to named numbers."""


def bench_game(game: AnyGame, config: Any, units: int, *, seed: int = 0) -> Throughput:
    """Play random games until ``units`` units (hands, rounds, games) are done; time it."""
    unit, count = game.bench_unit, game.units_played
    rng = random.Random(seed)
    to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply
    chance_outcomes, choice = game.chance_outcomes, rng.choice
    done = actions = 0
    start = time.perf_counter()
    while done < units:
        state = game.new_game(config)
        while True:
            mover = to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                action = sample_chance(chance_outcomes(state), rng)  # type: ignore[arg-type]
            else:
                action = choice(legal_actions(state))
            state = apply(state, action)
            actions += 1
        done += count(state)
    return Throughput(f"cardlaw {game.name}", unit, done, actions, time.perf_counter() - start)


def bench_reference(name: str, hands: int, *, seed: int = 0) -> Throughput | None:
    """OpenSpiel's ``name`` with random legal actions, or ``None`` if not installed."""
    try:
        import pyspiel  # noqa: PLC0415  (optional: the bench extra)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    choice = rng.choice
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
    return Throughput(f"open_spiel {name}", "hands", hands, actions, time.perf_counter() - start)


def bench_interleaved(
    game: AnyGame, config: Any, units: int, reference: str | None, *, chunks: int = 5
) -> tuple[Throughput, Throughput | None]:
    """Run ours and the reference in alternating chunks, so both see the same machine.

    A shared or throttled machine changes speed from second to second; taking
    turns spreads that over both sides of the comparison.
    """
    ours: list[Throughput] = []
    theirs: list[Throughput | None] = []
    size = max(1, units // chunks)
    done = 0
    chunk = 0
    while done < units:
        part = bench_game(game, config, min(size, units - done), seed=chunk)
        ours.append(part)
        done += part.units
        if reference is not None:
            theirs.append(bench_reference(reference, part.units, seed=chunk))
        chunk += 1
    return _total(ours), (None if not theirs or None in theirs else _total(theirs))  # type: ignore[arg-type]


def _total(parts: list[Throughput]) -> Throughput:
    first = parts[0]
    return Throughput(
        first.name,
        first.unit,
        sum(p.units for p in parts),
        sum(p.actions for p in parts),
        sum(p.seconds for p in parts),
    )
