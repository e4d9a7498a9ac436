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

>>> state = position_from_json(EXAMPLE)
>>> state.actor, [len(CardSet(h)) for h in state.hands], state.suit_tokens, state.taken
(3, [3, 2, 2, 3], (2, 1, 2, 2), (1, 2, 1, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.divide.codec import config_from_json
from engine.divide.play import apply_play
from engine.positions import (
    cards_field,
    check_position,
    configured,
    game_field,
    read_cards,
    read_seat,
    replay_tricks,
    trick_field,
    variant_options,
    variants_field,
)
from spec.cards import DECK52, Card, CardSet
from spec.divide.actions import PLAYS
from spec.divide.constants import (
    BONUS_TOKENS,
    HAND_SIZE,
    ROUNDS,
    SUIT_TOKENS_PER_SUIT,
    TRICKS_PER_ROUND,
)
from spec.divide.state import DivideState, Stage, initial_state
from spec.errors import InvalidState, MalformedInput
from spec.schema import Int, List, Object, Seat

__all__ = ["EXAMPLE", "position_from_json", "position_to_json"]

EXAMPLE: Final[dict[str, Any]] = {
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

_CARDS: Final = cards_field(DECK52, "Divide's 52-card deck")


def _schema(players: int | None, round_number: int | None) -> Object:
    """The form of a Divide position for ``players`` seats, in round ``round_number``."""
    from engine.divide.game import DIVIDE  # noqa: PLC0415  (game imports this module)

    trick = trick_field(players, _CARDS)
    rows = None if round_number is None else round_number - 1
    hands = "hands, one per seat" if players is None else f"a list of {players} hands, one per seat"
    return Object(
        {
            "dealer": Seat(players),
            "trump": cards_field(DECK52, "Divide's 52-card deck", example="7D", count=1),
            "hands": List(_CARDS, players or 0, players, what=hands),
            "trick": trick,
        },
        optional={
            "game": game_field("divide", "Divide"),
            "players": Int(),
            "round": Int(min=1, max=ROUNDS),
            "tricks": List(trick),
            "scores": List(
                List(
                    Int(min=0), players or 0, players, what=f"{players or 'n'} points, one per seat"
                ),
                rows or 0,
                rows,
                what=f"the scores of the {rows} finished rounds" if rows is not None else "",
            ),
            "variants": variants_field(DIVIDE.variants),
        },
    )


def _trick(value: Mapping[str, Any], where: str, n: int) -> tuple[int, list[Card]]:
    return read_seat(value["leader"], f"{where} leader", n), _cards(
        value.get("cards", []), f"{where} cards"
    )


def _cards(value: Any, where: str) -> list[Card]:
    return read_cards(value, where, DECK52, "Divide's 52-card deck")


def position_from_json(data: Mapping[str, Any]) -> DivideState:
    """The state a position describes; raises naming every problem found.

    Problems of form (a field missing, unknown, or of the wrong type or
    range) raise one :class:`~spec.schema.SchemaError` naming each by its
    path; a position the rules cannot reach raises :class:`InvalidState`
    listing each problem.

    >>> position_from_json({**EXAMPLE, "dealer": 7, "round": 0})
    Traceback (most recent call last):
    ...
    spec.schema.base.SchemaError: position.dealer: expected a seat 0–3, got 7; \
position.round: expected a whole number from 1 to 4, got 0
    """
    from engine.divide.game import DIVIDE  # noqa: PLC0415  (game imports this module)

    if not isinstance(data, Mapping):
        raise MalformedInput("position: must be an object")
    players = data.get("players", 4)
    options = {"players": players, **variant_options(DIVIDE.variants, data.get("variants"))}
    config, found = (
        configured(lambda: config_from_json(options), "position.players")
        if isinstance(players, int) and not isinstance(players, bool)
        else (None, [])
    )
    round_raw = data.get("round", 1)
    fits = isinstance(round_raw, int) and not isinstance(round_raw, bool)
    check_position(
        _schema(None if config is None else config.players, round_raw if fits else None),
        data,
        found,
    )
    assert config is not None
    n = config.players
    dealer: int = data["dealer"]
    round_number: int = data.get("round", 1)
    (trump,) = _cards(data["trump"], "trump")
    hands = [_cards(h, f"hand {p}") for p, h in enumerate(data["hands"])]
    finished = [_trick(t, f"trick {i + 1}", n) for i, t in enumerate(data.get("tricks", []))]
    current = _trick(data["trick"], "the current trick", n)
    score_rows = [tuple(row) for row in data.get("scores", [])]

    problems: list[str] = []
    # Every card at most once.
    places: dict[int, str] = {int(trump): "the trump offering"}

    def place(card: Card, where: str) -> None:
        if int(card) in places:
            problems.append(f"{card.pretty} is given twice ({places[int(card)]} and {where})")
        else:
            places[int(card)] = where

    for p, hand in enumerate(hands):
        for card in hand:
            place(card, f"hand {p}")
    for i, (_, cards) in enumerate(finished):
        if len(cards) != n:
            problems.append(f"trick {i + 1} has {len(cards)} cards, not {n}")
        for card in cards:
            place(card, f"trick {i + 1}")
    for card in current[1]:
        place(card, "the current trick")
    if len(current[1]) >= n:
        problems.append(f"the current trick already has {len(current[1])} cards")
    if len(finished) >= TRICKS_PER_ROUND:
        problems.append(f"{len(finished)} tricks are finished: the round is over")
    # Hand sizes follow from the tricks played.
    played_now = {(current[0] + i) % n for i in range(len(current[1]))}
    for p, hand in enumerate(hands):
        want = HAND_SIZE - len(finished) - (p in played_now)
        if len(hand) != want:
            problems.append(
                f"seat {p} holds {len(hand)} cards but must hold {want} after {len(finished)} "
                f"finished tricks{' and its card in this trick' if p in played_now else ''}"
            )
    if problems:
        raise InvalidState(problems)

    # Replay the round's plays from the hands the seats must have held.
    start_hands = [set(map(int, h)) for h in hands]
    for leader, cards in [*finished, current]:
        for i, card in enumerate(cards):
            start_hands[(leader + i) % n].add(int(card))
    remaining = [c for c in range(52) if c not in places]
    offerings = [-1] * n
    offerings[dealer] = int(trump)  # who offered what is hidden; no answer depends on it
    others = [q for q in range(n) if q != dealer]
    for q, hidden in zip(others, remaining, strict=False):
        offerings[q] = hidden
    undealt = 0
    for hidden in remaining[len(others) :]:
        undealt |= 1 << hidden
    first = (dealer + 1) % n
    zeros = (0,) * n
    state = initial_state(config)._replace(
        stage=Stage.TRICKS,
        round=round_number - 1,
        dealer=dealer,
        actor=first,
        leader=first,
        hands=tuple(sum(1 << c for c in h) for h in start_hands),
        undealt=undealt,
        offerings=tuple(offerings),
        secured=zeros,
        trump=int(trump),
        suit_tokens=(SUIT_TOKENS_PER_SUIT,) * 4,
        bonus=BONUS_TOKENS,
        scores=tuple(score_rows),
    )
    state, problems = replay_tricks(
        state, [*finished, current], len(finished), lambda s, card: apply_play(s, PLAYS[int(card)])
    )
    if problems:
        raise InvalidState(problems)
    return state


def position_to_json(state: DivideState) -> dict[str, Any]:
    """The position of a state during the tricks (what a judge would write down).

    >>> state = position_from_json(EXAMPLE)
    >>> position_from_json(position_to_json(state)) == state
    True
    """
    if state.stage != Stage.TRICKS:
        raise MalformedInput(
            "position: only a state during the tricks can be written as a position"
        )
    n = state.players
    data: dict[str, Any] = {
        "game": "divide",
        "players": n,
        "round": state.round + 1,
        "dealer": state.dealer,
        "trump": str(Card(state.trump)),
        "hands": [str(CardSet(h)) for h in state.hands],
        "tricks": [
            {"leader": leader, "cards": [str(Card(c)) for c in cards]}
            for leader, cards in state.tricks
        ],
        "trick": {"leader": state.leader, "cards": [str(Card(c)) for c in state.trick]},
        "scores": [list(row) for row in state.scores],
    }
    if state.config.trump_suit == "own":
        data["variants"] = ["trump-rank-own-suit"]
    return data
