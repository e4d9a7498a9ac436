"""The docs tests' rulebook (``CARDLAW_DOCS_HTML`` if set, else built once per run) and browser.

The build reads the proof statuses from the run's shared verify report
(:mod:`tests.verified`: the one CI made, or one ``cardlaw verify`` and
``cardlaw verify --matrix`` a run), instead of proving everything again.

Under pytest-xdist every worker asks for the build; the first builds it into a
folder of the run's temporary folder, under a file lock, and the others wait and reuse it.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs.chromium import started

ROOT = Path(__file__).resolve().parents[2]


def _build(out: Path, report: Path) -> None:
    command = [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html"]
    env = dict(os.environ, CARDLAW_VERIFY_REPORT=str(report))  # the run's shared report
    done = subprocess.run(
        [*command, str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if done.returncode != 0:
        pytest.fail(f"the docs build failed:\n{done.stdout}\n{done.stderr}")
    (out / ".cardlaw-built").write_text("ok\n", encoding="utf-8")


@pytest.fixture(scope="session")
def built_docs(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """The folder of the built HTML rulebook."""
    given = os.environ.get("CARDLAW_DOCS_HTML")
    if given:
        path = Path(given)
        if not (path / "index.html").exists():
            pytest.fail(f"CARDLAW_DOCS_HTML={given} holds no built rulebook (no index.html)")
        return path
    # The verify report the build reads its statuses from: one a run (tests/verified.py).
    report = request.getfixturevalue("verify_report").report
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:  # one process: its own folder
        out = tmp_path_factory.mktemp("html")
        _build(out, report)
        return out
    # The workers' temporary folders (gw0, gw1, ...) share a parent that pytest owns and prunes.
    shared = tmp_path_factory.getbasetemp().parent / f"cardlaw-docs-{run}"
    shared.mkdir(exist_ok=True)
    with (shared / ".lock").open("w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = shared / "html"
        if not (out / ".cardlaw-built").exists():
            _build(out, report)
    return out


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium a session, for every browser test (:mod:`tests.docs.chromium`)."""
    yield from started()
