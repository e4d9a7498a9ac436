"""A readable log of a Divide game, derived from its replay.

Every line is computed from the states and events of the replay: the deal,
each player's choices in the Great Divide, the Trump Rank, every trick with
its winner and token, the round scores, the final standings and what
decided the winner.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardlaw.engine.api import Event
from cardlaw.engine.divide.exchange import offer_being_resolved
from cardlaw.render.common import Players, seat, step_log
from cardlaw.render.markup import card_markup, cards_markup
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divide.actions import (
    Action,
    ChooseDealer,
    Keep,
    Offer,
    Reveal,
    Secure,
    Shuffle,
    Split,
)
from cardlaw.spec.divide.state import DivideState, Stage

__all__ = ["DECIDED_BY", "log_lines"]

DECIDED_BY = {
    "score": "the highest total",
    "bonus-tokens": "the first tiebreaker: most bonus tokens in the last round",
    "eighth-trick": "the second tiebreaker: the highest card in the last trick",
    "shared": "no tiebreaker: the victory is shared",
}


def _action_lines(
    before: DivideState, action: Action, after: DivideState, players: Players
) -> Iterator[str]:
    n = before.players
    if isinstance(action, Shuffle):
        first = (after.dealer + 1) % n
        yield ""
        yield (
            f"[bold]Round {after.round + 1}[/bold] · dealer {seat(after.dealer)} · "
            f"first player {seat(first)}"
        )
        yield "  Deal"
        for p in range(n):
            yield f"    {seat(p, players)}: {cards_markup(CardSet(after.hands[p]))}"
        yield "  The Great Divide"
    elif isinstance(action, Offer):
        yield f"    {seat(before.actor)} offers {card_markup(action.card)} face down"
    elif isinstance(action, Secure):
        yield f"    {seat(before.actor)} secures {cards_markup(action.cards)}"
    elif isinstance(action, Split):
        p = before.actor
        yield (
            f"    {seat(p)} offers {cards_markup(action.left)} to {seat((p + 1) % n)} "
            f"(left) and {cards_markup(action.right)} to {seat((p - 1) % n)} (right)"
        )
    elif isinstance(action, Keep):
        p = before.actor
        offer, is_left = offer_being_resolved(before)
        source = (p + 1) % n if is_left else (p - 1) % n
        back = CardSet(offer) - action.cards
        yield (
            f"    {seat(p)} keeps {cards_markup(action.cards)} from {seat(source)}'s "
            f"offer and returns {cards_markup(back)}"
        )
        if after.stage == Stage.REVEAL:
            yield "  Round hands"
            for q in range(n):
                yield f"    {seat(q)}: {cards_markup(CardSet(after.hands[q]))}"
    elif isinstance(action, Reveal):
        owner = before.offerings.index(int(action.card))
        yield (
            f"  Trump Rank: [bold]{action.card.rank.label}[/bold] ({seat(owner)}'s "
            f"offering {card_markup(action.card)} turned up)"
        )
        yield "  Tricks"


def _event_lines(event: Event, after: DivideState) -> Iterator[str]:
    n = after.players
    kind = event["event"]
    if kind == "trick":
        leader = event["leader"]
        plays = ", ".join(
            f"{(leader + i) % n}:{card_markup(Card(c))}" for i, c in enumerate(event["cards"])
        )
        token = "bonus token" if event["token"] == "bonus" else "suit token"
        yield (
            f"    {event['trick']}. {seat(leader)} leads — {plays} → {seat(event['winner'])} "
            f"wins with {card_markup(Card(event['card']))}: {token}, "
            f"+{event['points']}"
        )
    elif kind == "round-end":
        scores = "  ".join(f"{p}: {s}" for p, s in enumerate(event["scores"]))
        totals = "  ".join(f"{p}: {s}" for p, s in enumerate(event["totals"]))
        yield f"  Round {event['round']} scores — {scores}"
        yield f"  Totals — {totals}"
    elif kind == "game-end":
        yield ""
        yield "[bold]Final standings[/bold]"
        order = sorted(range(n), key=lambda p: (p not in event["winners"], -event["totals"][p]))
        for place, p in enumerate(order, start=1):
            mark = "  [bold green]winner[/bold green]" if p in event["winners"] else ""
            yield f"  {place}. {seat(p)} — {event['totals'][p]} points{mark}"
        yield f"Decided by {DECIDED_BY[event['decided_by']]}."


log_lines = step_log(ChooseDealer, "First dealer", _action_lines, _event_lines)
"""The lines of a game's log, in rich markup."""
