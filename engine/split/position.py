"""Cooperative positions for the solver: every hand and the draw order known.

A position is a JSON object (or a TOML table with the same keys).  Two
forms are accepted.

**A deal** (no ``piles``): the dealer's hand still holds the opening cards,
and the engine opens the piles from it; the dealer's left neighbour plays
first.  Put-under draws (when the dealer holds fewer than two standard
cards) come from ``draw``.

.. code-block:: json

    {
      "hands": [[5, 17, 33, 41], [12, 62, 75], [8, 44, 77, 90]],
      "dealer": 0,
      "aids": [0, 100],
      "draw": [55, 3, 70]
    }

**An open table** (``piles`` given): ``piles`` is ``[left, right]``, an
optional ``middle`` card lies between them, ``to_move`` (default 0) acts
next and ``direction`` is ``"clockwise"`` (default) or
``"counterclockwise"``.

.. code-block:: json

    {"hands": [[45], [30, 52], [48]], "piles": [20, 80], "middle": 60, "to_move": 1}

Keys: ``hands`` (required: one list of card numbers per seat, 3 to 5
seats); ``aids`` (the aids still usable, default ``[0, 100]``; the 0 and
the 100 are never in a hand or the draw pile); ``dealer`` (default 0, deal
form only); ``draw`` (the draw pile, top card first).  Cards named nowhere
go under the draw pile in ascending order (deal form) or under the piles
(open table).  Card numbers are 0 to 100, each at most once.  ``rules``
changes rule parameters (``{"CARDS_DEALT": 8}``), as ``--set`` does.

>>> state = position_from_json({"hands": [[45], [30, 52], [48]], "piles": [20, 80],
...                             "middle": 60, "to_move": 1})
>>> state.stage.name, state.actor, state.middle, state.config.aids
('MOVE', 1, 60, (0, 100))
>>> position_from_json({"hands": [[45], [45], [48]], "piles": [20, 80]})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedCard: bad card '45': given twice
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, NotRequired, TypedDict, cast

from cardlaw.engine.positions import (
    RULES_FIELD,
    checked_config,
    configured,
    require_object,
    rules_option,
)
from cardlaw.engine.split.codec import config_from_json
from cardlaw.engine.split.opening import continue_opening
from cardlaw.engine.split.spot import AID_MASK, Number
from cardlaw.spec.errors import MalformedCard, MalformedInput
from cardlaw.spec.invariants import require_valid
from cardlaw.spec.schema import Choice, List, Object, Problem, Seat
from cardlaw.spec.split.cards import DECK_MASK, NUMBER_FIELD, parse_number
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS
from cardlaw.spec.split.invariants import INVARIANTS
from cardlaw.spec.split.state import CLOCKWISE, COUNTERCLOCKWISE, SplitState, Stage, initial_state

__all__ = ["POSITION_KEYS", "position_from_json"]

POSITION_KEYS: Final = (
    "hands",
    "aids",
    "dealer",
    "draw",
    "piles",
    "middle",
    "to_move",
    "direction",
    "rules",
)
"""The keys a position may have."""


class _Doc(TypedDict):
    """A solver position once the schema has passed it."""

    hands: list[list[Number]]
    aids: NotRequired[list[Number]]
    dealer: NotRequired[int]
    draw: NotRequired[list[Number]]
    piles: NotRequired[list[Number]]
    middle: NotRequired[Number]
    to_move: NotRequired[int]
    direction: NotRequired[Literal["clockwise", "counterclockwise", 1, -1]]
    rules: NotRequired[dict[str, int]]


class _Cards:
    """Collects card numbers, rejecting one out of range, given twice or set aside."""

    def __init__(self) -> None:
        self.seen = 0
        self.aside = AID_MASK
        self.why = "is set aside in cooperative play, never in a hand or the draw pile"

    def take(self, value: object, where: str) -> int:
        """The card number ``value`` at ``where``; raises if it may not be there."""
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise MalformedInput(f"{where}: a card is a number from 0 to 100, not {value!r}")
        number = parse_number(value)
        if self.seen >> number & 1:
            raise MalformedCard(str(number), "given twice")
        if self.aside >> number & 1:
            raise MalformedInput(f"{where}: the {number} {self.why}")
        self.seen |= 1 << number
        return number

    def many(self, value: object, where: str) -> list[int]:
        """The card numbers of the list ``value`` at ``where``."""
        if not isinstance(value, list):
            raise MalformedInput(f"{where} must be a list of card numbers")
        return [self.take(v, where) for v in value]


def _schema(players: int | None) -> Object:
    """The form of a solver position for ``players`` seats (``None``: not known)."""
    cards = List(NUMBER_FIELD, what="a list of card numbers")
    return Object(
        {"hands": List(cards, 1, what="one list of card numbers per seat")},
        optional={
            "aids": cards,
            "dealer": Seat(players),
            "draw": cards,
            "piles": List(NUMBER_FIELD, 2, 2, what="[left, right], two card numbers"),
            "middle": NUMBER_FIELD,
            "to_move": Seat(players),
            "direction": Choice("clockwise", "counterclockwise", 1, -1),
            "rules": RULES_FIELD,
        },
    )


def _direction(value: object) -> int:
    return CLOCKWISE if value in ("clockwise", 1) else COUNTERCLOCKWISE


def _form(data: object) -> tuple[_Doc, SplitConfig]:
    """The position checked against its schema, and the configuration it names."""
    data = require_object(data, "a position must be an object with at least 'hands'")
    hands_raw = data.get("hands")
    aids_raw = data.get("aids", list(AID_CARDS))
    config: SplitConfig | None = None
    found: list[Problem] = []
    if isinstance(hands_raw, list) and hands_raw:
        players = len(hands_raw)
        options = {"mode": "cooperative", "players": players, **rules_option(data)}
        where = "position.rules" if "rules" in data else "position.hands"
        config, found = configured(lambda: config_from_json(options), where)
        if config is not None and isinstance(aids_raw, list):
            aids, rules = tuple(aids_raw), config.rules
            config, found = configured(
                lambda: SplitConfig(mode="cooperative", players=players, aids=aids, rules=rules),
                "position.aids",
            )
    schema = _schema(None if config is None else config.players)
    return cast("_Doc", data), checked_config(schema, data, config, found)


def position_from_json(data: Mapping[str, object]) -> SplitState:
    """The cooperative state a position describes (see the module docstring).

    Raises :class:`~spec.errors.MalformedInput` for anything malformed: one
    :class:`~spec.schema.SchemaError` naming every field missing, unknown or
    of the wrong type or range by its path, then a card out of range or
    given twice; and :class:`~spec.errors.InvalidState` for a position the
    rules cannot reach.

    >>> position_from_json({"hands": [[45], [30]], "piles": [20], "colour": 1})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: position.hands: ...3 to 5 players, not 2; \
position.piles: \
expected [left, right], two card numbers, got a list of 1; position.colour: unknown field ...
    """
    doc, config = _form(data)
    cards = _Cards()
    hands = []
    for p, hand in enumerate(doc["hands"]):
        mask = 0
        for number in cards.many(hand, f"hand {p}"):
            mask |= 1 << number
        hands.append(mask)
    draw = cards.many(doc.get("draw", []), "draw")
    if "piles" not in doc:
        return _checked(continue_opening(_deal(doc, config, cards, hands, draw)))
    return _checked(_open_table(doc, config, cards, hands, draw))


def _deal(
    doc: _Doc, config: SplitConfig, cards: _Cards, hands: list[int], draw: list[int]
) -> SplitState:
    """The state of a deal: the dealer still holds the opening cards."""
    for key in ("middle", "to_move", "direction"):
        if key in doc:
            raise MalformedInput(f"{key!r} needs 'piles' (an open table)")
    dealer = doc.get("dealer", 0)
    if not all(hands):
        raise MalformedInput("in a deal every seat holds cards")
    rest = tuple(c for c in range(101) if not (cards.seen | AID_MASK) >> c & 1)
    return initial_state(config)._replace(
        stage=Stage.DEAL,
        dealer=dealer,
        opener=dealer,
        hands=tuple(hands),
        draw=(*draw, *rest),
        aside=AID_MASK,
    )


def _open_table(
    doc: _Doc, config: SplitConfig, cards: _Cards, hands: list[int], draw: list[int]
) -> SplitState:
    """The state of an open table: the piles, maybe a middle card, a seat to move."""
    if "dealer" in doc:
        raise MalformedInput("'dealer' belongs to a deal, not to an open table")
    n = config.players
    state = initial_state(config)
    # On the table: any card, the 0 and the 100 included once they have been used.
    cards.aside = config.aid_mask
    cards.why = "is listed as a usable aid, so it is not on the table"
    left, right = (cards.take(v, "piles") for v in doc["piles"])
    middle = cards.take(doc["middle"], "middle") if "middle" in doc else -1
    to_move = doc.get("to_move", 0)
    if not hands[to_move]:
        raise MalformedInput(f"seat {to_move} is to move but has no cards")
    on_table = 1 << left | 1 << right | (1 << middle if middle >= 0 else 0)
    aside = AID_MASK & ~on_table
    used = tuple(aid for aid in AID_CARDS if on_table >> aid & 1)
    if used:  # an aid on the table was allowed: it has been used
        config = SplitConfig(
            mode="cooperative",
            players=n,
            aids=tuple(sorted({*(config.aids or ()), *used})),
            rules=config.rules,
        )
    return state._replace(
        config=config,
        stage=Stage.MOVE if middle >= 0 else Stage.PLAY,
        dealer=(to_move - 1) % n,
        actor=to_move,
        opener=(to_move - 1) % n,
        direction=_direction(doc.get("direction", "clockwise")),
        hands=tuple(hands),
        draw=tuple(draw),
        table=on_table | DECK_MASK & ~cards.seen & ~aside,
        left=left,
        right=right,
        middle=middle,
        aside=aside,
        turn=1,
    )


def _checked(state: SplitState) -> SplitState:
    require_valid(INVARIANTS, state)
    return state
