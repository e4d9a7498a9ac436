"""What every game's ``explain_action`` starts from: the engine's own verdict on an action.

>>> from engine.divide.game import DIVIDE
>>> from engine.divide.position import EXAMPLE
>>> state = DIVIDE.position_from_json(EXAMPLE)
>>> legal, after, reason, clause = engine_verdict(DIVIDE, state, DIVIDE.legal_actions(state)[0])
>>> legal, after is not None, reason, clause
(True, True, '', '')
"""

from __future__ import annotations

from typing import TypeVar

from engine.manifest import Engine, Staged
from spec.errors import IllegalAction

__all__ = ["engine_verdict"]

S = TypeVar("S", bound=Staged)
A = TypeVar("A")


def engine_verdict(engine: Engine[S, A], state: S, action: A) -> tuple[bool, S | None, str, str]:
    """Whether ``engine.apply`` accepts ``action``: (legal, state after, reason, clause).

    An accepted action gives the state after it and an empty reason and
    clause; a refused one gives no state and the reason and clause of the
    :class:`~spec.errors.IllegalAction` raised.
    """
    try:
        after = engine.apply(state, action)
    except IllegalAction as illegal:
        return False, None, illegal.reason, illegal.clause
    return True, after, "", ""
