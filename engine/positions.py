"""What every game's position loader shares: the form of a position, and replaying its plays.

A position file is first checked against its game's schema
(:mod:`spec.schema`): every field missing, unknown, or of the wrong type or
range is named at once, by its path (``position.hands[1]``), as one
:class:`~spec.schema.SchemaError`.  The pieces most positions share are
here: card fields read with a game's deck, seats, tricks, the ``game`` and
``variants`` fields.  Then the rules judge what the position means: one
that they cannot reach raises :class:`~spec.errors.InvalidState` listing each
problem found (a :class:`Ledger` names each card given twice).

A position lists the tricks of the current hand (finished ones and the one
in progress).  Replaying them through the game's own ``apply`` from the
hands the seats must have held shows whether the rules could have led here,
and names the first play that breaks a rule.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> from cardlaw.engine.divide.position import EXAMPLE
>>> DIVIDE.position_from_json(EXAMPLE).actor
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple, NotRequired, Protocol, TypedDict, TypeGuard, TypeVar, cast

from cardlaw.spec.cards import JOKER_INDEX, Card, Suit
from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.errors import CardlawError, IllegalAction, MalformedInput
from cardlaw.spec.schema import (
    ANY,
    Cards,
    List,
    Object,
    Problem,
    Refine,
    Schema,
    SchemaError,
    Seat,
    Text,
)
from cardlaw.spec.schema import problems as schema_problems

__all__ = [
    "ROOT",
    "RULES_FIELD",
    "CardsDoc",
    "Deck",
    "Ledger",
    "Trick",
    "TrickDoc",
    "card_parser",
    "card_pattern",
    "cards_field",
    "check_position",
    "checked_config",
    "configured",
    "game_field",
    "hand_size_problem",
    "is_whole",
    "open_trick_problems",
    "read_cards",
    "read_seat",
    "replay_tricks",
    "require_object",
    "rules_option",
    "short_trick_problem",
    "start_masks",
    "trick_field",
    "tricks_to_json",
    "variant_options",
    "variants_field",
]

ROOT = "position"
"""The name of a position document's root in problem paths (``position.hands[1]``)."""

C = TypeVar("C")

CardsDoc = str | list[str]
"""A card field once the schema has passed it: ``"AS KH"`` or ``["AS", "KH"]``."""


class TrickDoc(TypedDict):
    """A trick field once the schema (:func:`trick_field`) has passed it."""

    leader: int
    cards: NotRequired[CardsDoc]


# --- Form: the schema pieces the games share ----------------------------------------------


def card_parser(deck: int, deck_name: str) -> Callable[[str], Card]:
    """A card parser that accepts only the cards of ``deck`` (a mask).

    >>> from cardlaw.spec.cards import DECK52
    >>> card_parser(DECK52, "a 52-card deck")("JK")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: JK is not a card of a 52-card deck
    """

    def parse(token: str) -> Card:
        card = Card(token)
        if not deck >> card & 1:
            raise MalformedInput(f"{card} is not a card of {deck_name}")
        return card

    return parse


def card_pattern(deck: int) -> str:
    r"""A regular expression for the name of any card of ``deck`` (a mask), as cardlaw reads it.

    A rank (``10`` or ``T`` for ten), then a suit's letter or symbol, in either case.

    >>> import re
    >>> from cardlaw.spec.cards import CardSet
    >>> pattern = card_pattern(CardSet("AS KS 10H").mask)
    >>> [bool(re.fullmatch(pattern, t)) for t in ("AS", "ks", "TH", "10♥", "10S", "QS")]
    [True, True, True, True, False, False]
    """
    suits_of: dict[str, str] = {}
    for card in (Card(index) for index in range(JOKER_INDEX) if deck >> index & 1):
        suits_of[card.rank.label] = suits_of.get(card.rank.label, "") + card.suit.letter
    alternatives = []
    for label, letters in suits_of.items():
        rank = "(?:10|[Tt])" if label == "10" else f"[{label}{label.lower()}]"
        symbols = "".join(Suit.parse(letter).symbol for letter in letters)
        alternatives.append(f"{rank}[{letters}{letters.lower()}{symbols}]")
    if deck >> JOKER_INDEX & 1:
        alternatives.append("(?:[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]|★)")
    return "|".join(alternatives)


def cards_field(
    deck: int, deck_name: str, *, example: str = "AS KH", count: int | None = None
) -> Cards:
    """The schema of a card field: a string of cards or a list of them, all from ``deck``."""
    return Cards(
        card_parser(deck, deck_name), example=example, count=count, pattern=card_pattern(deck)
    )


def trick_field(players: int | None, cards: Schema) -> Object:
    """The schema of a trick: ``{"leader": seat, "cards": [...]}`` (the cards are optional)."""
    return Object({"leader": Seat(players)}, optional={"cards": cards})


def game_field(name: str, title: str) -> Refine:
    """The schema of the ``game`` field: the game's own name.

    >>> from cardlaw.spec.schema import problems
    >>> problems(game_field("divide", "Divide"), "euchre")[0].message
    "this is a 'euchre' position, not Divide"
    """
    return Refine(
        Text(),
        lambda value: None if value == name else f"this is a {value!r} position, not {title}",
        json={"const": name},
    )


def variants_field(known: Iterable[str]) -> List:
    """The schema of the ``variants`` field: a list of the game's variant names."""
    names = tuple(known)

    def test(value: object) -> str | None:
        if value in names:
            return None
        return f"unknown variant {value!r} (known: {', '.join(names) or 'none'})"

    return List(Refine(Text(), test, json={"enum": list(names)}), what="a list of variant names")


RULES_FIELD: Final[Schema] = ANY
"""The schema of a position's optional ``rules`` field: rule parameters by name
(``{"BONUS_TOKENS": 4}``), judged by the configuration (:mod:`spec.parameters`)."""


def rules_option(data: Mapping[str, object]) -> dict[str, object]:
    """``{"rules": ...}`` when the position changes rule parameters, else nothing."""
    return {"rules": data["rules"]} if "rules" in data else {}


def variant_options(
    variants: Mapping[str, Mapping[str, object]], value: object
) -> dict[str, object]:
    """The options the variants named in ``value`` set.

    Names it does not know, and a ``value`` that is no list, are skipped:
    the schema reports them.
    """
    options: dict[str, object] = {}
    if isinstance(value, list):
        for name in value:
            if isinstance(name, str) and name in variants:
                options.update(variants[name])
    return options


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (``True`` and ``False`` are not).

    >>> is_whole(3), is_whole(True), is_whole("3")
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def configured(build: Callable[[], C], path: str) -> tuple[C | None, list[Problem]]:
    """The configuration ``build`` makes, or ``None`` and the problem it raised at ``path``."""
    try:
        return build(), []
    except (ValueError, TypeError) as error:
        return None, [Problem(path, str(error))]


def require_object(
    data: object, message: str = f"{ROOT}: must be an object"
) -> Mapping[str, object]:
    """``data`` as a mapping; raises :class:`MalformedInput` with ``message`` if it is none.

    >>> require_object([1, 2])
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: position: must be an object
    """
    if not isinstance(data, Mapping):
        raise MalformedInput(message)
    return cast("Mapping[str, object]", data)


def check_position(schema: Schema, data: object, found: Sequence[Problem] = ()) -> None:
    """Raise one :class:`~spec.schema.SchemaError` for ``found`` and ``data``'s problems.

    The problems of ``data`` against ``schema`` have paths from :data:`ROOT`;
    with no problem at all, nothing happens.

    >>> check_position(Object({"dealer": Seat(4)}), {"dealer": 4, "colour": "red"})
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: position.dealer: expected a seat 0–3, got 4; \
position.colour: unknown field (known: dealer)
    """
    data = require_object(data)
    every = [*found, *schema_problems(schema, data, ROOT)]
    if every:
        raise SchemaError(every)


def checked_config(
    schema: Schema, data: object, config: C | None, found: Sequence[Problem] = ()
) -> C:
    """``config``, once :func:`check_position` has passed ``data`` (and ``found``).

    A position of the right form always has a configuration: ``found`` names
    the problem that kept ``config`` from being made.
    """
    check_position(schema, data, found)
    assert config is not None
    return config


# --- Reading: the validated document as typed values --------------------------------------


def read_cards(value: object, where: str, deck: int, deck_name: str) -> list[Card]:
    """Cards a position gives as ``"AS KH 2H"`` or ``["AS", "KH"]``, all from ``deck``.

    >>> from cardlaw.spec.cards import DECK52
    >>> read_cards("AS, 10H", "hand 0", DECK52, "a 52-card deck")
    [Card('AS'), Card('10H')]
    >>> read_cards("JK", "hand 0", DECK52, "a 52-card deck")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: position: hand 0: JK is not a card of a 52-card deck
    """
    tokens: list[str]
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


def read_seat(value: object, where: str, players: int) -> SeatId:
    """A seat number from 0 to ``players - 1``.

    >>> read_seat(True, "dealer", 4)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: position: dealer must be a seat from 0 to 3
    """
    if not is_whole(value) or not 0 <= value < players:
        raise MalformedInput(f"position: {where} must be a seat from 0 to {players - 1}")
    return value


class Trick(NamedTuple):
    """A trick a position gives: its leader and its cards in play order."""

    leader: int
    cards: list[Card]


@dataclass(frozen=True, slots=True)
class Deck:
    """A game's deck, as positions name it: the cards it holds (a mask) and its name.

    >>> from cardlaw.spec.cards import DECK52
    >>> deck = Deck(DECK52, "a 52-card deck")
    >>> deck.trick({"leader": 1, "cards": "AS KS"}, "trick 1", 4)
    Trick(leader=1, cards=[Card('AS'), Card('KS')])
    """

    mask: int
    name: str

    def field(self, *, example: str = "AS KH", count: int | None = None) -> Cards:
        """The schema of a field of this deck's cards (see :func:`cards_field`)."""
        return cards_field(self.mask, self.name, example=example, count=count)

    def cards(self, value: object, where: str) -> list[Card]:
        """The cards of a field (see :func:`read_cards`)."""
        return read_cards(value, where, self.mask, self.name)

    def card(self, value: object, where: str) -> Card:
        """The first card of a field the schema holds to one card."""
        return self.cards(value, where)[0]

    def trick(self, value: TrickDoc, where: str, players: int) -> Trick:
        """A trick of ``players`` seats (``where`` names it in messages)."""
        leader = read_seat(value["leader"], f"{where} leader", players)
        return Trick(leader, self.cards(value.get("cards", []), f"{where} cards"))

    def tricks(
        self, finished: Sequence[TrickDoc], current: TrickDoc, players: int
    ) -> tuple[list[Trick], Trick]:
        """The finished tricks (``trick 1`` ...) and the current trick."""
        done = [self.trick(t, f"trick {i + 1}", players) for i, t in enumerate(finished)]
        return done, self.trick(current, "the current trick", players)


# --- Meaning: the checks the games share --------------------------------------------------


@dataclass(slots=True)
class Ledger:
    """Where each card of a position is; a card given twice is a problem.

    >>> ledger = Ledger()
    >>> ledger.place([Card("AS"), Card("KH")], "hand 0")
    >>> ledger.place([Card("KH")], "trick 1")
    >>> ledger.problems
    ['K♥ is given twice (hand 0 and trick 1)']
    """

    problems: list[str] = field(default_factory=list)
    places: dict[int, str] = field(default_factory=dict)

    def place(self, cards: Iterable[int], where: str) -> None:
        """Note that ``cards`` are given at ``where``; a card given before is a problem."""
        for card in cards:
            key = int(card)
            if key in self.places:
                self.problems.append(
                    f"{Card(key).pretty} is given twice ({self.places[key]} and {where})"
                )
            else:
                self.places[key] = where

    def place_hands(self, hands: Iterable[Iterable[int]]) -> None:
        """Note each seat's hand (``hand 0``, ``hand 1``, ...)."""
        for seat, hand in enumerate(hands):
            self.place(hand, f"hand {seat}")


def short_trick_problem(number: int, trick: Trick, size: int) -> list[str]:
    """The problem of finished trick ``number`` if it does not hold ``size`` cards."""
    if len(trick.cards) == size:
        return []
    return [f"trick {number} has {len(trick.cards)} cards, not {size}"]


def open_trick_problems(
    current: Trick, size: int, finished: int, most: int, unit: str
) -> list[str]:
    """The problems of a full current trick, and of ``finished`` tricks ending the ``unit``.

    The ``unit`` (a round, a hand) is over after ``most`` tricks.
    """
    problems = []
    if len(current.cards) >= size:
        problems.append(f"the current trick already has {len(current.cards)} cards")
    if finished >= most:
        problems.append(f"{finished} tricks are finished: the {unit} is over")
    return problems


def hand_size_problem(seat: int, held: int, full: int, finished: int, playing: bool) -> list[str]:
    """The problem of ``seat`` holding ``held`` cards, if a hand of ``full`` cannot hold that.

    ``playing`` says whether the seat has played its card to the current trick.

    >>> hand_size_problem(2, 4, 8, 2, True)
    ['seat 2 holds 4 cards but must hold 5 after 2 finished tricks and its card in this trick']
    """
    want = full - finished - playing
    if held == want:
        return []
    this = " and its card in this trick" if playing else ""
    return [
        f"seat {seat} holds {held} cards but must hold {want} after {finished} "
        f"finished tricks{this}"
    ]


def start_masks(
    hands: Sequence[Iterable[CardId]], plays: Iterable[tuple[SeatId, CardId]]
) -> list[CardMask]:
    """Each seat's cards (a mask) before the tricks: its hand and the cards it played."""
    masks = [sum(1 << card for card in set(map(int, hand))) for hand in hands]
    for seat, card in plays:
        masks[seat] |= 1 << card
    return masks


class _Turns(Protocol):
    @property
    def leader(self) -> SeatId: ...

    @property
    def actor(self) -> int: ...


T = TypeVar("T", bound=_Turns)


def replay_tricks(
    state: T,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    finished: int,
    play: Callable[[T, Card], T],
) -> tuple[T, list[str]]:
    """Play ``tricks`` (leader, cards in play order) from ``state``.

    The first ``finished`` tricks are finished, the last may be in progress.
    Returns the state reached and the problems found (empty when every play
    was legal and every trick was led by the seat whose turn it was); it
    stops at the first problem.  ``state`` needs ``leader`` and ``actor``.
    """
    current = state
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


def tricks_to_json(
    tricks: Iterable[tuple[int, Iterable[int]]], leader: int, trick: Iterable[int]
) -> dict[str, object]:
    """The ``tricks`` and ``trick`` fields of a state during the tricks.

    >>> from cardlaw.spec.cards import JOKER_INDEX, Card, Suit
    >>> tricks_to_json([(0, [Card("KS")])], 1, [])
    {'tricks': [{'leader': 0, 'cards': ['KS']}], 'trick': {'leader': 1, 'cards': []}}
    """
    return {
        "tricks": [
            {"leader": first, "cards": [str(Card(c)) for c in cards]} for first, cards in tricks
        ],
        "trick": {"leader": leader, "cards": [str(Card(c)) for c in trick]},
    }
