"""Positions of :class:`~spec.euchre.state.EuchreState` fields, for fast copies.

The hot transitions build the next state with ``fields = list(state)``, a few
assignments and :func:`new_state` — several times faster than ``_replace`` and
just as immutable.

>>> from cardlaw.spec.euchre import EuchreConfig, initial_state
>>> state = initial_state(EuchreConfig())
>>> fields = list(state)
>>> fields[DEALER] = 2
>>> new_state(fields).dealer, state.dealer
(2, -1)
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.euchre.state import EuchreState

__all__ = ["FIELD", "new_state"]

FIELD: Final[dict[str, int]] = {name: i for i, name in enumerate(EuchreState._fields)}
"""Field name -> position in the tuple."""

ORDER: Final = (
    "config", "stage", "deal", "dealer", "actor", "hands", "kitty", "upcard", "maker", "trump",
    "alone", "discard", "leader", "trick", "tricks", "won", "scores", "results", "defender",
)  # fmt: skip
"""The fields in tuple order.  The hottest transitions (``apply_play``, ``apply_shuffle``)
unpack and rebuild states positionally in this order; importing this module checks it."""

if EuchreState._fields != ORDER:
    raise ImportError(
        "EuchreState's fields moved: update engine.euchre.fields.ORDER and the hot paths"
    )

STAGE: Final = 1
DEAL: Final = 2
DEALER: Final = 3
ACTOR: Final = 4
HANDS: Final = 5
KITTY: Final = 6
UPCARD: Final = 7
MAKER: Final = 8
TRUMP: Final = 9
ALONE: Final = 10
DISCARD: Final = 11
LEADER: Final = 12
TRICK: Final = 13
TRICKS: Final = 14
WON: Final = 15
SCORES: Final = 16
RESULTS: Final = 17
DEFENDER: Final = 18
"""Each field's position: literal ints, so that ``state[HANDS]`` type-checks as the field's type."""

if any(FIELD[name] != globals()[name.upper()] for name in ORDER[1:]):
    raise ImportError("a field position in engine.euchre.fields is wrong")


def new_state(fields: list[object]) -> EuchreState:
    """A state from a full list of field values, in order."""
    return tuple.__new__(EuchreState, fields)
