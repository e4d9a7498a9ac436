"""Test configuration: Hypothesis profiles and the golden-file switch.

Profiles (pick with ``HYPOTHESIS_PROFILE=...``):

* ``default`` — fast enough to run on every change;
* ``ci`` — deeper, for scheduled CI runs;
* ``dev`` — a quick smoke run.

Golden files under ``tests/golden`` are compared exactly; regenerate them on
purpose with ``pytest --update-golden`` and review the diff.

A test marked ``outside_games`` (:data:`tests.games.OUTSIDE_GAMES`) runs with
the games the tests define themselves (the toy game) in the registry; every
other test sees cardlaw's own games only.

The tables cached on disk (``engine.cache``) go to a directory of the test
run, never the user's cache (:mod:`tests.cachedir`; the root ``conftest.py``
does the same for a module's doctests run alone).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from tests.cachedir import use_private_cache

use_private_cache()  # before anything below imports the engine

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from tests.games import OUTSIDE, registered  # noqa: E402
from tests.verified import Verified, verified  # noqa: E402

settings.register_profile(
    "default",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "ci",
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden files under tests/golden instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "outside_games: run with the tests' own games (tests.games.OUTSIDE) registered",
    )


@pytest.fixture(autouse=True)
def outside_games(request: pytest.FixtureRequest) -> Iterator[None]:
    """Register the tests' own games for a test marked ``outside_games``, and only for it."""
    if request.node.get_closest_marker("outside_games") is None:
        yield
        return
    with registered(*OUTSIDE.values()):
        yield


@pytest.fixture(scope="session")
def verify_report(tmp_path_factory: pytest.TempPathFactory) -> Verified:
    """One ``cardlaw verify`` and ``cardlaw verify --matrix`` a run, shared (:mod:`tests.verified`)."""
    return verified(tmp_path_factory)
