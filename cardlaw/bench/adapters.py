"""Random playouts through the adapters, for ``cardlaw bench``: OpenSpiel's API and PettingZoo's.

Each plays the same random games the way a user of that ecosystem would:

* ``openspiel``: a :mod:`cardlaw.openspiel` game through ``pyspiel``'s API
  (``is_chance_node``, ``chance_outcomes``, ``legal_actions``,
  ``apply_action``), chance dealt card by card, a random outcome or legal
  action at each node (as :func:`cardlaw.bench.references.openspiel_playout`
  plays OpenSpiel's own games);
* ``pettingzoo``: a :mod:`cardlaw.pettingzoo` environment through the AEC
  loop (``agent_iter``, ``last(observe=False)``, ``step``), a random action
  of the mask in the agent's info at each turn: what a random player needs,
  as the OpenSpiel loop asks for no observation either;
* ``pettingzoo-observing``: the same loop with ``last()``, which makes the
  agent's observation (cardlaw's ``observe`` and its tensor) every turn, the
  mask read from it: what any learning agent pays.

Each needs its extra; a missing one is ``None`` (a "not installed" line).
:func:`adapter_table` and :func:`adapters_json` show them beside cardlaw's own
playouts: their rate over ours by ``sample_legal_action`` and by listing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from cardlaw.engine.jsonio import JSON
from cardlaw.games import RECORDS

if TYPE_CHECKING:
    from rich.table import Table

    from cardlaw.engine.api import AnyGame


class Run(Protocol):
    """One repeat's figures (a :class:`cardlaw.bench.playouts.Throughput`)."""

    @property
    def name(self) -> str:
        """The side's name."""
        ...

    @property
    def unit(self) -> str:
        """What it counts."""
        ...

    @property
    def per_second(self) -> float:
        """Units per second."""
        ...

    @property
    def actions_per_second(self) -> float:
        """Actions per second."""
        ...


class Side(Protocol):
    """Every repeat of one side (a :class:`cardlaw.bench.playouts.Side`)."""

    @property
    def repeats(self) -> Sequence[Run]:
        """Each repeat."""
        ...

    @property
    def median(self) -> Run:
        """The median repeat."""
        ...

    def to_json(self) -> dict[str, JSON]:
        """Its figures as JSON."""
        ...


__all__ = ["ADAPTED", "ADAPTERS", "HINTS", "adapter_playout", "adapter_table", "adapters_json"]

ADAPTERS: Final = ("openspiel", "pettingzoo", "pettingzoo-observing")
"""The adapters' playouts ``cardlaw bench`` times, in the order it shows them."""

ADAPTED: Final = frozenset(RECORDS)
"""The games with adapters (a binding in their record, :mod:`cardlaw.games`): benched
through them too."""

HINTS: Final = {
    "openspiel": "not installed (pip install 'cardlaw[openspiel]')",
    "pettingzoo": "not installed (pip install 'cardlaw[pettingzoo]')",
    "pettingzoo-observing": "not installed (pip install 'cardlaw[pettingzoo]')",
}

_NAMES: Final = {
    "openspiel": "via OpenSpiel",
    "pettingzoo": "via PettingZoo",
    "pettingzoo-observing": "via PettingZoo, observing",
}


def _installed(require: Callable[[], None]) -> bool:
    from cardlaw.extras import MissingExtra  # noqa: PLC0415

    try:
        require()
    except MissingExtra:
        return False
    return True


def _openspiel(game: AnyGame, config: object, units: int, seed: int) -> tuple[int, int] | None:
    from cardlaw.openspiel import require  # noqa: PLC0415  (optional: the extra)

    if not _installed(require):
        return None
    from cardlaw.openspiel.games import game_of  # noqa: PLC0415

    table = game_of(game.name, config)
    choice = random.Random(seed).choice
    done = actions = 0
    while done < units:
        state = table.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = choice(state.chance_outcomes())[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
        done += game.units_played(state.spot.state)
    return done, actions


def _pettingzoo(
    game: AnyGame, config: object, units: int, seed: int, *, observing: bool = False
) -> tuple[int, int] | None:
    from cardlaw.pettingzoo import require  # noqa: PLC0415  (optional: the extra)

    if not _installed(require):
        return None
    from cardlaw.ecosystem.params import params_of  # noqa: PLC0415
    from cardlaw.pettingzoo import env as make  # noqa: PLC0415

    env = make(game.name, None, **params_of(game, config))
    rng = random.Random(seed)
    choice = rng.choice
    done = actions = 0
    while done < units:
        env.reset(seed=rng.randrange(2**31))
        for _ in env.agent_iter():
            observation, _, terminated, truncated, info = env.last(observing)
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"] if observing else info["action_mask"]
            env.step(choice(mask.nonzero()[0]))
            actions += 1
        done += game.units_played(env.spot.state)
    return done, actions


def _observing(game: AnyGame, config: object, units: int, seed: int) -> tuple[int, int] | None:
    return _pettingzoo(game, config, units, seed, observing=True)


_PLAYOUTS: Final[Mapping[str, Callable[..., tuple[int, int] | None]]] = {
    "openspiel": _openspiel,
    "pettingzoo": _pettingzoo,
    "pettingzoo-observing": _observing,
}


def adapter_playout(
    kind: str, game: AnyGame, config: object, units: int, *, seed: int = 0
) -> tuple[str, str, int, int, float] | None:
    """Random games through adapter ``kind`` until ``units`` units; ``None`` if not installed.

    Returns the side's name, the unit, the units and actions played and the
    seconds taken (a :class:`cardlaw.bench.playouts.Throughput`'s fields).  Actions
    count the mover's decisions and every chance node (each card dealt).
    """
    start = time.perf_counter()
    run = _PLAYOUTS[kind](game, config, units, seed)
    if run is None:
        return None
    done, actions = run
    name = f"cardlaw {game.name} {_NAMES[kind]}"
    return name, game.bench_unit, done, actions, time.perf_counter() - start


def _over(side: Side, base: Side) -> float | None:
    rate = base.median.per_second
    return None if not rate else round(side.median.per_second / rate, 3)


def adapters_json(adapters: Mapping[str, Side], ours: Side, listing: Side) -> dict[str, JSON]:
    """Each adapter's figures, with its rate over ours (``sample_legal_action``) and listing."""
    return {
        kind: {
            **side.to_json(),
            "over_ours": _over(side, ours),
            "over_listing": _over(side, listing),
        }
        for kind, side in adapters.items()
    }


def adapter_table(adapters: Mapping[str, Side], ours: Side, listing: Side) -> Table:
    """The adapters' playouts beside ours: units per second, and each over ours."""
    from rich.table import Table  # noqa: PLC0415  (not in a memory-measuring process)

    table = Table(title="random playouts through the adapters (interleaved with ours); median")
    for header in ("side", "per second", "repeats", "actions/s", "÷ ours", "÷ ours, listing"):
        table.add_column(header, justify="left" if header == "side" else "right")
    for side in adapters.values():
        run = side.median
        cells = [_over(side, ours), _over(side, listing)]
        table.add_row(
            run.name,
            f"{run.per_second:,.0f} {run.unit}",
            " / ".join(f"{r.per_second:,.0f}" for r in side.repeats),
            f"{run.actions_per_second:,.0f}",
            *("—" if c is None else f"{c:.2f}×" for c in cells),
        )
    return table
