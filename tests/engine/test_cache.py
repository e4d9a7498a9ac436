"""The on-disk table cache: built once, loaded after, rebuilt when bad, silent when unwritable."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeGuard

import pytest

from cardlaw.engine.cache import cache_dir, cache_file, load_or_build, source_digest
from tests.cachedir import PREFIX

DIGEST = source_digest([__file__])


def is_squares(stored: object) -> TypeGuard[dict[int, int]]:
    return isinstance(stored, dict) and all(stored[n] == n * n for n in range(4))


class Builder:
    """Builds the table of squares and counts how often it was asked to."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict[int, int]:
        self.calls += 1
        return {n: n * n for n in range(4)}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path))
    return tmp_path


def test_the_directory_is_cardlaw_cache_then_xdg_then_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("CARDLAW_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "cardlaw"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "cardlaw"


def test_a_table_is_built_once_then_loaded(cache: Path) -> None:
    build = Builder()
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert build.calls == 1
    assert [p.name for p in cache.iterdir()] == [f"squares-{DIGEST}.marshal"]  # no temporaries


def test_other_source_has_its_own_file_and_replaces_the_old_one(cache: Path) -> None:
    build = Builder()
    load_or_build("squares", DIGEST, build, is_squares)
    load_or_build("cubes", DIGEST, build, is_squares)
    other = source_digest([])
    load_or_build("squares", other, build, is_squares)
    assert build.calls == 3
    assert sorted(p.name for p in cache.iterdir()) == [
        f"cubes-{DIGEST}.marshal",
        f"squares-{other}.marshal",
    ]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: b"", id="empty"),
        pytest.param(lambda data: data[: len(data) // 2], id="truncated"),
        pytest.param(lambda data: data[:-1] + bytes([data[-1] ^ 1]), id="one bit flipped"),
        pytest.param(lambda data: b"junk" + data[4:], id="bad magic"),
        pytest.param(lambda data: data[:20] + b"\0" * 16 + data[36:], id="other digest"),
    ],
)
def test_a_damaged_file_is_ignored_and_rebuilt(
    cache: Path, damage: Callable[[bytes], bytes]
) -> None:
    build = Builder()
    load_or_build("squares", DIGEST, build, is_squares)
    path = cache_file("squares", DIGEST)
    path.write_bytes(damage(path.read_bytes()))
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert build.calls == 2
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert build.calls == 2  # the rebuilt file is good again


def _anything(stored: object) -> TypeGuard[dict[int, int]]:
    """A check that takes whatever was stored (to see the real check refuse it later)."""
    return True


def test_a_well_formed_file_the_check_refuses_is_rebuilt(cache: Path) -> None:
    load_or_build("squares", DIGEST, lambda: {0: 1}, _anything)
    build = Builder()
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert build.calls == 1


def test_an_unwritable_directory_builds_in_memory_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("CARDLAW_CACHE", str(blocker / "cache"))
    build = Builder()
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert load_or_build("squares", DIGEST, build, is_squares) == {0: 0, 1: 1, 2: 4, 3: 9}
    assert build.calls == 2
    assert capsys.readouterr() == ("", "")


def test_the_tests_never_use_the_users_cache() -> None:
    """tests/conftest.py points CARDLAW_CACHE at a temporary directory for the whole run."""
    home = Path(os.path.expanduser("~")) / ".cache" / "cardlaw"
    assert os.path.basename(os.environ["CARDLAW_CACHE"]).startswith(PREFIX)
    assert cache_dir() != home
