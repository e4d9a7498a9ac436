"""The dispute tests every game makes the same way, over every game's own data: positions read
from TOML, positions a judge rejects, fuzzed positions and documents, and queries ``cardlaw
query`` refuses.  Each game's data is its test adapter's ``DISPUTES``.

Each game's other dispute tests are in ``test_<game>_disputes.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlaw.engine.game import RulesGame
from cardlaw.engine.registry import GAMES, get_game
from tests.game_data import Disputes
from tests.games import ADAPTERS, adapter
from tests.games import run_cli as run
from tests.games import write_file as write
from tests.generic.disputes import (
    assert_clear_error,
    assert_rejected,
    edited,
    fuzzed_json,
    read_document,
    read_fuzzed_position,
)

DISPUTED: tuple[str, ...] = tuple(name for name in ADAPTERS if ADAPTERS[name].DISPUTES)
"""The games with position files and queries (their adapter's ``DISPUTES``)."""


def disputes(name: str) -> Disputes:
    """Game ``name``'s data for these tests."""
    found = adapter(name).DISPUTES
    assert found is not None, f"{name} has no dispute data"
    return found


def _each(read: Callable[[Disputes], Iterable[tuple[Any, ...]]]) -> list[tuple[Any, ...]]:
    """``(game, *case)`` for each case ``read`` finds in each game's data."""
    return [(name, *case) for name in DISPUTED for case in read(disputes(name))]


def test_every_game_is_fuzzed() -> None:
    """Each game that reads positions (its manifest's ``judging``) has dispute data, and only
    those."""
    games = [get_game(name) for name in GAMES]
    judging = [g.name for g in games if isinstance(g, RulesGame) and g.manifest.judging is not None]
    assert judging == list(GAMES) and list(DISPUTED) == judging
    assert all(disputes(name).judged and disputes(name).fuzzed for name in DISPUTED)


@pytest.mark.parametrize("name", DISPUTED)
def test_toml_positions(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, needle = disputes(name).toml
    spot = write(tmp_path, "\n".join(lines), "spot.toml")
    code, out, err = run(capsys, "ask", name, "legal", "--position", spot)
    assert code == 0 and needle in out, err


@pytest.mark.parametrize(
    ("name", "edit"),
    [
        pytest.param(name, revoked, marks=pytest.mark.clauses(f"{name}.trick.follow-suit"), id=name)
        for name in DISPUTED
        if (revoked := disputes(name).revoked) is not None
    ],
)
def test_a_position_no_legal_play_can_reach(
    name: str, edit: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seat revoked earlier in the round: no legal play reaches the position."""
    spot = write(tmp_path, edited(disputes(name).example, edit))
    code, _, err = run(capsys, "ask", name, "legal", "--position", spot)
    assert code == 2 and "breaks a rule" in err and f"{name}.trick.follow-suit" in err, err


@pytest.mark.parametrize(
    ("name", "edit", "needle"),
    _each(lambda data: data.judged),
)
def test_positions_are_judged(
    name: str, edit: Any, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spot = write(tmp_path, edited(disputes(name).example, edit))
    code, _, err = run(capsys, "ask", name, "legal", "--position", spot)
    assert_rejected(code, err, needle)


@pytest.mark.parametrize(
    ("name", "position", "extra"),
    _each(lambda data: data.fuzzed),
    ids=[
        f"{name}-{position.get('mode', 'example')}"
        for name, position, _ in _each(lambda data: data.fuzzed)
    ],
)
@given(data=st.data())
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_fuzzed_positions_give_clear_errors(
    name: str, position: dict[str, Any], extra: frozenset[str], data: st.DataObject
) -> None:
    """Any value in any one field (or a field the position may add): read, or one clear line."""
    key = data.draw(st.sampled_from(sorted({*position, *extra})), label="field")
    value = data.draw(fuzzed_json(name), label="value")
    read_fuzzed_position(get_game(name), position, key, value)


@pytest.mark.parametrize("name", DISPUTED)
@given(data=st.data())
@settings(max_examples=100, deadline=None)
def test_fuzzed_documents_give_clear_errors(name: str, data: st.DataObject) -> None:
    read_document(get_game(name), data.draw(fuzzed_json(name), label="document"))


@pytest.mark.parametrize(
    ("name", "text"), _each(lambda data: ((text,) for text in data.bad_queries))
)
def test_bad_queries_exit_2(name: str, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "query", name, text)
    assert_clear_error(code, err, "cardlaw: error: query:")
