"""engine.record's helpers raise only the project's errors on junk, and write only what replays.

``read_record``, ``load_record``, ``dump_record``, ``build_record`` and
``replay_record`` are fed junk of every type (issue 31): each must raise a
:class:`~spec.errors.CardlawError` (a ``ValueError``), never ``TypeError``,
``AttributeError`` or a ``UnicodeEncodeError`` from a lone surrogate.  What
``build_record`` accepts, ``replay_record`` accepts: it refuses a seed or
names a record cannot hold rather than write a record replay then refuses.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.record import build_record, dump_record, load_record, read_record, replay_record
from cardlaw.engine.registry import get_game
from cardlaw.spec.errors import CardlawError
from tests.games import played_record

JUNK_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),  # NaN and infinity included
    st.text(alphabet=st.characters(codec=None)),  # lone surrogates included
    st.binary(max_size=20),
    st.just(object()),
)
JUNK = st.recursive(
    JUNK_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.one_of(st.text(max_size=5), st.integers()), inner, max_size=3)
    ),
    max_leaves=8,
)


def _only_ours(call: Any, *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(CardlawError):
        call(*args, **kwargs)


@settings(max_examples=150, database=None)
@given(JUNK)
def test_junk_raises_only_the_projects_errors(junk: Any) -> None:
    game = get_game("euchre")
    config = game.config()
    _only_ours(read_record, junk)
    _only_ours(load_record, junk)
    _only_ours(dump_record, junk)
    _only_ours(dump_record, {"format": junk})
    _only_ours(replay_record, junk)
    _only_ours(build_record, junk, config, [])
    _only_ours(build_record, game, junk, [])
    _only_ours(build_record, game, config, junk)
    _only_ours(build_record, game, config, [junk])
    _only_ours(build_record, game, config, [], seed=junk)
    _only_ours(build_record, game, config, [], players=junk)


@settings(max_examples=60, database=None)
@given(
    seed=st.one_of(st.none(), st.integers(0, 2**70)),
    names=st.one_of(
        st.none(), st.lists(st.text(min_size=1).filter(str.strip), min_size=4, max_size=4)
    ),
)
def test_what_build_record_accepts_replays(seed: int | None, names: list[str] | None) -> None:
    game = get_game("euchre")
    record = build_record(game, game.config(), [], seed=seed, players=names)
    assert replay_record(load_record(dump_record(record))).legal


@pytest.mark.parametrize(
    ("seed", "players"),
    [
        ("x", None),
        (-1, None),
        (True, None),
        (1.5, None),
        (None, ["a"]),
        (None, ["a", "", "b", "c"]),
    ],
)
def test_build_record_refuses_what_replay_would(seed: Any, players: Any) -> None:
    game = get_game("euchre")
    with pytest.raises(CardlawError):
        build_record(game, game.config(), [], seed=seed, players=players)


def test_a_lone_surrogate_in_a_record_is_named_not_crashed_on() -> None:
    data = json.loads(played_record("euchre", 3))
    data["result"] = {"winner": "\ud800"}
    with pytest.raises(CardlawError) as error:
        replay_record(data)
    str(error.value).encode("utf-8")  # printable: the surrogate is shown as its escape
    assert "\\ud800" in str(error.value)
