"""Throughput benchmarks: random playouts, ours beside a named reference.

``cardlaw bench GAME`` plays GAME with random bots through the public Game
API, two ways that play the very same games (the same draws from the same
seeds): with ``sample_legal_action(state, rng)``, which need not build every
legal action, and with ``rng.choice(legal_actions(state))``, the listing
path.  In the same run it plays the game's reference (its record's
``bench.reference``, :mod:`cardlaw.games`: OpenSpiel's ``hearts`` beside
Divide, ``euchre`` beside Euchre) the same
way, random legal actions and random chance outcomes, if the ``open_spiel``
package is installed (``pip install 'cardlaw[bench]'``).

The sides take turns, chunk by chunk (ours, the reference, ours by listing,
then random games through the OpenSpiel and PettingZoo adapters if installed,
:mod:`cardlaw.bench.adapters`), so a shared machine slows all of them alike;
the run is repeated (:data:`REPEATS`, the same games each time) and each
side's figure is its median repeat, in units (Divide rounds, hands) per second.

Peak memory is measured apart from the timing, in one fresh process for
ours (the ``sample_legal_action`` path) and one for the reference
(:func:`measure_memory`): it imports that side, plays one game, then one
chunk; the figures are that process's peak resident set size
(:func:`cardlaw.bench.references.peak_kib`: ``VmHWM`` on Linux, else
``ru_maxrss``, so C++ allocations count as much as Python's) and how much the
chunk raised it above the one game.

A game may add figures of its own (its record's ``bench.extras``; Divided
Ranks: hand evaluations per second, from :mod:`cardlaw.bench.extras`, the
best of three passes), set beside reference evaluators measured the same way
right after it (``bench.evaluators``: treys and pokerkit, from
:mod:`cardlaw.bench.references`).  Split has no reference, nor do Divided
Ranks' playouts.

>>> bench_of("divide").reference, bench_of("high-card").reference
('hearts', None)
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Final

from cardlaw.bench import adapters as through
from cardlaw.bench.references import (
    EVALUATORS,
    INSTALL_HINT,
    openspiel_playout,
    print_peak_memory,
)
from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.engine.compiled import MODULES, compiled_modules
from cardlaw.engine.jsonio import JSON
from cardlaw.games import Bench, record
from cardlaw.sampling import sample_chance

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "REPEATS",
    "BenchReport",
    "Memory",
    "Side",
    "Throughput",
    "bench_game",
    "bench_interleaved",
    "bench_of",
    "bench_reference",
    "measure_memory",
    "memory_child",
    "run_bench",
]

REPEATS: Final = 3
"""How many times the whole interleaved run is repeated; each side's median counts."""

CHUNKS: Final = 5
"""How many turns each side takes in one repeat."""


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

    def to_json(self) -> dict[str, JSON]:
        """The figures as JSON."""
        return {
            **asdict(self),
            "seconds": round(self.seconds, 4),
            "per_second": round(self.per_second, 1),
            "actions_per_second": round(self.actions_per_second, 1),
        }

    def __add__(self, other: Throughput) -> Throughput:
        """Two parts of one run, as one."""
        return Throughput(
            self.name,
            self.unit,
            self.units + other.units,
            self.actions + other.actions,
            self.seconds + other.seconds,
        )


@dataclass(frozen=True, slots=True)
class Memory:
    """Peak resident memory of a fresh process that played one side's chunk, in KiB."""

    peak_rss_kib: int
    growth_kib: int
    """How far the chunk raised the peak above the process after one game."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the comparison: a throughput per repeat, and its peak memory."""

    repeats: tuple[Throughput, ...]
    memory: Memory | None = None

    @property
    def median(self) -> Throughput:
        """The median repeat by units per second (every repeat plays the same games)."""
        return sorted(self.repeats, key=lambda run: run.per_second)[len(self.repeats) // 2]

    def to_json(self) -> dict[str, JSON]:
        """The median repeat's figures, every repeat's units per second, and the memory."""
        return {
            **self.median.to_json(),
            "repeats": [round(run.per_second, 1) for run in self.repeats],
            "peak_memory": None if self.memory is None else asdict(self.memory),
        }


def bench_of(game_name: str) -> Bench:
    """What ``cardlaw bench`` sets beside ``game_name``: its record's, or nothing."""
    found = record(game_name)
    return Bench() if found is None else found.bench


def bench_game(
    game: AnyGame, config: object, units: int, *, seed: int = 0, listing: bool = False
) -> Throughput:
    """Play random games until ``units`` units (hands, rounds, games) are done; time it.

    Each decision is ``game.sample_legal_action(state, rng)``, or with
    ``listing`` ``rng.choice(game.legal_actions(state))``: the same draw, so
    the same games.
    """
    count, rng = game.units_played, random.Random(seed)
    to_move, apply, chance_outcomes = game.to_move, game.apply, game.chance_outcomes
    sample, legal_actions, choice = game.sample_legal_action, game.legal_actions, rng.choice
    done = actions = 0
    start = time.perf_counter()
    while done < units:
        state = game.new_game(config)
        while (mover := to_move(state)) is not None:
            if mover == CHANCE:
                action = sample_chance(chance_outcomes(state), rng)  # type: ignore[arg-type]  # at chance: a space
            elif listing:
                action = choice(legal_actions(state))
            else:
                action = sample(state, rng)
            state = apply(state, action)
            actions += 1
        done += count(state)
    name = f"cardlaw {game.name}" + (", listing" if listing else "")
    return Throughput(name, game.bench_unit, done, actions, time.perf_counter() - start)


def bench_reference(name: str, hands: int, *, seed: int = 0) -> Throughput | None:
    """OpenSpiel's ``name`` with random legal actions, or ``None`` if not installed."""
    run = openspiel_playout(name, hands, seed=seed)
    return None if run is None else Throughput(f"open_spiel {name}", "hands", hands, *run)


def bench_interleaved(
    game: AnyGame,
    config: object,
    units: int,
    reference: str | None,
    *,
    chunks: int = CHUNKS,
    adapters: tuple[str, ...] = (),
) -> tuple[Throughput, Throughput, Throughput | None, dict[str, Throughput]]:
    """One repeat: ours, the reference, ours by listing, each adapter, in turn, chunk by chunk.

    Returns each side's total (the reference's ``None`` if not installed),
    and each installed adapter's (:mod:`cardlaw.bench.adapters`); the
    reference and the adapters play as many units as our chunk played.
    """
    parts: list[list[Throughput | None]] = [[] for _ in range(3 + len(adapters))]
    size = max(1, units // chunks)
    done = chunk = 0
    while done < units:
        ours = bench_game(game, config, min(size, units - done), seed=chunk)
        theirs = None if reference is None else bench_reference(reference, ours.units, seed=chunk)
        listing = bench_game(game, config, ours.units, seed=chunk, listing=True)
        adapted = [_adapter(k, game, config, ours.units, chunk) for k in adapters]
        for side, part in zip(parts, (ours, listing, theirs, *adapted), strict=True):
            side.append(part)
        done += ours.units
        chunk += 1
    totals = [_total(side) for side in parts]
    assert totals[0] is not None and totals[1] is not None
    found = {k: t for k, t in zip(adapters, totals[3:], strict=True) if t is not None}
    return totals[0], totals[1], totals[2], found


def _adapter(kind: str, game: AnyGame, config: object, units: int, seed: int) -> Throughput | None:
    run = through.adapter_playout(kind, game, config, units, seed=seed)
    return None if run is None else Throughput(*run)


def _total(parts: list[Throughput | None]) -> Throughput | None:
    present = [part for part in parts if part is not None]
    if not present or len(present) < len(parts):
        return None
    return sum(present[1:], present[0])


def memory_child() -> None:
    """Peak memory of our random playouts, in a fresh process (see :func:`measure_memory`).

    Reads the game, its configuration (JSON) and the units from ``sys.argv``.
    """
    from cardlaw.engine.registry import get_game  # noqa: PLC0415  (in the child only)

    game = get_game(sys.argv[1])
    config = game.config_from_json(json.loads(sys.argv[2]))
    print_peak_memory(lambda units: bench_game(game, config, units), int(sys.argv[3]))


def measure_memory(
    game: AnyGame, config: object, units: int, reference: str | None = None
) -> Memory | None:
    """Peak memory of one side in a fresh process: ours, or the OpenSpiel ``reference``.

    Ours imports what ``cardlaw bench`` plays with; the reference's process
    imports only :mod:`cardlaw.bench.references` and OpenSpiel.  ``None`` if
    the process failed (the reference not installed there, say).
    """
    if reference is None:
        code = "from cardlaw.bench.playouts import memory_child; memory_child()"
        args = [game.name, json.dumps(game.config_to_json(config)), str(units)]
    else:
        code = "from cardlaw.bench.references import reference_memory_child as m; m()"
        args = [reference, str(units)]
    run = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        return None
    figures = json.loads(run.stdout.splitlines()[-1])
    return Memory(figures["peak_rss_kib"], figures["growth_kib"])


@dataclass(frozen=True, slots=True)
class BenchReport:
    """Everything ``cardlaw bench`` measured: the sides, notes, a game's own figures."""

    game: str
    config: dict[str, JSON]
    ours: Side
    listing: Side
    reference: Side | None
    notes: tuple[str, ...] = ()
    extras: dict[str, float] = field(default_factory=dict)
    evaluators: dict[str, float | None] = field(default_factory=dict)
    compiled: tuple[str, ...] = ()
    """The modules of :data:`engine.compiled.MODULES` loaded compiled (none: the pure build)."""
    adapters: dict[str, Side] = field(default_factory=dict)
    """Random playouts through the installed adapters (:mod:`cardlaw.bench.adapters`)."""

    @property
    def build(self) -> str:
        """``"mypyc"`` for the compiled build (:mod:`engine.compiled`), else ``"pure"``."""
        return "mypyc" if self.compiled else "pure"

    def build_line(self) -> str:
        """Which build was benched, in words."""
        if not self.compiled:
            return "build: pure Python"
        return f"build: compiled with mypyc ({len(self.compiled)} of {len(MODULES)} modules)"

    def ratio(self, side: Side) -> float | None:
        """``side``'s median units per second over the reference's."""
        if self.reference is None or not self.reference.median.per_second:
            return None
        return round(side.median.per_second / self.reference.median.per_second, 3)

    def evaluator_ratios(self) -> dict[str, dict[str, float | None]]:
        """Each of our own figures over each reference evaluator's."""
        return {
            figure: {
                name: None if not rate else round(ours / rate, 3)
                for name, rate in self.evaluators.items()
            }
            for figure, ours in self.extras.items()
        }

    def to_json(self) -> dict[str, JSON]:
        """The report as JSON: ours (median, ``per_second``) first, then the rest."""
        data: dict[str, JSON] = {
            "game": self.game,
            "config": self.config,
            **self.ours.to_json(),
            "listing": self.listing.to_json(),
            "reference": None if self.reference is None else self.reference.to_json(),
            "ratio": self.ratio(self.ours),
            "listing_ratio": self.ratio(self.listing),
            "notes": list(self.notes),
            "build": self.build,
            **dict(sorted(self.extras.items())),
        }
        if bench_of(self.game).evaluators:
            data["evaluators"] = {**self.evaluators}
            ratios = self.evaluator_ratios()
            data["evaluator_ratios"] = {figure: {**by} for figure, by in ratios.items()}
        data["adapters"] = through.adapters_json(self.adapters, self.ours, self.listing)
        return data

    def tables(self) -> list[Table]:
        """The playout table, then (for a game with its own figures) the evaluator table."""
        tables = [self._playout_table()]
        if self.adapters:
            tables.append(through.adapter_table(self.adapters, self.ours, self.listing))
        if self.extras:
            tables.append(self._evaluator_table())
        return tables

    def _playout_table(self) -> Table:
        from rich.table import Table  # noqa: PLC0415  (not in a memory-measuring process)

        units = self.ours.median.units
        table = Table(
            title=f"random playouts: {REPEATS} repeats of {units:,} {self.ours.median.unit}, "
            f"interleaved; median"
        )
        for header in ("side", "per second", "repeats", "actions/s", "ratio", "peak RSS"):
            table.add_column(header, justify="left" if header == "side" else "right")
        table.add_column("chunk's growth", justify="right")
        sides = [self.ours, self.listing, *([self.reference] if self.reference else [])]
        for side in sides:
            run, ratio = side.median, self.ratio(side)
            table.add_row(
                run.name,
                f"{run.per_second:,.0f} {run.unit}",
                " / ".join(f"{r.per_second:,.0f}" for r in side.repeats),
                f"{run.actions_per_second:,.0f}",
                "—" if ratio is None or side is self.reference else f"{ratio:.2f}×",
                *_memory_cells(side.memory),
            )
        return table

    def _evaluator_table(self) -> Table:
        from rich.table import Table  # noqa: PLC0415  (not in a memory-measuring process)

        table = Table(title="five-card evaluations per second (best of 3 passes)")
        table.add_column("evaluator")
        table.add_column("per second", justify="right")
        for name in self.evaluators:
            table.add_column(f"÷ {name}", justify="right")
        ratios = self.evaluator_ratios()
        for figure, ours in self.extras.items():
            cells = [_times(ratios[figure][name]) for name in self.evaluators]
            label = figure.removesuffix("_per_second").replace("_", " ")
            table.add_row(f"cardlaw {label}", f"{ours:,.0f}", *cells)
        for name, theirs in self.evaluators.items():
            shown = "—" if theirs is None else f"{theirs:,.0f}"
            table.add_row(name, shown, *("—" for _ in self.evaluators))
        return table


def _times(ratio: float | None) -> str:
    return "—" if ratio is None else f"{ratio:.2f}×"


def _memory_cells(memory: Memory | None) -> tuple[str, str]:
    if memory is None:
        return "—", "—"
    return f"{memory.peak_rss_kib / 1024:,.1f} MiB", f"{memory.growth_kib / 1024:+,.1f} MiB"


def _repeated(
    game: AnyGame, config: object, units: int, reference: str | None, adapters: tuple[str, ...]
) -> tuple[
    list[Throughput], list[Throughput], list[Throughput] | None, dict[str, list[Throughput]]
]:
    ours: list[Throughput] = []
    listing: list[Throughput] = []
    theirs: list[Throughput] | None = []
    runs: dict[str, list[Throughput]] = {}
    bench_game(game, config, 1)  # untimed: first-use loading (tables, caches) is not play
    if reference is not None:
        bench_reference(reference, 1)
    for kind in adapters:
        through.adapter_playout(kind, game, config, 1)
    for _ in range(REPEATS):
        mine, listed, other, found = bench_interleaved(
            game, config, units, reference, adapters=adapters
        )
        ours.append(mine)
        listing.append(listed)
        theirs = None if other is None or theirs is None else [*theirs, other]
        for kind, run in found.items():
            runs.setdefault(kind, []).append(run)
    return ours, listing, theirs, runs


def run_bench(
    game: AnyGame,
    config: object,
    units: int,
    *,
    reference: bool = True,
    memory: bool = True,
    adapters: bool = True,
) -> BenchReport:
    """Bench ``game``: both our paths beside its reference and its adapters, its own figures.

    ``reference=False`` runs no reference at all (playout or evaluator);
    ``memory=False`` measures no peak memory (it starts one process per side);
    ``adapters=False`` plays nothing through OpenSpiel's and PettingZoo's APIs.
    """
    beside = bench_of(game.name)
    ref_name = beside.reference if reference else None
    kinds = through.ADAPTERS if adapters and game.name in through.ADAPTED else ()
    ours, listing, theirs, played = _repeated(game, config, units, ref_name, kinds)
    notes: list[str] = []
    notes += [f"through {k}: {through.HINTS[k]}" for k in kinds if k not in played]
    if not reference:
        notes.append("reference: not run (--no-reference)")
    elif ref_name is None:
        notes.append(beside.no_reference or f"reference: none for {game.name}")
    elif theirs is None:
        notes.append(f"reference open_spiel {ref_name}: {INSTALL_HINT}")
    chunk = max(1, units // CHUNKS)
    ours_memory = measure_memory(game, config, chunk) if memory else None
    their_memory = measure_memory(game, config, chunk, ref_name) if memory and theirs else None
    if memory and (ours_memory is None or (theirs and their_memory is None)):
        notes.append("peak memory: not measured for every side (its process failed)")
    extras = {} if beside.extras is None else beside.extras()(config)  # ours, then theirs
    evaluators: dict[str, float | None] = {}
    for name in beside.evaluators if reference else ():
        evaluators[name] = rate = EVALUATORS[name]()
        if rate is None:
            notes.append(f"reference {name}: {INSTALL_HINT}")
    return BenchReport(
        game.name,
        game.config_to_json(config),
        Side(tuple(ours), ours_memory),
        Side(tuple(listing)),
        None if theirs is None else Side(tuple(theirs), their_memory),
        tuple(notes),
        extras,
        evaluators,
        compiled_modules(),
        {kind: Side(tuple(runs)) for kind, runs in played.items()},
    )
