"""Step-by-step reasons for Divide's trick and scoring decisions, with the clauses they apply.

These read the same functions the engine plays by, so an explanation can
never disagree with a game.

>>> from spec.cards import Card, Rank
>>> trick = tuple(Card(c) for c in ("KH", "7S", "2H", "AH"))
>>> for step in explain_trick(trick, Rank.SEVEN.index, leader=0, players=4).steps:
...     print(step)
K♥ is led: Hearts are the led suit [divide.ruling.trump-rank-suit]
The Trump Rank is 7: 7♠ is a trump [divide.trump.rank]
Trump beats the rest; 7♠ is the strongest trump by suit [divide.trick.winner-trump]
Seat 1 wins with 7♠ [divide.trick.winner-trump]
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.divide.scoring import take_token
from engine.divide.tricks import trick_winner
from spec.cards import RANK_MASKS, Card, Rank, Suit
from spec.divide.constants import BONUS_TOKEN_POINTS, SUIT_TOKEN_POINTS

__all__ = ["Explanation", "explain_token", "explain_trick"]

_SUIT_NAMES = {
    Suit.SPADES: "Spades",
    Suit.HEARTS: "Hearts",
    Suit.DIAMONDS: "Diamonds",
    Suit.CLUBS: "Clubs",
}


@dataclass(frozen=True, slots=True)
class Explanation:
    """A verdict, the reasoning step by step, and the clauses applied."""

    verdict: str
    steps: tuple[str, ...]
    clauses: tuple[str, ...]


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
    return Explanation(
        verdict=f"seat {seat} wins with {winner.pretty}",
        steps=tuple(f"{text} [{cid}]" for text, cid in steps),
        clauses=tuple(dict.fromkeys(cid for _, cid in steps)),
    )


def explain_token(suit_tokens: tuple[int, ...], bonus: int, card: int) -> Explanation:
    """What token a trick won with ``card`` earns, given the stacks and bonus supply.

    >>> print(explain_token((3, 3, 0, 3), 5, Card("AH")).verdict)
    a 5-point bonus token (the Hearts stack is empty)
    """
    suit = Card(card).suit
    _, _, is_bonus = take_token(suit_tokens, bonus, suit)
    name = _SUIT_NAMES[suit]
    if is_bonus:
        verdict = f"a {BONUS_TOKEN_POINTS}-point bonus token (the {name} stack is empty)"
        clause = "divide.score.bonus-token"
    else:
        left = suit_tokens[suit] - 1
        verdict = f"a {SUIT_TOKEN_POINTS}-point {name} token ({left} left in the stack)"
        clause = "divide.score.suit-token"
    steps = (
        f"{Card(card).pretty} won the trick: it scores by {name} [divide.score.winning-suit]",
        f"{name} stack holds {suit_tokens[suit]}: the winner takes {verdict} [{clause}]",
    )
    return Explanation(verdict=verdict, steps=steps, clauses=("divide.score.winning-suit", clause))
