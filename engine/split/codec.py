"""Split's configuration and states as JSON.

Card sets are written as lists of numbers, lowest first; the draw pile as a
list with its top card first.

>>> from spec.split import SplitConfig, initial_state
>>> state = initial_state(SplitConfig(mode="cooperative", players=5))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_to_json(SplitConfig(mode="cooperative", players=3, aids=(100,)))
{'mode': 'cooperative', 'players': 3, 'aids': [100], 'max_turns': 2000}
>>> config_from_json({"players": 9})
Traceback (most recent call last):
...
spec.errors.MalformedInput: competitive Split is for 2 to 6 players, not 9
>>> config_from_json({"colour": "red"})
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown Split option 'colour'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.base import is_number, read_options, require_valid, shown
from spec.cards import bits
from spec.errors import CardlawError, MalformedInput
from spec.split.cards import mask_of, parse_number
from spec.split.config import SplitConfig
from spec.split.invariants import INVARIANTS
from spec.split.state import End, SplitState, Stage

__all__ = ["config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"mode": "text", "players": "number", "aids": "numbers", "max_turns": "number"}


def config_to_json(config: SplitConfig) -> dict[str, Any]:
    """The configuration as a JSON object."""
    return {
        "mode": config.mode,
        "players": config.players,
        "aids": list(config.aids or ()),
        "max_turns": config.max_turns,
    }


def config_from_json(data: Mapping[str, Any]) -> SplitConfig:
    """A configuration from a JSON object; unknown keys and bad values are errors."""
    return SplitConfig(**read_options(data, "Split", _OPTIONS, nullable=frozenset({"aids"})))


def _cards(mask: int) -> list[int]:
    return list(bits(mask))


def state_to_json(state: SplitState) -> dict[str, Any]:
    """The full state (hidden cards included) as a JSON object."""
    return {
        "config": config_to_json(state.config),
        "stage": state.stage.name,
        "dealer": state.dealer,
        "actor": state.actor,
        "opener": state.opener,
        "direction": state.direction,
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
    }


def _int(value: Any, name: str) -> int:
    if not is_number(value):
        raise MalformedInput(f"{name} must be a number")
    return value


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedInput(f"{name} must be a list")
    return value


def _numbers(value: Any, name: str) -> list[int]:
    numbers = _list(value, name)
    if not all(is_number(number) for number in numbers):
        raise MalformedInput(f"{name} must be a list of card numbers")
    return numbers


def _mask(value: Any, name: str) -> int:
    return mask_of(_numbers(value, name))


def _enum(value: Any, kind: type[Stage] | type[End], name: str) -> Any:
    if not isinstance(value, str) or value not in kind.__members__:
        raise MalformedInput(f"unknown {name} {shown(value)}")
    return kind[value]


def state_from_json(data: Mapping[str, Any]) -> SplitState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    if not isinstance(data, Mapping):
        raise MalformedInput("a Split state must be a JSON object")
    try:
        config = config_from_json(data["config"])
        hands = tuple(_mask(h, "a hand") for h in _list(data["hands"], "hands"))
        if len(hands) != config.players:
            raise MalformedInput(f"hands must list {config.players} hands, not {len(hands)}")
        draw = tuple(parse_number(c) for c in _numbers(data["draw"], "draw"))
        state = SplitState(
            config=config,
            stage=_enum(data["stage"], Stage, "stage"),
            dealer=_int(data["dealer"], "dealer"),
            actor=_int(data["actor"], "actor"),
            opener=_int(data["opener"], "opener"),
            direction=_int(data["direction"], "direction"),
            hands=hands,
            draw=draw,
            discard=_mask(data["discard"], "discard"),
            table=_mask(data["table"], "table"),
            left=_int(data["left"], "left"),
            right=_int(data["right"], "right"),
            middle=_int(data["middle"], "middle"),
            aside=_mask(data["aside"], "aside"),
            owed=_int(data["owed"], "owed"),
            turn=_int(data["turn"], "turn"),
            end=_enum(data["end"], End, "end"),
            winner=_int(data["winner"], "winner"),
        )
    except KeyError as missing:
        raise MalformedInput(f"a Split state needs the field {missing}") from None
    except CardlawError:
        raise
    except (TypeError, IndexError, ValueError) as error:
        raise MalformedInput(f"malformed Split state: {error}") from None
    for name in ("left", "right", "middle"):
        value = getattr(state, name)
        if value != -1:
            parse_number(value)
    require_valid(INVARIANTS, state)
    return state
