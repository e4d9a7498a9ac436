"""Measure what the solver budgets of :mod:`proofs.budget` must cover.

``python -m proofs.budget_report [--seeds N ...] [--json]`` checks every
obligation and every documented query (each game's ``EXAMPLES`` and the
queries its ``domains.py`` doctests show) once per hash seed, each seed in its
own process, and prints each one's largest solver check beside its budget and
the headroom between them.  The budgets keep at least ten times the largest
count measured.

>>> _DOC_QUERY.findall('>>> answer("exists hand: high_card", DOMAINS).verdict')
['exists hand: high_card']
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
from typing import Final, TypedDict

from cardlaw.proofs.isolated import check_each
from cardlaw.proofs.query import answer
from cardlaw.proofs.registry import PROOFS, obligations

__all__ = ["Measured", "Worst", "main", "measure"]

_DOC_QUERY: Final = re.compile(r'answer\("([^"]+)", DOMAINS\)')
"""How a domains module's docstring shows a query (its doctests)."""


class Measured(TypedDict):
    """One obligation or query measured in one process."""

    peak: int
    """The largest single check (for an obligation, over its own checks and its mutants')."""
    total: int
    """The units of all its own checks."""
    budget: int
    verdict: str


class Worst(TypedDict):
    """One obligation or query over every seed: the worst of each figure."""

    peak: int
    total: int
    budget: int
    least: int
    """The smallest peak over the seeds."""
    verdicts: list[str]
    headroom: float | None
    """The budget over the peak (``None`` when the peak is 0)."""


def _measure_here() -> dict[str, Measured]:
    """Check every obligation (each in a fresh process, as ``cardlaw verify`` does) and query."""
    rows: dict[str, Measured] = {}
    listed = obligations()
    for ob, report in zip(listed, check_each([ob.id for ob in listed]), strict=True):
        peak = max([report["rlimit_peak"], *(m["rlimit_peak"] for m in report["mutants"])])
        rows[ob.id] = {
            "peak": peak,
            "total": report["rlimit"],
            "budget": ob.budget,
            "verdict": report["status"],
        }
    for row in PROOFS:
        texts = [text for text, _, _ in row.examples] + _DOC_QUERY.findall(row.domains_doc)
        for text in dict.fromkeys(texts):
            result = answer(text, row.domains)
            rows[f"{row.game}: {text}"] = {
                "peak": result.peak,
                "total": result.units,
                "budget": result.budget,
                "verdict": f"{result.verdict} {result.value}"
                if result.value is not None
                else result.verdict,
            }
    return rows


def _one_seed(seed: int) -> dict[str, Measured]:
    """Measure everything in a fresh process under ``PYTHONHASHSEED=seed``."""
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    done = subprocess.run(
        [sys.executable, "-m", "cardlaw.proofs.budget_report", "--here"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    rows: dict[str, Measured] = json.loads(done.stdout)
    return rows


def measure(seeds: Sequence[int] = (0,)) -> dict[str, Worst]:
    """Check every obligation and documented query once per hash seed; the worst of each.

    Each seed runs in its own process (``PYTHONHASHSEED`` is read at start-up).
    Returns, per obligation id or ``"game: query"``, the largest single check
    (``peak``: for an obligation, over its own checks and its mutants'), the
    smallest such peak over the seeds (``least``), the largest total of its own
    checks, the budget per check, the verdicts seen, and the headroom (budget
    over peak).
    """
    worst: dict[str, Worst] = {}
    seen: dict[str, set[str]] = {}
    for seed in seeds:
        for key, row in _one_seed(seed).items():
            if key not in worst:
                worst[key] = {
                    "peak": 0,
                    "total": 0,
                    "budget": row["budget"],
                    "least": row["peak"],
                    "verdicts": [],
                    "headroom": None,
                }
            entry = worst[key]
            entry["least"] = min(entry["least"], row["peak"])
            entry["peak"] = max(entry["peak"], row["peak"])
            entry["total"] = max(entry["total"], row["total"])
            seen.setdefault(key, set()).add(row["verdict"])
    for key, entry in worst.items():
        entry["verdicts"] = sorted(seen[key])
        entry["headroom"] = entry["budget"] / entry["peak"] if entry["peak"] else None
    return worst


def _print_table(rows: dict[str, Worst], seeds: Sequence[int], seconds: float) -> None:
    print("item\tverdicts\tleast peak\tpeak\ttotal\tbudget\theadroom")
    for key, row in rows.items():
        room = "-" if row["headroom"] is None else f"{row['headroom']:.0f}x"
        verdicts = "/".join(row["verdicts"])
        line = [key, verdicts, row["least"], row["peak"], row["total"], row["budget"], room]
        print("\t".join(map(str, line)))
    print(f"# {len(rows)} items, seeds {list(seeds)}, {seconds:.0f} s")


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m proofs.budget_report [--seeds N ...]``: the measured units and the budgets."""
    parser = argparse.ArgumentParser(
        prog="python -m proofs.budget_report", description=measure.__doc__
    )
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
    _print_table(rows, args.seeds, time.perf_counter() - start)


if __name__ == "__main__":
    main()
