"""The events a reader of a Divided Ranks record wants, derived from one step.

Who splits first, each round's split and choice, each reserve turn, and at
the end both builds with their categories and the result.

>>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS as GAME
>>> from cardlaw.spec.divided_ranks import FirstSplitter, Take
>>> state = GAME.apply(GAME.new_game(GAME.config()), FirstSplitter(1))
>>> events(GAME.new_game(GAME.config()), FirstSplitter(1), state)
[{'event': 'first-splitter', 'seat': 1}]
>>> state = GAME.apply(state, GAME.chance_outcomes(state).outcome(0))
>>> state = GAME.apply(state, GAME.legal_actions(state)[0])
>>> after = GAME.apply(state, Take(face_up=False))
>>> events(state, Take(face_up=False), after)[0]["took"]
'face-down'
"""

from __future__ import annotations

from cardlaw.engine.api import JSON, Event
from cardlaw.engine.divided_ranks.scoring import result
from cardlaw.spec.cards import ALL_CARDS, CardSet
from cardlaw.spec.divided_ranks.actions import (
    Action,
    Build,
    FirstSplitter,
    ReserveFirst,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.state import DividedRanksResult, DividedRanksState, Stage

__all__ = ["events", "result", "result_to_json"]


def result_to_json(res: DividedRanksResult) -> dict[str, JSON]:
    """A result as JSON.

    >>> from cardlaw.spec.cards import CardSet
    >>> from cardlaw.spec.divided_ranks import Category, DividedRanksResult
    >>> h = CardSet("AS AH AD KS KH")
    >>> result_to_json(DividedRanksResult(winner=None, decided_by="draw", weaker=(h, h),
    ...     stronger=(h, h), categories=((Category.FULL_HOUSE,) * 2,) * 2))["winners"]
    []
    """
    return {
        "winner": res.winner,
        "winners": [] if res.winner is None else [res.winner],
        "decided_by": res.decided_by,
        "hands": [
            {
                "weaker": str(res.weaker[p]),
                "weaker_category": res.categories[p][0].label,
                "stronger": str(res.stronger[p]),
                "stronger_category": res.categories[p][1].label,
            }
            for p in (0, 1)
        ],
    }


def events(before: DividedRanksState, action: Action, after: DividedRanksState) -> list[Event]:
    """The events of one step, in order."""
    if isinstance(action, FirstSplitter):
        return [{"event": "first-splitter", "seat": action.seat}]
    if isinstance(action, ReserveFirst):
        return [{"event": "reserve-first", "seat": action.seat}]
    if isinstance(action, Take):
        splitter, up, down, took_up = after.rounds[-1]
        return [
            {
                "event": "round",
                "round": len(after.rounds),
                "splitter": splitter,
                "chooser": 1 - splitter,
                "took": "face-up" if took_up else "face-down",
                "face_up": str(CardSet(up)),
                "face_down": str(CardSet(down)),
            }
        ]
    if isinstance(action, Swap):
        _, given, taken = after.swaps[-1]
        return [
            {
                "event": "reserve",
                "seat": before.actor,
                "swapped": True,
                "gave": str(ALL_CARDS[given]),
                "took": str(ALL_CARDS[taken]),
            }
        ]
    if not isinstance(action, Build):
        if before.stage == Stage.RESERVE:
            return [{"event": "reserve", "seat": before.actor, "swapped": False}]
        return []
    final = result(after)
    if final is None:
        return []
    return [{"event": "game-end", **result_to_json(final)}]
