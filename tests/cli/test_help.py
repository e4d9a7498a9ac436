"""Every command's ``--help``: found from the command tree, clean of doctests and type names."""

from __future__ import annotations

import re

import pytest

from cardlaw.cli import EXIT_CODES
from tests.cli.tree import walk
from tests.games import run_cli as run

TYPE_LABEL = re.compile(r"<[a-z][a-z_ ]*(\[[^\]]*\])?>|--[a-z-]+ (INTEGER|TEXT|FLOAT)\b")
"""Type labels where a value's name should be: ``<int>``, ``<list[str]>``, ``--workers INTEGER``."""

BRACED = re.compile(r"\{[A-Za-z_.]+\}")
"""A placeholder left unfilled, or a required argument marked ``{cards}``."""


PATHS = [path for path, _ in walk()]


def test_the_tree_has_every_command() -> None:
    assert ("ask", "euchre", "trick") in PATHS and ("simulate",) in PATHS and len(PATHS) > 20


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "cardlaw")
def test_help_is_clean(path: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *path, "--help")
    assert code == 0 and not err, err
    assert out.startswith(f"Usage: cardlaw {' '.join(path)}".rstrip())
    assert ">>>" not in out and "doctest" not in out, out
    assert "<list[" not in out, out
    assert not TYPE_LABEL.search(out), out
    assert not BRACED.search(out), out


def test_arguments_and_options_have_readable_names(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "ask", "euchre", "trick", "--help")
    assert "Usage: cardlaw ask euchre trick [OPTIONS] CARD...\n" in out
    assert "--leader SEAT" in out and "--trump SUIT" in out
    _, out, _ = run(capsys, "ask", "split", "solve", "--help")
    assert "[OPTIONS] [FILE]\n" in out and "--max-states N" in out


def test_the_root_help_states_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--help")
    for code, text in EXIT_CODES.items():
        assert f"  {code}  {text}\n" in out
    assert set(EXIT_CODES) == {0, 1, 2}
