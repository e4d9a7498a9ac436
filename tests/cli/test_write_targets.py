"""The slower writers, each aimed once at what it must not replace (issue 31).

``verify --witnesses DIR``, the verify report (``CARDLAW_VERIFY_REPORT``),
``verify --matrix``'s report and ``simulate --plot DIR`` run real work (Z3,
games) before they write, so the fuzz suite draws its targets for ``play``
and ``export`` only (:mod:`tests.cli.test_fuzz_files`); here each of these
writers meets a FIFO, a device node copied from ``/dev/full`` (as root) and
a regular file where its folder should be.  Each must exit 2 with one line,
leaving what was there as it was; a link to a file is written through.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.games import run_cli

Capsys = pytest.CaptureFixture[str]

PROPERTY = ["verify", "divide", "--property", "divide.points.player-max.4p"]
"""An obligation whose witness is a whole round, written as a record."""
WITNESS = "divide.points.player-max.4p.json"


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _full(path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))


def _file(path: Path) -> None:
    path.write_text("mine")


NODES: dict[str, Callable[[Path], None]] = {"fifo": _fifo, "dev-full": _full, "file": _file}


def _same(path: Path, before: os.stat_result) -> None:
    after = path.lstat()
    assert (after.st_mode, after.st_ino, after.st_rdev) == (
        before.st_mode,
        before.st_ino,
        before.st_rdev,
    )


def _refused(code: int, err: str) -> None:
    assert code == 2 and err.startswith("cardlaw: error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("node", sorted(NODES))
def test_witnesses_folder_that_is_no_folder(node: str, tmp_path: Path, capsys: Capsys) -> None:
    target = tmp_path / "out"
    NODES[node](target)
    before = target.lstat()
    code, _, err = run_cli(capsys, *PROPERTY, "--witnesses", str(target))
    _refused(code, err)
    _same(target, before)


@pytest.mark.parametrize("node", ["fifo", "dev-full"])
def test_a_witness_file_that_is_no_file(node: str, tmp_path: Path, capsys: Capsys) -> None:
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / WITNESS
    NODES[node](target)
    before = target.lstat()
    code, _, err = run_cli(capsys, *PROPERTY, "--witnesses", str(tmp_path / "out"))
    _refused(code, err)
    _same(target, before)


def test_a_witness_through_a_link_is_written_to_its_file(tmp_path: Path, capsys: Capsys) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "out" / WITNESS).symlink_to(tmp_path / "real.json")
    code, out, err = run_cli(capsys, *PROPERTY, "--witnesses", str(tmp_path / "out"))
    assert code == 0, err
    assert (tmp_path / "out" / WITNESS).is_symlink()
    code, out, err = run_cli(capsys, "replay", str(tmp_path / "real.json"))
    assert code == 0 and out.startswith("legal"), (out, err)


@pytest.mark.parametrize("node", ["fifo", "dev-full"])
def test_the_verify_report_is_never_written_over_a_device_or_fifo(
    node: str, tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "report.json"
    NODES[node](target)
    before = target.lstat()
    monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(target))
    code, _, err = run_cli(capsys, "verify", "divide", "--property", "divide.deal.enough-cards")
    _refused(code, err)
    _same(target, before)
    code, _, err = run_cli(capsys, "verify", "split", "--matrix")
    _refused(code, err)  # the matrix refuses it before any work
    _same(target, before)


@pytest.mark.parametrize("node", sorted(NODES))
def test_plot_folder_that_is_no_folder(node: str, tmp_path: Path, capsys: Capsys) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "charts"
    NODES[node](target)
    before = target.lstat()
    args = ["simulate", "divide", "--games", "2", "--seed", "1", "--workers", "1"]
    code, _, err = run_cli(capsys, *args, "--plot", str(target))
    _refused(code, err)
    _same(target, before)
