"""Checking obligations each in a process of its own, so a report never depends on history.

Z3's effort on a problem (the resource units counted against a budget, and so
the witness found, and even the verdict near a budget's edge) depends on what
the process solved before.  :func:`check_each` checks every obligation in a
process of its own, forked from a server that has only imported the proofs:
every obligation has the same history whatever the worker count or the order,
so ``cardlaw verify`` and ``python -m proofs.budget_report`` report the same
units, witnesses and verdicts every run.

Elsewhere (a Dask worker of ``cardlaw verify --scheduler``) the same holds:
the caller passes a *mapper* (``mapper(function, batches)``, the results in
order) and each batch of obligations is checked by :func:`checked_apart`, in
a fresh interpreter that checks each obligation in a process forked from a
server of its own, exactly as here (:func:`serve`).  A worker process may be
a daemon, which may not start a process pool, but may run a program.

A report under the printed rules also says which parameters the
obligation's own check read (``reads``, :class:`proofs.reads.Reads`; not its
mutants') and the digest of the code it ran (``sources``,
:data:`SOURCES`), so ``cardlaw verify --matrix`` can take the default
column's verdicts from the report ``cardlaw verify`` left instead of proving
them again (:func:`proofs.matrix.matrix`).
"""

from __future__ import annotations

import hashlib
import pickle
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Final, Literal, TypeAlias

import z3

from cardlaw.proofs.core import MutantReport, Obligation, ObligationReport, check, verdict
from cardlaw.proofs.forked import fresh_processes, in_fork
from cardlaw.proofs.reads import Params, Reads
from cardlaw.proofs.registry import config_obligations, obligation
from cardlaw.proofs.report_json import ObligationJSON

__all__ = [
    "SOURCES",
    "Batch",
    "Mapper",
    "Report",
    "Task",
    "check_each",
    "checked_apart",
    "failed",
    "matrix_each",
    "matrix_report",
    "report_json",
    "serve",
    "sources_digest",
]

Report: TypeAlias = ObligationJSON
"""One obligation's report as JSON (:meth:`proofs.core.ObligationReport.to_json`), with ``reads``
and ``sources`` when checked here."""

Task: TypeAlias = tuple[str, Params, str]
"""A matrix task: the game, its configuration's options and an obligation's id."""

Batch: TypeAlias = tuple[
    Literal["check", "matrix"], tuple[str | Task, ...], str | None, dict[str, int] | None
]
"""What :func:`checked_apart` checks: the kind, the ids or matrix tasks, the game and rules."""

Mapper: TypeAlias = Callable[
    [Callable[[Batch], list[Report]], Sequence[Batch]], Iterable[list[Report]]
]
"""``mapper(function, batches)``: ``function`` of every batch, run somewhere; results in order."""


def sources_digest() -> str:
    """A digest of everything a verdict depends on: the code of spec, engine and proofs, and Z3.

    >>> len(sources_digest()), sources_digest() == SOURCES
    (64, True)
    """
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(z3.get_full_version().encode())
    for package in ("spec", "engine", "proofs"):
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


SOURCES: Final[str] = sources_digest()
"""The digest of the code this process runs (:func:`sources_digest`), computed once at import."""


def _checked(found: Obligation) -> tuple[ObligationReport, list[str]]:
    """:func:`proofs.core.check` of ``found`` and its mutants, with the names its own check read.

    The obligation's check runs over a :class:`Reads` of its parameters, then
    each mutant exactly as :func:`~proofs.core.check` runs them (the same
    builds and solver calls in the same order, so the same verdicts and units).
    """
    reads = Reads(found.params)
    report = check(replace(found, params=reads), mutants=False)
    read = sorted(reads.read)
    caught = []
    for mutant in found.mutants:
        unknown_keys = set(mutant.changes) - set(found.params)
        if unknown_keys:
            raise ValueError(f"mutant {mutant.id} changes unknown parameters {unknown_keys}")
        m = verdict(found.build({**found.params, **mutant.changes}), report.budget, joint=True)
        caught.append(
            MutantReport(
                mutant.id,
                found.id,
                mutant.description,
                m.status,
                m.premise_satisfiable and m.status not in ("unknown", report.status),
                units=m.units,
                peak=m.peak,
                detail=m.detail,
            )
        )
    return replace(report, obligation=found, mutants=tuple(caught), mutants_checked=True), read


def failed(obligation: Obligation, error: BaseException) -> ObligationReport:
    """The report of an obligation whose check raised ``error``: unknown, and not as expected.

    Building an obligation reads the engine (its tables, its scenarios); an
    engine that breaks while it is read gives this verdict, naming the
    obligation and its clauses, instead of stopping ``cardlaw verify``.

    >>> from cardlaw.proofs.core import claim
    >>> ob = claim("demo.e", "e", ("demo.rule",), lambda p: [], {})
    >>> report = failed(ob, IndexError("tuple index out of range"))
    >>> report.status, report.ok, report.detail
    ('unknown', False, 'unknown (the check failed: IndexError: tuple index out of range)')
    """
    return ObligationReport(
        obligation=obligation,
        status="unknown",
        premise_satisfiable=False,
        seconds=0.0,
        witness=None,
        detail=f"unknown (the check failed: {type(error).__name__}: {error})",
        budget=obligation.budget,
    )


def report_json(
    obligation_id: str, game: str | None = None, rules: Mapping[str, int] | None = None
) -> Report:
    """Check one obligation (in a worker process) and return its JSON report.

    With ``rules`` (rule parameters by name, for ``game``) the obligation is
    built under those rules and its mutants are not checked.  Without, the
    report gains ``reads`` and ``sources`` (see the module's docstring).
    """
    found = obligation(obligation_id, game, rules)
    try:
        if not rules:
            report, read = _checked(found)
            return {**report.to_json(), "reads": read, "sources": SOURCES}
        return check(found, mutants=False).to_json()
    except Exception as error:  # an engine that breaks is a verdict (core.failed)
        return {**failed(found, error).to_json(), "reads": [], "sources": SOURCES}


def check_each(
    ids: Sequence[str],
    workers: int = 1,
    *,
    game: str | None = None,
    rules: Mapping[str, int] | None = None,
    mapper: Mapper | None = None,
    slots: int = 1,
) -> Iterator[Report]:
    """The JSON report of each obligation of ``ids``, in order, each checked in a fresh process.

    ``game`` and ``rules`` as for :func:`report_json`.  With a ``mapper`` the
    obligations go out in batches (about four per of its ``slots``), each
    checked by :func:`checked_apart` wherever the mapper runs it.
    """
    if mapper is not None:
        yield from _apart("check", ids, mapper, slots, game, dict(rules) if rules else None)
        return
    one = partial(report_json, game=game, rules=dict(rules) if rules else None)
    with fresh_processes(max(1, min(workers, len(ids)))) as pool:
        yield from pool.map(partial(in_fork, one), ids)


def matrix_report(task: Task) -> Report:
    """Check one obligation of ``(game, options, id)`` under that configuration, no mutants.

    The report gains ``reads``: the parameter names the obligation's encoding
    and check read (:class:`proofs.reads.Reads`).
    """
    game, options, obligation_id = task
    found = next(o for o in config_obligations(game, options) if o.id == obligation_id)
    reads = Reads(found.params)
    try:
        report = check(replace(found, params=reads), mutants=False).to_json()
    except Exception as error:  # as in report_json
        report = failed(found, error).to_json()
    report["reads"] = sorted(reads.read)
    return report


def matrix_each(
    tasks: Sequence[Task],
    workers: int = 1,
    mapper: Mapper | None = None,
    slots: int = 1,
) -> Iterator[Report]:
    """:func:`matrix_report` of each task, in order, each in a fresh process.

    ``mapper`` and ``slots`` as for :func:`check_each`.
    """
    if not tasks:
        return
    if mapper is not None:
        yield from _apart("matrix", tasks, mapper, slots, None, None)
        return
    with fresh_processes(max(1, min(workers, len(tasks)))) as pool:
        yield from pool.map(partial(in_fork, matrix_report), tasks)


def _apart(
    kind: Literal["check", "matrix"],
    items: Sequence[str | Task],
    mapper: Mapper,
    slots: int,
    game: str | None,
    rules: dict[str, int] | None,
) -> Iterator[Report]:
    """The reports of ``items``, checked in batches by :func:`checked_apart` through ``mapper``."""
    if not items:
        return
    size = max(1, -(-len(items) // (4 * max(1, slots))))
    batches: list[Batch] = [
        (kind, tuple(items[i : i + size]), game, rules) for i in range(0, len(items), size)
    ]
    for reports in mapper(checked_apart, batches):
        yield from reports


_SERVE: Final = "from proofs.isolated import serve; serve()"


def checked_apart(batch: Batch) -> list[Report]:
    """The reports of a batch, checked in a fresh interpreter (:func:`serve`), in order.

    Nothing of this process's history reaches the checks: the interpreter
    checks each obligation in a process forked from a server that has only
    imported the proofs, as :func:`check_each` does here.
    """
    done = subprocess.run(
        [sys.executable, "-c", _SERVE], input=pickle.dumps(batch), capture_output=True, check=False
    )
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
        raise RuntimeError(f"checking obligations apart failed: {tail[0]}")
    reports: list[Report] = pickle.loads(done.stdout)  # our own child wrote it
    return reports


def serve() -> None:
    """Check the batch pickled on stdin (:data:`Batch`); pickle the reports, in order, to stdout."""
    kind, items, game, rules = pickle.loads(sys.stdin.buffer.read())  # our parent wrote it
    if kind == "check":
        reports = list(check_each(items, 1, game=game, rules=rules))
    else:
        reports = list(matrix_each(items, 1))
    sys.stdout.buffer.write(pickle.dumps(reports))
    sys.stdout.buffer.flush()
