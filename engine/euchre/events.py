"""The events a reader of a Euchre record wants, derived from one step.

Events are read off the states before and after an action: who dealt and
the up-card, the bid that made trump (maker, trump, alone), a thrown-in
hand, each trick's cards and winner, each hand's score and the end.

>>> from cardlaw.engine.euchre.deal import FIRST_DEALERS
>>> from cardlaw.spec.euchre import EuchreConfig, initial_state
>>> before = initial_state(EuchreConfig())
>>> events(before, FIRST_DEALERS.outcome(1), before._replace(dealer=1))
[{'event': 'first-dealer', 'seat': 1}]
"""

from __future__ import annotations

from cardlaw.engine.api import Event
from cardlaw.engine.euchre.play import trick_winner_seat
from cardlaw.spec.cards import ALL_CARDS, Suit
from cardlaw.spec.euchre.actions import Action, ChooseDealer, DefendAlone, Pass, Play, Shuffle
from cardlaw.spec.euchre.constants import PARTNER, PLAYERS, TEAM_OF
from cardlaw.spec.euchre.state import EuchreResult, EuchreState, Stage
from cardlaw.spec.trace import enforces

__all__ = ["events", "result", "result_to_json"]


@enforces("euchre.ruling.endless-game")
def result(state: EuchreState) -> EuchreResult | None:
    """Scores and winning team of a finished game; ``None`` before the end.

    Only a team's reaching ten points ends a game: however many deals have
    been thrown in, there is no limit and no drawn result.

    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> start = initial_state(EuchreConfig())
    >>> result(start) is None, result(start._replace(stage=Stage.OVER, scores=(7, 11))).winners
    (True, (1, 3))
    """
    if state.stage != Stage.OVER:
        return None
    winner = 0 if state.scores[0] > state.scores[1] else 1
    return EuchreResult(
        scores=state.scores,
        winner=winner,
        winners=tuple(p for p in range(PLAYERS) if TEAM_OF[p] == winner),
    )


def result_to_json(res: EuchreResult) -> dict[str, object]:
    """A result as JSON.

    >>> result_to_json(EuchreResult(scores=(10, 4), winner=0, winners=(0, 2)))
    {'scores': [10, 4], 'winner': 0, 'winners': [0, 2]}
    """
    return {"scores": list(res.scores), "winner": res.winner, "winners": list(res.winners)}


def events(before: EuchreState, action: Action, after: EuchreState) -> list[Event]:
    """The events of one step, in order."""
    if isinstance(action, ChooseDealer):
        return [{"event": "first-dealer", "seat": action.seat}]
    if isinstance(action, Shuffle):
        return [
            {
                "event": "deal",
                "hand": after.deal,
                "dealer": after.dealer,
                "upcard": str(ALL_CARDS[after.upcard]),
            }
        ]
    if after.maker >= 0 and before.maker < 0:
        return [
            {
                "event": "bid",
                "hand": after.deal,
                "round": 1 if before.stage == Stage.ORDER_UP else 2,
                "maker": after.maker,
                "makers": TEAM_OF[after.maker],
                "trump": Suit(after.trump).letter,
                "alone": after.alone,
            }
        ]
    if isinstance(action, DefendAlone):
        return [
            {
                "event": "defend-alone",
                "hand": after.deal,
                "defender": after.defender,
                "sits_out": PARTNER[after.defender],
            }
        ]
    if isinstance(action, Pass):
        if len(after.results) > len(before.results):
            return [
                {
                    "event": "thrown-in",
                    "hand": after.deal,
                    "next_dealer": (after.dealer + 1) % PLAYERS,
                }
            ]
        return []
    if not isinstance(action, Play) or len(after.tricks) == len(before.tricks):
        return []
    return _trick_events(before, after)


def _trick_events(before: EuchreState, after: EuchreState) -> list[Event]:
    """The events of a play that completes a trick: the trick, and a hand's or game's end."""
    leader, cards = after.tricks[-1]
    winner = trick_winner_seat(after, leader, cards)
    out: list[Event] = [
        {
            "event": "trick",
            "hand": after.deal,
            "trick": len(after.tricks),
            "leader": leader,
            "cards": [str(ALL_CARDS[c]) for c in cards],
            "winner": winner,
        }
    ]
    if len(after.results) > len(before.results):
        team, points = after.results[-1]
        out.append(
            {
                "event": "hand-end",
                "hand": after.deal,
                "makers": TEAM_OF[after.maker],
                "alone": after.alone,
                "won": list(after.won),
                "team": team,
                "points": points,
                "scores": list(after.scores),
            }
        )
    final = result(after)
    if final is not None:
        out.append({"event": "game-end", **result_to_json(final)})
    return out
