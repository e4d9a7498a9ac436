"""Euchre's state summaries, as error messages carry them (``EUCHRE.describe``)."""

from __future__ import annotations

from engine.euchre.deal import SHUFFLES
from engine.euchre.game import EUCHRE
from engine.euchre.position import EXAMPLE
from spec.euchre import ChooseDealer


def test_describe_a_trick_in_progress() -> None:
    """The judge's example: Spades trump, two tricks done, three cards of the third down."""
    state = EUCHRE.position_from_json(EXAMPLE)
    assert EUCHRE.describe(state) == (
        "hand 1; tricks; trump ♠; trick 3; played K♠ 10♦ J♠; seat 2 holds K♦ J♦ J♣; score 0-0"
    )


def test_describe_the_bidding() -> None:
    start = EUCHRE.new_game(EUCHRE.config())
    assert EUCHRE.describe(start) == "hand 0; first dealer; score 0-0"
    state = EUCHRE.apply(start, ChooseDealer(3))
    assert EUCHRE.describe(state) == "hand 0; deal; score 0-0"
    state = EUCHRE.apply(state, SHUFFLES.outcome(0))
    assert EUCHRE.describe(state) == (
        "hand 1; order up; up-card A♣; seat 0 holds 9♥ Q♦ 9♦ Q♣ 9♣; score 0-0"
    )
    ordered = EUCHRE.apply(state, EUCHRE.parse_action("order"))  # the dealer picks up the A♣
    assert EUCHRE.describe(ordered) == (
        "hand 1; discard; trump ♣; seat 3 holds K♠ J♠ K♥ J♥ J♦ A♣; score 0-0"
    )
