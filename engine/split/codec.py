"""Split's configuration and states as JSON.

Card sets are written as lists of numbers, lowest first; the draw pile as a
list with its top card first.

>>> from cardlaw.spec.split import SplitConfig, initial_state
>>> state = initial_state(SplitConfig(mode="cooperative", players=5))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_to_json(SplitConfig(mode="cooperative", players=3, aids=(100,)))
{'mode': 'cooperative', 'players': 3, 'aids': [100], 'max_turns': 2000}
>>> config_to_json(config_from_json({"players": 3, "rules": {"cards-dealt": 8}}))
{'mode': 'competitive', 'players': 3, 'aids': [], 'max_turns': 2000, 'rules': {'CARDS_DEALT': 8}}
>>> config_from_json({"players": 9})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: competitive Split is for 2 to 6 players, not 9
>>> config_from_json({"colour": "red"})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown Split option 'colour'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.engine import jsonio
from cardlaw.engine.base import is_number, read_options, require_valid, with_rules
from cardlaw.spec.cards import bits
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.cards import mask_of, parse_number
from cardlaw.spec.split.config import SplitConfig, SplitRules
from cardlaw.spec.split.invariants import INVARIANTS
from cardlaw.spec.split.state import End, SplitState, Stage

__all__ = ["CODEC", "config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {
    "mode": "text",
    "players": "number",
    "aids": "numbers",
    "max_turns": "number",
    "put_under_wild": "flag",
}


def config_to_json(config: SplitConfig) -> dict[str, jsonio.JSON]:
    """The configuration as a JSON object; ``put_under_wild`` is written only when set.

    >>> config_to_json(SplitConfig(players=2, put_under_wild=True))["put_under_wild"]
    True
    """
    options: dict[str, jsonio.JSON] = {
        "mode": config.mode,
        "players": config.players,
        "aids": list(config.aids or ()),
        "max_turns": config.max_turns,
    }
    if config.put_under_wild:
        options["put_under_wild"] = True
    return with_rules(options, config.rules)


def config_from_json(data: object) -> SplitConfig:
    """A configuration from a JSON object; unknown keys and bad values are errors."""
    options = read_options(data, "Split", _OPTIONS, nullable=frozenset({"aids"}), rules=SplitRules)
    return SplitConfig(**options)


def _cards(mask: int) -> list[jsonio.JSON]:
    return list(bits(mask))


def state_to_json(state: SplitState) -> dict[str, jsonio.JSON]:
    """The full state (hidden cards included) as a JSON object.

    ``buried`` (the cards put under in an opening going on) is written only
    when it is not 0, so a state outside such an opening reads as it always has.
    """
    buried: dict[str, jsonio.JSON] = {"buried": state.buried} if state.buried else {}
    return {
        **jsonio.header(
            state, config_to_json(state.config), "dealer", "actor", "opener", "direction"
        ),
        "hands": [_cards(hand) for hand in state.hands],
        "draw": list(state.draw),
        "discard": _cards(state.discard),
        "table": _cards(state.table),
        "left": state.left,
        "right": state.right,
        "middle": state.middle,
        "aside": _cards(state.aside),
        "owed": state.owed,
        "turn": state.turn,
        "end": state.end.name,
        "winner": state.winner,
        **buried,
    }


def _numbers(value: object, name: str) -> list[int]:
    values = jsonio.items(value, name)
    numbers = [v for v in values if is_number(v)]
    if len(numbers) < len(values):
        raise MalformedInput(f"{name} must be a list of card numbers")
    return numbers


def _mask(value: object, name: str) -> int:
    return mask_of(_numbers(value, name))


def state_from_json(data: Mapping[str, object]) -> SplitState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    if not isinstance(data, Mapping):
        raise MalformedInput("a Split state must be a JSON object")
    with jsonio.reading_state("Split"):
        config = config_from_json(data["config"])
        hands = tuple(_mask(h, "a hand") for h in jsonio.items(data["hands"], "hands"))
        if len(hands) != config.players:
            raise MalformedInput(f"hands must list {config.players} hands, not {len(hands)}")
        draw = tuple(parse_number(c) for c in _numbers(data["draw"], "draw"))
        state = SplitState(
            config=config,
            stage=jsonio.member(Stage, data["stage"], "stage"),
            dealer=jsonio.number(data["dealer"], "dealer"),
            actor=jsonio.number(data["actor"], "actor"),
            opener=jsonio.number(data["opener"], "opener"),
            direction=jsonio.number(data["direction"], "direction"),
            hands=hands,
            draw=draw,
            discard=_mask(data["discard"], "discard"),
            table=_mask(data["table"], "table"),
            left=jsonio.number(data["left"], "left"),
            right=jsonio.number(data["right"], "right"),
            middle=jsonio.number(data["middle"], "middle"),
            aside=_mask(data["aside"], "aside"),
            owed=jsonio.number(data["owed"], "owed"),
            turn=jsonio.number(data["turn"], "turn"),
            end=jsonio.member(End, data["end"], "end"),
            winner=jsonio.number(data["winner"], "winner"),
            buried=jsonio.number(data["buried"], "buried") if "buried" in data else 0,
        )
    for name in ("left", "right", "middle"):
        value = getattr(state, name)
        if value != -1:
            parse_number(value)
    require_valid(INVARIANTS, state)
    return state


CODEC: Final = jsonio.codec(config_to_json, config_from_json, state_to_json, state_from_json)
"""Split's JSON, for its manifest."""
