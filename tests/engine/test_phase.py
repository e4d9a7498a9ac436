"""A stage of a game's manifest (:class:`engine.manifest.Phase`) says what it waits for.

The words go into the error an action out of turn gets ("seat 2 must play a
card now, not ..."), so a stage that takes actions without them is refused
when the manifest is made; the end of the game takes none and needs none.
"""

from __future__ import annotations

import pytest

from cardlaw.engine.manifest import Phase
from tests.games import TESTED, manifested


def test_a_stage_that_takes_actions_must_say_what_it_waits_for() -> None:
    with pytest.raises(ValueError, match="stage 3 takes actions: say what it waits for"):
        Phase(stage=3, moves={int: lambda state, action: state})
    assert Phase(stage=3, expected="play a card", moves={int: lambda s, a: s}).expected
    assert Phase(stage=7).expected == ""


@pytest.mark.parametrize("name", sorted(TESTED))
def test_every_stage_of_every_game_that_takes_actions_says_so(name: str) -> None:
    manifest = manifested(name).manifest
    assert all(phase.expected for phase in manifest.phases if phase.moves)
