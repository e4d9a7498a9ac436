"""A readable log of a Divided Ranks game, derived from its replay.

Every line is computed from the states and events of the replay: who splits
first, the reserve (face down), each round's split and choice, the holdings
after the draft, the reserve turns, both builds with their categories, and
the result with the scoring step that decided it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardlaw.engine.divided_ranks.evaluate import describe_hand
from cardlaw.engine.divided_ranks.scoring import result
from cardlaw.render.common import Events, Players, chosen, seat
from cardlaw.render.markup import card_markup, cards_markup
from cardlaw.spec.cards import ALL_CARDS, CardSet
from cardlaw.spec.divided_ranks.actions import (
    Action,
    Build,
    FirstSplitter,
    Keep,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.state import DividedRanksResult, DividedRanksState, Stage

__all__ = ["DECIDED_BY", "log_lines"]

DECIDED_BY = {
    "weaker-category": "the categories of the weaker hands",
    "stronger-category": "the categories of the stronger hands",
    "weaker-hand": "the weaker hands, card for card",
    "stronger-hand": "the stronger hands, card for card",
    "draw": "nothing: every step is equal, the game is drawn",
}


def log_lines(
    states: Sequence[DividedRanksState],
    actions: Sequence[Action],
    events: Events,
    players: Players = None,
) -> Iterator[str]:
    """The lines of the log, in rich markup."""
    for before, action, after in zip(states, actions, states[1:], strict=False):
        if isinstance(action, FirstSplitter):
            yield chosen("First splitter", action.seat, players)
        elif isinstance(action, Shuffle):
            yield f"Shuffle: the reserve is dealt face down ({card_markup(action.order[0])})"
            yield "[bold]The draft[/bold]"
        elif isinstance(action, Split):
            yield (
                f"  Round {len(before.rounds) + 1}: seat {before.actor} splits — face up "
                f"{cards_markup(action.up)}, face down {cards_markup(action.down)}"
            )
        elif isinstance(action, Take):
            which = "face-up" if action.face_up else "face-down"
            yield f"    seat {before.actor} takes the {which} pair"
            if after.stage in (Stage.RESERVE, Stage.RESERVE_ORDER):
                yield "[bold]After the draft[/bold]"
                for p in (0, 1):
                    splits = sum(1 for r in after.rounds if r[0] == p)
                    yield (
                        f"  {seat(p, players)}: {cards_markup(CardSet(after.hands[p]))} "
                        f"(split {splits} rounds)"
                    )
                if after.stage == Stage.RESERVE:
                    yield "[bold]The reserve[/bold]"
        elif isinstance(action, ReserveFirst):
            yield f"Reserve order: {seat(action.seat, players)} goes first (coin flip)"
            yield "[bold]The reserve[/bold]"
        elif isinstance(action, Swap):
            how = "face up" if before.config.swap == "face-up" else "blind"
            yield (
                f"  seat {before.actor} swaps {card_markup(action.card)} for the reserve "
                f"({how}) and takes {card_markup(ALL_CARDS[before.reserve])}"
            )
        elif isinstance(action, Keep):
            yield f"  seat {before.actor} keeps its hand"
        elif isinstance(action, Build):
            if before.builds == ((0, 0), (0, 0)):
                yield "[bold]The builds[/bold]"
            yield f"  seat {before.actor} builds in secret"
            final = result(after)
            if final is not None:
                yield from _showdown(final, players)


def _showdown(final: DividedRanksResult, players: Sequence[str] | None) -> Iterator[str]:
    yield "[bold]Showdown[/bold]"
    for p in (0, 1):
        yield f"  {seat(p, players)}"
        yield (
            f"    weaker:   {cards_markup(final.weaker[p])} — {describe_hand(final.weaker[p].mask)}"
        )
        yield (
            f"    stronger: {cards_markup(final.stronger[p])} — "
            f"{describe_hand(final.stronger[p].mask)}"
        )
    if final.winner is None:
        yield "[bold]Draw[/bold]"
    else:
        yield f"[bold]{seat(final.winner, players)} wins[/bold]"
    yield f"Decided by {DECIDED_BY[final.decided_by]}."
