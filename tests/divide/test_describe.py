"""Divide's state summaries, as error messages carry them (``DIVIDE.describe``).

The position is the judge's example (:data:`engine.divide.position.EXAMPLE`):
Trump Rank 8 (the 8♣ turned up), five tricks done, seat 1 led 9♠ to the sixth
and seat 2 followed with 6♠; seat 3 is to play.
"""

from __future__ import annotations

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.position import EXAMPLE
from cardlaw.spec.cards import Card
from cardlaw.spec.divide.actions import PLAYS


def test_describe_a_trick_in_progress() -> None:
    state = DIVIDE.position_from_json(EXAMPLE)
    assert DIVIDE.describe(state) == (
        "round 1; tricks; trump rank 8; trick 6; played 9♠ 6♠; seat 3 holds 3♥ J♦ 10♣"
    )
    state = DIVIDE.apply(state, PLAYS[Card("3H")])  # seat 0, the leader's right, plays next
    assert DIVIDE.describe(state) == (
        "round 1; tricks; trump rank 8; trick 6; played 9♠ 6♠ 3♥; seat 0 holds 8♥ 7♥ 4♣"
    )


def test_describe_a_trick_before_its_lead() -> None:
    state = DIVIDE.position_from_json(EXAMPLE)
    for card in ("3H", "4C"):  # 9♠ wins the sixth trick: seat 1 leads the seventh
        state = DIVIDE.apply(state, PLAYS[Card(card)])
    assert DIVIDE.describe(state) == "round 1; tricks; trump rank 8; trick 7; seat 1 holds 10♥ 2♣"
