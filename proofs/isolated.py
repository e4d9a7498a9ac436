"""Checking obligations each in a process of its own, so a report never depends on history.

Z3's effort on a problem (the resource units counted against a budget, and so
the witness found, and even the verdict near a budget's edge) depends on what
the process solved before.  :func:`check_each` checks every obligation in a
process of its own, forked from a server that has only imported the proofs:
every obligation has the same history whatever the worker count or the order,
so ``cardlaw verify`` and ``python -m proofs.budget_report`` report the same
units, witnesses and verdicts every run.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from typing import Any

from proofs.core import check
from proofs.reads import Reads
from proofs.registry import config_obligations, obligation

__all__ = ["check_each", "fresh_processes", "matrix_each", "matrix_report", "report_json"]


def report_json(
    obligation_id: str, game: str | None = None, rules: Mapping[str, int] | None = None
) -> dict[str, Any]:
    """Check one obligation (in a worker process) and return its JSON report.

    With ``rules`` (rule parameters by name, for ``game``) the obligation is
    built under those rules and its mutants are not checked.
    """
    if not rules:
        return check(obligation(obligation_id)).to_json()
    return check(obligation(obligation_id, game, rules), mutants=False).to_json()


def fresh_processes(workers: int) -> ProcessPoolExecutor:
    """Worker processes that each check one obligation, then stop."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["proofs.isolated"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, max_tasks_per_child=1)


def check_each(
    ids: Sequence[str],
    workers: int = 1,
    *,
    game: str | None = None,
    rules: Mapping[str, int] | None = None,
) -> Iterator[dict[str, Any]]:
    """The JSON report of each obligation of ``ids``, in order, each checked in a fresh process.

    ``game`` and ``rules`` as for :func:`report_json`.
    """
    one = partial(report_json, game=game, rules=dict(rules) if rules else None)
    with fresh_processes(max(1, min(workers, len(ids)))) as pool:
        yield from pool.map(one, ids)


def matrix_report(task: tuple[str, Mapping[str, Any], str]) -> dict[str, Any]:
    """Check one obligation of ``(game, options, id)`` under that configuration, no mutants.

    The report gains ``reads``: the parameter names the obligation's encoding
    and check read (:class:`proofs.reads.Reads`).
    """
    game, options, obligation_id = task
    found = next(o for o in config_obligations(game, options) if o.id == obligation_id)
    reads = Reads(found.params)
    report = check(replace(found, params=reads), mutants=False).to_json()
    report["reads"] = sorted(reads.read)
    return report


def matrix_each(
    tasks: Sequence[tuple[str, Mapping[str, Any], str]], workers: int = 1
) -> Iterator[dict[str, Any]]:
    """:func:`matrix_report` of each task, in order, each in a fresh process."""
    if not tasks:
        return
    with fresh_processes(max(1, min(workers, len(tasks)))) as pool:
        yield from pool.map(matrix_report, tasks)
