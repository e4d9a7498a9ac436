"""Step-by-step reasons for Euchre's trick and scoring decisions, with the clauses they apply.

These read the same functions the engine plays by, so an explanation can
never disagree with a game.

>>> from cardlaw.spec.cards import Card, Suit
>>> trick = tuple(Card(c) for c in ("KS", "10D", "JS", "JC"))
>>> for step in explain_trick(trick, Suit.SPADES, leader=3).steps:
...     print(step)
Spades are trump: the right bower is J♠, the left bower J♣ [euchre.cards.trump-order]
K♠ is led: Spades are the led suit [euchre.trick.follow-suit]
J♣ is the left bower: a Spade this hand, not a Club [euchre.cards.left-bower]
Trumps played: K♠, J♠ (the right bower), J♣ (the left bower) [euchre.cards.trump-order]
J♠ is the right bower, the highest card of all [euchre.cards.trump-order]
Seat 1 wins with J♠ [euchre.trick.winner]
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.euchre.tricks import (
    LEFT_BOWER,
    RIGHT_BOWER,
    effective_suit,
    explain_illegal_play,
    follow_mask,
    trick_winner,
    winning_value,
)
from cardlaw.engine.explaining import Step, engine_verdict, explained, verdict_on
from cardlaw.engine.manifest import Engine, Explanation
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.euchre.actions import (
    Action,
    ChooseDealer,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    Shuffle,
)
from cardlaw.spec.euchre.constants import PLAYERS, SAME_COLOUR, TEAM_OF
from cardlaw.spec.euchre.invariants import trick_seats
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage, seats_out

__all__ = [
    "Explanation",
    "card_steps",
    "explain_action",
    "explain_play",
    "explain_score",
    "explain_trick",
    "team_seats",
]

_NAMES: Final = ("Clubs", "Diamonds", "Hearts", "Spades")
_ONE: Final = ("Club", "Diamond", "Heart", "Spade")


def team_seats(team: int) -> str:
    """The seats of a team, in words.

    >>> team_seats(1)
    'seats 1 and 3'
    """
    seats = [str(p) for p in range(PLAYERS) if TEAM_OF[p] == team]
    return "seats " + " and ".join(seats)


def _bower(card: int, trump: int) -> str:
    if card == RIGHT_BOWER[trump]:
        return " (the right bower)"
    if card == LEFT_BOWER[trump]:
        return " (the left bower)"
    return ""


def _plain_order(suit: int, trump: int) -> str:
    if suit == SAME_COLOUR[trump]:
        return "A K Q 10 9: its Jack is the left bower"
    return "A K Q J 10 9"


def explain_trick(
    trick: tuple[int, ...], trump: int, *, leader: int, out: int = -1, also: int = -1
) -> Explanation:
    """Who wins ``trick`` (cards in play order from ``leader``) and why.

    ``out`` is the seat sitting out when a maker goes alone (the trick then
    has three cards), ``also`` the lone defender's partner (variant
    lone-defender).

    >>> from cardlaw.spec.cards import Card, Suit
    >>> trick = tuple(Card(c) for c in ("AH", "QH", "9D", "9S"))
    >>> explain_trick(trick, Suit.SPADES, leader=0).verdict
    'seat 3 wins with 9♠'
    >>> explain_trick(tuple(Card(c) for c in ("JD", "AC", "KS")), Suit.HEARTS,
    ...               leader=0, out=2).verdict
    'seat 0 wins with J♦'
    """
    cards = tuple(Card(c) for c in trick)
    seats = trick_seats(leader, len(cards), out, also)
    led_suit = effective_suit(cards[0], trump)
    steps = _lead_steps(cards, trump, led_suit)
    position = trick_winner(tuple(int(c) for c in cards), trump)
    winner = cards[position]
    trumps = [c for c in cards if effective_suit(c, trump) == trump]
    if trumps:
        steps += _trump_steps(trumps, winner, trump)
    else:
        steps += _plain_steps(cards, winner, trump, led_suit)
    seat = seats[position]
    steps.append((f"Seat {seat} wins with {winner.pretty}", "euchre.trick.winner"))
    return explained(f"seat {seat} wins with {winner.pretty}", steps)


def _lead_steps(cards: tuple[Card, ...], trump: int, led_suit: int) -> list[tuple[str, str]]:
    """The trump suit and its bowers, the led suit, and a left bower played to follow."""
    led = cards[0]
    steps: list[tuple[str, str]] = [
        (
            f"{_NAMES[trump]} are trump: the right bower is {Card(RIGHT_BOWER[trump]).pretty}, "
            f"the left bower {Card(LEFT_BOWER[trump]).pretty}",
            "euchre.cards.trump-order",
        )
    ]
    if led == LEFT_BOWER[trump]:
        steps.append(
            (
                f"{led.pretty} is led: the left bower is a trump, so {_NAMES[trump]} are the "
                "led suit",
                "euchre.cards.left-bower",
            )
        )
    else:
        steps.append(
            (
                f"{led.pretty} is led: {_NAMES[led_suit]} are the led suit",
                "euchre.trick.follow-suit",
            )
        )
    left = LEFT_BOWER[trump]
    if left in cards[1:]:
        steps.append(
            (
                f"{Card(left).pretty} is the left bower: a {_ONE[trump]} this hand, not a "
                f"{_ONE[left & 3]}",
                "euchre.cards.left-bower",
            )
        )
    return steps


def _trump_steps(trumps: list[Card], winner: Card, trump: int) -> list[tuple[str, str]]:
    """Why ``winner`` wins a trick to which ``trumps`` were played."""
    named = ", ".join(c.pretty + _bower(c, trump) for c in trumps)
    if winner == RIGHT_BOWER[trump]:
        why = f"{winner.pretty} is the right bower, the highest card of all"
    elif winner == LEFT_BOWER[trump]:
        why = (
            f"{winner.pretty}, the left bower, is second only to the right bower "
            f"{Card(RIGHT_BOWER[trump]).pretty}, which was not played"
        )
    elif len(trumps) == 1:
        why = f"A trump beats every card of another suit: {winner.pretty} wins"
    else:
        why = (
            f"{winner.pretty} is the highest trump played (trump ranks "
            f"{Card(RIGHT_BOWER[trump]).pretty} {Card(LEFT_BOWER[trump]).pretty} A K Q 10 9)"
        )
    return [
        (f"Trumps played: {named}", "euchre.cards.trump-order"),
        (why, "euchre.cards.trump-order"),
    ]


def _plain_steps(
    cards: tuple[Card, ...], winner: Card, trump: int, led_suit: int
) -> list[tuple[str, str]]:
    """Why ``winner`` wins a trick to which no trump was played."""
    steps = [("No trump was played", "euchre.trick.winner")]
    off = [c.pretty for c in cards if winning_value(c, trump, led_suit) == 0]
    if off:
        steps.append(
            (
                f"{', '.join(off)} cannot win: neither trump nor {_NAMES[led_suit]}",
                "euchre.trick.winner",
            )
        )
    steps.append(
        (
            f"{winner.pretty} is the highest {_ONE[led_suit]} ({_plain_order(led_suit, trump)})",
            "euchre.cards.plain-order",
        )
    )
    return steps


def _tricks_between(low: int, high: int) -> str:
    """``3 or 4``, ``3``, ``3 to 5``: the tricks from ``low`` to ``high``."""
    if low == high:
        return str(low)
    return f"{low} {'or' if high == low + 1 else 'to'} {high}"


def explain_score(
    makers: int, makers_tricks: int, *, alone: bool, rules: EuchreRules = PRINTED_RULES
) -> Explanation:
    """What a hand scores when team ``makers`` took ``makers_tricks`` of the hand's tricks.

    >>> explain_score(0, 5, alone=True).verdict
    'team 0 (seats 0 and 2) scores 4 points'
    >>> print(explain_score(1, 2, alone=False).steps[1])
    Fewer than 3 tricks: the makers are euchred, and the defenders score 2 [euchre.score.euchred]
    >>> print(explain_score(1, 3, alone=False, rules=EuchreRules(cards_each=4)).steps[1])
    3 tricks: the makers score 1 [euchre.score.makers]
    """
    tricks, majority = rules.tricks, rules.majority
    defenders = 1 - makers
    how = ", the maker playing alone" if alone else ""
    steps: list[tuple[str, str]] = [
        (
            f"The makers, team {makers} ({team_seats(makers)}), took {makers_tricks} of the "
            f"{tricks} tricks{how}",
            "euchre.bid.makers",
        )
    ]
    if makers_tricks < majority:
        team, points = defenders, rules.euchre_points
        steps.append(
            (
                f"Fewer than {majority} tricks: the makers are euchred, and the defenders score "
                f"{rules.euchre_points}",
                "euchre.score.euchred",
            )
        )
    elif makers_tricks < tricks:
        team, points = makers, rules.maker_points
        alone_note = ", alone or not" if alone else ""
        steps.append(
            (
                f"{_tricks_between(majority, tricks - 1)} tricks: the makers score "
                f"{rules.maker_points}{alone_note}",
                "euchre.score.makers",
            )
        )
    elif alone:
        team, points = makers, rules.alone_march_points
        steps.append(
            (
                f"All {tricks} tricks by a lone maker: a lone march, "
                f"{rules.alone_march_points} points",
                "euchre.score.alone-march",
            )
        )
    else:
        team, points = makers, rules.march_points
        steps.append(
            (
                f"All {tricks} tricks: a march, {rules.march_points} points",
                "euchre.score.march",
            )
        )
    steps.append(
        (f"Only team {team} scores; team {1 - team} scores nothing", "euchre.score.one-team")
    )
    plural = "s" if points != 1 else ""
    return explained(f"team {team} ({team_seats(team)}) scores {points} point{plural}", steps)


def explain_action(
    engine: Engine[EuchreState, Action], state: EuchreState, action: Action
) -> tuple[bool, Explanation]:
    """Whether ``action`` is legal in ``state``, and why, step by step.

    The verdict is the engine's own (``apply`` either accepts the action or
    names the clause it breaks); the steps spell out the reasoning for plays.

    >>> from cardlaw.engine.euchre.game import EUCHRE
    >>> from cardlaw.engine.euchre.position import EXAMPLE
    >>> state = EUCHRE.position_from_json(EXAMPLE)
    >>> legal, why = EUCHRE.explain(state, EUCHRE.parse_action("play JC"))
    >>> legal, why.steps[-1]
    (True, 'This card completes the trick: seat 1 wins with J♠ [euchre.trick.winner]')
    """
    legal, after, reason, clause = engine_verdict(engine, state, action)
    steps: list[Step] = []
    if isinstance(action, Play) and state.stage == Stage.TRICKS:
        steps += _play_steps(state, action.card)
    then: list[Step] = []
    if after is not None and isinstance(action, Play) and len(after.tricks) > len(state.tricks):
        leader, cards = after.tricks[-1]
        out, also = seats_out(state)
        result = explain_trick(cards, state.trump, leader=leader, out=out, also=also)
        then.append((f"This card completes the trick: {result.verdict}", "euchre.trick.winner"))
    return verdict_on(
        action,
        state.actor,
        (legal, reason, clause),
        steps,
        legal_clause=_clause_of(action, state),
        then=then,
    )


def _clause_of(action: Action, state: EuchreState) -> str:
    if isinstance(action, Play):
        return "euchre.trick.play-from-hand"
    if isinstance(action, Discard):
        return "euchre.bid.pick-up"
    if isinstance(action, OrderUp):
        return "euchre.bid.first-round"
    if isinstance(action, NameTrump):
        return "euchre.bid.second-round"
    if isinstance(action, DefendAlone) or state.stage == Stage.DEFEND:
        return "euchre.ruling.defender-alone"
    if isinstance(action, Pass):
        if state.stage == Stage.ORDER_UP:
            return "euchre.bid.first-round"
        return "euchre.bid.second-round"
    assert isinstance(action, ChooseDealer | Shuffle)
    return "euchre.hand.phases"


def _play_steps(state: EuchreState, card: Card) -> list[tuple[str, str]]:
    seat = state.actor
    steps = [(f"Trick {len(state.tricks) + 1}: seat {seat} is to play", "euchre.trick.clockwise")]
    if not state.trick:
        if state.tricks:
            steps.append((f"Seat {seat} won the last trick and leads", "euchre.trick.winner-leads"))
        else:
            steps.append((f"Seat {seat} leads the first trick", "euchre.trick.first-lead"))
    led = state.trick[0] if state.trick else -1
    return steps + card_steps(state.hands[seat], led, state.trump, card, who=f"Seat {seat}")


def card_steps(hand: CardMask, led: CardId, trump: int, card: Card, *, who: str) -> list[Step]:
    """Why ``card`` may or may not go from ``hand`` to a trick led by ``led`` (``-1``: a lead).

    ``who`` names the player (``"Seat 2"``).

    >>> from cardlaw.spec.cards import Suit
    >>> for text, clause in card_steps(CardSet("JC 9C").mask, Card("AC"), Suit.SPADES,
    ...                                Card("JC"), who="Seat 1"):
    ...     print(text, clause)
    A♣ was led: Clubs are asked for euchre.trick.follow-suit
    J♣ is the left bower: a Spade, it does not follow Clubs euchre.cards.left-bower
    Seat 1 holds 9♣: it must follow euchre.trick.follow-suit
    """
    if led < 0:
        return [("Any card of the hand may be led", "euchre.trick.play-from-hand")]
    led_card = Card(led)
    led_suit = effective_suit(led_card, trump)
    left = Card(LEFT_BOWER[trump])
    note = f" (the left bower {left.pretty} counts as a {_ONE[trump]})" if led_suit == trump else ""
    steps = [
        (
            f"{led_card.pretty} was led: {_NAMES[led_suit]} are asked for{note}",
            "euchre.trick.follow-suit",
        )
    ]
    if card == left and led_suit == trump:
        steps.append(
            (
                f"{left.pretty} is the left bower: a {_ONE[trump]}, it follows the trump lead",
                "euchre.cards.left-bower",
            )
        )
    if card == left and led_suit != trump and left.suit == led_suit:
        steps.append(
            (
                f"{left.pretty} is the left bower: a {_ONE[trump]}, it does not follow "
                f"{_NAMES[led_suit]}",
                "euchre.cards.left-bower",
            )
        )
    follow = hand & follow_mask(led, trump)
    if follow:
        steps.append(
            (f"{who} holds {CardSet(follow).pretty}: it must follow", "euchre.trick.follow-suit")
        )
    else:
        steps.append(
            (f"{who} holds no {_ONE[led_suit]}: any card may be played", "euchre.trick.void")
        )
    return steps


def explain_play(hand: CardMask, led: CardId, trump: int, card: CardId) -> tuple[bool, Explanation]:
    """Whether ``card`` may be played from ``hand`` to a trick led by ``led`` (``-1``: a lead).

    The verdict is the engine's own: :func:`~engine.euchre.tricks.explain_illegal_play`,
    what ``apply`` raises for a play outside :func:`~engine.euchre.tricks.legal_plays`
    (which it reads itself).

    >>> from cardlaw.spec.cards import Suit
    >>> hand = CardSet("JC 9C KH").mask
    >>> explain_play(hand, Card("AC"), Suit.SPADES, Card("JC"))[1].verdict
    'illegal: J♣ does not follow the led A♣ (the left bower is a trump) while the hand holds 9♣'
    >>> explain_play(hand, -1, Suit.SPADES, Card("KH"))[1].verdict
    'legal: K♥ may be played'
    """
    name = Card(card).pretty
    steps: list[Step] = []
    if led < 0:
        lead = (
            "Nothing has been played to the trick: this card leads it",
            "euchre.trick.play-from-hand",
        )
        steps.append(lead)
    steps += card_steps(hand, led, trump, Card(card), who="The player")
    refused = explain_illegal_play(hand, led, trump, card)
    if refused is None:
        ending = (f"{name} may be played", "euchre.trick.play-from-hand")
        return True, explained(f"legal: {name} may be played", [*steps, ending])
    return False, explained(
        f"illegal: {refused.reason}", [*steps, (refused.reason, refused.clause)]
    )
