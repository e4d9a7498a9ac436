"""Split positions for judges: a turn in progress, as someone at the table writes it down.

(:mod:`engine.split.position` is the cooperative solver's format, where every
hand and the draw order are known; this one is for ``cardlaw ask split
legal``, in either game.)  A position is a JSON object, or a TOML table with
the same keys; :data:`EXAMPLE` is one::

    {
      "game": "split", "mode": "competitive", "players": 3,
      "piles": [33, 71], "middle": 52, "under": [25, 80],
      "hands": [[12, 48, 99], [5, 47, 66, 90], [34, 70, 88]],
      "to_move": 1, "direction": "clockwise", "draw": 60
    }

Keys:

``piles`` (required)
    ``[left, right]``: the numbers on top of the left and right piles.
``hands`` (required)
    One list of card numbers per seat (or a string such as ``"12 48 99"``).
``middle``
    The card lying between the piles, if any: the player to move first puts
    it onto a pile.
``under``
    The cards played onto the piles since they were opened, under the two
    top cards (face up).  Without ``under`` and ``middle`` the piles were
    just opened.
``mode``
    ``"competitive"`` (the default) or ``"cooperative"``.
``players``
    The number of seats (default: as many as ``hands``).
``to_move``
    The seat to act (default 0); ``direction`` is ``"clockwise"`` (the
    default) or ``"counterclockwise"``.
``draw``
    The draw pile: its number of cards, or its cards with the top first.
    Competitive default: every card named nowhere (then the discard pile
    is empty).  Cooperative: the draw
    pile never changes after the deal (99 - 7 x players - 2 cards, or
    99 - CARDS_DEALT x players - DEALER_EXTRA under changed rules).
``discard``
    Competitive only: the discard pile (face up).  Default: the cards named
    nowhere that are not in the draw pile.
``aids``
    Cooperative only: the aids (0, 100) beside the table that may still be
    used.  Default: both, less any already on the table.  An aid neither
    listed nor on the table may not be used in this game (the variants
    *cooperative-no-0*, *cooperative-no-100*, *cooperative-no-aids*).

Every card is in exactly one place; a card named nowhere goes to the draw
pile (up to its number of cards, if given) and then to the discard pile
(competitive) or under the piles (cooperative).  No answer depends on which
hidden card is where.

Loading checks the position as a judge would and names the problem: a card
out of range or given twice, counts that cannot add up
(:class:`~spec.errors.MalformedInput`), or a situation the rules cannot
reach — an empty hand in a game still running, a standard middle card
outside the piles, fresh piles that are not the opener's lowest and highest
standard cards, a cooperative hand of more than seven cards (more than the
rules let a hand hold after the opening, under changed rules)
(:class:`~spec.errors.InvalidState`).

``rules`` (optional) changes rule parameters, ``{"CARDS_DEALT": 8}``, as
``--set`` does; the position is then judged under them, and a position
written under changed rules names them.

>>> from cardlaw.engine.split.game import SPLIT
>>> state = SPLIT.position_from_json(EXAMPLE)
>>> state.stage.name, state.actor, state.middle, len(state.draw), state.discard.bit_count()
('MOVE', 1, 52, 60, 26)
>>> SPLIT.position_from_json({**EXAMPLE, "middle": 20, "piles": [33, 20]})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: position: 20 is given twice (the piles and the middle card)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, NotRequired, TypedDict, cast

from cardlaw.engine.base import with_rules
from cardlaw.engine.manifest import Engine
from cardlaw.engine.positions import (
    RULES_FIELD,
    checked_config,
    configured,
    game_field,
    is_whole,
    require_object,
    rules_option,
)
from cardlaw.engine.split.codec import config_from_json
from cardlaw.engine.split.spot_judge import judge
from cardlaw.spec.errors import CardlawError, InvalidState, MalformedInput
from cardlaw.spec.invariants import violations
from cardlaw.spec.schema import Cards, Choice, Int, List, Object, OneOf, Problem, Seat
from cardlaw.spec.split.actions import Action
from cardlaw.spec.split.cards import NUMBER_FIELD, NUMBER_PATTERN, parse_number
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS, DECK_SIZE
from cardlaw.spec.split.invariants import INVARIANTS
from cardlaw.spec.split.state import CLOCKWISE, COUNTERCLOCKWISE, SplitState, Stage, initial_state

__all__ = [
    "AID_MASK",
    "EXAMPLE",
    "KEYS",
    "Number",
    "position_form",
    "position_from_json",
    "position_to_json",
]

_Engine = Engine[SplitState, Action]

EXAMPLE: Final[dict[str, object]] = {
    "game": "split",
    "mode": "competitive",
    "players": 3,
    "piles": [33, 71],
    "middle": 52,
    "under": [25, 80],
    "hands": [[12, 48, 99], [5, 47, 66, 90], [34, 70, 88]],
    "to_move": 1,
    "direction": "clockwise",
    "draw": 60,
}
"""A competitive position: seat 1 must move the 52 and then play (used in the docs and tests)."""

KEYS: Final = (
    "game",
    "mode",
    "players",
    "piles",
    "middle",
    "under",
    "hands",
    "to_move",
    "direction",
    "draw",
    "discard",
    "aids",
    "rules",
)
"""The keys a position may have."""

AID_MASK: Final = sum(1 << aid for aid in AID_CARDS)
"""The aid cards, as a mask."""

Number = int | str
"""One card number in a position: ``57`` or ``"57"``."""

Numbers = str | list[Number]
"""Card numbers in a position: ``"12 48 99"`` or a list of numbers."""


class _Doc(TypedDict):
    """A Split position once the schema has passed it."""

    piles: list[Number]
    hands: list[Numbers]
    game: NotRequired[str]
    mode: NotRequired[Literal["competitive", "cooperative"]]
    players: NotRequired[int]
    middle: NotRequired[Number]
    under: NotRequired[Numbers]
    to_move: NotRequired[int]
    direction: NotRequired[Literal["clockwise", "counterclockwise"]]
    draw: NotRequired[int | list[Number]]
    discard: NotRequired[Numbers]
    aids: NotRequired[list[Number]]
    rules: NotRequired[dict[str, int]]


_MANY: Final = Cards(parse_number, example="12 48 99", numbers=True, pattern=NUMBER_PATTERN)


def _schema(players: int | None) -> Object:
    """The form of a Split position for ``players`` seats (``None``: not known)."""
    hands = "hands, one per seat" if players is None else f"a list of {players} hands, one per seat"
    return Object(
        {
            "piles": List(NUMBER_FIELD, 2, 2, what="[left, right], two card numbers"),
            "hands": List(_MANY, players or 1, players, what=hands),
        },
        optional={
            "game": game_field("split", "Split"),
            "mode": Choice("competitive", "cooperative"),
            "players": Int(),
            "middle": NUMBER_FIELD,
            "under": _MANY,
            "to_move": Seat(players),
            "direction": Choice("clockwise", "counterclockwise"),
            "draw": OneOf(Int(min=0), List(NUMBER_FIELD)),
            "discard": _MANY,
            "aids": List(NUMBER_FIELD),
            "rules": RULES_FIELD,
        },
    )


class _Places:
    """Collects the cards named in a position, each in one place."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def card(self, value: object, where: str) -> int:
        """The card number ``value`` at ``where``; raises if it was named before."""
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise MalformedInput(
                f"position: {where}: a card is a number from 0 to 100, not {value!r}"
            )
        try:
            number = parse_number(value)
        except CardlawError as error:
            raise MalformedInput(f"position: {where}: {error}") from None
        if number in self.where:
            raise MalformedInput(
                f"position: {number} is given twice ({self.where[number]} and {where})"
            )
        self.where[number] = where
        return number

    def cards(self, value: object, where: str) -> int:
        """The card numbers ``value`` names at ``where``, as a mask."""
        tokens: list[object]
        if isinstance(value, str):
            tokens = list(value.replace(",", " ").split())
        elif isinstance(value, list):
            tokens = value
        else:
            raise MalformedInput(f"position: {where} must be a list of card numbers")
        mask = 0
        for token in tokens:
            mask |= 1 << self.card(token, where)
        return mask

    @property
    def named(self) -> int:
        """The cards named so far, as a mask."""
        return sum(1 << n for n in self.where)


def _config(data: Mapping[str, object]) -> tuple[SplitConfig | None, list[Problem], int | None]:
    """The configuration, its problem if any, and the number of seats (if known)."""
    mode = data.get("mode", "competitive")
    hands = data.get("hands")
    players = data.get("players", len(hands) if isinstance(hands, list) else None)
    if not is_whole(players):
        return None, [], None  # the schema names the problem
    if mode not in ("competitive", "cooperative"):
        return None, [], players
    options = {"mode": mode, "players": players, **rules_option(data)}
    where = "position.rules" if "rules" in data else "position.players"
    config, found = configured(lambda: config_from_json(options), where)
    return config, found, None if config is None else players


@dataclass(slots=True)
class _Table:
    """The cards on the table and in the hands, and who acts."""

    left: int
    right: int
    middle: int  # -1: none
    table: int  # every card on the table, the piles' and the middle card included
    hands: tuple[int, ...]
    to_move: int
    clockwise: bool


def _read_table(doc: _Doc, places: _Places) -> _Table:
    """The piles, the middle card, the cards under the piles and the hands."""
    left = places.card(doc["piles"][0], "the piles")
    right = places.card(doc["piles"][1], "the piles")
    middle = places.card(doc["middle"], "the middle card") if "middle" in doc else -1
    under = places.cards(doc.get("under", []), "under the piles")
    hands = tuple(places.cards(h, f"hand {p}") for p, h in enumerate(doc["hands"]))
    table = 1 << left | 1 << right | under | (1 << middle if middle >= 0 else 0)
    clockwise = doc.get("direction", "clockwise") == "clockwise"
    return _Table(left, right, middle, table, hands, doc.get("to_move", 0), clockwise)


def _aids(doc: _Doc, places: _Places, config: SplitConfig, table: int) -> tuple[SplitConfig, int]:
    """The configuration with the aids that may be used, and the cards set aside."""
    if not config.cooperative:
        if "aids" in doc:
            raise MalformedInput("position: aids belong to the cooperative game")
        return config, 0
    for aid in AID_CARDS:
        where = places.where.get(aid, "")
        if where.startswith("hand"):
            raise MalformedInput(
                f"position: {where}: the {aid} is set aside in cooperative play, never in a "
                "hand [split.coop.aids-aside]"
            )
    usable = 0
    label = "the aids" if "aids" in doc else "the aids beside the table"
    for value in doc.get("aids", [a for a in AID_CARDS if not table >> a & 1]):
        aid = places.card(value, label)
        if aid not in AID_CARDS:
            raise MalformedInput(f"position: an aid is the 0 or the 100, not {aid}")
        usable |= 1 << aid
    for aid in AID_CARDS:
        places.where.setdefault(aid, "beside the table")
    aids = tuple(a for a in AID_CARDS if (usable | table) >> a & 1)
    config = SplitConfig(mode="cooperative", players=config.players, aids=aids, rules=config.rules)
    if "discard" in doc:
        raise MalformedInput("position: a cooperative game has no discard pile")
    return config, AID_MASK & ~table


def _cooperative_draw(
    listed: tuple[int, ...] | None, count: int | None, rest: list[int], config: SplitConfig
) -> tuple[tuple[int, ...], list[int]]:
    """The cooperative draw pile (it never changes after the deal), and the cards left over."""
    n, rules = config.players, config.rules
    want = DECK_SIZE - len(AID_CARDS) - rules.cards_dealt * n - rules.dealer_extra
    have = len(listed) if listed is not None else want if count is None else count
    if have != want:
        raise MalformedInput(
            f"position: a cooperative draw pile of {n} players holds {want} cards after the "
            f"deal and never changes, not {have}"
        )
    if listed is not None:
        return listed, rest
    if len(rest) < want:
        raise MalformedInput(
            f"position: {want} cards must be in the draw pile, but only {len(rest)} are "
            "named nowhere"
        )
    return tuple(rest[:want]), rest[want:]


def _competitive_draw(
    listed: tuple[int, ...] | None, count: int | None, rest: list[int], discard_given: bool
) -> tuple[tuple[int, ...], int]:
    """The draw pile, and the cards named nowhere that go to the discard pile (a mask)."""
    if count is not None:
        if count > len(rest):
            raise MalformedInput(
                f"position: the draw pile cannot hold {count} cards: only {len(rest)} "
                "are named nowhere"
            )
        draw, rest = tuple(rest[:count]), rest[count:]
    elif listed is None:
        draw, rest = tuple(rest), []
    else:
        draw = listed
    if not discard_given:
        return draw, sum(1 << card for card in rest)
    if rest:
        raise MalformedInput(
            f"position: {len(rest)} cards are named nowhere (for example {rest[0]}): "
            "name them in the hands, the piles, the draw pile or the discard pile"
        )
    return draw, 0


def _piles(
    doc: _Doc, places: _Places, config: SplitConfig, table: int
) -> tuple[tuple[int, ...], int, int]:
    """The draw pile, the discard pile and the table, the cards named nowhere placed."""
    raw = doc.get("draw")
    listed = tuple(places.card(v, "the draw pile") for v in raw) if isinstance(raw, list) else None
    count = None if isinstance(raw, list) else raw
    discard = places.cards(doc["discard"], "the discard pile") if "discard" in doc else 0
    rest = [c for c in range(DECK_SIZE) if not places.named >> c & 1]
    if config.cooperative:
        draw, rest = _cooperative_draw(listed, count, rest, config)
        return draw, discard, table | sum(1 << card for card in rest)  # played earlier
    draw, more = _competitive_draw(listed, count, rest, "discard" in doc)
    return draw, discard | more, table


def position_form(players: int | None) -> Object:
    """The form of a Split position of ``players`` seats (``None``: not known)."""
    return _schema(players)


def _form(data: Mapping[str, object]) -> tuple[_Doc, SplitConfig]:
    """The position checked against its schema, and the configuration it names."""
    data = require_object(data, "position: must be an object with 'piles' and 'hands'")
    config, found, seats = _config(data)
    return cast("_Doc", data), checked_config(_schema(seats), data, config, found)


def position_from_json(engine: _Engine, data: Mapping[str, object]) -> SplitState:
    """The state a position describes; raises naming the problem (:mod:`engine.positions`).

    >>> from cardlaw.engine.split.game import SPLIT
    >>> SPLIT.position_from_json({**EXAMPLE, "to_move": 3, "direction": "up"})
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: position.to_move: expected a seat 0–2, got 3; \
position.direction: expected "clockwise" or "counterclockwise", got "up"
    """
    doc, config = _form(data)
    places = _Places()
    spot = _read_table(doc, places)
    config, aside = _aids(doc, places, config, spot.table)
    draw, discard, table = _piles(doc, places, config, spot.table)
    opener = (spot.to_move - 1) % config.players
    state = initial_state(config)._replace(
        stage=Stage.MOVE if spot.middle >= 0 else Stage.PLAY,
        dealer=opener,
        actor=spot.to_move,
        opener=opener,
        direction=CLOCKWISE if spot.clockwise else COUNTERCLOCKWISE,
        hands=spot.hands,
        draw=draw,
        discard=discard,
        table=table,
        left=spot.left,
        right=spot.right,
        middle=spot.middle,
        aside=aside,
        turn=1,
    )
    problems = judge(state, fresh=table.bit_count() == 2 and spot.middle < 0)
    problems = problems or violations(INVARIANTS, state)
    if problems:
        raise InvalidState(problems)
    return state


def position_to_json(engine: _Engine, state: SplitState) -> dict[str, object]:
    """The position of a state during a turn (what a judge would write down).

    >>> from cardlaw.engine.split.game import SPLIT
    >>> state = SPLIT.position_from_json(EXAMPLE)
    >>> again = SPLIT.position_from_json(SPLIT.position_to_json(state))
    >>> (again.hands, again.table, again.draw, again.actor) == (
    ...     state.hands, state.table, state.draw, state.actor)
    True
    """
    if state.stage not in (Stage.MOVE, Stage.PLAY):
        raise MalformedInput("position: only a state during a turn can be written as a position")
    shown = 1 << state.left | 1 << state.right | (1 << state.middle if state.middle >= 0 else 0)
    data: dict[str, object] = {
        "game": "split",
        "mode": state.config.mode,
        "players": state.players,
        "piles": [state.left, state.right],
    }
    if state.middle >= 0:
        data["middle"] = state.middle
    data["under"] = _numbers(state.table & ~shown)
    data["hands"] = [_numbers(h) for h in state.hands]
    data["to_move"] = state.actor
    data["direction"] = "clockwise" if state.direction == CLOCKWISE else "counterclockwise"
    data["draw"] = list(state.draw)
    if state.config.cooperative:
        data["aids"] = _numbers(state.aside & state.config.aid_mask)
    else:
        data["discard"] = _numbers(state.discard)
    return with_rules(data, state.config.rules)


def _numbers(mask: int) -> list[int]:
    return [c for c in range(DECK_SIZE) if mask >> c & 1]
