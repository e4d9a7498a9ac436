"""``cardlaw ask split solve --deals N``: how many random cooperative deals the table can win.

Deal ``i`` of a batch seeded ``S`` is dealt from the chance stream of
:func:`~cardlaw.simulation.stats.game_seed` ``(S, i)`` (as ``cardlaw simulate``
deals its game ``i``), so which deals are won depends on the seed and the
index only: the batch's answer is the same for any ``--workers`` and on a
Dask cluster (``--scheduler``, :mod:`cardlaw.cluster`).  Each deal is solved
exhaustively (:func:`engine.split.solver.solve`) up to ``--max-states``.

>>> rows = solve_deals(DealBatch(SPLIT.config_to_json(SPLIT.config(mode="cooperative",
...     players=3)), seed=1, max_states=10_000), [0, 1])
>>> [(row["deal"], type(row["explored"]).__name__) for row in rows]
[(0, 'int'), (1, 'int')]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypedDict

from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.solver import solve
from cardlaw.sampling import sample_chance, streams
from cardlaw.simulation.stats import game_seed, wilson
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.state import SplitState

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from cardlaw.cluster import Backend
    from cardlaw.engine.jsonio import JSON

__all__ = ["BatchJSON", "DealBatch", "DealRow", "batch_aids", "deal", "run_batch", "solve_deals"]


class DealRow(TypedDict):
    """A deal solved: its index, whether the table can win it (``None``: undecided), the cost."""

    deal: int
    winnable: bool | None
    explored: int


class BatchJSON(TypedDict):
    """A batch solved (:func:`run_batch`): the counts, the win rate and every deal's row."""

    deals: int
    seed: int
    max_states: int
    winnable: int
    lost: int
    undecided: int
    win_rate: dict[str, float] | None
    results: list[DealRow]


@dataclass(frozen=True, slots=True)
class DealBatch:
    """What every deal of a batch shares (sent as is to each worker)."""

    config_json: dict[str, JSON]
    seed: int
    max_states: int


def batch_aids(text: str) -> tuple[int, ...]:
    """The aids of ``solve --deals ... --aids TEXT``: '0,100', '0', '100' or 'none'.

    >>> batch_aids("none"), batch_aids("100"), batch_aids(" 0, 100 ")
    ((), (100,), (0, 100))
    >>> batch_aids("50")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: --aids takes '0,100', '0', '100' or 'none', not '50'
    """
    tokens = text.replace(",", " ").split()
    if text.strip().lower() in ("none", "-", ""):
        return ()
    if any(token not in ("0", "100") for token in tokens) or len(set(tokens)) != len(tokens):
        raise MalformedInput(f"--aids takes '0,100', '0', '100' or 'none', not {text!r}")
    return tuple(sorted(int(token) for token in tokens))


def deal(config_json: dict[str, JSON], seed: int, index: int) -> SplitState:
    """Deal ``index`` of a batch seeded ``seed``: the first position where a player acts."""
    config = SPLIT.config_from_json(config_json)
    chance, _ = streams(game_seed(seed, index), config.players)
    state = SPLIT.new_game(config)
    while not isinstance(SPLIT.to_move(state), int):
        space = SPLIT.chance_outcomes(state)
        assert space is not None  # the deal ends where a player acts
        state = SPLIT.apply(state, sample_chance(space, chance))
    return state


def solve_deals(batch: DealBatch, indices: Sequence[int]) -> list[DealRow]:
    """Solve the deals ``indices``: each one's index, verdict and positions searched."""
    rows: list[DealRow] = []
    for index in indices:
        solution = solve(deal(batch.config_json, batch.seed, index), max_states=batch.max_states)
        rows.append({"deal": index, "winnable": solution.winnable, "explored": solution.explored})
    return rows


def run_batch(
    batch: DealBatch,
    deals: int,
    where: Backend,
    progress: Callable[[int], None] | None = None,
) -> BatchJSON:
    """Solve ``deals`` deals on ``where``; the summary and every deal's row, in deal order."""
    size = max(1, min(8, deals // (4 * where.slots) or 1))
    chunks = [range(i, min(deals, i + size)) for i in range(0, deals, size)]
    told = None if progress is None else (lambda part: progress(len(part)))
    rows = [row for part in where.map(partial(solve_deals, batch), chunks, told) for row in part]
    won = sum(row["winnable"] is True for row in rows)
    lost = sum(row["winnable"] is False for row in rows)
    return {
        "deals": deals,
        "seed": batch.seed,
        "max_states": batch.max_states,
        "winnable": won,
        "lost": lost,
        "undecided": deals - won - lost,
        "win_rate": wilson(won, won + lost).to_json() if won + lost else None,
        "results": rows,
    }
