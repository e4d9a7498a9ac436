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
cardlaw.spec.errors.MalformedInput: High Card is for 2 players, not 3
>>> state_from_json({**state_to_json(state), "actor": 0})
Traceback (most recent call last):
...
cardlaw.spec.errors.InvalidState: invalid state: toy.inv.turns: seat 0 acts at stage \
FIRST_LEADER, not -1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.engine import jsonio
from cardlaw.engine.api import JSON
from cardlaw.engine.base import read_options, require_valid, shown
from cardlaw.spec.cards import Card
from cardlaw.spec.errors import MalformedInput
from tests.toy.spec import INVARIANTS, Stage, ToyConfig, ToyState

__all__ = ["CODEC", "config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "low_wins": "flag"}
"""Each option and its JSON type, for :func:`engine.base.read_options`."""

_FIELDS: Final = frozenset(ToyState._fields)


def config_to_json(config: ToyConfig) -> dict[str, JSON]:
    """The configuration as a JSON object."""
    return {"players": config.players, "low_wins": config.low_wins}


def config_from_json(data: object) -> ToyConfig:
    """A configuration from a JSON object; unknown options and bad values are an error."""
    return ToyConfig(**read_options(data, "High Card", _OPTIONS))


def state_to_json(state: ToyState) -> dict[str, JSON]:
    """The whole state, hidden cards included, as a JSON object."""
    return {
        "config": config_to_json(state.config),
        "stage": state.stage.name,
        "actor": state.actor,
        "leader": state.leader,
        "hands": [jsonio.set_text(hand) for hand in state.hands],
        "aside": jsonio.set_text(state.aside),
        "trick": jsonio.card_texts(state.trick),
        "tricks": [[leader, jsonio.card_texts(cards)] for leader, cards in state.tricks],
        "won": list(state.won),
    }


def _cards(value: object, name: str) -> tuple[Card, ...]:
    return tuple(Card(jsonio.text(card, name)) for card in jsonio.items(value, name))


def _trick(value: object) -> tuple[int, tuple[Card, ...]]:
    leader, cards = jsonio.items(value, "a finished trick", 2)
    return jsonio.number(leader, "a trick's leader"), _cards(cards, "a trick's cards")


def state_from_json(data: Mapping[str, object]) -> ToyState:
    """A state from a JSON object; it must satisfy every invariant."""
    if not isinstance(data, Mapping):
        raise MalformedInput(f"a High Card state must be a JSON object, not {shown(data)}")
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        raise MalformedInput(f"unknown field {shown(unknown[0])} in a High Card state")
    with jsonio.reading_state("High Card"):
        state = ToyState(
            config=config_from_json(data["config"]),
            stage=jsonio.member(Stage, data["stage"], "stage"),
            actor=jsonio.number(data["actor"], "actor"),
            leader=jsonio.number(data["leader"], "leader"),
            hands=tuple(
                jsonio.card_set(hand, "hands") for hand in jsonio.items(data["hands"], "hands")
            ),
            aside=jsonio.card_set(data["aside"], "aside"),
            trick=_cards(data["trick"], "trick"),
            tricks=tuple(_trick(trick) for trick in jsonio.items(data["tricks"], "tricks")),
            won=tuple(jsonio.number(count, "won") for count in jsonio.items(data["won"], "won")),
        )
    require_valid(INVARIANTS, state)
    return state


CODEC: Final = jsonio.codec(config_to_json, config_from_json, state_to_json, state_from_json)
"""High Card's JSON, for its manifest."""
