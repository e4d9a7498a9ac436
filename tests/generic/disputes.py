"""What the four games' dispute tests share: fuzzed JSON, fuzzed positions, running the CLI.

Each game's ``tests/disputes/test_<game>_disputes.py`` keeps its own
positions, questions and verdicts; the checks every game makes of them the
same way are here, once.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import pytest
from hypothesis import strategies as st

from cardlaw.engine.api import AnyGame
from cardlaw.spec.errors import CardlawError
from tests.games import adapter, exit_code, run_cli


@cache
def fuzzed_json(game: str) -> st.SearchStrategy[Any]:
    """Any JSON value, small, with ``game``'s words (its adapter's ``DISPUTES.json_words``) among
    its strings, and whole numbers up to its ``json_top``.

    One strategy a game, made once: Hypothesis validates a strategy the first time it draws
    from it, which for this recursive one costs more than the example it draws.
    """
    data = adapter(game).DISPUTES
    assert data is not None, f"{game} has no dispute data"
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-3, data.json_top)
        | st.text(max_size=6)
        | st.sampled_from(data.json_words),
        lambda inner: (
            st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=12,
    )


def edited(position: Mapping[str, Any], edit: Callable[[Any], object]) -> dict[str, Any]:
    """A deep copy of ``position`` with ``edit`` applied to it."""
    spot = copy.deepcopy(dict(position))
    edit(spot)
    return spot


def read_fuzzed_position(game: AnyGame, position: Mapping[str, Any], key: str, value: Any) -> None:
    """Read ``position`` with field ``key`` set to ``value``: it is read, or one clear line says
    why not (never a traceback)."""
    spot = copy.deepcopy(dict(position))
    spot[key] = value
    read_position(game, spot)


def read_position(game: AnyGame, spot: Any) -> None:
    """Read ``spot`` as a position of ``game``: it is read, or one clear line says why not."""
    try:
        game.position_from_json(spot)
    except CardlawError as error:
        assert str(error) and "\n" not in str(error)


def read_document(game: AnyGame, value: Any) -> None:
    """Read any JSON ``value`` as a position of ``game``: at worst a :class:`CardlawError`."""
    with contextlib.suppress(CardlawError):
        game.position_from_json(value)


def run(*args: str) -> tuple[int, str, str]:
    """Run the command line, capturing its output (usable inside Hypothesis tests)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = exit_code(*args)
    return code, out.getvalue(), err.getvalue()


def assert_rejected(code: int, err: str, needle: str) -> None:
    """Exit code 2 and one line of error, saying ``needle``."""
    assert code == 2 and err.count("\n") == 1 and needle in err, err


def assert_clear_error(code: int, err: str, start: str = "cardlaw: error:") -> None:
    """Exit code 2 and one line of error, starting with ``start``."""
    assert code == 2 and err.startswith(start) and err.count("\n") == 1, err


def asked(game: str, capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """The JSON answer of ``cardlaw ask game args --json``, after checking it succeeded."""
    return json_answer(*run_cli(capsys, "ask", game, *args, "--json"))


def json_answer(code: int, out: str, err: str) -> dict[str, Any]:
    """The JSON a command printed, after checking it succeeded (else its error is shown)."""
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data
