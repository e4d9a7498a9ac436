"""Divided Ranks' worked examples: a draft round, the reserve and its odds, a build, a showdown.

All four come from one seeded game of the game's own bots, whose showdown goes
through all four comparison steps; each story checks what it tells.
"""

from __future__ import annotations

from fractions import Fraction

import cardlaw_stories_common
from cardlaw_stories_common import Step, Story, StoryError, card, cards, expect, hand, seeded

from cardlaw.engine.divided_ranks.explain import explain_arrange, explain_showdown
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.scoring import result
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import Keep, Split, Swap, Take
from cardlaw.spec.divided_ranks.state import DividedRanksObservation

__all__ = ["NAMES", "STORIES", "pictured"]

NAMES = ("Ada", "Ben")
"""The two players, by seat."""

SEED = 11
"""A seeded game of two Divided Ranks bots whose showdown reaches the fourth step."""

BOTS = ("expert", "expert")
"""The bots of that game, named so that a new default bot leaves the story as it is."""


def pictured(text: str) -> str:
    """An engine explanation in plain words, with these players' names."""
    return cardlaw_stories_common.pictured(text, NAMES)


def _game() -> list[Step]:
    return seeded("divided-ranks", SEED, bots=BOTS)


def draft_round() -> list[str]:
    """The first round of the draft, and both holdings after all five."""
    steps = _game()
    split = next(s for s in steps if isinstance(s.action, Split))
    take = steps[steps.index(split) + 1]
    expect(isinstance(take.action, Take), "the chooser to take a pair after the split")
    splitter, chooser = split.before.actor, take.before.actor
    took = "face-up" if take.action.face_up else "face-down"
    other = split.action.down if take.action.face_up else split.action.up
    mine = split.action.up if take.action.face_up else split.action.down
    after = next(s for s in steps if isinstance(s.action, Swap | Keep)).before
    lines = [
        f"{NAMES[splitter]} is the splitter: {NAMES[splitter]} takes the top four cards of the "
        "stock, looks at them and divides them into two pairs, one face up, one face down.",
        "",
        *hand(split.action.up.sorted(), "face up"),
        *hand(split.action.down.sorted(), "face down (hidden from the chooser)"),
        f"{NAMES[chooser]} sees only the face-up pair and takes the {took} pair, "
        f"{cards(mine.sorted())}; {NAMES[splitter]} keeps {cards(other.sorted())}.",
        "",
        "The splitter changes every round. After five rounds the stock is used up and each "
        "player holds ten cards:",
        "",
    ]
    for p in (0, 1):
        splits = sum(1 for r in after.rounds if r[0] == p)
        lines += hand(CardSet(after.hands[p]).sorted(), f"{NAMES[p]} (split {splits} rounds)")
    return lines


def _odds_lines(view: DividedRanksObservation) -> list[str]:
    odds = view.reserve_odds
    expect(sum(chance for _, chance in odds) == Fraction(1), "the odds to add up to 1")
    by_chance: dict[Fraction, list[int]] = {}
    for c, chance in odds:
        by_chance.setdefault(chance, []).append(c)
    lines: list[str] = []
    for chance, group in sorted(by_chance.items(), reverse=True):
        lines += hand(group, f"each {chance.numerator} in {chance.denominator}")
    return lines


def reserve_swap() -> list[str]:
    """Both reserve turns: what the reserve could be, with its exact odds, and each swap."""
    steps = _game()
    first = next(k for k, s in enumerate(steps) if isinstance(s.action, Swap | Keep))
    p = steps[first].before.actor
    expect(
        sum(1 for r in steps[first].before.rounds if r[0] == p) == 2,
        "the first at the reserve to have split twice",
    )
    lines = [
        f"{NAMES[p]} split only two rounds, so {NAMES[p]} goes first at the reserve. "
        "Twenty-one cards are ten, ten and the reserve: every card a player cannot place is "
        "in the opponent's hand or is the reserve.",
        "",
    ]
    swapped = False  # whether the turn before swapped
    for turn, s in enumerate(steps[first : first + 2]):
        q = s.before.actor
        view = DIVIDED_RANKS.observe(s.before, q)
        count = len(view.reserve_odds)
        equal = len({chance for _, chance in view.reserve_odds}) == 1
        lines += [f"For {NAMES[q]} the reserve is one of {count} cards:", ""]
        lines += _odds_lines(view)
        if turn == 0:
            lines += [
                (f"Each is equally likely, 1 in {count}. " if equal else "")
                + "The odds add up to exactly 1.",
                "",
            ]
        else:
            lines += [
                (
                    "The reserve now is the card the first player gave up, unseen, so the odds "
                    if swapped
                    else "The first player kept the hand, so the odds "
                )
                + ("are all equal." if equal else "are no longer all equal.")
                + " They still add up to exactly 1.",
                "",
            ]
        event = next(e for e in s.events if e["event"] == "reserve")
        swapped = bool(event["swapped"])
        if swapped:
            lines += [
                f"{NAMES[q]} gives up {card(event['gave'])} face down and takes the reserve "
                f"unseen: it is {card(event['took'])}.",
                "",
            ]
        else:
            lines += [f"{NAMES[q]} keeps the hand.", ""]
    return lines


def a_build() -> list[str]:
    """One player's ten cards divided into the best two five-card hands."""
    steps = _game()
    last = steps[-1].after
    final = result(last)
    if final is None:
        raise StoryError("the story expected a finished game")
    weaker, stronger = final.weaker[0].mask, final.stronger[0].mask
    holding = weaker | stronger
    explanation, best = explain_arrange(holding)
    expect((weaker, stronger) in best or (stronger, weaker) in best, "Ada's build to be a best one")
    return [
        f"Ada divides her ten cards {cards(CardSet(holding).sorted())} in secret into two "
        "five-card poker hands, using every card.",
        "",
        *(f"* {pictured(step)}" for step in explanation.steps),
        "",
        *hand(CardSet(weaker).sorted(), "weaker hand"),
        *hand(CardSet(stronger).sorted(), "stronger hand"),
        f"The Joker {card('JK')} counts only in a straight or a royal flush; anywhere else it "
        "is below a Ten.",
        "",
    ]


def showdown() -> list[str]:
    """The showdown of the seeded game, through the four comparison steps."""
    steps = _game()
    last = steps[-1].after
    explanation = explain_showdown(last.builds)
    expect(steps[-1].events[-1]["decided_by"] == "stronger-hand", "the fourth step to decide")
    lines = ["Both players show their builds and compare them step by step:", ""]
    final = result(last)
    if final is None:
        raise StoryError("the story expected a finished game")
    for p in (0, 1):
        lines += hand(final.weaker[p].sorted(), f"{NAMES[p]}, weaker")
        lines += hand(final.stronger[p].sorted(), f"{NAMES[p]}, stronger")
    lines += [f"* {pictured(step)}" for step in explanation.steps[2:]]
    return [*lines, ""]


STORIES = {
    "draft": Story("A draft round", draft_round),
    "reserve": Story("The reserve swap, with its exact odds", reserve_swap),
    "build": Story("A build: ten cards into two hands", a_build),
    "showdown": Story("A showdown through the four steps", showdown),
}
"""Divided Ranks' stories, by name."""
