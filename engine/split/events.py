"""The events a reader of a Split record wants, derived from one step.

Events are read off the states before and after an action: the dealer, the
deal, every opening of piles, reversals, resets (and whether they were
forced), reshuffles and the end of the game.
"""

from __future__ import annotations

from cardlaw.engine.api import Event
from cardlaw.engine.split.turn import can_play
from cardlaw.spec.split.actions import Action, Aid, ChooseDealer, Play, Reset, Reshuffle, Shuffle
from cardlaw.spec.split.state import End, Outcome, Reason, SplitResult, SplitState, Stage

__all__ = ["events", "fresh_opening", "result", "result_to_json"]

_ENDS: dict[End, tuple[Outcome, Reason]] = {
    End.WIN: ("win", "emptied-hand"),
    End.GROUP_WIN: ("win", "all-hands-empty"),
    End.GROUP_LOSS: ("loss", "reset"),
    End.TURN_LIMIT: ("draw", "turn-limit"),
    End.BLOCKED: ("draw", "blocked"),
}


def result(state: SplitState) -> SplitResult | None:
    """The outcome of a finished game; ``None`` before the end.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage, End
    >>> over = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.OVER, end=End.WIN, winner=1, turn=40)
    >>> result(over).winners, result(over).reason
    ((1,), 'emptied-hand')
    """
    if state.stage != Stage.OVER:
        return None
    outcome, reason = _ENDS[state.end]
    if state.end == End.WIN:
        winners: tuple[int, ...] = (state.winner,)
    elif state.end == End.GROUP_WIN:
        winners = tuple(range(state.players))
    else:
        winners = ()
    return SplitResult(
        mode=state.config.mode, outcome=outcome, winners=winners, reason=reason, turns=state.turn
    )


def result_to_json(res: SplitResult) -> dict[str, object]:
    """A result as JSON.

    >>> from cardlaw.spec.split import SplitConfig, initial_state, Stage, End
    >>> over = initial_state(SplitConfig(players=2))._replace(
    ...     stage=Stage.OVER, end=End.WIN, winner=1, turn=40)
    >>> result_to_json(result(over))
    {'mode': 'competitive', 'outcome': 'win', 'winners': [1], 'reason': 'emptied-hand', 'turns': 40}
    """
    return {
        "mode": res.mode,
        "outcome": res.outcome,
        "winners": list(res.winners),
        "reason": res.reason,
        "turns": res.turns,
    }


def fresh_opening(before: SplitState, after: SplitState) -> bool:
    """Whether new piles were opened by this step.

    >>> from cardlaw.spec.split import SplitConfig, initial_state
    >>> before = initial_state(SplitConfig())
    >>> fresh_opening(before, before._replace(table=1 << 5 | 1 << 90, left=5, right=90))
    True
    """
    return (
        after.left >= 0
        and after.middle < 0
        and after.table.bit_count() == 2
        and before.table != after.table
    )


def events(before: SplitState, action: Action, after: SplitState) -> list[Event]:
    """The events of one step, in order.

    >>> from cardlaw.spec.split import ChooseDealer, SplitConfig, initial_state
    >>> before = initial_state(SplitConfig())
    >>> events(before, ChooseDealer(2), before._replace(dealer=2))
    [{'event': 'dealer', 'seat': 2}]
    """
    out: list[Event] = []
    if isinstance(action, ChooseDealer):
        out.append({"event": "dealer", "seat": action.seat})
    elif isinstance(action, Shuffle):
        out.append({"event": "deal", "dealer": after.dealer})
    elif isinstance(action, Reshuffle):
        out.append({"event": "reshuffle", "cards": len(action.order)})
    elif isinstance(action, Reset):
        out.append({"event": "reset", "seat": before.actor, "forced": not can_play(before)})
    elif isinstance(action, Play | Aid) and after.direction != before.direction:
        direction = "clockwise" if after.direction > 0 else "counterclockwise"
        out.append({"event": "reverse", "direction": direction})
    if fresh_opening(before, after):
        out.append(
            {"event": "open", "seat": after.opener, "left": after.left, "right": after.right}
        )
    final = result(after)
    if final is not None:
        out.append({"event": "game-end", **result_to_json(final)})
    return out
