"""What every game's position loader shares: replaying the plays a judge wrote down.

A position lists the tricks of the current hand (finished ones and the one
in progress).  Replaying them through the game's own ``apply`` from the
hands the seats must have held shows whether the rules could have led here,
and names the first play that breaks a rule.

>>> from engine.divide.position import EXAMPLE, position_from_json
>>> position_from_json(EXAMPLE).actor
3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from spec.cards import Card
from spec.errors import CardlawError, IllegalAction, MalformedInput

__all__ = ["read_cards", "read_seat", "replay_tricks"]

S = TypeVar("S")


def read_cards(value: Any, where: str, deck: int, deck_name: str) -> list[Card]:
    """Cards a position gives as ``"AS KH 2H"`` or ``["AS", "KH"]``, all from ``deck``.

    >>> from spec.cards import DECK52
    >>> read_cards("AS, 10H", "hand 0", DECK52, "a 52-card deck")
    [Card('AS'), Card('10H')]
    >>> read_cards("JK", "hand 0", DECK52, "a 52-card deck")
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: position: hand 0: JK is not a card of a 52-card deck
    """
    if isinstance(value, str):
        tokens = value.replace(",", " ").split()
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        tokens = list(value)
    else:
        raise MalformedInput(f'position: {where} must be cards, like "AS KH"')
    cards = []
    for token in tokens:
        try:
            card = Card(token)
        except CardlawError as error:
            raise MalformedInput(f"position: {where}: {error}") from None
        if not deck >> card & 1:
            raise MalformedInput(f"position: {where}: {card} is not a card of {deck_name}")
        cards.append(card)
    return cards


def read_seat(value: Any, where: str, players: int) -> int:
    """A seat number from 0 to ``players - 1``.

    >>> read_seat(True, "dealer", 4)
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: position: dealer must be a seat from 0 to 3
    """
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise MalformedInput(f"position: {where} must be a seat from 0 to {players - 1}")
    return value


def replay_tricks(
    state: S,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    finished: int,
    play: Callable[[S, Card], S],
) -> tuple[S, list[str]]:
    """Play ``tricks`` (leader, cards in play order) from ``state``.

    The first ``finished`` tricks are finished, the last may be in progress.
    Returns the state reached and the problems found (empty when every play
    was legal and every trick was led by the seat whose turn it was); it
    stops at the first problem.  ``state`` needs ``leader`` and ``actor``.
    """
    current: Any = state
    for number, (leader, cards) in enumerate(tricks, start=1):
        label = f"trick {number}" if number <= finished else "the current trick"
        if leader != current.leader:
            why = "leads the first trick" if number == 1 else "won the last trick"
            return current, [f"{label} is led by seat {leader}, but seat {current.leader} {why}"]
        for card in cards:
            try:
                current = play(current, card)
            except IllegalAction as illegal:
                return current, [
                    f"in {label}, seat {current.actor}'s {card.pretty} breaks a rule: {illegal}"
                ]
    return current, []
