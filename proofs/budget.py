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
least ten times the largest count measured; ``python -m proofs.budget_report
--seeds 0 1 2`` (:mod:`proofs.budget_report`) measures every obligation and
documented query again, once per hash seed, and prints each one's largest
check beside its budget.

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import z3

__all__ = [
    "DEFAULT_BUDGET",
    "HEAVY_BUDGET",
    "QUERY_BUDGET",
    "Outcome",
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
