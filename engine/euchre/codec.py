"""Euchre's configuration and states as JSON.

>>> from spec.euchre import EuchreConfig, initial_state
>>> state = initial_state(EuchreConfig(stick_the_dealer=True))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"players": 5})
Traceback (most recent call last):
...
spec.errors.MalformedInput: Euchre is for exactly 4 players, not 5
>>> config_from_json({"stick": True})
Traceback (most recent call last):
...
spec.errors.MalformedInput: unknown Euchre option 'stick'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.base import is_number, read_options, require_valid, shown
from spec.cards import ALL_CARDS, Card, CardSet, Suit
from spec.errors import CardlawError, MalformedInput
from spec.euchre.config import EuchreConfig
from spec.euchre.constants import PLAYERS
from spec.euchre.invariants import INVARIANTS
from spec.euchre.state import EuchreState, Stage

__all__ = ["config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "stick_the_dealer": "flag"}


def config_to_json(config: EuchreConfig) -> dict[str, Any]:
    """The configuration as a JSON object.

    >>> config_to_json(EuchreConfig(stick_the_dealer=True))
    {'players': 4, 'stick_the_dealer': True}
    """
    return {"players": config.players, "stick_the_dealer": config.stick_the_dealer}


def config_from_json(data: Mapping[str, Any]) -> EuchreConfig:
    """A configuration from a JSON object; unknown keys and bad values are errors.

    >>> config_from_json({"stick_the_dealer": True})
    EuchreConfig(players=4, stick_the_dealer=True)
    """
    return EuchreConfig(**read_options(data, "Euchre", _OPTIONS))


def _card(index: int) -> str | None:
    return str(ALL_CARDS[index]) if index >= 0 else None


def state_to_json(state: EuchreState) -> dict[str, Any]:
    """The full state (hidden cards included) as a JSON object."""
    return {
        "config": config_to_json(state.config),
        "stage": state.stage.name,
        "deal": state.deal,
        "dealer": state.dealer,
        "actor": state.actor,
        "hands": [str(CardSet(m)) for m in state.hands],
        "kitty": str(CardSet(state.kitty)),
        "upcard": _card(state.upcard),
        "maker": state.maker,
        "trump": Suit(state.trump).letter if state.trump >= 0 else None,
        "alone": state.alone,
        "discard": _card(state.discard),
        "leader": state.leader,
        "trick": [_card(c) for c in state.trick],
        "tricks": [[leader, [_card(c) for c in cards]] for leader, cards in state.tricks],
        "won": list(state.won),
        "scores": list(state.scores),
        "results": [list(r) for r in state.results],
    }


def _int(value: Any, name: str) -> int:
    if not is_number(value):
        raise MalformedInput(f"{name} must be a number")
    return value


def _pair(value: Any, name: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedInput(f"{name} must be a list of two numbers")
    return _int(value[0], name), _int(value[1], name)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise MalformedInput(f"{name} must be text")
    return value


def _opt_card(value: Any, name: str) -> int:
    if value is None:
        return -1
    return int(Card(_text(value, name)))


def _cards(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedInput(f"{name} must be a list of cards")
    return tuple(int(Card(_text(c, name))) for c in value)


def state_from_json(data: Mapping[str, Any]) -> EuchreState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    try:
        stage_name = _text(data["stage"], "stage")
        if stage_name not in Stage.__members__:
            raise MalformedInput(f"unknown stage {shown(stage_name)}")
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != PLAYERS:
            raise MalformedInput(f"hands must be a list of {PLAYERS} card sets")
        tricks = data["tricks"]
        results = data["results"]
        if not isinstance(tricks, list) or not isinstance(results, list):
            raise MalformedInput("tricks and results must be lists")
        alone = data["alone"]
        if not isinstance(alone, bool):
            raise MalformedInput("alone must be true or false")
        trump = data["trump"]
        state = EuchreState(
            config=config_from_json(data["config"]),
            stage=Stage[stage_name],
            deal=_int(data["deal"], "deal"),
            dealer=_int(data["dealer"], "dealer"),
            actor=_int(data["actor"], "actor"),
            hands=tuple(CardSet.parse(_text(h, "hands")).mask for h in hands),
            kitty=CardSet.parse(_text(data["kitty"], "kitty")).mask,
            upcard=_opt_card(data["upcard"], "upcard"),
            maker=_int(data["maker"], "maker"),
            trump=-1 if trump is None else int(Suit.parse(_text(trump, "trump"))),
            alone=alone,
            discard=_opt_card(data["discard"], "discard"),
            leader=_int(data["leader"], "leader"),
            trick=_cards(data["trick"], "trick"),
            tricks=tuple((_int(t[0], "trick leader"), _cards(t[1], "trick")) for t in tricks),
            won=_pair(data["won"], "won"),
            scores=_pair(data["scores"], "scores"),
            results=tuple(_pair(r, "results") for r in results),
        )
    except KeyError as missing:
        raise MalformedInput(f"a Euchre state needs the field {missing}") from None
    except CardlawError:
        raise
    except (TypeError, IndexError, ValueError) as error:
        raise MalformedInput(f"malformed Euchre state: {error}") from None
    require_valid(INVARIANTS, state)
    return state
