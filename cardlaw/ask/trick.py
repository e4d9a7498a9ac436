"""What the ``ask ... trick`` commands of the trick-taking games share: the ``CARD...`` argument.

The cards are read, each once, by :func:`cardlaw.answers.read_cards`.
"""

from __future__ import annotations

from collections.abc import Callable

from cardlaw.usage import Callback, argument

__all__ = ["cards_argument"]


def cards_argument(example: str) -> Callable[[Callback], Callback]:
    """The ``CARD...`` argument of a trick command, with an ``example`` trick in its help."""
    return argument(
        "cards", nargs=-1, metavar="CARD", help=f"The trick's cards in play order, e.g. {example}."
    )
