"""Divide's configuration and states as JSON.

>>> from cardlaw.spec.divide import DivideConfig, initial_state
>>> state = initial_state(DivideConfig(players=5))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"players": 3})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Divide is for 4 or 5 players, not 3
>>> config_to_json(config_from_json({"rules": {"bonus-tokens": 4}}))
{'players': 4, 'trump_suit': 'printed', 'rules': {'BONUS_TOKENS': 4}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.engine import jsonio
from cardlaw.engine.base import is_number, read_options, require_valid, with_rules
from cardlaw.spec.divide.config import DivideConfig, DivideRules
from cardlaw.spec.divide.invariants import INVARIANTS
from cardlaw.spec.divide.state import DivideState, Stage
from cardlaw.spec.errors import MalformedInput

__all__ = ["CODEC", "config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "trump_suit": "text"}
_MASKS: Final = ("hands", "secured", "offers_left", "offers_right", "kept_left", "kept_right")
_CARD: Final = "a card or null"


def config_to_json(config: DivideConfig) -> dict[str, jsonio.JSON]:
    """The configuration as a JSON object."""
    return with_rules({"players": config.players, "trump_suit": config.trump_suit}, config.rules)


def config_from_json(data: object) -> DivideConfig:
    """A configuration from a JSON object; unknown keys are an error."""
    return DivideConfig(**read_options(data, "Divide", _OPTIONS, rules=DivideRules))


def state_to_json(state: DivideState) -> dict[str, jsonio.JSON]:
    """The full state (hidden cards included) as a JSON object."""
    out: dict[str, jsonio.JSON] = {
        **jsonio.header(state, config_to_json(state.config), "round", "dealer", "actor"),
        "undealt": jsonio.set_text(state.undealt),
        "offerings": jsonio.card_texts(state.offerings),
        "trump": jsonio.card_text(state.trump),
        "leader": state.leader,
        "trick": jsonio.card_texts(state.trick),
        "tricks": [[leader, jsonio.card_texts(cards)] for leader, cards in state.tricks],
        "suit_tokens": list(state.suit_tokens),
        "bonus": state.bonus,
        "taken": list(state.taken),
        "bonus_taken": list(state.bonus_taken),
        "scores": [list(row) for row in state.scores],
    }
    for name in _MASKS:
        out[name] = [jsonio.set_text(m) for m in getattr(state, name)]
    return out


def _ints(value: object, name: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(is_number(v) for v in value):
        raise MalformedInput(f"{name} must be a list of numbers")
    if length is not None and len(value) != length:
        raise MalformedInput(f"{name} must have {length} entries, not {len(value)}")
    return tuple(value)


def _cards(value: object, name: str) -> tuple[int, ...]:
    return tuple(jsonio.card_or_none(c, name, _CARD) for c in jsonio.loose(value))


def state_from_json(data: Mapping[str, object]) -> DivideState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    with jsonio.reading_state("Divide"):
        config = config_from_json(data["config"])
        n = config.players
        stage = jsonio.member(Stage, jsonio.text(data["stage"], "stage"), "stage")
        tricks = tuple(
            (
                jsonio.number(jsonio.loose(t)[0], "trick leader"),
                _cards(jsonio.loose(t)[1], "trick card"),
            )
            for t in jsonio.items(data["tricks"], "tricks")
        )
        scores = jsonio.items(data["scores"], "scores")
        state = DivideState(
            config,
            stage,
            *jsonio.numbers(data, "round", "dealer", "actor"),
            hands=jsonio.card_sets(data["hands"], "hands", n),
            undealt=jsonio.card_set(data["undealt"], "undealt"),
            offerings=_cards(data["offerings"], "offering"),
            secured=jsonio.card_sets(data["secured"], "secured", n),
            offers_left=jsonio.card_sets(data["offers_left"], "offers_left", n),
            offers_right=jsonio.card_sets(data["offers_right"], "offers_right", n),
            kept_left=jsonio.card_sets(data["kept_left"], "kept_left", n),
            kept_right=jsonio.card_sets(data["kept_right"], "kept_right", n),
            trump=jsonio.card_or_none(data["trump"], "trump", _CARD),
            leader=jsonio.number(data["leader"], "leader"),
            trick=_cards(data["trick"], "trick card"),
            tricks=tricks,
            suit_tokens=_ints(data["suit_tokens"], "suit_tokens", 4),
            bonus=jsonio.number(data["bonus"], "bonus"),
            taken=_ints(data["taken"], "taken", n),
            bonus_taken=_ints(data["bonus_taken"], "bonus_taken", n),
            scores=tuple(_ints(row, "scores", n) for row in scores),
        )
    if len(state.offerings) != n:
        raise MalformedInput(f"offerings must have {n} entries")
    require_valid(INVARIANTS, state)
    return state


CODEC: Final = jsonio.codec(config_to_json, config_from_json, state_to_json, state_from_json)
"""Divide's JSON, for its manifest."""
