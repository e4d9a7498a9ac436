"""Euchre's worked examples: the document's five-trick game, a hand played alone, a euchre.

The document's game is dealt card for card as the rule document shows it (the
cards it never names filled in, as ``tests/euchre/test_rule_examples.py``
reads it); the other two are hands of a seeded game of the game's own bots.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cardlaw_stories_common import Step, Story, cards, expect, hand, pictured, replay, seeded, trick

from cardlaw.engine.euchre.deal import deal_order
from cardlaw.engine.euchre.explain import explain_trick
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.euchre.actions import (
    DISCARDS,
    ORDER_UP,
    PLAYS,
    ChooseDealer,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
)

__all__ = ["NAMES", "STORIES"]

NAMES = ("Ada", "Ben", "Cleo", "Dev")
"""The players by seat, clockwise: Ada and Cleo are partners, Ben and Dev the other team."""

SEED = 1
"""A seeded game of four Euchre bots with a hand played alone (hand 5) and a euchre (hand 6)."""


class Document(NamedTuple):
    """The rule document's example game: the deal, the up-card, the discard, the tricks."""

    dealer: int
    hands: dict[int, str]
    upcard: str
    kitty: str
    discard: str
    tricks: tuple[str, ...]


DOCUMENT = Document(
    dealer=3,
    hands={0: "AH KC 10D KH AD", 1: "QH QC JS AS JH", 2: "9D 9C JC JD KD", 3: "9S AC KS QS 9H"},
    upcard="10S",
    kitty="10H 10C QD",
    discard="9H",
    tricks=("AH QH 9D 9S", "AC KC QC 9C", "KS 10D JS JC", "AS JD 10S KH", "JH KD QS AD"),
)
"""The document's example game: Dev deals, Ada (on his left) leads, Spades are trump."""


def _team(seat: int) -> str:
    return f"{NAMES[seat % 2]} and {NAMES[seat % 2 + 2]}"


def _suit(letter: str) -> str:
    return Suit.parse(letter).name.title()


def tell_hand(steps: list[Step], number: int, why: bool = False) -> list[str]:
    """One hand of a game, told from its deal to its score, trick by trick (``why``: explained)."""
    lines: list[str] = []
    inside = False
    sitting: int | None = None
    passes = 0
    for s in steps:
        deal = next((e for e in s.events if e["event"] == "deal"), None)
        if deal is not None:
            inside = deal["hand"] == number
            if inside:
                dealer = deal["dealer"]
                lines += [
                    f"{NAMES[dealer]} deals five cards each and turns up "
                    f"{cards([deal['upcard']])}.",
                    "",
                ]
                for p in range(4):
                    lines += hand(CardSet(s.after.hands[p]).sorted(), NAMES[p])
            continue
        if not inside:
            continue
        actor = s.before.actor
        if isinstance(s.action, Pass):
            passes += 1
            lines += [f"{NAMES[actor]} passes.", ""]
            if passes == 4:
                lines += [
                    "All four passed: the up-card is turned down, and the bidding goes "
                    "round again, now to name any other suit.",
                    "",
                ]
        elif isinstance(s.action, OrderUp | NameTrump):
            bid = next(e for e in s.events if e["event"] == "bid")
            verb = "orders up the up-card" if isinstance(s.action, OrderUp) else "names trump"
            partner = NAMES[(actor + 2) % 4]
            alone = (
                f", and goes alone: {partner} lays down their cards and sits the hand out"
                if bid["alone"]
                else ""
            )
            sitting = (actor + 2) % 4 if bid["alone"] else None
            lines += [
                f"{NAMES[actor]} {verb}: {_suit(bid['trump'])} are trump{alone}. "
                f"{_team(actor)} are the makers.",
                "",
            ]
        elif isinstance(s.action, Discard):
            lines += [
                f"{NAMES[actor]} picks up the up-card and discards {cards([s.action.card])} "
                "face down.",
                "",
            ]
        for event in s.events:
            lines += _event_lines(event, sitting)
            if why and event["event"] == "trick":
                played = tuple(Card(c) for c in event["cards"])
                reasons = explain_trick(played, s.after.trump, leader=event["leader"]).steps
                lines += [f"* {pictured(r, NAMES)}" for r in reasons[1:]] + [""]
        if any(e["event"] == "hand-end" for e in s.events):
            return lines
    raise AssertionError(f"hand {number} never ended")


def _event_lines(event: dict[str, Any], sitting: int | None) -> list[str]:
    if event["event"] == "trick":
        leader, played = event["leader"], event["cards"]
        order = [(leader + i) % 4 for i in range(4)]
        seats = [NAMES[p] for p in order if p != sitting]  # a lone maker's partner sits out
        expect(len(seats) == len(played), "one card from each player in the trick")
        winner = played[seats.index(NAMES[event["winner"]])]
        return [
            f"Trick {event['trick']}: {NAMES[leader]} leads.",
            "",
            *trick(played, seats, winner),
        ]
    if event["event"] == "hand-end":
        makers, won = event["makers"], event["won"]
        taken = won[makers]
        if taken < 3:
            how = (
                f"The makers took {('no tricks', 'only one trick', 'only two tricks')[taken]}: "
                "they are "
                "euchred, and "
                f"the defenders, {_team(event['team'])}, score {event['points']}."
            )
        elif taken == 5:
            how = (
                f"The makers took all five tricks{' alone' if event['alone'] else ''}: "
                f"{_team(makers)} score {event['points']}."
            )
        else:
            how = f"The makers took {taken} tricks: {_team(makers)} score {event['points']}."
        return [how + f" The score is {event['scores'][0]} to {event['scores'][1]}.", ""]
    return []


def document_game() -> list[str]:
    """The rule document's five tricks with Spades trump, played through the engine."""
    d = DOCUMENT
    shuffle = deal_order(d.dealer, d.hands, d.upcard, d.kitty)
    actions: list[Any] = [
        ChooseDealer(d.dealer),
        shuffle,
        ORDER_UP[False],
        DISCARDS[Card(d.discard)],
    ]
    actions += [PLAYS[Card(c)] for t in d.tricks for c in t.split()]
    steps = replay(EUCHRE, EUCHRE.config(), actions)
    final = steps[-1].after
    expect(final.won == (0, 5), "Dev's team to take all five tricks")
    winners = [e["winner"] for s in steps for e in s.events if e["event"] == "trick"]
    expect(winners == [3, 3, 1, 1, 3], "the document's five trick winners")
    # The document's second trick: Cleo "chooses the lower of two" Clubs, but her other
    # Club is J♣, a Spade with Spades trump: she has one Club and no choice.
    cleo = next(
        s
        for s in steps
        if s.before.actor == 2 and len(s.before.tricks) == 1 and s.before.stage.name == "TRICKS"
    )
    legal = [a.text for a in EUCHRE.legal_actions(cleo.before)]
    expect(legal == ["play 9C"], "Cleo's only legal card in the second trick to be 9♣")
    return [
        "The printed rules' own example game. The cards they never show are filled in: "
        "Cleo's low card in the first trick, Dev's discard and the three cards under the "
        "up-card.",
        "",
        "One sentence of the example cannot be dealt as written. In the second trick it "
        'has Cleo follow Clubs by choosing "the lower of two" Clubs, 9♣ and J♣. But with '
        "Spades trump J♣ is the left bower, a Spade, as the printed ranking itself says, so "
        "Cleo holds only one Club. The nearest legal reading, played here, keeps every card "
        "where the example puts it: Cleo plays 9♣ because it is her only Club, not by "
        "choice; J♣ is the Spade she must play in the third trick.",
        "",
        *tell_hand(steps, 1, why=True),
        "Who ordered the 10 of Spades up? The printed rules say the player on the dealer's left "
        "tells the dealer to pick it up: then Ada and Cleo are the makers, are euchred, and "
        "Ben and Dev score 2. Read as Dev picking it up himself, Ben and Dev are the makers "
        "and score 2 for all five tricks. Either way Ben and Dev score the 2 points the "
        "printed rules give.",
        "",
    ]


def _seeded_hand(number: int, alone: bool | None, euchred: bool) -> list[str]:
    steps = seeded("euchre", SEED)
    end = next(
        e for s in steps for e in s.events if e["event"] == "hand-end" and e["hand"] == number
    )
    expect(alone is None or end["alone"] == alone, f"hand {number} played alone")
    expect((end["won"][end["makers"]] < 3) == euchred, f"hand {number} euchred or not")
    return [
        f"Hand {number} of a game between four bots (the score is "
        f"{end['scores'][0] - (end['points'] if end['team'] == 0 else 0)} to "
        f"{end['scores'][1] - (end['points'] if end['team'] == 1 else 0)} before it):",
        "",
        *tell_hand(steps, number),
    ]


def going_alone() -> list[str]:
    """A hand a maker plays alone and takes all five tricks: 4 points."""
    return _seeded_hand(5, alone=True, euchred=False)


def a_euchre() -> list[str]:
    """A hand in which the makers take fewer than three tricks."""
    return _seeded_hand(6, alone=None, euchred=True)


STORIES = {
    "document": Story("The printed rules' five-trick game", document_game),
    "alone": Story("Going alone", going_alone),
    "euchre": Story("A euchre: the makers fall short", a_euchre),
}
"""Euchre's stories, by name."""
