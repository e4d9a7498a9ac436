"""Divide positions: a situation at the table during the tricks, as a judge writes it down.

A position is a JSON (or TOML) object; :data:`EXAMPLE` is one, five tricks
into a round::

    {
      "game": "divide", "players": 4, "round": 1, "dealer": 3, "trump": "8C",
      "hands": ["8H 7H 4C", "10H 2C", "5S 6C", "3H JD 10C"],
      "tricks": [{"leader": 0, "cards": ["JC", "7C", "KC", "9C"]}, ...],
      "trick": {"leader": 1, "cards": ["9S", "6S"]},
      "scores": []
    }

``trump`` is the offering that was turned up (its rank is the Trump Rank);
``hands`` the cards each seat holds now; ``tricks`` the finished tricks of
this round in order, each from its leader; ``trick`` the trick in progress.
``scores`` (the finished rounds' scores) and ``variants`` are optional.  The
tokens are worked out from the tricks.

Loading checks the position as a judge would and names every problem: a card
given twice, a hand of the wrong size, a trick led by the wrong seat, a play
that broke a rule (each earlier play is replayed through the engine from the
hands the seats must have held).  What a position cannot tell — who offered
which card, the undealt cards, the Great Divide — no answer depends on; it is
filled in with the remaining cards, hidden from every seat.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> state = DIVIDE.position_from_json(EXAMPLE)
>>> state.actor, [len(CardSet(h)) for h in state.hands], state.suit_tokens, state.taken
(3, [3, 2, 2, 3], (2, 1, 2, 2), (1, 2, 1, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NotRequired, TypedDict, cast

from cardlaw.engine.base import with_rules
from cardlaw.engine.divide.codec import config_from_json
from cardlaw.engine.divide.play import apply_play
from cardlaw.engine.manifest import Engine
from cardlaw.engine.positions import (
    RULES_FIELD,
    CardsDoc,
    Deck,
    Ledger,
    Trick,
    TrickDoc,
    checked_config,
    configured,
    game_field,
    hand_size_problem,
    is_whole,
    open_trick_problems,
    replay_tricks,
    require_object,
    rules_option,
    short_trick_problem,
    start_masks,
    trick_field,
    tricks_to_json,
    variant_options,
    variants_field,
)
from cardlaw.spec.cards import DECK52, Card, CardSet
from cardlaw.spec.divide.actions import PLAYS, Action
from cardlaw.spec.divide.config import VARIANTS, DivideConfig
from cardlaw.spec.divide.state import DivideState, Stage, initial_state
from cardlaw.spec.errors import InvalidState, MalformedInput
from cardlaw.spec.schema import Int, List, Object, Problem, Seat

__all__ = ["EXAMPLE", "position_form", "position_from_json", "position_to_json"]

_Engine = Engine[DivideState, Action]

EXAMPLE: Final[dict[str, object]] = {
    "game": "divide",
    "players": 4,
    "round": 1,
    "dealer": 3,
    "trump": "8C",
    "hands": ["8H 7H 4C", "10H 2C", "5S 6C", "3H JD 10C"],
    "tricks": [
        {"leader": 0, "cards": ["JC", "7C", "KC", "9C"]},
        {"leader": 2, "cards": ["3D", "4D", "KD", "2D"]},
        {"leader": 0, "cards": ["10S", "AS", "3S", "KS"]},
        {"leader": 1, "cards": ["6H", "JS", "AH", "JH"]},
        {"leader": 3, "cards": ["6D", "3C", "8D", "9D"]},
    ],
    "trick": {"leader": 1, "cards": ["9S", "6S"]},
}
"""A position a few tricks into a round (used in the docs and tests)."""

_DECK: Final = Deck(DECK52, "Divide's 52-card deck")
_CARDS: Final = _DECK.field()

_VARIANTS: Final = {variant.name: variant.options for variant in VARIANTS}


class _Doc(TypedDict):
    """A Divide position once the schema has passed it."""

    dealer: int
    trump: CardsDoc
    hands: list[CardsDoc]
    trick: TrickDoc
    game: NotRequired[str]
    players: NotRequired[int]
    round: NotRequired[int]
    tricks: NotRequired[list[TrickDoc]]
    scores: NotRequired[list[list[int]]]
    variants: NotRequired[list[str]]
    rules: NotRequired[dict[str, int]]


@dataclass(frozen=True, slots=True)
class _Spot:
    """What a Divide position of the right form says."""

    config: DivideConfig
    dealer: int
    round: int
    trump: Card
    hands: list[list[Card]]
    finished: list[Trick]
    current: Trick
    scores: tuple[tuple[int, ...], ...]

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks and the current one."""
        return [*self.finished, self.current]


def _schema(players: int | None, round_number: int | None, rounds: int) -> Object:
    """The form of a Divide position: ``players`` seats, round ``round_number`` of ``rounds``."""
    trick = trick_field(players, _CARDS)
    rows = None if round_number is None else round_number - 1
    hands = "hands, one per seat" if players is None else f"a list of {players} hands, one per seat"
    return Object(
        {
            "dealer": Seat(players),
            "trump": _DECK.field(example="7D", count=1),
            "hands": List(_CARDS, players or 0, players, what=hands),
            "trick": trick,
        },
        optional={
            "game": game_field("divide", "Divide"),
            "players": Int(),
            "round": Int(min=1, max=rounds),
            "tricks": List(trick),
            "scores": List(
                List(
                    Int(min=0), players or 0, players, what=f"{players or 'n'} points, one per seat"
                ),
                rows or 0,
                rows,
                what=f"the scores of the {rows} finished rounds" if rows is not None else "",
            ),
            "variants": variants_field(_VARIANTS),
            "rules": RULES_FIELD,
        },
    )


def position_form(players: int | None) -> Object:
    """The form of a Divide position of ``players`` seats, in any round of the printed rules."""
    return _schema(players, None, DivideConfig().rules.rounds)


def _form(data: Mapping[str, object]) -> tuple[_Doc, DivideConfig]:
    """The position checked against its schema, and the configuration it names."""
    data = require_object(data)
    players = data.get("players", 4)
    options = {
        "players": players,
        **variant_options(_VARIANTS, data.get("variants")),
        **rules_option(data),
    }
    config: DivideConfig | None = None
    found: list[Problem] = []
    if is_whole(players):
        config, found = configured(lambda: config_from_json(options), "position.players")
    round_raw = data.get("round", 1)
    schema = _schema(
        None if config is None else config.players,
        round_raw if is_whole(round_raw) else None,
        (config or DivideConfig()).rules.rounds,
    )
    return cast("_Doc", data), checked_config(schema, data, config, found)


def _read(doc: _Doc, config: DivideConfig) -> _Spot:
    """The typed reading of a position of the right form."""
    dealer, round_number = doc["dealer"], doc.get("round", 1)
    trump = _DECK.card(doc["trump"], "trump")
    hands = [_DECK.cards(h, f"hand {p}") for p, h in enumerate(doc["hands"])]
    finished, current = _DECK.tricks(doc.get("tricks", []), doc["trick"], config.players)
    scores = tuple(tuple(row) for row in doc.get("scores", []))
    return _Spot(config, dealer, round_number, trump, hands, finished, current, scores)


def _check(spot: _Spot) -> Ledger:
    """Where each card is, and the problems: a card given twice, wrong counts."""
    n = spot.config.players
    ledger = Ledger()
    problems = ledger.problems
    ledger.place([spot.trump], "the trump offering")
    ledger.place_hands(spot.hands)
    for i, trick in enumerate(spot.finished):
        problems += short_trick_problem(i + 1, trick, n)
        ledger.place(trick.cards, f"trick {i + 1}")
    ledger.place(spot.current.cards, "the current trick")
    tricks = spot.config.rules.hand_size
    problems += open_trick_problems(spot.current, n, len(spot.finished), tricks, "round")
    # Hand sizes follow from the tricks played.
    playing = {seat for seat, _ in _plays([spot.current], n)}
    for p, hand in enumerate(spot.hands):
        problems += hand_size_problem(p, len(hand), tricks, len(spot.finished), p in playing)
    return ledger


def _plays(tricks: Sequence[Trick], n: int) -> list[tuple[int, Card]]:
    """Who played each card of ``tricks``: seat and card."""
    return [((t.leader + i) % n, card) for t in tricks for i, card in enumerate(t.cards)]


def _start(spot: _Spot, places: Mapping[int, str]) -> DivideState:
    """The state at the first trick: the hands the seats must have held."""
    n, dealer = spot.config.players, spot.dealer
    remaining = [c for c in range(52) if c not in places]
    offerings = [-1] * n
    offerings[dealer] = int(spot.trump)  # who offered what is hidden; no answer depends on it
    others = [q for q in range(n) if q != dealer]
    for q, hidden in zip(others, remaining, strict=False):
        offerings[q] = hidden
    undealt = 0
    for hidden in remaining[len(others) :]:
        undealt |= 1 << hidden
    first = (dealer + 1) % n
    return initial_state(spot.config)._replace(
        stage=Stage.TRICKS,
        round=spot.round - 1,
        dealer=dealer,
        actor=first,
        leader=first,
        hands=tuple(start_masks(spot.hands, _plays(spot.tricks, n))),
        undealt=undealt,
        offerings=tuple(offerings),
        trump=int(spot.trump),
        scores=spot.scores,
    )


def position_from_json(engine: _Engine, data: Mapping[str, object]) -> DivideState:
    """The state a position describes; raises naming every problem (:mod:`engine.positions`).

    >>> from cardlaw.engine.divide.game import DIVIDE
    >>> DIVIDE.position_from_json({**EXAMPLE, "dealer": 7, "round": 0})
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: position.dealer: expected a seat 0–3, got 7; \
position.round: expected a whole number from 1 to 4, got 0
    """
    spot = _read(*_form(data))
    ledger = _check(spot)
    if ledger.problems:
        raise InvalidState(ledger.problems)
    # Replay the round's plays from the hands the seats must have held.
    state, problems = replay_tricks(
        _start(spot, ledger.places),
        spot.tricks,
        len(spot.finished),
        lambda s, card: apply_play(s, PLAYS[int(card)]),
    )
    if problems:
        raise InvalidState(problems)
    return state


def position_to_json(engine: _Engine, state: DivideState) -> dict[str, object]:
    """The position of a state during the tricks (what a judge would write down).

    >>> from cardlaw.engine.divide.game import DIVIDE
    >>> state = DIVIDE.position_from_json(EXAMPLE)
    >>> DIVIDE.position_from_json(DIVIDE.position_to_json(state)) == state
    True
    """
    if state.stage != Stage.TRICKS:
        raise MalformedInput(
            "position: only a state during the tricks can be written as a position"
        )
    data: dict[str, object] = {
        "game": "divide",
        "players": state.players,
        "round": state.round + 1,
        "dealer": state.dealer,
        "trump": str(Card(state.trump)),
        "hands": [str(CardSet(h)) for h in state.hands],
        **tricks_to_json(state.tricks, state.leader, state.trick),
        "scores": [list(row) for row in state.scores],
    }
    if state.config.trump_suit == "own":
        data["variants"] = ["trump-rank-own-suit"]
    return with_rules(data, state.config.rules)
