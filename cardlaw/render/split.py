"""A readable log of a Split game, derived from its replay.

Every line is computed from the states and events of the replay: the
dealer, the deal, each opening of piles, every turn (the middle card moved,
the card played, the piles after it), reversals, resets, reshuffles and the
end.  Wild/Reverse cards are marked ``*``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardlaw.engine.api import Event
from cardlaw.render.common import Events, Players, chosen, seat, steps
from cardlaw.spec.split.actions import (
    Action,
    Aid,
    Bury,
    ChooseDealer,
    Move,
    Play,
    Reset,
    Reshuffle,
    Shuffle,
)
from cardlaw.spec.split.cards import NumberCard, NumberSet
from cardlaw.spec.split.state import SplitState

__all__ = ["log_lines"]


def _card(n: int) -> str:
    text = NumberCard(n).pretty
    return f"[bold]{text}[/bold]" if text.endswith("*") else text


def _piles(state: SplitState) -> str:
    return f"[{state.left} | {state.right}]"


def log_lines(
    states: Sequence[SplitState], actions: Sequence[Action], events: Events, players: Players = None
) -> Iterator[str]:
    """The lines of the log, in rich markup."""
    moved = ""
    for before, action, after, evs in steps(states, actions, events):
        n = before.players
        if isinstance(action, ChooseDealer):
            yield chosen("Dealer", action.seat)
        elif isinstance(action, Shuffle):
            yield ""
            mode = "cooperative" if after.config.cooperative else "competitive"
            yield f"[bold]Deal[/bold] · {mode} · draw pile {len(after.draw)} cards"
            if after.config.cooperative:
                aids = NumberSet(after.config.aid_mask).pretty if after.config.aids else "none"
                yield f"  Aids beside the table: {aids}"
            for p in range(n):
                cards = NumberSet(after.hands[p])
                if p == after.opener and after.left >= 0:
                    cards = cards | NumberSet(1 << after.left | 1 << after.right)
                yield f"  {seat(p, players)}: {cards.pretty}"
        elif isinstance(action, Bury):
            yield (
                f"    {seat(before.opener)} puts {_card(action.card)} under the draw pile and draws"
            )
        elif isinstance(action, Reshuffle):
            count = len(action.order)
            yield f"    the discard pile ({count} cards) is shuffled under the draw pile"
        elif isinstance(action, Move):
            moved = f"{_card(before.middle)} → {action.side} {_piles(after)}, "
        elif isinstance(action, Play | Aid):
            what = "plays" if isinstance(action, Play) else "uses the aid"
            left = after.hands[before.actor].bit_count()
            yield (
                f"  {before.turn + 1:4d}. {seat(before.actor)}: {moved}{what} {_card(action.card)}"
                f" ({left} left)"
            )
            moved = ""
        elif isinstance(action, Reset):
            forced = any(e.get("forced") for e in evs if e["event"] == "reset")
            why = "cannot play" if forced else "by choice"
            yield f"  {before.turn + 1:4d}. {seat(before.actor)}: {moved}resets ({why})"
            moved = ""
        for event in evs:
            yield from _event_lines(event, after)


def _event_lines(event: Event, after: SplitState) -> Iterator[str]:
    kind = event["event"]
    if kind == "open":
        hand = after.hands[event["seat"]].bit_count()
        yield (
            f"        {seat(event['seat'])} opens the piles {event['left']} | {event['right']}"
            f" ({hand} cards in hand)"
        )
    elif kind == "reverse":
        yield f"        play reverses: now {event['direction']}"
    elif kind == "game-end":
        yield ""
        sizes = "  ".join(f"{p}: {h.bit_count()}" for p, h in enumerate(after.hands))
        reason = event["reason"]
        if reason == "emptied-hand":
            winner = seat(event["winners"][0]).capitalize()
            yield f"[bold green]{winner} wins[/bold green]: their hand is empty."
        elif reason == "all-hands-empty":
            yield "[bold green]The table wins[/bold green]: every hand is empty."
        elif reason == "reset":
            yield "[bold red]The table loses[/bold red]: a player had to reset."
        elif reason == "turn-limit":
            yield f"[bold]Draw[/bold]: the turn limit ({after.config.max_turns}) was reached."
        else:
            yield "[bold]Draw[/bold]: no standard card was left to open a pile."
        yield f"Turns: {event['turns']} · cards left in hand — {sizes}"
