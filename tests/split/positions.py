"""Hand-made Split positions for the tests: a table in the middle of a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK, mask_of
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.state import End, SplitState, Stage, initial_state

COOPERATIVE: dict[str, Any] = {
    "mode": "cooperative",
    "players": 3,
    "piles": [30, 60],
    "hands": [[12, 88], [45, 72], [5, 35, 95]],
    "to_move": 0,
    "aids": [100],
}
"""A cooperative turn: seat 0 can play no card; the 100 is still beside the table."""

SOLVABLE: tuple[str, ...] = (
    "ask",
    "split",
    "solve",
    "--hand",
    "45",
    "--hand",
    "33 52",
    "--hand",
    "48",
    "--piles",
    "20",
    "80",
    "--middle",
    "60",
    "--to-move",
    "1",
    "--aids",
    "none",
)
"""``cardlaw ask split solve`` of three hands the table can win from (piles 20 and 80, 60 in
the middle, seat 1 to move, no aids)."""


def table(
    hands: Sequence[Sequence[int]],
    left: int,
    right: int,
    *,
    middle: int = -1,
    actor: int = 0,
    draw: Sequence[int] | None = None,
    under: Sequence[int] = (),
    direction: int = 1,
    turn: int = 5,
    config: SplitConfig | None = None,
) -> SplitState:
    """A competitive (or given-config) position with two piles on the table.

    Cards named nowhere go to the draw pile (ascending) when ``draw`` is not
    given, otherwise to the discard pile; ``under`` lies under the piles.
    """
    config = config or SplitConfig(players=len(hands))
    masks = tuple(mask_of(hand) for hand in hands)
    start = initial_state(config)
    on_table = mask_of([left, right, *([middle] if middle >= 0 else []), *under])
    named = on_table | mask_of(draw or ())
    for mask in masks:
        named |= mask
    if on_table.bit_count() == 2 and not (
        left < right and STANDARD_MASK >> left & 1 and STANDARD_MASK >> right & 1
    ):
        # Not a fresh opening: some card was played onto these piles; put one spent card under.
        spent = next(c for c in range(101) if not named >> c & 1 and not start.aside >> c & 1)
        on_table |= 1 << spent
    used = 0
    for mask in (*masks, on_table, start.aside & ~on_table):
        used |= mask
    if draw is None:
        draw = [c for c in range(101) if not (used >> c & 1)]
        discard = 0
    else:
        used |= mask_of(draw)
        discard = DECK_MASK & ~used
    state = start._replace(
        stage=Stage.MOVE if middle >= 0 else Stage.PLAY,
        dealer=(actor - 1) % config.players,
        actor=actor,
        opener=(actor - 1) % config.players,
        direction=direction,
        hands=masks,
        draw=tuple(draw),
        discard=discard,
        table=on_table,
        left=left,
        right=right,
        middle=middle,
        aside=start.aside & ~on_table,
        turn=turn,
        end=End.NONE,
    )
    problems = SPLIT.violations(state)
    assert not problems, problems
    return state


def texts(state: SplitState) -> list[str]:
    """The record notation of every legal action."""
    return [action.text for action in SPLIT.legal_actions(state)]
