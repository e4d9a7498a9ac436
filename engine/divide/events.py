"""The events a reader of a Divide record wants, derived from one step.

Events are read off the states before and after an action: who dealt, the
Trump Rank, each trick's cards, winner and token, round scores and the end.
"""

from __future__ import annotations

from cardlaw.engine.api import Event
from cardlaw.engine.divide.scoring import decide_winner
from cardlaw.engine.divide.tricks import trick_winner
from cardlaw.spec.cards import ALL_CARDS
from cardlaw.spec.divide.actions import Action, ChooseDealer, Play, Reveal, Shuffle
from cardlaw.spec.divide.state import DivideResult, DivideState, Stage

__all__ = ["events", "result", "result_to_json"]


def result(state: DivideState) -> DivideResult | None:
    """Totals and winner of a finished game; ``None`` before the end."""
    if state.stage != Stage.OVER:
        return None
    n = state.players
    totals = tuple(sum(row[p] for row in state.scores) for p in range(n))
    leader, cards = state.tricks[-1]
    eighth = tuple(cards[(p - leader) % n] for p in range(n))
    winners, decided_by, tied = decide_winner(totals, state.bonus_taken, eighth)
    return DivideResult(totals=totals, winners=winners, decided_by=decided_by, tied=tied)


def result_to_json(res: DivideResult) -> dict[str, object]:
    """A result as JSON."""
    return {
        "totals": list(res.totals),
        "winners": list(res.winners),
        "decided_by": res.decided_by,
        "tied": list(res.tied),
    }


def events(before: DivideState, action: Action, after: DivideState) -> list[Event]:
    """The events of one step, in order."""
    if isinstance(action, ChooseDealer):
        return [{"event": "first-dealer", "seat": action.seat}]
    if isinstance(action, Shuffle):
        return [{"event": "deal", "round": after.round + 1, "dealer": after.dealer}]
    if isinstance(action, Reveal):
        return [{"event": "trump", "card": str(action.card), "rank": action.card.rank.label}]
    if not isinstance(action, Play) or len(after.tricks) == len(before.tricks):
        return []
    leader, cards = after.tricks[-1]
    n = before.players
    rules = before.config.rules
    winner = (leader + trick_winner(cards, after.trump >> 2)) % n
    if after.taken[winner] > before.taken[winner]:
        token, points = "suit", rules.suit_points
    elif after.bonus_taken[winner] > before.bonus_taken[winner]:
        token, points = "bonus", rules.bonus_points
    else:  # an empty bonus supply, under a changed supply [divide.ruling.bonus-supply]
        token, points = "none", 0
    out: list[Event] = [
        {
            "event": "trick",
            "round": before.round + 1,
            "trick": len(after.tricks),
            "leader": leader,
            "cards": [str(ALL_CARDS[c]) for c in cards],
            "winner": winner,
            "card": str(ALL_CARDS[cards[(winner - leader) % n]]),
            "token": token,
            "points": points,
        }
    ]
    if len(after.scores) > len(before.scores):
        totals = [sum(row[p] for row in after.scores) for p in range(n)]
        out.append(
            {
                "event": "round-end",
                "round": before.round + 1,
                "scores": list(after.scores[-1]),
                "totals": totals,
            }
        )
    final = result(after)
    if final is not None:
        out.append({"event": "game-end", **result_to_json(final)})
    return out
