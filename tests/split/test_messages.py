"""Split's refusals, word for word: the message and the clause of each illegal move.

The command line prints both, so both are part of the rules' behaviour.  The
positions are the judge's example (:data:`engine.split.spot.EXAMPLE`: piles
33 | 71, 52 in the middle, seat 1 to move, holding 5 47 66 90) in either
mode.  Through the Game API a stage only ever sees its own actions; the turn
functions of :mod:`engine.split.turn` and :mod:`engine.split.opening` guard
their own stage as well, for callers that use them directly.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardlaw.engine.split import opening, turn
from cardlaw.engine.split.game import SPLIT
from cardlaw.engine.split.spot import EXAMPLE
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import RESET, Aid, Move, Play
from cardlaw.spec.split.state import SplitState, Stage
from tests.games import random_walk

COOPERATIVE: dict[str, Any] = {
    **{key: value for key, value in EXAMPLE.items() if key != "draw"},
    "mode": "cooperative",
}


def refusal(call: Any) -> tuple[str, str]:
    """(message, clause) of the :class:`IllegalAction` ``call()`` raises."""
    with pytest.raises(IllegalAction) as caught:
        call()
    return str(caught.value), caught.value.clause


def competitive() -> SplitState:
    """The example: seat 1 must first move the 52 onto a pile."""
    return SPLIT.position_from_json(EXAMPLE)


def cooperative(**changes: Any) -> SplitState:
    return SPLIT.position_from_json({**COOPERATIVE, **changes})


def test_the_middle_card_comes_first() -> None:
    state = competitive()
    assert state.stage == Stage.MOVE
    expected = (
        "the middle card 52 must be moved onto a pile first [split.turn.move-middle]",
        "split.turn.move-middle",
    )
    assert refusal(lambda: turn.apply_play(state, Play(66))) == expected
    assert refusal(lambda: turn.apply_aid(cooperative(), Aid(0))) == expected


def test_a_move_needs_a_middle_card_and_a_pile() -> None:
    state = competitive()
    nowhere = Move("up")  # type: ignore[arg-type]  # a side that does not exist
    assert refusal(lambda: SPLIT.apply(state, nowhere)) == (
        "there is no 'up' pile [split.turn.move-middle]",
        "split.turn.move-middle",
    )
    moved = SPLIT.apply(state, Move("left"))
    assert refusal(lambda: turn.apply_move(moved, Move("left"))) == (
        "there is no card in the middle to move [split.turn.move-middle]",
        "split.turn.move-middle",
    )


def test_a_card_must_fit_between_the_piles() -> None:
    moved = SPLIT.apply(competitive(), Move("left"))  # piles 52 | 71
    assert refusal(lambda: SPLIT.apply(moved, Play(47))) == (
        "47 is not between the piles 52 and 71 [split.turn.play-between]",
        "split.turn.play-between",
    )
    assert refusal(lambda: SPLIT.apply(moved, Play(48))) == (
        "48 is not in seat 1's hand [split.turn.play-between]",
        "split.turn.play-between",
    )


def test_aids_belong_to_the_cooperative_game() -> None:
    moved = SPLIT.apply(competitive(), Move("left"))
    assert refusal(lambda: SPLIT.apply(moved, Aid(0))) == (
        "aids belong to the cooperative game [split.coop.aid-use]",
        "split.coop.aid-use",
    )
    only_100 = SPLIT.apply(cooperative(aids=[100]), Move("left"))
    assert refusal(lambda: SPLIT.apply(only_100, Aid(0))) == (
        "the 0 is not available as an aid [split.coop.aid-use]",
        "split.coop.aid-use",
    )


def test_a_cooperative_reset_only_when_nothing_can_be_played() -> None:
    state = cooperative()
    expected = (
        "in cooperative play a reset comes only when nothing can be played"
        " [split.ruling.coop-no-chosen-reset]",
        "split.ruling.coop-no-chosen-reset",
    )
    assert refusal(lambda: SPLIT.apply(state, RESET)) == expected  # before the move
    moved = SPLIT.apply(state, Move("left"))  # 66 and 90 fit between 52 and 71
    assert refusal(lambda: SPLIT.apply(moved, RESET)) == expected


def test_nobody_resets_a_finished_game() -> None:
    *_, (finished, last) = random_walk(SPLIT, SPLIT.config(), 0)
    assert last is None and finished.stage == Stage.OVER
    assert refusal(lambda: opening.apply_reset(finished)) == (
        "nobody may reset now [split.ruling.reset-timing]",
        "split.ruling.reset-timing",
    )
    assert refusal(lambda: SPLIT.apply(finished, RESET)) == (
        "the game is over; 'reset' cannot be played [split.turn.order]",
        "split.turn.order",
    )
