"""Step-by-step reasons for Divide's trick and scoring decisions, with the clauses they apply.

These read the same functions the engine plays by, so an explanation can
never disagree with a game.

>>> from cardlaw.spec.cards import Card, Rank
>>> trick = tuple(Card(c) for c in ("KH", "7S", "2H", "AH"))
>>> for step in explain_trick(trick, Rank.SEVEN.index, leader=0, players=4).steps:
...     print(step)
K♥ is led: Hearts are the led suit [divide.ruling.trump-rank-suit]
The Trump Rank is 7: 7♠ is a trump [divide.trump.rank]
Trump beats the rest; 7♠ is the strongest trump by suit [divide.trick.winner-trump]
Seat 1 wins with 7♠ [divide.trick.winner-trump]
"""

from __future__ import annotations

from cardlaw.engine.divide.scoring import take_token
from cardlaw.engine.divide.tricks import explain_illegal_play, led_mask, trick_winner
from cardlaw.engine.explaining import Step, engine_verdict, explained, verdict_on
from cardlaw.engine.manifest import Engine, Explanation
from cardlaw.spec.cards import RANK_MASKS, Card, CardSet, Rank, Suit
from cardlaw.spec.divide.actions import Action, Keep, Offer, Play, Secure, Split
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState, Stage

__all__ = [
    "Explanation",
    "card_steps",
    "explain_action",
    "explain_play",
    "explain_token",
    "explain_trick",
]

_SUIT_NAMES = {
    Suit.SPADES: "Spades",
    Suit.HEARTS: "Hearts",
    Suit.DIAMONDS: "Diamonds",
    Suit.CLUBS: "Clubs",
}


def explain_trick(
    trick: tuple[int, ...], trump_rank: int, *, leader: int, players: int
) -> Explanation:
    """Who wins ``trick`` (cards in play order from ``leader``) and why."""
    cards = tuple(Card(c) for c in trick)
    led = cards[0]
    rank = Rank(trump_rank + 2)
    steps: list[tuple[str, str]] = [
        (
            f"{led.pretty} is led: {_SUIT_NAMES[led.suit]} are the led suit",
            "divide.ruling.trump-rank-suit",
        )
    ]
    trumps = [c for c in cards if RANK_MASKS[trump_rank] >> c & 1]
    position = trick_winner(tuple(int(c) for c in cards), trump_rank)
    winner = cards[position]
    seat = (leader + position) % players
    if trumps:
        names = ", ".join(c.pretty for c in trumps)
        verb = "is a trump" if len(trumps) == 1 else "are trumps"
        steps.append((f"The Trump Rank is {rank.label}: {names} {verb}", "divide.trump.rank"))
        steps.append(
            (
                f"Trump beats the rest; {winner.pretty} is the strongest trump by suit",
                "divide.trick.winner-trump",
            )
        )
    else:
        steps.append((f"No card of the Trump Rank ({rank.label}) was played", "divide.trump.rank"))
        off = [c.pretty for c in cards if c.suit != led.suit]
        if off:
            steps.append(
                (f"{', '.join(off)} cannot win: not of the led suit", "divide.trick.off-suit")
            )
        steps.append(
            (
                f"{winner.pretty} is the highest {_SUIT_NAMES[led.suit][:-1]}",
                "divide.trick.winner-led-suit",
            )
        )
    clause = "divide.trick.winner-trump" if trumps else "divide.trick.winner-led-suit"
    steps.append((f"Seat {seat} wins with {winner.pretty}", clause))
    return explained(f"seat {seat} wins with {winner.pretty}", steps)


def explain_token(
    suit_tokens: tuple[int, ...], bonus: int, card: int, rules: DivideRules = PRINTED_RULES
) -> Explanation:
    """What token a trick won with ``card`` earns, given the stacks and bonus supply.

    >>> print(explain_token((3, 3, 0, 3), 5, Card("AH")).verdict)
    a 5-point bonus token (the Hearts stack is empty)
    >>> print(explain_token((3, 3, 0, 3), 0, Card("AH"), DivideRules(bonus_tokens=4)).verdict)
    no token (the Hearts stack and the bonus supply are empty)
    """
    suit = Card(card).suit
    _, _, token = take_token(suit_tokens, bonus, suit)
    name = _SUIT_NAMES[suit]
    if token == "bonus":
        verdict = f"a {rules.bonus_points}-point bonus token (the {name} stack is empty)"
        clause = "divide.score.bonus-token"
    elif token == "none":
        verdict = f"no token (the {name} stack and the bonus supply are empty)"
        clause = "divide.ruling.bonus-supply"
    else:
        left = suit_tokens[suit] - 1
        verdict = f"a {rules.suit_points}-point {name} token ({left} left in the stack)"
        clause = "divide.score.suit-token"
    steps = (
        f"{Card(card).pretty} won the trick: it scores by {name} [divide.score.winning-suit]",
        f"{name} stack holds {suit_tokens[suit]}: the winner takes {verdict} [{clause}]",
    )
    return Explanation(verdict=verdict, steps=steps, clauses=("divide.score.winning-suit", clause))


def explain_action(
    engine: Engine[DivideState, Action], state: DivideState, action: Action
) -> tuple[bool, Explanation]:
    """Whether ``action`` is legal in ``state``, and why, step by step.

    The verdict is the engine's own (``apply`` either accepts the action or
    names the clause it breaks); the steps spell out the reasoning for plays.
    """
    legal, _, reason, clause = engine_verdict(engine, state, action)
    steps: list[Step] = []
    if isinstance(action, Play) and state.stage == Stage.TRICKS:
        steps += _play_steps(state, action.card)
    return verdict_on(
        action, state.actor, (legal, reason, clause), steps, legal_clause=_clause_of(action)
    )


def _clause_of(action: Action) -> str:
    return {
        Play: "divide.trick.play-from-hand",
        Offer: "divide.divide.offering",
        Secure: "divide.divide.secure",
        Split: "divide.divide.offers",
        Keep: "divide.divide.choose",
    }.get(type(action), "divide.round.phases")


def _play_steps(state: DivideState, card: Card) -> list[tuple[str, str]]:
    seat = state.actor
    rank = state.trump >> 2
    own = state.config.trump_suit == "own"
    steps = [(f"Trick {len(state.tricks) + 1}: seat {seat} is to play", "divide.trick.clockwise")]
    if not state.trick:
        who = "leads the first trick" if not state.tricks else "won the last trick and leads"
        clause = "divide.trick.first-lead" if not state.tricks else "divide.trick.winner-leads"
        steps.append((f"Seat {seat} {who}", clause))
    hand = state.hands[seat]
    return steps + card_steps(hand, state.trick, rank, card, own_suit=own, who=f"Seat {seat}")


def card_steps(
    hand: int, trick: tuple[int, ...], trump_rank: int, card: Card, *, own_suit: bool, who: str
) -> list[Step]:
    """Why ``card`` may or may not go from ``hand`` to ``trick`` (the cards so far), step by step.

    ``who`` names the player (``"Seat 2"``).  The steps of a lead speak of the
    Trump Rank only when ``card`` is of it.

    >>> trick = (Card("2H"),)
    >>> for text, clause in card_steps(CardSet("KH 7S").mask, trick, Rank.SEVEN.index,
    ...                                Card("7S"), own_suit=False, who="Seat 1"):
    ...     print(text, clause)
    2♥ was led: Hearts are asked for divide.ruling.trump-rank-suit
    Seat 1 holds K♥: it must follow divide.trick.follow-suit
    """
    rank = Rank(trump_rank + 2).label
    steps: list[Step] = []
    if not trick:
        non_trump = hand & ~RANK_MASKS[trump_rank]
        if RANK_MASKS[trump_rank] >> card & 1:
            if non_trump:
                steps.append(
                    (
                        f"{card.pretty} is of the Trump Rank ({rank}) and the hand holds "
                        f"other cards ({CardSet(non_trump).pretty})",
                        "divide.trick.lead-restriction",
                    )
                )
            else:
                steps.append(
                    (
                        f"The hand holds only Trump Rank cards, so {card.pretty} may be led",
                        "divide.trick.lead-restriction",
                    )
                )
        return steps
    led = Card(trick[0])
    follow = hand & led_mask(int(led), trump_rank, own_suit=own_suit)
    own_led = own_suit and led.rank.index == trump_rank
    asked = "Trump Rank cards" if own_led else _SUIT_NAMES[led.suit]
    steps.append((f"{led.pretty} was led: {asked} are asked for", "divide.ruling.trump-rank-suit"))
    if follow:
        steps.append(
            (f"{who} holds {CardSet(follow).pretty}: it must follow", "divide.trick.follow-suit")
        )
    else:
        steps.append((f"{who} holds no {asked}: any card may be played", "divide.trick.void"))
    return steps


def explain_play(
    hand: int, trick: tuple[int, ...], trump_rank: int, card: int, *, own_suit: bool
) -> tuple[bool, Explanation]:
    """Whether ``card`` may be played from ``hand`` to ``trick`` (the cards so far), and why.

    The verdict is the engine's own: :func:`~engine.divide.tricks.explain_illegal_play`,
    what ``apply`` raises for a play outside :func:`~engine.divide.tricks.legal_plays`
    (which it reads itself).

    >>> seven = Rank.SEVEN.index
    >>> legal, why = explain_play(CardSet("KH 7S").mask, (Card("2H"),), seven, Card("7S"),
    ...                           own_suit=False)
    >>> legal, why.verdict
    (False, 'illegal: 7♠ does not follow the led 2♥ while the hand holds K♥')
    >>> explain_play(CardSet("KH 7S").mask, (), seven, Card("KH"), own_suit=False)[1].verdict
    'legal: K♥ may be played'
    """
    name = Card(card).pretty
    steps: list[Step] = []
    if not trick:
        steps.append(
            (
                "Nothing has been played to the trick: this card leads it",
                "divide.trick.lead-restriction",
            )
        )
    steps += card_steps(hand, trick, trump_rank, Card(card), own_suit=own_suit, who="The player")
    refused = explain_illegal_play(hand, trick, trump_rank, card, own_suit=own_suit)
    if refused is None:
        ending = (f"{name} may be played", "divide.trick.play-from-hand")
        return True, explained(f"legal: {name} may be played", [*steps, ending])
    return False, explained(
        f"illegal: {refused.reason}", [*steps, (refused.reason, refused.clause)]
    )
