"""What every game's position loader shares: the form of a position, and replaying its plays.

A position file is first checked against its game's schema
(:mod:`spec.schema`): every field missing, unknown, or of the wrong type or
range is named at once, by its path (``position.hands[1]``), as one
:class:`~spec.schema.SchemaError`.  The pieces most positions share are
here: card fields read with a game's deck, seats, tricks, the ``game`` and
``variants`` fields.  Then the rules judge what the position means.

A position lists the tricks of the current hand (finished ones and the one
in progress).  Replaying them through the game's own ``apply`` from the
hands the seats must have held shows whether the rules could have led here,
and names the first play that breaks a rule.

>>> from engine.divide.position import EXAMPLE, position_from_json
>>> position_from_json(EXAMPLE).actor
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from spec.cards import Card
from spec.errors import CardlawError, IllegalAction, MalformedInput
from spec.schema import Cards, List, Object, Problem, Refine, Schema, SchemaError, Seat, Text
from spec.schema import problems as schema_problems

__all__ = [
    "ROOT",
    "card_parser",
    "cards_field",
    "check_position",
    "configured",
    "game_field",
    "read_cards",
    "read_seat",
    "replay_tricks",
    "trick_field",
    "variant_options",
    "variants_field",
]

ROOT = "position"
"""The name of a position document's root in problem paths (``position.hands[1]``)."""

S = TypeVar("S")


def card_parser(deck: int, deck_name: str) -> Callable[[str], Card]:
    """A card parser that accepts only the cards of ``deck`` (a mask).

    >>> from spec.cards import DECK52
    >>> card_parser(DECK52, "a 52-card deck")("JK")
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: JK is not a card of a 52-card deck
    """

    def parse(token: str) -> Card:
        card = Card(token)
        if not deck >> card & 1:
            raise MalformedInput(f"{card} is not a card of {deck_name}")
        return card

    return parse


def cards_field(
    deck: int, deck_name: str, *, example: str = "AS KH", count: int | None = None
) -> Cards:
    """The schema of a card field: a string of cards or a list of them, all from ``deck``."""
    return Cards(card_parser(deck, deck_name), example=example, count=count)


def trick_field(players: int | None, cards: Schema) -> Object:
    """The schema of a trick: ``{"leader": seat, "cards": [...]}`` (the cards are optional)."""
    return Object({"leader": Seat(players)}, optional={"cards": cards})


def game_field(name: str, title: str) -> Refine:
    """The schema of the ``game`` field: the game's own name.

    >>> from spec.schema import problems
    >>> problems(game_field("divide", "Divide"), "euchre")[0].message
    "this is a 'euchre' position, not Divide"
    """
    return Refine(
        Text(),
        lambda value: None if value == name else f"this is a {value!r} position, not {title}",
    )


def variants_field(known: Iterable[str]) -> List:
    """The schema of the ``variants`` field: a list of the game's variant names."""
    names = tuple(known)

    def test(value: object) -> str | None:
        if value in names:
            return None
        return f"unknown variant {value!r} (known: {', '.join(names) or 'none'})"

    return List(Refine(Text(), test), what="a list of variant names")


def variant_options(variants: Mapping[str, Mapping[str, Any]], value: object) -> dict[str, Any]:
    """The options the variants named in ``value`` set.

    Names it does not know, and a ``value`` that is no list, are skipped:
    the schema reports them.
    """
    options: dict[str, Any] = {}
    if isinstance(value, list):
        for name in value:
            if isinstance(name, str) and name in variants:
                options.update(variants[name])
    return options


C = TypeVar("C")


def configured(build: Callable[[], C], path: str) -> tuple[C | None, list[Problem]]:
    """The configuration ``build`` makes, or ``None`` and the problem it raised at ``path``."""
    try:
        return build(), []
    except (ValueError, TypeError) as error:
        return None, [Problem(path, str(error))]


def check_position(schema: Schema, data: object, found: Sequence[Problem] = ()) -> None:
    """Raise one :class:`~spec.schema.SchemaError` for ``found`` and ``data``'s problems.

    The problems of ``data`` against ``schema`` have paths from :data:`ROOT`;
    with no problem at all, nothing happens.

    >>> check_position(Object({"dealer": Seat(4)}), {"dealer": 4, "colour": "red"})
    Traceback (most recent call last):
    ...
    spec.schema.base.SchemaError: position.dealer: expected a seat 0–3, got 4; \
position.colour: unknown field (known: dealer)
    """
    if not isinstance(data, Mapping):
        raise MalformedInput(f"{ROOT}: must be an object")
    every = [*found, *schema_problems(schema, data, ROOT)]
    if every:
        raise SchemaError(every)


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
