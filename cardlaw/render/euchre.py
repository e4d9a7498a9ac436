"""A readable log of a Euchre game, derived from its replay.

Every line is computed from the states and events of the replay: each deal
and up-card, the bids, the dealer's exchange, every trick with its winner,
each hand's score, and the final result.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardlaw.engine.api import Event
from cardlaw.render.common import Players, seat, step_log
from cardlaw.render.markup import card_markup, cards_markup
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.euchre.actions import (
    Action,
    ChooseDealer,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Shuffle,
)
from cardlaw.spec.euchre.constants import PLAYERS
from cardlaw.spec.euchre.invariants import trick_seats
from cardlaw.spec.euchre.state import EuchreState, sitting_out

__all__ = ["log_lines", "team_name"]


def team_name(team: int) -> str:
    """How a team is written: ``team 0 (seats 0 & 2)``.

    >>> team_name(1)
    'team 1 (seats 1 & 3)'
    """
    return f"team {team} (seats {team} & {team + 2})"


def _suit(suit: int) -> str:
    symbol = Suit(suit).symbol
    return f"[red]{symbol}[/red]" if Suit(suit).red else symbol


def _action_lines(
    before: EuchreState, action: Action, after: EuchreState, players: Players
) -> Iterator[str]:
    p = before.actor
    if isinstance(action, Shuffle):
        yield ""
        yield (
            f"[bold]Hand {after.deal}[/bold] · dealer {seat(after.dealer)} · "
            f"score {after.scores[0]}–{after.scores[1]}"
        )
        for q in range(PLAYERS):
            yield f"    {seat(q, players)}: {cards_markup(CardSet(after.hands[q]))}"
        yield f"  Up-card: {card_markup(Card(after.upcard))}"
    elif isinstance(action, Pass):
        yield f"    {seat(p)} passes"
    elif isinstance(action, OrderUp):
        verb = "picks up" if p == before.dealer else "orders up"
        alone = " and goes alone" if action.alone else ""
        yield f"    {seat(p)} {verb} {card_markup(Card(before.upcard))}{alone}"
    elif isinstance(action, NameTrump):
        alone = " and goes alone" if action.alone else ""
        yield f"    {seat(p)} names {_suit(action.suit)}{alone}"
    elif isinstance(action, Discard):
        yield (
            f"    dealer {seat(p)} takes {card_markup(Card(before.upcard))} and discards "
            f"{card_markup(action.card)}"
        )


def _event_lines(event: Event, after: EuchreState) -> Iterator[str]:
    kind = event["event"]
    if kind == "bid":
        alone = f", {seat(event['maker'])} alone" if event["alone"] else ""
        yield (
            f"  Trump {_suit(Suit.parse(event['trump']))} — makers {team_name(event['makers'])}"
            f"{alone}"
        )
    elif kind == "thrown-in":
        yield "  Everybody passed twice: the hand is thrown in"
    elif kind == "trick":
        seats = trick_seats(event["leader"], len(event["cards"]), sitting_out(after))
        plays = ", ".join(
            f"{who}:{card_markup(Card(c))}" for who, c in zip(seats, event["cards"], strict=True)
        )
        leader, winner = seat(event["leader"]), seat(event["winner"])
        yield f"    {event['trick']}. {leader} leads — {plays} → {winner} wins"
    elif kind == "hand-end":
        makers = event["makers"]
        won = event["won"][makers]
        yield (
            f"  Makers {team_name(makers)} took {won} trick{'' if won == 1 else 's'}: "
            f"{team_name(event['team'])} scores {event['points']} — "
            f"score {event['scores'][0]}–{event['scores'][1]}"
        )
    elif kind == "game-end":
        scores = event["scores"]
        yield ""
        yield (
            f"[bold]{team_name(event['winner'])} wins[/bold] "
            f"{scores[event['winner']]}–{scores[1 - event['winner']]}"
        )


log_lines = step_log(ChooseDealer, "First dealer", _action_lines, _event_lines)
"""The lines of a game's log, in rich markup."""
