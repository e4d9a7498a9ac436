"""The evaluation table: built on first use, cached on disk, the same values either way."""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from cardlaw.engine.cache import cache_file, load_or_build, source_digest
from cardlaw.engine.divided_ranks import evaluate
from cardlaw.engine.divided_ranks.evaluate import build_tables, tables


def fresh() -> tuple[dict[int, int], tuple[int, ...], dict[int, int]]:
    built = build_tables()
    return built.key, built.strengths, built.dense


@cache
def reference() -> tuple[dict[int, int], tuple[int, ...], dict[int, int]]:
    """One fresh build, made once a run: what the tables read, rebuilt or refused are held
    against (every build is the same; :func:`load` still builds its own)."""
    return fresh()


def load(digest: str) -> tuple[dict[int, int], tuple[int, ...], dict[int, int]]:
    return load_or_build("divided-ranks-evaluate", digest, fresh, evaluate._checked)


@pytest.fixture
def digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path))
    return source_digest(evaluate.SOURCES)


def same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Equal values, in the same order (the order of KEY is visible to callers)."""
    return all(
        list(x.items()) == list(y.items())
        if isinstance(x, dict) and isinstance(y, dict)
        else x == y
        for x, y in zip(a, b, strict=True)
    )


def test_the_cached_table_is_the_freshly_built_one(digest: str) -> None:
    built = reference()
    assert not cache_file("divided-ranks-evaluate", digest).exists()
    assert same(load(digest), built)  # built and written
    assert cache_file("divided-ranks-evaluate", digest).exists()
    assert same(load(digest), built)  # read back
    assert same(tuple(tables()), built)  # what this process uses
    assert evaluate.KEY is tables().key and evaluate.DENSE is tables().dense


@pytest.mark.parametrize("keep", [0, 100, -1000])
def test_a_corrupted_cache_file_is_rebuilt(digest: str, keep: int) -> None:
    load(digest)
    path = cache_file("divided-ranks-evaluate", digest)
    data = path.read_bytes()
    path.write_bytes(data[:keep] + b"\xff" * 1000 if keep else b"\0garbage")
    assert same(load(digest), reference())
    assert path.read_bytes() == data  # written again, whole


def test_importing_the_evaluator_does_not_build_the_table(tmp_path: Path) -> None:
    code = (
        "import cardlaw.engine.divided_ranks.evaluate as e, sys; "
        "assert not e._KEY; assert 'KEY' not in vars(e); "
        "e.hand_key(next(iter(e.tables().key))); assert len(e._KEY) == 20349"
    )
    env = {"CARDLAW_CACHE": str(tmp_path), "PATH": ""}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
    assert list(tmp_path.iterdir())  # and the table was cached


def _malformed() -> list[object]:
    keys, strengths, dense = reference()
    return [
        None,
        (keys, strengths),
        ([], strengths, dense),
        (keys, list(strengths), dense),
        (keys, strengths, list(dense.items())),
        ({}, (), {}),
        (keys, strengths, {mask: 0 for mask in list(dense)[:-1]}),
        (keys, strengths, {mask + 1: 0 for mask in dense}),
    ]


@pytest.mark.parametrize("index", range(8))
def test_a_cache_file_of_the_wrong_shape_is_not_read(index: int) -> None:
    """Each part must be of its type, every hand present, in both dictionaries."""
    assert not evaluate._checked(_malformed()[index])
    assert evaluate._checked(reference())
