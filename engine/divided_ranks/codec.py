"""Divided Ranks' configuration and states as JSON.

>>> from spec.divided_ranks import DividedRanksConfig, initial_state
>>> state = initial_state(DividedRanksConfig(swap="face-up"))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"players": 4})
Traceback (most recent call last):
...
spec.errors.MalformedInput: Divided Ranks is for 2 players, not 4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.base import is_number, read_options, require_valid, shown
from spec.cards import ALL_CARDS, Card, CardSet
from spec.divided_ranks.config import DividedRanksConfig
from spec.divided_ranks.invariants import INVARIANTS
from spec.divided_ranks.state import DividedRanksState, Stage
from spec.errors import CardlawError, MalformedInput

__all__ = ["config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "swap": "text", "reserve_order": "text"}


def config_to_json(config: DividedRanksConfig) -> dict[str, Any]:
    """The configuration as a JSON object."""
    return {"players": config.players, "swap": config.swap, "reserve_order": config.reserve_order}


def config_from_json(data: Mapping[str, Any]) -> DividedRanksConfig:
    """A configuration from a JSON object; unknown keys are an error."""
    return DividedRanksConfig(**read_options(data, "Divided Ranks", _OPTIONS))


def _card(index: int) -> str | None:
    return str(ALL_CARDS[index]) if index >= 0 else None


def _set(mask: int) -> str:
    return str(CardSet(mask))


def state_to_json(state: DividedRanksState) -> dict[str, Any]:
    """The full state (hidden cards included) as a JSON object."""
    return {
        "config": config_to_json(state.config),
        "stage": state.stage.name,
        "actor": state.actor,
        "first_splitter": state.first_splitter,
        "reserve_first": state.reserve_first,
        "reserve": _card(state.reserve),
        "stock": [_card(c) for c in state.stock],
        "hands": [_set(h) for h in state.hands],
        "offer": [_set(m) for m in state.offer],
        "rounds": [[s, _set(up), _set(down), bool(took)] for s, up, down, took in state.rounds],
        "swaps": [[s, _card(g), _card(t)] for s, g, t in state.swaps],
        "builds": [[_set(a), _set(b)] for a, b in state.builds],
    }


def _int(value: Any, name: str) -> int:
    if not is_number(value):
        raise MalformedInput(f"{name} must be a number")
    return value


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise MalformedInput(f"{name} must be text")
    return value


def _mask(value: Any, name: str) -> int:
    return CardSet.parse(_text(value, name)).mask


def _opt_card(value: Any, name: str) -> int:
    if value is None:
        return -1
    return int(Card(_text(value, name)))


def _list(value: Any, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        raise MalformedInput(f"{name} must be a list{size}")
    return value


def state_from_json(data: Mapping[str, Any]) -> DividedRanksState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    try:
        config = config_from_json(data["config"])
        stage_name = _text(data["stage"], "stage")
        if stage_name not in Stage.__members__:
            raise MalformedInput(f"unknown stage {shown(stage_name)}")
        hands = _list(data["hands"], "hands", 2)
        offer = _list(data["offer"], "offer", 2)
        builds = _list(data["builds"], "builds", 2)
        state = DividedRanksState(
            config=config,
            stage=Stage[stage_name],
            actor=_int(data["actor"], "actor"),
            first_splitter=_int(data["first_splitter"], "first_splitter"),
            reserve_first=_int(data["reserve_first"], "reserve_first"),
            reserve=_opt_card(data["reserve"], "reserve"),
            stock=tuple(_opt_card(c, "stock card") for c in _list(data["stock"], "stock")),
            hands=(_mask(hands[0], "hands"), _mask(hands[1], "hands")),
            offer=(_mask(offer[0], "offer"), _mask(offer[1], "offer")),
            rounds=tuple(
                (
                    _int(r[0], "splitter"),
                    _mask(r[1], "face-up pair"),
                    _mask(r[2], "face-down pair"),
                    int(bool(r[3])),
                )
                for r in (_list(item, "round", 4) for item in _list(data["rounds"], "rounds"))
            ),
            swaps=tuple(
                (_int(s[0], "seat"), _opt_card(s[1], "given"), _opt_card(s[2], "taken"))
                for s in (_list(item, "swap", 3) for item in _list(data["swaps"], "swaps"))
            ),
            builds=tuple(  # type: ignore[arg-type]
                (_mask(b[0], "build"), _mask(b[1], "build"))
                for b in (_list(item, "build", 2) for item in builds)
            ),
        )
    except KeyError as missing:
        raise MalformedInput(f"a Divided Ranks state needs the field {missing}") from None
    except CardlawError:
        raise
    except (TypeError, IndexError, ValueError) as error:
        raise MalformedInput(f"malformed Divided Ranks state: {error}") from None
    require_valid(INVARIANTS, state)
    return state
