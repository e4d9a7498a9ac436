"""What every game's ``explain_action`` starts from: the engine's own verdict on an action.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> from cardlaw.engine.divide.position import EXAMPLE
>>> state = DIVIDE.position_from_json(EXAMPLE)
>>> legal, after, reason, clause = engine_verdict(DIVIDE, state, DIVIDE.legal_actions(state)[0])
>>> legal, after is not None, reason, clause
(True, True, '', '')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from cardlaw.engine.api import Explanation
from cardlaw.engine.manifest import Engine, Staged, Textual
from cardlaw.spec.errors import IllegalAction

__all__ = ["Step", "engine_verdict", "explained", "verdict_on"]

Step = tuple[str, str]
"""One step of an explanation: its text and the clause it applies."""

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


def explained(verdict: str, steps: Iterable[Step]) -> Explanation:
    """An explanation: the verdict, each step with its clause, the clauses in order of use.

    >>> why = explained("seat 1 wins", [("7S is higher", "a.b"), ("seat 1 wins", "a.b")])
    >>> why.steps, why.clauses
    (('7S is higher [a.b]', 'seat 1 wins [a.b]'), ('a.b',))
    """
    listed = tuple(steps)
    return Explanation(
        verdict=verdict,
        steps=tuple(f"{text} [{cid}]" for text, cid in listed),
        clauses=tuple(dict.fromkeys(cid for _, cid in listed)),
    )


def verdict_on(
    action: Textual,
    mover: int,
    verdict: tuple[bool, str, str],
    steps: Sequence[Step],
    *,
    legal_clause: str,
    then: Sequence[Step] = (),
) -> tuple[bool, Explanation]:
    """The explanation of an action at a position: the reasoning, then the engine's verdict.

    ``verdict`` is the engine's (legal, reason, clause), as :func:`engine_verdict`
    gives them; a legal action ends with a step citing ``legal_clause`` and
    then the steps ``then`` (what the action leads to), a refused one with
    the reason and clause of the refusal.

    >>> from cardlaw.spec.cards import Card
    >>> from cardlaw.spec.divide.actions import Play
    >>> seven = Play(Card("7S"))
    >>> legal, why = verdict_on(seven, 2, (False, "no card", "a.b"), [], legal_clause="a.c")
    >>> legal, why.verdict, why.steps
    (False, 'illegal: no card', ('no card [a.b]',))
    >>> verdict_on(seven, 2, (True, "", ""), [], legal_clause="a.c")[1].verdict
    'legal: seat 2 may play 7S'
    """
    legal, reason, clause = verdict
    if legal:
        ending = [(f"{action.text!r} is legal for seat {mover}", legal_clause), *then]
        return True, explained(f"legal: seat {mover} may {action.text}", [*steps, *ending])
    return False, explained(f"illegal: {reason}", [*steps, (reason, clause)])
