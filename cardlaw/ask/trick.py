"""What the ``ask ... trick`` commands of the trick-taking games share: the ``CARD...`` argument.

The cards are read, each once, by :func:`cardlaw.answers.read_cards`.
"""

from __future__ import annotations

from typing import Any

import typer

__all__ = ["cards_argument"]


def cards_argument(example: str) -> Any:
    """The ``CARD...`` argument of a trick command, with an ``example`` trick in its help."""
    return typer.Argument(metavar="CARD", help=f"The trick's cards in play order, e.g. {example}.")
