"""Divide's worked examples: a whole Great Divide, the document's trick and token examples, a tie.

Each story plays the engine (a seeded game of the game's own bots, or the
rule functions on the document's own cards) and checks what it tells.
"""

from __future__ import annotations

from cardlaw_stories_common import Story, StoryError, cards, expect, hand, seeded, trick

from cardlaw.engine.divide.exchange import offer_being_resolved
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.divide.scoring import take_token
from cardlaw.engine.divide.tricks import legal_plays, trick_winner
from cardlaw.spec.cards import Card, CardSet, Rank, Suit
from cardlaw.spec.divide.actions import Keep, Offer, Reveal, Secure, Split

__all__ = ["NAMES", "STORIES"]

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
"""The players of the stories, by seat, clockwise: each player's left neighbour is the next."""

TIE_SEED = 15
"""A game of four Divide bots that ends in a tie broken by the last trick."""


def _set(mask: int) -> list[Card]:
    return list(CardSet(mask).sorted())


def great_divide() -> list[str]:
    """Ada's Great Divide in the first round of a seeded game, from nine cards to eight."""
    steps = seeded("divide", TIE_SEED)
    me, n = 0, 4
    left, right = NAMES[(me + 1) % n], NAMES[(me - 1) % n]
    first_deal = next(s for s in steps if s.before.stage != s.after.stage and s.after.hands[me])
    nine = first_deal.after.hands[me]
    expect(nine.bit_count() == 9, "nine cards dealt to Ada")
    lines = [
        "Four play: Ada, Ben on her left, Cleo across and Dev on her right. Ada is dealt "
        "nine cards:",
        "",
        *hand(_set(nine), "Ada"),
    ]
    returned: list[Card] = []
    for s in steps:
        if isinstance(s.action, Reveal):
            final = s.before.hands[me]
            break
        actor = s.before.actor
        if isinstance(s.action, Offer) and actor == me:
            lines += [
                f"She puts {cards([s.action.card])} face down in the middle as her Trump "
                "Offering. If hers is the offering turned up later, its rank is trump this round.",
                "",
            ]
        elif isinstance(s.action, Secure) and actor == me:
            lines += [
                f"She secures {cards(s.action.cards.sorted())}: nobody can take them from her.",
                "",
            ]
        elif isinstance(s.action, Split) and actor == me:
            lines += [
                "She splits the other six into two offers of three, face down:",
                "",
                *hand(s.action.left.sorted(), f"to {left}"),
                *hand(s.action.right.sorted(), f"to {right}"),
            ]
        elif isinstance(s.action, Keep):
            offer, from_left = offer_being_resolved(s.before)
            source = (actor + 1) % n if from_left else (actor - 1) % n
            back = CardSet(offer) - s.action.cards
            if actor == me:
                lines += [
                    f"From {NAMES[source]}'s offer of {cards(CardSet(offer).sorted())} Ada "
                    f"keeps {cards(s.action.cards.sorted())} and hands {cards(back.sorted())} "
                    f"back to {NAMES[source]}.",
                    "",
                ]
            elif source == me:
                returned += list(back)
                lines += [
                    f"{NAMES[actor]} keeps {cards(s.action.cards.sorted())} of Ada's offer and "
                    f"gives her back {cards(back.sorted())}.",
                    "",
                ]
    else:
        raise AssertionError("the round never reached the reveal")
    expect(final.bit_count() == 8, "eight cards in Ada's final hand")
    expect(all(final >> c & 1 for c in returned), "both returned cards in Ada's final hand")
    lines += [
        "Her two secured cards, two cards from each neighbour and the two cards handed back "
        "to her make her hand for the round, eight cards:",
        "",
        *hand(_set(final), "Ada's hand"),
    ]
    return lines


def trick_example() -> list[str]:
    """The document's example: the Trump Rank is 7, Hearts are led, you hold K♥ and 7♠."""
    seven = Rank.SEVEN.index
    led = (Card("2H"),)
    must = CardSet(legal_plays(CardSet("KH 7S").mask, led, seven, False))
    expect(must == CardSet("KH"), "K♥ the only card Ben may play")
    free = CardSet(legal_plays(CardSet("7S 2C").mask, led, seven, False))
    expect(free == CardSet("7S 2C"), "a free choice without Hearts")
    cleo = CardSet(legal_plays(CardSet("7D 2C").mask, led, seven, False))
    expect(cleo == CardSet("7D 2C"), "a free choice for Cleo")
    played = tuple(Card(c) for c in ("2H", "KH", "7D", "10H"))
    winner = trick_winner(played, seven)
    expect(played[winner] == Card("7D"), "the 7♦ to win the trick")
    return [
        f"The Trump Rank is 7. Ada leads {cards(['2H'])}. Ben holds {cards(['KH', '7S'])}: he "
        f"must play {cards(['KH'])}, because he can follow Hearts. He may not play the "
        f"{cards(['7S'])} just because it is a trump. Had he held no Hearts, say "
        f"{cards(['7S', '2C'])}, he could have played either card, the trump too.",
        "",
        f"Cleo holds no Hearts, only {cards(['7D', '2C'])}: she may play either, and she plays "
        f"the trump {cards(['7D'])}. Dev follows with {cards(['10H'])}.",
        "",
        *trick(played, list(NAMES[:4]), played[winner]),
        f"A trump beats every other card, so Cleo's {cards(['7D'])} wins the trick and she "
        "leads the next one. Had a second Seven been played, the suits would decide: Spades, "
        "then Hearts, then Diamonds, then Clubs.",
        "",
    ]


def token_example() -> list[str]:
    """The document's token example: three Heart tricks score 2 each, the fourth a bonus token."""
    stacks: tuple[int, ...] = (3, 3, 3, 3)
    bonus = 5
    lines = [
        "All three Heart tokens are in their stack when Hearts start winning tricks:",
        "",
    ]
    points = []
    for number, winning in enumerate(("AH", "QH", "9H", "KH"), start=1):
        stacks, bonus, token = take_token(stacks, bonus, Card(winning).suit)
        score = 5 if token == "bonus" else 2
        points.append(score)
        what = (
            "a 5-point bonus token, because the Heart stack is empty"
            if token == "bonus"
            else f"a 2-point Heart token ({stacks[Suit.HEARTS]} left in the stack)"
        )
        lines += [f"* Trick {number}, won by {cards([winning])}: {what}.", ""]
    expect(points == [2, 2, 2, 5], "2, 2, 2 and then 5 points")
    lines += [
        "The third Heart trick takes the last Heart token and still scores 2; only later "
        f"Heart tricks take bonus tokens, while they last ({bonus} of 5 are left).",
        "",
    ]
    return lines


def tie_on_last_trick() -> list[str]:
    """A seeded game that ends in a tie, broken by the cards of the eighth trick."""
    steps = seeded("divide", TIE_SEED)
    final = steps[-1].after
    result = DIVIDE.result(final)
    if result is None or result.decided_by != "eighth-trick":
        raise StoryError("the story expected a tie broken by the eighth trick")
    tied = result.tied
    last = next(e for s in reversed(steps) for e in s.events if e["event"] == "trick")
    seats = [NAMES[(last["leader"] + i) % 4] for i in range(len(last["cards"]))]
    played = [Card(c) for c in last["cards"]]
    by_seat = {(last["leader"] + i) % 4: c for i, c in enumerate(played)}
    winner = result.winners[0]
    totals = ", ".join(f"{NAMES[p]} {t}" for p, t in enumerate(result.totals))
    names = " and ".join(NAMES[p] for p in tied)
    tricks = [e for s in steps for e in s.events if e["event"] == "trick"]
    last_round = [e for e in tricks if e["round"] == tricks[-1]["round"]]
    bonus = [sum(e["winner"] == p and e["token"] == "bonus" for e in last_round) for p in tied]
    expect(len(set(bonus)) == 1, "the tied players level on bonus tokens in the last round")
    lines = [
        f"After four rounds the totals are {totals}: {names} are tied for the lead.",
        "",
        "First tiebreaker: bonus tokens taken in the last round. "
        + ("Neither of them took one" if bonus[0] == 0 else f"Each of them took {bonus[0]}")
        + ", so they are still tied.",
        "",
        "Second tiebreaker: the cards they played to the eighth and last trick.",
        "",
        *trick(played, seats),
        " ".join(f"{NAMES[p]} played {cards([by_seat[p]])}." for p in tied)
        + f" The higher card, by rank and then by suit, is {NAMES[winner]}'s "
        f"{cards([by_seat[winner]])}: {NAMES[winner]} wins the game.",
        "",
    ]
    return lines


STORIES = {
    "great-divide": Story("One player's Great Divide, from nine cards to eight", great_divide),
    "trick": Story("The printed rules' trick: Trump Rank 7, Hearts led", trick_example),
    "tokens": Story("The printed rules' tokens: the fourth Heart trick", token_example),
    "tie": Story("A tie decided on the last trick", tie_on_last_trick),
}
"""Divide's stories, by name."""
