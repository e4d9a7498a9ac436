"""Positions of :class:`~spec.split.state.SplitState` fields, for fast copies.

The hot transitions (moving the middle card, playing a card) build the next
state with ``fields = list(state)``, a few assignments and :func:`new_state`,
faster than ``NamedTuple._replace`` and just as immutable.

>>> from cardlaw.spec.split import SplitConfig, initial_state
>>> state = initial_state(SplitConfig())
>>> fields = list(state)
>>> fields[TURN] = 3
>>> new_state(fields).turn, state.turn
(3, 0)
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.split.state import SplitState

__all__ = ["FIELD", "new_state"]

FIELD: Final[dict[str, int]] = {name: i for i, name in enumerate(SplitState._fields)}
"""Field name -> position in the tuple."""

STAGE: Final = FIELD["stage"]
ACTOR: Final = FIELD["actor"]
DIRECTION: Final = FIELD["direction"]
HANDS: Final = FIELD["hands"]
DRAW: Final = FIELD["draw"]
OWED: Final = FIELD["owed"]
TABLE: Final = FIELD["table"]
LEFT: Final = FIELD["left"]
RIGHT: Final = FIELD["right"]
MIDDLE: Final = FIELD["middle"]
ASIDE: Final = FIELD["aside"]
TURN: Final = FIELD["turn"]
END: Final = FIELD["end"]
WINNER: Final = FIELD["winner"]
BURIED: Final = FIELD["buried"]


def new_state(fields: list[object]) -> SplitState:
    """A state from a full list of field values, in order."""
    return tuple.__new__(SplitState, fields)
