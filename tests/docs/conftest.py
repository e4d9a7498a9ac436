"""The docs tests' rulebook (``CARDLAW_DOCS_HTML`` if set, else built once per run) and browser.

The build reads the proof statuses from the run's shared verify report
(:mod:`tests.verified`: the one CI made, or one ``cardlaw verify`` and
``cardlaw verify --matrix`` a run), instead of proving everything again.

Under pytest-xdist every worker asks for the build; the first builds it into a
folder of the run's temporary folder, under a file lock, and the others wait and reuse it.

Every test that reads the built rulebook or drives the browser is marked ``deep``
(:func:`pytest_collection_modifyitems`): the README's ``pytest`` leaves them to
``pytest -m deep``.

When the run holds a test that reads the rulebook and the verify report is already at
hand (made before the run: CI's, or the one the README's first command kept), the build
starts as soon as the tests are collected, in the background (a thread that waits for
``sphinx-build``, under the same lock), so that the tests before the first docs test run
meanwhile instead of a worker waiting for the build.  The ``built_docs`` fixture then
waits for that build and checks it as it checks its own; a build still running when the
run ends is stopped.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs.chromium import started

ROOT = Path(__file__).resolve().parents[2]

_RUNNING: list[subprocess.Popen[str]] = []
"""The builds under way in this process (stopped at the end of the run)."""

_EARLY: list[threading.Thread] = []
"""The background build started when the tests were collected, if it was."""


def _build(out: Path, report: Path) -> str | None:
    """Build the rulebook into ``out``; ``None`` when it is built, else why not."""
    # -E: every page read afresh, also after a build that failed or was stopped half way in
    # ``out`` (its saved environment would let the next build skip the pages in error).
    command = [sys.executable, "-m", "sphinx", "-E", "-q", "-W", "--keep-going", "-b", "html"]
    env = dict(os.environ, CARDLAW_VERIFY_REPORT=str(report))  # the run's shared report
    with subprocess.Popen(
        [*command, str(ROOT / "docs"), str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as process:
        _RUNNING.append(process)
        try:
            stdout, stderr = process.communicate()
        finally:
            _RUNNING.remove(process)
    if process.returncode != 0:
        return f"the docs build failed:\n{stdout}\n{stderr}"
    (out / ".cardlaw-built").write_text("ok\n", encoding="utf-8")
    return None


def _shared_build(factory: pytest.TempPathFactory, report: Path) -> tuple[Path, str | None]:
    """The run's rulebook, built by whichever asks first (under a file lock), and why it is not
    there if it is not (a failed build is tried again by the next to ask, and fails again)."""
    # The workers' temporary folders (gw0, gw1, ...) share a parent that pytest owns and prunes.
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", f"pid{os.getpid()}")
    shared = factory.getbasetemp().parent / f"cardlaw-docs-{run}"
    shared.mkdir(exist_ok=True)
    with (shared / ".lock").open("w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = shared / "html"
        if (out / ".cardlaw-built").exists():
            return out, None
        return out, _build(out, report)


_DEEP_FIXTURES = frozenset({"built_docs", "chromium"})
"""A test that asks for one of these reads the whole built rulebook, or a browser: a deep run."""


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects (pytest's own hook of the same name)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``deep`` every test that needs the built rulebook or the browser, so that a new
    test of the built pages is a deep run without anyone remembering to say so."""
    for item in items:
        if _DEEP_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.deep)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the build in the background (see the module's docstring) when it is sure to be
    needed and needs nothing else first."""
    from tests.verified import given_before_the_run  # a report made before the run, or None

    config = session.config
    if config.option.collectonly or os.environ.get("CARDLAW_DOCS_HTML"):
        return
    if not any("built_docs" in getattr(item, "fixturenames", ()) for item in session.items):
        return
    given = given_before_the_run()
    factory = getattr(config, "_tmp_path_factory", None)  # what tmp_path_factory gives
    if given is None or factory is None:  # the first test that asks makes them, as usual
        return
    factory.getbasetemp()  # made here, not in the thread
    thread = threading.Thread(target=_shared_build, args=(factory, given.report), daemon=True)
    thread.start()
    _EARLY.append(thread)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop a build still under way (the run ended before any test needed it)."""
    for process in list(_RUNNING):
        process.kill()


@pytest.fixture(scope="session")
def built_docs(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """The folder of the built HTML rulebook."""
    given = os.environ.get("CARDLAW_DOCS_HTML")
    if given:
        path = Path(given)
        if not (path / "index.html").exists():
            pytest.fail(f"CARDLAW_DOCS_HTML={given} holds no built rulebook (no index.html)")
        return path
    for thread in _EARLY:  # the build started at collection's end, if it was
        thread.join()
    # The verify report the build reads its statuses from: one a run (tests/verified.py).
    report = request.getfixturevalue("verify_report").report
    out, failed = _shared_build(tmp_path_factory, report)
    if failed:
        pytest.fail(failed)
    return out


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium a session, for every browser test (:mod:`tests.docs.chromium`)."""
    yield from started()
