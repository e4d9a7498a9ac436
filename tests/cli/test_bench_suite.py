"""``cardlaw bench suite``: its figures' shape, and CPU time that counts a pool's workers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardlaw.bench import suite as bench_suite
from cardlaw.bench.suite import Timed, _timed
from tests.games import run_cli

_POOL = """
import multiprocessing, sys, time
from concurrent.futures import ProcessPoolExecutor

def spin(n):
    start = time.process_time()
    total = 0
    for i in range(n):
        total += i
    return time.process_time() - start

if __name__ == "__main__":
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        print(sum(pool.map(spin, [2_000_000] * 4)))
"""


def test_cpu_time_counts_the_workers_of_a_forkserver_pool(tmp_path: Path) -> None:
    # The workers report the CPU they used; the bench must count at least that much, however
    # busy the machine (CPU seconds, not wall seconds).
    script = tmp_path / "pool.py"
    script.write_text(_POOL, encoding="utf-8")
    run, out = _timed("pool", (sys.executable, str(script)), tmp_path)
    assert run.status == 0
    assert run.cpu >= 0.9 * float(out.strip()) > 0


def test_the_command_prints_each_run_and_its_figures(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    def fake(root: Path, workers: int = 2) -> Timed:
        seen.append(str(root))
        return Timed("cardlaw verify --workers 2", ("cardlaw",), 20.5, 39.0, 0, {"obligations": 3})

    monkeypatch.setattr(bench_suite, "time_verify", fake)
    code, out, _ = run_cli(capsys, "bench", "suite", "--no-tests")
    assert code == 0 and seen == [str(bench_suite.checkout())]
    assert out.splitlines() == [
        "cardlaw verify --workers 2: 20.5 s wall, 39.0 s CPU",
        "  obligations: 3",
    ]
    code, out, _ = run_cli(capsys, "bench", "suite", "--no-tests", "--json")
    assert code == 0
    assert json.loads(out)["runs"] == [
        {
            "name": "cardlaw verify --workers 2",
            "command": ["cardlaw"],
            "wall": 20.5,
            "cpu": 39.0,
            "status": 0,
            "detail": {"obligations": 3},
        }
    ]


def test_the_suite_is_timed_as_the_readme_runs_it_then_its_deep_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``pytest`` as the README says, then ``pytest -m deep`` (the runs it leaves out)."""
    commands: list[tuple[str, ...]] = []

    def fake_run(name: str, command: tuple[str, ...], cwd: Path) -> tuple[Timed, str]:
        commands.append(command[3:])
        return Timed(name, command, 1.0, 2.0, 0), "3 passed, 1 deselected in 1.0s\n"

    monkeypatch.setattr(bench_suite, "_timed", fake_run)
    timed = bench_suite.bench_suite(verify=False)
    assert [run.name for run in timed.runs] == ["pytest", "pytest -m deep"]
    assert commands == [("-q",), ("-q", "-m", "deep")]
    assert timed.runs[1].detail == {"tests": {"passed": 3, "deselected": 1}}
