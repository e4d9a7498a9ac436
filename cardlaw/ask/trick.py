"""What the ``ask ...`` commands of the trick-taking games share: the cards of a trick and a hand.

``CARD...`` is a whole trick (``trick``); ``--hand``, ``--trick`` and ``CARD`` are
a hand, the trick so far and the card in dispute (``play``).  The cards are
read, each once, by :func:`cardlaw.answers.read_cards`.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from cardlaw.usage import Callback, argument

__all__ = ["cards_argument", "disputed_argument", "hand_option", "trick_so_far_option"]


def cards_argument(example: str) -> Callable[[Callback], Callback]:
    """The ``CARD...`` argument of a trick command, with an ``example`` trick in its help."""
    return argument(
        "cards", nargs=-1, metavar="CARD", help=f"The trick's cards in play order, e.g. {example}."
    )


def disputed_argument() -> Callable[[Callback], Callback]:
    """The ``CARD`` argument of a ``play`` command: the card in dispute."""
    return argument("card", metavar="CARD", help="The card in dispute (one of the hand's).")


def hand_option(example: str) -> Callable[[Callback], Callback]:
    """``--hand CARDS``: every card the player holds, the card in dispute among them."""
    return click.option(
        "--hand",
        required=True,
        metavar="CARDS",
        help=f'Every card the player holds, the card in dispute among them, e.g. "{example}".',
    )


def trick_so_far_option(example: str) -> Callable[[Callback], Callback]:
    """``--trick CARDS``: the cards played to the trick so far (none when the player leads)."""
    return click.option(
        "--trick",
        metavar="CARDS",
        help=f'The trick so far, in play order, e.g. "{example}" (none: the player leads).',
    )
