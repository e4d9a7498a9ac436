"""Euchre's state summaries, as error messages carry them (``EUCHRE.describe``)."""

from __future__ import annotations

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.position import EXAMPLE


def test_describe_a_trick_in_progress() -> None:
    """The judge's example: Spades trump, two tricks done, three cards of the third down."""
    state = EUCHRE.position_from_json(EXAMPLE)
    assert EUCHRE.describe(state) == (
        "hand 1; tricks; trump ♠; trick 3; played K♠ 10♦ J♠; seat 2 holds K♦ J♦ J♣; score 0-0"
    )
