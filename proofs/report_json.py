"""The JSON shapes of ``cardlaw verify``'s obligation reports, by key.

:meth:`proofs.core.ObligationReport.to_json` writes an :class:`ObligationJSON`
(its mutants :class:`MutantJSON`); :mod:`proofs.isolated` adds ``reads`` and
``sources`` when it checks an obligation under the printed rules, and
``cardlaw verify --set`` adds ``default_status``, the printed rules' verdict;
the report lists each :class:`ObligationRow` (its mutants apart) and the
coverage map's rows (:class:`CoverageJSON`).  The readers (``cardlaw
verify``'s table, JUnit XML, the matrix) index these keys.

>>> report: MutantJSON = {"id": "m", "obligation": "o", "description": "d", "status": "refuted",
...                       "caught": True, "rlimit": 0, "rlimit_peak": 0}
>>> report["caught"]
True
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from cardlaw.engine.jsonio import JSON

__all__ = ["CoverageJSON", "Expected", "MutantJSON", "ObligationJSON", "ObligationRow", "Status"]

Status = Literal["proved", "refuted", "unknown"]
"""A check's verdict: the claim proved, refuted (a witness found), or unknown (out of budget)."""

Expected = Literal["holds", "fails"]
"""What an obligation expects of its claim under the real rules."""


class MutantJSON(TypedDict):
    """A mutant's outcome: its verdict and whether that differs from the real rules' (caught)."""

    id: str
    obligation: str
    description: str
    status: Status
    caught: bool
    rlimit: int
    rlimit_peak: int


class ObligationRow(TypedDict):
    """An obligation's report without its mutants, as ``cardlaw verify --json`` lists it."""

    id: str
    game: str
    statement: str
    clauses: list[str]
    expected: Expected
    status: Status
    ok: bool
    premise_satisfiable: bool
    method: str
    variant: str
    seconds: float
    rlimit: int
    rlimit_peak: int
    budget: int
    cases: int
    counts: dict[str, int]
    engine: list[str]
    detail: str
    witness: str | None
    witness_replayed: bool | None
    record: dict[str, JSON] | None
    reads: NotRequired[list[str]]
    sources: NotRequired[str]
    default_status: NotRequired[Status | None]


class ObligationJSON(ObligationRow):
    """An obligation's report with its mutants' (:meth:`proofs.core.ObligationReport.to_json`)."""

    mutants: list[MutantJSON]


class CoverageJSON(TypedDict):
    """A row of the coverage map (:meth:`proofs.coverage.Coverage.to_json`)."""

    function: str
    clauses: list[str]
    status: Literal["covered", "left out", "unmodelled"]
    covered_by: list[str]
    cases: int
    reason: str | None
