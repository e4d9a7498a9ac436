"""``--scheduler``: the same answers on a Dask cluster as on one process (cardlaw/cluster.py).

A real ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1 play
a simulation; a worker killed mid-run loses nothing.  Skipped without Dask
(the ``cluster`` extra).  Every test that starts a cluster is a deep run
(``pytest -m deep``); the command line's own checks of an address are not.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlaw import cluster
from tests.games import run_cli

distributed = pytest.importorskip("distributed")

_RUN_FIELDS = ("seconds", "workers", "scheduler")
"""What describes the run, not its results: the rest must be byte-identical."""


def _results(text: str) -> str:
    data = json.loads(text)
    for key in _RUN_FIELDS:
        data.pop(key, None)
    return json.dumps(data, sort_keys=True)


def _dask() -> list[str]:
    found = Path(sys.executable).with_name("dask")
    if not found.exists():
        pytest.skip("no dask command beside this Python")
    return [str(found)]


def _worker(scheduler_file: Path, name: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            *_dask(),
            "worker",
            "--scheduler-file",
            str(scheduler_file),
            "--host",
            "127.0.0.1",
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
            "--name",
            name,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _client(address: str, attempts: int = 3) -> Any:
    """A client of the scheduler at ``address``.

    distributed gives a new client's event-loop thread ten seconds of wall
    clock to start (``LoopRunner``), and fails with a bare ``AssertionError``
    when it has not; on a busy two-core machine, while the scheduler and its
    workers are still starting, it sometimes has not.  That limit is
    distributed's own, so the fixture asks again (the tests themselves judge
    nothing by time).
    """
    for attempt in range(attempts):
        try:
            return distributed.Client(address, timeout=30)
        except AssertionError:
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


def _wait_for(client: Any, count: int) -> None:
    client.wait_for_workers(count, timeout=120)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A ``dask scheduler`` on 127.0.0.1 with two ``dask worker`` processes: (address, file)."""
    scheduler_file = tmp_path_factory.mktemp("dask") / "scheduler.json"
    processes = [
        subprocess.Popen(
            [
                *_dask(),
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                str(scheduler_file),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        for _ in range(600):
            if scheduler_file.exists() and scheduler_file.stat().st_size:
                break
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        processes += [_worker(scheduler_file, f"w{n}") for n in (1, 2)]
        with _client(address) as client:
            _wait_for(client, 2)
        yield address, scheduler_file
    finally:
        _stop(*processes[1:])  # the workers first, together, then the scheduler
        _stop(processes[0])


def _stop(*processes: subprocess.Popen[bytes]) -> None:
    """Ask processes to stop, all at once; kill each that has not within 10 seconds."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_cardlaw_cli_does_not_import_dask() -> None:
    """Start-up stays fast: Dask loads only when a scheduler is asked for."""
    code = (
        "import sys\n"
        "from cardlaw.cli import main\n"
        "main(['simulate', 'divide', '--games', '2', '--seed', '1', '--workers', '1', '--json'])\n"
        "assert 'dask' not in sys.modules and 'distributed' not in sys.modules, 'dask loaded'\n"
    )
    env = {k: v for k, v in os.environ.items() if k != cluster.SCHEDULER_ENV}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("10.0.0.5:8786", "--scheduler must be tcp://HOST:PORT"),
        ("http://10.0.0.5:8786", "--scheduler must be tcp://HOST:PORT"),
        ("tcp://10.0.0.5:99999", "--scheduler must be tcp://HOST:PORT"),
        ("local:0", "at least one worker"),
    ],
)
def test_a_bad_address_is_exit_2(
    capsys: pytest.CaptureFixture[str], address: str, message: str
) -> None:
    code, _, err = run_cli(capsys, "simulate", "divide", "--games", "2", "--scheduler", address)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_the_environment_variable_names_the_scheduler(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cluster.SCHEDULER_ENV, "nowhere")
    code, _, err = run_cli(capsys, "verify", "split", "--property", "split.cards.thirteen-wild")
    assert code == 2 and "'nowhere'" in err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.parametrize("scheme", ["tcp", "tls"])
def test_an_unreachable_scheduler_is_exit_2_naming_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, scheme: str
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1)
    address = f"{scheme}://127.0.0.1:{_free_port()}"
    code, out, err = run_cli(capsys, "simulate", "divide", "--games", "2", "--scheduler", address)
    assert code == 2 and out == ""
    assert err.startswith(f"cardlaw: error: cannot reach the Dask scheduler at {address}")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.deep  # a real cluster
def test_simulate_on_a_real_scheduler_is_the_one_worker_json(
    capsys: pytest.CaptureFixture[str], scheduler: tuple[str, Path]
) -> None:
    address, _ = scheduler
    line = ["simulate", "divide", "--games", "60", "--seed", "5", "--json"]
    code, one, _ = run_cli(capsys, *line, "--workers", "1")
    assert code == 0
    code, there, _ = run_cli(capsys, *line, "--scheduler", address)
    assert code == 0
    assert json.loads(there)["scheduler"] == address and json.loads(there)["workers"] == 2
    assert _results(there) == _results(one)


@pytest.mark.deep  # a real cluster
def test_a_worker_killed_mid_run_loses_nothing(scheduler: tuple[str, Path]) -> None:
    """A third worker joins and is killed (SIGKILL) while it plays; the games are the same."""
    from cardlaw.engine.divide.game import DIVIDE
    from cardlaw.simulation import Lineup, run_games

    address, scheduler_file = scheduler
    lineup = Lineup(DIVIDE.name, DIVIDE.config_to_json(DIVIDE.config()), ("random",) * 4)
    expected = run_games(lineup, games=120, seed=9, workers=1)
    doomed = _worker(scheduler_file, "doomed")
    seen: dict[str, Any] = {}
    try:
        with distributed.Client(address, timeout=30) as client:
            _wait_for(client, 3)
            workers = client.scheduler_info()["workers"]
            target = next(a for a, info in workers.items() if info["name"] == "doomed")
            where = cluster.DaskBackend(client, address)

            def kill_once(done: int) -> None:
                seen["games"] = seen.get("games", 0) + done
                if "killed" not in seen and client.processing([target]).get(target):
                    os.kill(doomed.pid, signal.SIGKILL)
                    seen["killed"] = seen["games"]

            got = run_games(lineup, games=120, seed=9, workers=1, progress=kill_once, backend=where)
    finally:
        doomed.kill()
        doomed.wait()
    assert "killed" in seen and seen["killed"] < 120  # killed while it held a task, mid-run
    assert got == expected


@pytest.mark.deep  # a real cluster
def test_a_local_cluster_worker_killed_mid_run_loses_nothing() -> None:
    """``local:N``'s kind of cluster: a worker process killed mid-run, its tasks rerun."""
    from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS as GAME
    from cardlaw.simulation import Lineup, run_games

    lineup = Lineup(GAME.name, GAME.config_to_json(GAME.config()), ("random",) * 2)
    expected = run_games(lineup, games=150, seed=4, workers=1)
    seen: dict[str, int] = {}
    with cluster.dask_client("local:2") as client:
        _wait_for(client, 2)
        assert client.cluster is not None  # local:N starts a cluster of its own
        nanny = list(client.cluster.workers.values())[1]
        target = nanny.worker_address
        where = cluster.DaskBackend(client, "local:2")
        processing: Callable[[list[str]], dict[str, Any]] = client.processing  # distributed's,
        # which is untyped

        def kill_once(done: int) -> None:
            seen["games"] = seen.get("games", 0) + done
            if "killed" not in seen and processing([target]).get(target):
                os.kill(nanny.process.pid, signal.SIGKILL)
                seen["killed"] = seen["games"]

        got = run_games(lineup, games=150, seed=4, workers=1, progress=kill_once, backend=where)
    assert "killed" in seen and seen["killed"] < 150
    assert got == expected


@pytest.mark.deep  # a real cluster
def test_census_on_a_scheduler_is_the_census(
    capsys: pytest.CaptureFixture[str], scheduler: tuple[str, Path]
) -> None:
    code, here, _ = run_cli(capsys, "ask", "divided-ranks", "census", "--json")
    assert code == 0
    code, there, _ = run_cli(
        capsys, "ask", "divided-ranks", "census", "--json", "--scheduler", scheduler[0]
    )
    assert code == 0 and _results(there) == _results(here)


@pytest.mark.deep  # a real cluster
def test_split_deals_on_a_scheduler_are_the_one_worker_batch(
    capsys: pytest.CaptureFixture[str], scheduler: tuple[str, Path]
) -> None:
    line = ["ask", "split", "solve", "--deals", "8", "--players", "4", "--seed", "2", "--json"]
    code, one, _ = run_cli(capsys, *line, "--workers", "1", "--max-states", "20000")
    assert code in (0, 1)
    code_there, there, _ = run_cli(
        capsys, *line, "--scheduler", scheduler[0], "--max-states", "20000"
    )
    assert code_there == code and _results(there) == _results(one)
    data = json.loads(one)
    assert [row["deal"] for row in data["results"]] == list(range(8))
    assert data["winnable"] + data["lost"] + data["undecided"] == 8


@pytest.mark.deep  # a real cluster
def test_bench_times_the_cluster_beside_the_pool(scheduler: tuple[str, Path]) -> None:
    """``bench --workers N --scheduler``: a third figure, on the same games (docs/cluster.rst)."""
    from cardlaw.bench.workers import bench_workers

    report = bench_workers("divided-ranks", games=6, workers=2, repeats=1, scheduler=scheduler[0])
    data = report.to_json()
    assert report.identical and data["scheduler"] == scheduler[0]
    assert len(data["one_worker"]) == len(data["with_workers"]) == len(data["on_cluster"]) == 1
    assert any(line.startswith(f"  --scheduler {scheduler[0]}:") for line in report.lines())
