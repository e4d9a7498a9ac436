"""Solver budgets: every Z3 check in :mod:`proofs` runs under a resource limit, not a clock.

A wall-clock timeout makes a verdict depend on how busy the machine is.  Z3's
*resource limit* (``rlimit``) counts the solver's own work instead, so the same
check under the same budget gives the same answer on any machine under any
load.  :func:`solve` runs one check under a budget and says what it used.

How Z3 (the ``z3-solver`` 5.4 bindings) behaves, as measured:

* ``solver.set("rlimit", n)`` bounds each ``check()`` call on its own: the
  check may spend ``n`` units beyond what the context had spent when it
  started, and one that runs out returns ``unknown`` having used exactly
  ``n`` (its reason reads "max. resource limit exceeded" or "canceled");
* the statistic ``"rlimit count"`` is cumulative for the context (all the
  solvers of one context share it, and adding assertions spends some too), so
  the units a check used are the difference of the counts around the check;
* what a check spends also depends on what its context did before (the ids
  of terms and of the solver's internal variables), so every check here runs
  in a fresh context: its count then depends on the assertions and their
  order, not on which checks the process ran before.

The budgets (:data:`DEFAULT_BUDGET` per obligation check, overridden by the
few obligations that need more; :data:`QUERY_BUDGET` per query call) keep at
least ten times the largest count measured; ``python -m proofs.budget
--seeds 0 1 2`` measures every obligation and documented query again, once
per hash seed, and prints each one's largest check beside its budget.

>>> import z3
>>> x, y, z = z3.Ints("x y z")
>>> easy = solve([x > 2, x < 5], budget=10_000)
>>> easy.result, 2 < easy.model.eval(x).as_long() < 5, 0 < easy.units <= 10_000
('sat', True, True)
>>> cubes = [x > 0, y > 0, z > 0, x * x * x + y * y * y == z * z * z]
>>> hard = solve(cubes, budget=500)
>>> hard.result, hard.reason, hard.units
('unknown', 'budget', 500)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Final, Literal

import z3

__all__ = [
    "DEFAULT_BUDGET",
    "HEAVY_BUDGET",
    "QUERY_BUDGET",
    "Outcome",
    "measure",
    "solve",
]

DEFAULT_BUDGET: Final = 100_000_000
"""Resource units per solver call of an obligation (premise, each claim part, attained, mutants)."""

HEAVY_BUDGET: Final = 300_000_000
"""Resource units per solver call of the few obligations whose checks need over 5 million."""

QUERY_BUDGET: Final = 200_000_000
"""Resource units per solver call of ``cardlaw query`` (``--budget``)."""

Result = Literal["sat", "unsat", "unknown"]

_RESULTS: Final[dict[str, Result]] = {"sat": "sat", "unsat": "unsat", "unknown": "unknown"}


@dataclass(frozen=True, slots=True)
class Outcome:
    """One solver check: its result, a model when satisfiable, why when unknown, units used."""

    result: Result
    model: z3.ModelRef | None
    """A model of the assertions (in the main context) when ``result`` is ``sat``."""
    reason: str | None
    """Why the result is unknown: ``budget``, ``time limit``, or the solver's own words."""
    units: int
    """Resource units the check used (the rlimit count it added)."""


def _count(solver: z3.Solver) -> int:
    value = solver.statistics().get_key_value("rlimit count")
    return int(value)


def solve(
    assertions: Sequence[z3.BoolRef], budget: int, *, time_limit_ms: int | None = None
) -> Outcome:
    """Check ``assertions`` in a fresh context under ``budget`` resource units.

    ``time_limit_ms`` is an optional wall-clock guard on top of the budget
    (``cardlaw query --time-limit``); no verdict of the proofs uses one.  A
    budget below 1 is refused: Z3 reads an rlimit of 0 as no limit at all.
    """
    if budget < 1:
        raise ValueError(f"a solver budget must be at least 1 unit, not {budget}")
    context = z3.Context()
    solver = z3.Solver(ctx=context)
    solver.set("rlimit", budget)
    if time_limit_ms is not None:
        solver.set("timeout", max(1, time_limit_ms))
    solver.add(*(a.translate(context) for a in assertions))
    before = _count(solver)
    checked = solver.check()
    units = _count(solver) - before
    result = _RESULTS[str(checked)]
    if result == "sat":
        return Outcome(result, solver.model().translate(z3.main_ctx()), None, units)
    if result == "unsat":
        return Outcome(result, None, None, units)
    said = solver.reason_unknown()
    if units >= budget:
        reason = "budget"
    elif time_limit_ms is not None and said in ("timeout", "canceled"):
        reason = "time limit"
    else:
        reason = said or "the solver gave up"
    return Outcome(result, None, reason, units)


# --- measuring what the budgets must cover ---------------------------------------------------


def _measure_here() -> dict[str, dict[str, Any]]:
    from proofs.core import check  # noqa: PLC0415  (core imports this module)
    from proofs.query import answer  # noqa: PLC0415
    from proofs.registry import domains, games_with_queries, obligations  # noqa: PLC0415

    rows: dict[str, dict[str, Any]] = {}
    for ob in obligations():
        report = check(ob)
        peak = max([report.peak, *(m.peak for m in report.mutants)])
        rows[ob.id] = {"peak": peak, "total": report.units, "budget": ob.budget}
        rows[ob.id]["verdict"] = report.status
    for game in games_with_queries():
        table = domains(game)
        module = import_module(f"proofs.{game.replace('-', '_')}.domains")
        texts = [text for text, _, _ in module.EXAMPLES] + _DOC_QUERY.findall(module.__doc__ or "")
        for text in dict.fromkeys(texts):
            result = answer(text, table)
            rows[f"{game}: {text}"] = {
                "peak": result.peak,
                "total": result.units,
                "budget": result.budget,
                "verdict": f"{result.verdict} {result.value}"
                if result.value is not None
                else result.verdict,
            }
    return rows


_DOC_QUERY = re.compile(r'answer\("([^"]+)", DOMAINS\)')
"""How a domains module's docstring shows a query (its doctests)."""


def measure(seeds: Sequence[int] = (0,)) -> dict[str, dict[str, Any]]:
    """Check every obligation and documented query once per hash seed; the worst of each.

    Each seed runs in its own process (``PYTHONHASHSEED`` is read at start-up).
    Returns, per obligation id or ``"game: query"``, the largest single check
    (``peak``: for an obligation, over its own checks and its mutants'), the
    smallest such peak over the seeds (``least``), the largest total of its own
    checks, the budget per check, the verdicts seen, and the headroom (budget
    over peak).
    """
    worst: dict[str, dict[str, Any]] = {}
    for seed in seeds:
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        done = subprocess.run(
            [sys.executable, "-m", "proofs.budget", "--here"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        for key, row in json.loads(done.stdout).items():
            seen = worst.setdefault(
                key, {**row, "least": row["peak"], "peak": 0, "total": 0, "verdicts": set()}
            )
            seen["least"] = min(seen["least"], row["peak"])
            seen["peak"] = max(seen["peak"], row["peak"])
            seen["total"] = max(seen["total"], row["total"])
            seen["verdicts"].add(row["verdict"])
    for row in worst.values():
        row["verdicts"] = sorted(row.pop("verdicts"))
        row.pop("verdict", None)
        row["headroom"] = row["budget"] / row["peak"] if row["peak"] else None
    return worst


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m proofs.budget [--seeds N ...]``: print the measured units and the budgets."""
    parser = argparse.ArgumentParser(prog="python -m proofs.budget", description=measure.__doc__)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.here:
        print(json.dumps(_measure_here()))
        return
    start = time.perf_counter()
    rows = measure(args.seeds)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print("item\tverdicts\tleast peak\tpeak\ttotal\tbudget\theadroom")
    for key, row in rows.items():
        room = "-" if row["headroom"] is None else f"{row['headroom']:.0f}x"
        verdicts = "/".join(row["verdicts"])
        line = [key, verdicts, row["least"], row["peak"], row["total"], row["budget"], room]
        print("\t".join(map(str, line)))
    print(f"# {len(rows)} items, seeds {args.seeds}, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
