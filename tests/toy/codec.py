"""High Card's configuration and states as JSON, and back.

Reading is strict: an unknown option or field, a value of the wrong JSON
type or a card that is no card is :class:`~spec.errors.MalformedInput`
naming it; a state read back must satisfy every invariant
(:class:`~spec.errors.InvalidState` lists each one it breaks).

>>> from tests.toy.spec import initial_state
>>> state = initial_state(ToyConfig(low_wins=True))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"players": 3})
Traceback (most recent call last):
...
spec.errors.MalformedInput: High Card is for 2 players, not 3
>>> state_from_json({**state_to_json(state), "actor": 0})
Traceback (most recent call last):
...
spec.errors.InvalidState: invalid state: toy.inv.turns: seat 0 acts at stage FIRST_LEADER, not -1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.api import JSON
from engine.base import is_number, read_options, require_valid, shown
from engine.manifest import Codec
from spec.cards import Card, CardSet
from spec.errors import MalformedInput
from tests.toy.spec import INVARIANTS, Stage, ToyConfig, ToyState

__all__ = ["CODEC", "config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "low_wins": "flag"}
"""Each option and its JSON type, for :func:`engine.base.read_options`."""

_FIELDS: Final = frozenset(ToyState._fields)


def config_to_json(config: ToyConfig) -> dict[str, JSON]:
    """The configuration as a JSON object."""
    return {"players": config.players, "low_wins": config.low_wins}


def config_from_json(data: Mapping[str, object]) -> ToyConfig:
    """A configuration from a JSON object; unknown options and bad values are an error."""
    return ToyConfig(**read_options(data, "High Card", _OPTIONS))


def state_to_json(state: ToyState) -> dict[str, JSON]:
    """The whole state, hidden cards included, as a JSON object."""
    return {
        "config": config_to_json(state.config),
        "stage": state.stage.name,
        "actor": state.actor,
        "leader": state.leader,
        "hands": [str(CardSet(hand)) for hand in state.hands],
        "aside": str(CardSet(state.aside)),
        "trick": [str(card) for card in state.trick],
        "tricks": [[leader, [str(card) for card in cards]] for leader, cards in state.tricks],
        "won": list(state.won),
    }


def _number(value: object, name: str) -> int:
    if not is_number(value):
        raise MalformedInput(f"{name} must be a whole number")
    return value


def _list(value: object, name: str) -> list[object]:
    if not isinstance(value, list):
        raise MalformedInput(f"{name} must be a list")
    return value


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise MalformedInput(f"{name} must be text")
    return value


def _object(value: object, name: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise MalformedInput(f"{name} must be a JSON object")
    return value


def _cards(value: object, name: str) -> tuple[Card, ...]:
    return tuple(Card(_text(card, name)) for card in _list(value, name))


def _trick(value: object) -> tuple[int, tuple[Card, ...]]:
    pair = _list(value, "a finished trick")
    if len(pair) != 2:
        raise MalformedInput("a finished trick is [leader, [card, card]]")
    return _number(pair[0], "a trick's leader"), _cards(pair[1], "a trick's cards")


def _stage(value: object) -> Stage:
    name = _text(value, "stage")
    if name not in Stage.__members__:
        raise MalformedInput(f"unknown stage {shown(name)}")
    return Stage[name]


def state_from_json(data: Mapping[str, object]) -> ToyState:
    """A state from a JSON object; it must satisfy every invariant."""
    if not isinstance(data, Mapping):
        raise MalformedInput(f"a High Card state must be a JSON object, not {shown(data)}")
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        raise MalformedInput(f"unknown field {shown(unknown[0])} in a High Card state")
    try:
        state = ToyState(
            config=config_from_json(_object(data["config"], "config")),
            stage=_stage(data["stage"]),
            actor=_number(data["actor"], "actor"),
            leader=_number(data["leader"], "leader"),
            hands=tuple(
                CardSet.parse(_text(hand, "hands")).mask for hand in _list(data["hands"], "hands")
            ),
            aside=CardSet.parse(_text(data["aside"], "aside")).mask,
            trick=_cards(data["trick"], "trick"),
            tricks=tuple(_trick(trick) for trick in _list(data["tricks"], "tricks")),
            won=tuple(_number(count, "won") for count in _list(data["won"], "won")),
        )
    except KeyError as missing:
        raise MalformedInput(f"a High Card state needs the field {missing}") from None
    require_valid(INVARIANTS, state)
    return state


CODEC: Final = Codec(
    config_to_json=config_to_json,
    config_from_json=config_from_json,
    state_to_json=state_to_json,
    state_from_json=state_from_json,
)
"""High Card's JSON, for its manifest."""
