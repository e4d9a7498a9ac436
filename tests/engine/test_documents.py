"""The bounded loader of records and positions: size, depth, strict JSON, never a RecursionError."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.documents import (
    MAX_BYTES,
    MAX_DEPTH,
    check_depth,
    load_document,
    parse_json,
    parse_toml,
    read_text,
)
from cardlaw.spec.errors import MalformedInput


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_depth_is_walked_without_recursion() -> None:
    check_depth(nested(MAX_DEPTH), "x")
    with pytest.raises(MalformedInput, match="nested too deeply"):
        check_depth(nested(MAX_DEPTH + 1), "x")
    with pytest.raises(MalformedInput, match="nested too deeply"):
        check_depth(nested(200_000), "x")  # far deeper than Python's own stack


@given(st.integers(1, 3 * MAX_DEPTH), st.booleans())
def test_json_and_toml_depth(depth: int, objects: bool) -> None:
    text = ('{"a":' * depth + "1" + "}" * depth) if objects else "[" * depth + "]" * depth
    if depth <= MAX_DEPTH:
        assert parse_json(text, "doc") is not None
    else:
        with pytest.raises(MalformedInput, match="nested too deeply"):
            parse_json(text, "doc")
    inner = "[" * depth + "]" * depth
    if depth + 1 <= MAX_DEPTH:  # the table around the array is a level too
        assert parse_toml(f"a = {inner}", "doc") is not None
    else:
        with pytest.raises(MalformedInput, match="nested too deeply"):
            parse_toml(f"a = {inner}", "doc")


@pytest.mark.parametrize("text", ["[" * 100_000, "a = " + "[" * 100_000, "a = " + "{b = " * 50_000])
def test_no_recursion_error_ever(text: str) -> None:
    parse = parse_json if text.startswith("[") else parse_toml
    with pytest.raises(MalformedInput):
        parse(text, "doc")


def test_size_is_bounded(tmp_path: Path) -> None:
    with pytest.raises(MalformedInput, match="too large"):
        parse_json(" " * (MAX_BYTES + 1), "doc")
    with pytest.raises(MalformedInput, match="too large"):
        parse_toml("#" + "é" * (MAX_BYTES // 2), "doc")  # two bytes a character
    path = tmp_path / "big.json"
    path.write_bytes(b"1" + b" " * MAX_BYTES)
    with pytest.raises(MalformedInput, match="too large"):
        read_text(path)
    path.write_bytes(b"1" + b" " * (MAX_BYTES - 1))
    assert load_document(path, "doc") == 1


def test_bad_toml_and_suffixes(tmp_path: Path) -> None:
    with pytest.raises(MalformedInput, match="not valid TOML"):
        parse_toml("a = ", "doc")
    path = tmp_path / "spot.TOML"
    path.write_text('a = "b"')
    assert load_document(path, "doc") == {"a": "b"}
