"""Progress on long work: a live bar on a terminal, lines on a dumb one, nothing elsewhere.

``cardlaw verify`` runs on a real pseudo-terminal (:mod:`pty`) with one cheap
obligation: the bar must be drawn while it works (its first frame is drawn
as the work starts, so nothing here waits on the clock), say how much of how
much is done and name the obligation.  ``TERM=dumb`` gets plain lines
instead (``rich`` would draw nothing there until the end: the reason
``verify`` once seemed silent on a terminal), a pipe gets nothing, and so
does ``--quiet``.  Every other command with long work (``verify --matrix``,
``simulate``, ``ask split solve --deals``, ``ask divided-ranks census``) is
run in this process with the lines forced, and must report its items.
"""

from __future__ import annotations

import io
import os
import pty
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardlaw.progress
import cardlaw.proofs.matrix
from cardlaw.progress import mode_for, progress
from cardlaw.proofs.registry import config_obligations
from tests.games import run_cli

Capsys = pytest.CaptureFixture[str]

CHEAP = ("verify", "euchre", "--property", "euchre.score.one-team-scores")
"""An obligation checked in about a second."""

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def on_terminal(*args: str, term: str = "xterm") -> str:
    """What ``cardlaw args`` writes to a pseudo-terminal (stdout and stderr), escapes removed."""
    env = {**os.environ, "TERM": term, "COLUMNS": "160"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: cardlaw on the terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "cardlaw.cli", *args], env)
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, b"".join(chunks)[-2000:]
    return ANSI.sub("", b"".join(chunks).decode("utf-8", "replace"))


def test_verify_on_a_terminal_shows_a_live_bar() -> None:
    shown = on_terminal(*CHEAP)
    table = shown.index("cardlaw verify")
    bar = re.search(r"verifying\s.*0/1\s+obligations.*euchre\.score\.one-team-scores", shown)
    assert bar is not None and bar.start() < table, shown[:2000]
    assert "\r" in shown[:table]  # drawn in place, on one line


def test_verify_on_a_dumb_terminal_prints_lines() -> None:
    shown = on_terminal(*CHEAP, term="dumb")
    lines = [line.strip() for line in shown.splitlines()]
    assert "verifying: 0/1 obligations; now euchre.score.one-team-scores" in lines, shown
    assert "verifying: 1/1 obligations" in lines, shown


def test_quiet_on_a_terminal_shows_nothing() -> None:
    shown = on_terminal(*CHEAP, "--quiet")
    assert "verifying" not in shown and "obligations as expected" in shown


def test_verify_into_a_pipe_prints_nothing_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardlaw.cli", *CHEAP],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_the_mode_follows_the_stream(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, follower = pty.openpty()
    with os.fdopen(follower, "w") as terminal, (tmp_path / "file").open("w") as file:
        monkeypatch.setenv("TERM", "xterm-256color")
        assert mode_for(terminal) == "live" and mode_for(file) == "off"
        assert mode_for(terminal, quiet=True) == "off"
        for dumb in ("dumb", "unknown"):
            monkeypatch.setenv("TERM", dumb)
            assert mode_for(terminal) == "lines"
    assert mode_for(io.StringIO()) == "off"


def test_lines_come_at_each_twentieth_and_name_the_item() -> None:
    out = io.StringIO()
    with progress("checking", items=[f"x{i}" for i in range(40)], unit="x", stream=out,
                  mode="lines") as bar:  # fmt: skip
        for _ in range(40):
            bar.advance()
    lines = out.getvalue().splitlines()
    assert lines[0] == "checking: 0/40 x; now x0" and lines[-1] == "checking: 40/40 x"
    assert len(lines) == 21 and "checking: 2/40 x; now x2" in lines


def test_the_live_bar_draws_the_work_as_it_goes() -> None:
    out = io.StringIO()
    with progress("solving", total=3, unit="deals", naming=lambda i: f"deal {i + 1}",
                  stream=out, mode="live") as bar:  # fmt: skip
        bar.advance(2)
    shown = ANSI.sub("", out.getvalue())
    assert re.search(r"solving\s.*0/3\s+deals.*deal 1", shown), shown


def test_added_work_grows_the_total() -> None:
    with progress("matrix", unit="checks", quiet=True) as bar:
        tick = bar.extend(["a", "b"])
        tick()
        assert (bar.done, bar.total, bar.current) == (1, 2, "b")
        bar.extend(["c"])
        assert (bar.done, bar.total, bar.current) == (1, 3, "b")


@pytest.fixture
def lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every progress of this process as lines, as on a dumb terminal."""
    monkeypatch.setattr(
        cardlaw.progress, "mode_for", lambda stream, quiet=False: "off" if quiet else "lines"
    )


def _reported(capsys: Capsys, what: str, *args: str) -> list[str]:
    code, _, err = run_cli(capsys, *args)
    assert code == 0, err
    return [line for line in err.splitlines() if line.startswith(f"{what}: ")]


@pytest.mark.usefixtures("lines")
def test_simulate_reports_its_games(capsys: Capsys) -> None:
    shown = _reported(
        capsys, "simulating", "simulate", "divide", "--games", "3", "--workers", "1", "--seed", "1"
    )
    assert shown[0] == "simulating: 0/3 games; now game 1" and shown[-1] == "simulating: 3/3 games"


@pytest.mark.usefixtures("lines")
def test_split_deals_report_their_deals(capsys: Capsys) -> None:
    args = ("ask", "split", "solve", "--deals", "2", "--players", "3", "--workers", "1")
    shown = _reported(capsys, "solving", *args, "--seed", "1", "--max-states", "2000")
    assert shown[0] == "solving: 0/2 deals; now deal 1" and shown[-1] == "solving: 2/2 deals"


@pytest.mark.usefixtures("lines")
def test_the_census_reports_its_runs_of_classes(capsys: Capsys) -> None:
    shown = _reported(capsys, "census", "ask", "divided-ranks", "census", "--json")
    assert re.fullmatch(r"census: 0/40 runs of classes; now classes 1–\d+", shown[0]), shown
    assert shown[-1] == "census: 40/40 runs of classes"


@pytest.mark.usefixtures("lines")
def test_quiet_turns_the_lines_off(capsys: Capsys) -> None:
    args = ("simulate", "divide", "--games", "2", "--workers", "1", "--seed", "1", "--quiet")
    assert _reported(capsys, "simulating", *args) == []


def test_the_matrix_tells_its_checks_before_they_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """``proofs.matrix.matrix`` names every check to the bar first, then ticks each as it ends."""

    def checked(tasks: list[Any], *rest: Any) -> Any:
        for _ in tasks:
            yield {"status": "proved", "ok": True, "reads": []}

    monkeypatch.setattr(cardlaw.proofs.matrix, "matrix_each", checked)
    told: list[list[str]] = []
    ticks: list[int] = []

    def checking(labels: list[str]) -> Any:
        told.append(labels)
        return lambda: ticks.append(len(labels))

    rows = cardlaw.proofs.matrix.matrix(["euchre"], checking=checking)
    ids = [o.id for o in config_obligations("euchre", {})]
    assert told[0] == [f"{oid} (default)" for oid in ids]
    assert len(ticks) == sum(len(labels) for labels in told)
    assert len(rows) == len(ids) * len(cardlaw.proofs.matrix.columns("euchre"))


@pytest.mark.usefixtures("lines")
def test_verify_matrix_reports_its_checks(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    def matrix(games: list[str], *args: Any, checking: Any = None, **kwargs: Any) -> list[Any]:
        tick = checking(["g.x (default)", "g.x under other"])
        tick()
        tick()
        return []

    monkeypatch.setattr(cardlaw.proofs.matrix, "matrix", matrix)
    shown = _reported(capsys, "verifying the matrix", "verify", "euchre", "--matrix")
    assert shown[0] == "verifying the matrix: 0/0 checks"
    assert "verifying the matrix: 0/2 checks; now g.x (default)" in shown
    assert shown[-1] == "verifying the matrix: 2/2 checks"
