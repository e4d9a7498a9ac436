"""Split's worked examples: a wild card that reverses play, a reset, a cooperative win with an aid.

Each comes from a seeded game of the game's own bots and checks what it tells.
"""

from __future__ import annotations

import cardlaw_stories_common
from cardlaw_stories_common import Step, Story, StoryError, expect, piles, seeded

from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.split.actions import Aid, Move, Play, Reset
from cardlaw.spec.split.cards import NumberSet, is_wild
from cardlaw.spec.split.state import SplitState

__all__ = ["NAMES", "STORIES"]


def card(n: int) -> str:
    """A Split card pictured inline."""
    return cardlaw_stories_common.card(n, numbers=True)


def hand(ns: list[int], label: str) -> list[str]:
    """Split cards in a row."""
    return cardlaw_stories_common.hand(ns, label, numbers=True)


NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
"""The players by seat, clockwise."""

SEED = 1
"""A competitive game of four bots: a wild card on turn 11, then a reset."""

COOPERATIVE_SEED = 38
"""A cooperative game of four bots, with the 0 and the 100 set aside, that the table wins."""


def _hand(state: SplitState, seat: int) -> list[int]:
    return list(NumberSet(state.hands[seat]))


def _turn(steps: list[Step], i: int) -> tuple[str, int]:
    """The sentence of the turn whose move or play is ``steps[i]``, and the next step."""
    s = steps[i]
    who = NAMES[s.before.actor]
    moved = ""
    if isinstance(s.action, Move):
        moved = f"moves {card(s.before.middle)} onto the {s.action.side} pile, then "
        i += 1
        s = steps[i]
    if isinstance(s.action, Play | Aid):
        how = "plays" if isinstance(s.action, Play) else "takes the set-aside card and plays"
        return f"{who} {moved}{how} {card(s.action.card)}.", i + 1
    if isinstance(s.action, Reset):
        return f"{who} {moved}resets.", i + 1
    raise AssertionError(f"not a turn: {s.action}")


def wild_card() -> list[str]:
    """A turn with a Wild/Reverse card: play reverses, the player on the right places it."""
    steps = seeded("split", SEED)
    i = next(
        k for k, s in enumerate(steps) if isinstance(s.action, Play) and is_wild(s.action.card)
    )
    s = steps[i]
    expect(any(e["event"] == "reverse" for e in s.events), "the wild card to reverse play")
    nxt = steps[i + 1]
    expect(isinstance(nxt.action, Move), "the next player to move the wild card")
    right = (s.before.actor - 1) % s.before.players
    expect(nxt.before.actor == right, "the player to the right to move next")
    after_move = steps[i + 2]
    lines = [
        f"The piles are {card(s.before.left)} and {card(s.before.right)}. A card may be played "
        "between them, or a Wild/Reverse card anywhere.",
        "",
        *piles(s.before.left, s.before.right),
        f"{NAMES[s.before.actor]} plays the Wild card {card(s.action.card)}. It reverses the "
        f"direction of play: the next player is {NAMES[right]}, on "
        f"{NAMES[s.before.actor]}'s right, not the left.",
        "",
        *piles(s.after.left, s.after.right, s.after.middle),
    ]
    sentence, _ = _turn(steps, i + 1)
    lines += [
        f"{NAMES[right]} chooses the side for the wild card, and its number becomes that "
        f"pile's number. {sentence}",
        "",
        *piles(after_move.after.left, after_move.after.right, after_move.after.middle),
    ]
    return lines


def a_reset() -> list[str]:
    """A player who resets: the table is discarded, three cards drawn, the piles opened again."""
    steps = seeded("split", SEED)
    i = next(k for k, s in enumerate(steps) if isinstance(s.action, Reset))
    s = steps[i]
    p = s.before.actor
    forced = any(e.get("forced") for e in s.events if e["event"] == "reset")
    opened = next((e for e in s.events if e["event"] == "open"), None)
    if opened is None or opened["seat"] != p:
        raise StoryError("the story expected the resetting player to open new piles")
    before = _hand(s.before, p)
    lines = [
        f"The piles are {card(s.before.left)} and {card(s.before.right)}"
        + (f", with {card(s.before.middle)} between them" if s.before.middle >= 0 else "")
        + f". {NAMES[p]} holds:",
        "",
        *hand(before, NAMES[p]),
        (
            f"{NAMES[p]} has no card between the piles and no Wild card to play, so "
            f"{NAMES[p]} must reset."
            if forced
            else f"{NAMES[p]} chooses to reset."
        ),
        "",
        f"The cards on the table go to the discard pile, {NAMES[p]} draws three cards, and "
        f"opens two new piles with the highest and the lowest standard cards in hand: "
        f"{card(opened['left'])} and {card(opened['right'])}.",
        "",
        *piles(s.after.left, s.after.right),
        *hand(_hand(s.after, p), f"{NAMES[p]} now"),
        f"{NAMES[p]} started the turn with {len(before)} cards and ends it with "
        f"{len(_hand(s.after, p))}: one more, but rid of a very high and a very low card.",
        "",
    ]
    return lines


def cooperative_win() -> list[str]:
    """The last turns of a cooperative deal that the table wins, with the 0 or the 100."""
    config = SPLIT.config(mode="cooperative", aids=(0, 100))
    steps = seeded("split", COOPERATIVE_SEED, config=config)
    end = next(e for s in steps for e in s.events if e["event"] == "game-end")
    expect(end["reason"] == "all-hands-empty", "every hand emptied")
    aid = next(k for k, s in enumerate(steps) if isinstance(s.action, Aid))
    start = aid - 1 if isinstance(steps[aid - 1].action, Move) else aid
    s = steps[start]
    lines = [
        "Four play together. The 0 and the 100 lie face up beside the table: once in the deal, "
        "instead of a card from hand, a player may play one of them.",
        "",
        *piles(s.before.left, s.before.right, s.before.middle if s.before.middle >= 0 else None),
    ]
    for q in range(config.players):
        if s.before.hands[q]:
            lines += hand(_hand(s.before, q), NAMES[q])
    i = start
    while i < len(steps) and not isinstance(steps[i].action, Move | Play | Aid | Reset):
        i += 1
    told = []
    while i < len(steps):
        if not isinstance(steps[i].action, Move | Play | Aid | Reset):
            i += 1
            continue
        sentence, i = _turn(steps, i)
        told.append(f"* {sentence}")
    expect(any("set-aside" in t for t in told), "the 0 or the 100 played")
    final = steps[-1].after
    expect(all(h == 0 for h in final.hands), "every hand empty")
    lines += [
        *told,
        "",
        "Every hand is empty before anyone had to reset: the whole table wins.",
        "",
    ]
    return lines


STORIES = {
    "wild": Story("A turn with a Wild card and a reversal", wild_card),
    "reset": Story("A reset", a_reset),
    "cooperative": Story("A cooperative deal won with the 0 or the 100", cooperative_win),
}
"""Split's stories, by name."""
