"""``verify --scheduler``: the same report through a Dask cluster (each batch checked apart).

Z3's effort depends on what its process solved before, so a Dask worker checks
each batch in a fresh interpreter that forks a process per obligation, as
``cardlaw verify`` does locally (:func:`proofs.isolated.checked_apart`): the
units, witnesses and verdicts are the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

from cardlaw.proofs.isolated import check_each, matrix_each
from cardlaw.proofs.report_json import ObligationJSON
from tests.games import run_cli

_CHEAP = ("split.cards.thirteen-wild", "split.end.no-wild-finish", "split.turn.legal-action-exists")
"""Three of the quickest obligations (a few hundred thousand resource units at most)."""


def _without_seconds(report: Mapping[str, Any]) -> dict[str, Any]:
    """A report less its wall-clock fields (the only ones that may differ)."""
    out = {k: v for k, v in report.items() if k != "seconds"}
    if "mutants" in out:
        out["mutants"] = [{k: v for k, v in m.items() if k != "seconds"} for m in out["mutants"]]
    if "obligations" in out:
        out["obligations"] = [_without_seconds(o) for o in out["obligations"]]
    if "stages" in out:
        out["stages"] = {
            k: {f: v for f, v in stage.items() if f != "seconds"}
            for k, stage in out["stages"].items()
        }
    return out


def _here(function: Callable[[Any], list[ObligationJSON]], batches: Sequence[Any]) -> Iterable[Any]:
    """A mapper that runs every batch in this process (each still checked apart)."""
    return [function(batch) for batch in batches]


@pytest.mark.deep  # what a Dask worker runs: fresh interpreters (pytest -m deep)
def test_batches_checked_apart_are_the_local_reports() -> None:
    ids = list(_CHEAP[:2])
    local = [_without_seconds(r) for r in check_each(ids, 1)]
    apart = [_without_seconds(r) for r in check_each(ids, mapper=_here, slots=1)]
    assert apart == local and [r["id"] for r in apart] == ids


@pytest.mark.deep  # what a Dask worker runs: fresh interpreters (pytest -m deep)
def test_matrix_tasks_checked_apart_are_the_local_reports() -> None:
    tasks = [("split", {"mode": "cooperative"}, _CHEAP[0]), ("split", {}, _CHEAP[1])]
    local = [_without_seconds(r) for r in matrix_each(tasks, 1)]
    apart = [_without_seconds(r) for r in matrix_each(tasks, mapper=_here, slots=2)]
    assert apart == local and all("reads" in r for r in apart)


@pytest.mark.deep  # a real cluster (pytest -m deep)
def test_verify_through_a_local_cluster_is_the_same_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("distributed")
    line = ["verify", "split", "--json", "--set", "CARDS_DEALT=8", "--property", _CHEAP[0]]
    code, here, _ = run_cli(capsys, *line, "--workers", "1")
    assert code == 0
    code, there, err = run_cli(capsys, *line, "--scheduler", "local:2")
    assert code == 0, err
    assert _without_seconds(json.loads(there)) == _without_seconds(json.loads(here))
    assert json.loads(there)["rules"] == {"CARDS_DEALT": 8}
