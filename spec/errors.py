"""The error family of cardlaw: every error is a :class:`ValueError`.

Three things can go wrong when someone hands cardlaw a game:

* the input cannot be read at all (:class:`MalformedInput`, and its special
  case :class:`MalformedCard`): a bad card token, a broken record, an unknown
  option.  The command line reports these with exit code 2.
* the input is well formed but breaks a rule (:class:`IllegalAction`): it
  names the clause that forbids it.
* a state violates the rules' invariants (:class:`InvalidState`): it lists
  every problem at once, not just the first.

>>> try:
...     raise IllegalAction("7S may not be led", clause="divide.trick.lead-restriction")
... except ValueError as error:
...     print(error)
7S may not be led [divide.trick.lead-restriction]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

__all__ = [
    "CardlawError",
    "IllegalAction",
    "InvalidState",
    "MalformedCard",
    "MalformedInput",
    "printable",
]

_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def printable(text: str) -> str:
    r"""``text`` with each lone surrogate written as its escape, so that it can be printed.

    JSON may hold a lone surrogate (``"\ud800"``), which no UTF-8 output can
    encode: a message that quotes one shows its escape instead.

    >>> printable("\ud800 and ♥")
    '\\ud800 and ♥'
    """
    return _SURROGATE.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


class CardlawError(ValueError):
    """Root of every error cardlaw raises on purpose."""


class MalformedInput(CardlawError):
    """Input that cannot be read: a record, an option, a position or a query."""


class MalformedCard(MalformedInput):
    """A card token that names no card (``1S``, ``7X``), or a card given twice.

    >>> MalformedCard("7X", "unknown suit 'X'").token
    '7X'
    """

    def __init__(self, token: str, problem: str) -> None:
        super().__init__(f"bad card {token!r}: {problem}")
        self.token = token
        self.problem = problem


class IllegalAction(CardlawError):
    """A well-formed action that the rules forbid in this state.

    ``clause`` is the id of the clause that forbids it; ``state`` a compact,
    human-readable summary of the situation (may be empty), or a function
    that writes it, called the first time :attr:`state` is read (a refusal
    that nobody prints costs no summary).

    >>> refused = IllegalAction("not now", clause="demo.turn", state=lambda: "seat 2 to play")
    >>> str(refused), refused.state
    ('not now [demo.turn]', 'seat 2 to play')
    """

    def __init__(self, message: str, *, clause: str, state: str | Callable[[], str] = "") -> None:
        super().__init__(f"{message} [{clause}]")
        self.reason = message
        self.clause = clause
        self._state = state

    @property
    def state(self) -> str:
        """The summary of the situation (written now if it was given as a function)."""
        if not isinstance(self._state, str):
            self._state = self._state()
        return self._state


class InvalidState(CardlawError):
    """A state that breaks one or more invariants; ``problems`` lists them all.

    >>> str(InvalidState(["hand 0 holds 7 cards", "bonus supply is -1"]))
    'invalid state: hand 0 holds 7 cards; bonus supply is -1'
    """

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid state: " + "; ".join(self.problems))
