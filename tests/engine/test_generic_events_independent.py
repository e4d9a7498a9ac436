"""Every game's record events against its own referee (``tests/<game>/test_events_independent.py``).

Each game's referee (its adapter's ``referee``) recomputes its events from the actions alone, never through
``engine.<game>``; over random whole games (a configuration, a seed and a way of
choosing, :func:`tests.generic.referee.games_drawn`), every step's events must
equal ``game.events(before, action, after)``.  The games' other event checks
(every kind of event reached, forced ties) stay in their own files.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.registry import GAMES
from tests.games import ADAPTERS, adapter
from tests.generic.referee import games_drawn

REFEREES: tuple[str, ...] = tuple(name for name in ADAPTERS if ADAPTERS[name].referee())
"""The games with an independent event check (their adapter's ``referee``): every game of
cardlaw's (``test_every_game_has_a_referee``)."""


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.clauses(*adapter(name).REFEREE_CLAUSES), id=name)
        for name in REFEREES
    ],
)
@given(data=st.data())
def test_events_match_the_referee(name: str, data: st.DataObject) -> None:
    module = adapter(name).referee()
    assert module is not None
    drawn = games_drawn(module.CONFIGS, module.CHOOSERS)
    module.check_game(**data.draw(st.fixed_dictionaries(drawn), label="game"))


def test_every_game_has_a_referee() -> None:
    assert set(GAMES) <= set(REFEREES)
    for name in REFEREES:
        assert adapter(name).REFEREE_CLAUSES, f"{name}: a referee checks some clauses"
