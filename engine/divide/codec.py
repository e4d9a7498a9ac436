"""Divide's configuration and states as JSON.

>>> from spec.divide import DivideConfig, initial_state
>>> state = initial_state(DivideConfig(players=5))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"players": 3})
Traceback (most recent call last):
...
spec.errors.MalformedInput: Divide is for 4 or 5 players, not 3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.base import is_number, read_options, require_valid, shown
from spec.cards import ALL_CARDS, Card, CardSet
from spec.divide.config import DivideConfig
from spec.divide.invariants import INVARIANTS
from spec.divide.state import DivideState, Stage
from spec.errors import CardlawError, MalformedInput

__all__ = ["config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "trump_suit": "text"}


def config_to_json(config: DivideConfig) -> dict[str, Any]:
    """The configuration as a JSON object."""
    return {"players": config.players, "trump_suit": config.trump_suit}


def config_from_json(data: Mapping[str, Any]) -> DivideConfig:
    """A configuration from a JSON object; unknown keys are an error."""
    return DivideConfig(**read_options(data, "Divide", _OPTIONS))


def _card(index: int) -> str | None:
    return str(ALL_CARDS[index]) if index >= 0 else None


def state_to_json(state: DivideState) -> dict[str, Any]:
    """The full state (hidden cards included) as a JSON object."""
    masks = ("hands", "secured", "offers_left", "offers_right", "kept_left", "kept_right")
    out: dict[str, Any] = {
        "config": config_to_json(state.config),
        "stage": state.stage.name,
        "round": state.round,
        "dealer": state.dealer,
        "actor": state.actor,
        "undealt": str(CardSet(state.undealt)),
        "offerings": [_card(c) for c in state.offerings],
        "trump": _card(state.trump),
        "leader": state.leader,
        "trick": [_card(c) for c in state.trick],
        "tricks": [[leader, [_card(c) for c in cards]] for leader, cards in state.tricks],
        "suit_tokens": list(state.suit_tokens),
        "bonus": state.bonus,
        "taken": list(state.taken),
        "bonus_taken": list(state.bonus_taken),
        "scores": [list(row) for row in state.scores],
    }
    for name in masks:
        out[name] = [str(CardSet(m)) for m in getattr(state, name)]
    return out


def _ints(value: Any, name: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(is_number(v) for v in value):
        raise MalformedInput(f"{name} must be a list of numbers")
    if length is not None and len(value) != length:
        raise MalformedInput(f"{name} must have {length} entries, not {len(value)}")
    return tuple(value)


def _int(value: Any, name: str) -> int:
    if not is_number(value):
        raise MalformedInput(f"{name} must be a number")
    return value


def _opt_card(value: Any, name: str) -> int:
    if value is None:
        return -1
    if not isinstance(value, str):
        raise MalformedInput(f"{name} must be a card or null")
    return int(Card(value))


def _masks(value: Any, name: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise MalformedInput(f"{name} must be a list of {length} card sets")
    return tuple(CardSet.parse(_text(v, name)).mask for v in value)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise MalformedInput(f"{name} must be text")
    return value


def state_from_json(data: Mapping[str, Any]) -> DivideState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    try:
        config = config_from_json(data["config"])
        n = config.players
        stage_name = _text(data["stage"], "stage")
        if stage_name not in Stage.__members__:
            raise MalformedInput(f"unknown stage {shown(stage_name)}")
        tricks_raw = data["tricks"]
        if not isinstance(tricks_raw, list):
            raise MalformedInput("tricks must be a list")
        tricks = tuple(
            (_int(t[0], "trick leader"), tuple(_opt_card(c, "trick card") for c in t[1]))
            for t in tricks_raw
        )
        scores_raw = data["scores"]
        if not isinstance(scores_raw, list):
            raise MalformedInput("scores must be a list")
        state = DivideState(
            config=config,
            stage=Stage[stage_name],
            round=_int(data["round"], "round"),
            dealer=_int(data["dealer"], "dealer"),
            actor=_int(data["actor"], "actor"),
            hands=_masks(data["hands"], "hands", n),
            undealt=CardSet.parse(_text(data["undealt"], "undealt")).mask,
            offerings=tuple(_opt_card(c, "offering") for c in data["offerings"]),
            secured=_masks(data["secured"], "secured", n),
            offers_left=_masks(data["offers_left"], "offers_left", n),
            offers_right=_masks(data["offers_right"], "offers_right", n),
            kept_left=_masks(data["kept_left"], "kept_left", n),
            kept_right=_masks(data["kept_right"], "kept_right", n),
            trump=_opt_card(data["trump"], "trump"),
            leader=_int(data["leader"], "leader"),
            trick=tuple(_opt_card(c, "trick card") for c in data["trick"]),
            tricks=tricks,
            suit_tokens=_ints(data["suit_tokens"], "suit_tokens", 4),
            bonus=_int(data["bonus"], "bonus"),
            taken=_ints(data["taken"], "taken", n),
            bonus_taken=_ints(data["bonus_taken"], "bonus_taken", n),
            scores=tuple(_ints(row, "scores", n) for row in scores_raw),
        )
    except KeyError as missing:
        raise MalformedInput(f"a Divide state needs the field {missing}") from None
    except CardlawError:
        raise
    except (TypeError, IndexError, ValueError) as error:
        raise MalformedInput(f"malformed Divide state: {error}") from None
    if len(state.offerings) != n:
        raise MalformedInput(f"offerings must have {n} entries")
    require_valid(INVARIANTS, state)
    return state
