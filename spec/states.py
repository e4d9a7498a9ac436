"""What the four games' states, observations and results share.

Each game's ``spec/<game>/state.py`` builds its state the same way: an
immutable ``NamedTuple`` of ints and tuples of ints, card sets as ``int``
masks, ``-1`` for a missing card or seat, made by ``initial_state(config)``
and changed only by ``_replace``, which makes a new state.  Nothing in a
state can be changed in place, in any game:

>>> from cardlaw.spec.divide.config import DivideConfig
>>> from cardlaw.spec.divide.state import DivideState, initial_state
>>> from cardlaw.spec.divided_ranks.state import DividedRanksState
>>> from cardlaw.spec.euchre.state import EuchreState
>>> from cardlaw.spec.split.state import SplitState
>>> all(issubclass(kind, tuple) and kind.__slots__ == ()
...     for kind in (DivideState, DividedRanksState, EuchreState, SplitState))
True
>>> state = initial_state(DivideConfig())
>>> state.bonus = 0
Traceback (most recent call last):
...
AttributeError: can't set attribute
>>> state._replace(bonus=0).bonus, state.bonus
(0, 5)

Observations and results are frozen, keyword-only dataclasses; an
observation names who is to move with a :data:`Mover`.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Mover"]

Mover = int | Literal["chance"] | None
"""Who is to move, as an observation shows it: a seat, chance, or nobody (the game is over)."""
