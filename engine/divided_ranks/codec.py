"""Divided Ranks' configuration and states as JSON.

>>> from cardlaw.spec.divided_ranks import DividedRanksConfig, initial_state
>>> state = initial_state(DividedRanksConfig(swap="face-up"))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"players": 4})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Divided Ranks is for 2 players, not 4
>>> config_to_json(config_from_json({"rules": {"rounds": 10, "pair-size": 1}}))["rules"]
{'ROUNDS': 10, 'PAIR_SIZE': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.engine import jsonio
from cardlaw.engine.base import read_options, require_valid, with_rules
from cardlaw.spec.divided_ranks.config import DividedRanksConfig, DividedRanksRules
from cardlaw.spec.divided_ranks.invariants import INVARIANTS
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["CODEC", "config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {"players": "number", "swap": "text", "reserve_order": "text"}


def config_to_json(config: DividedRanksConfig) -> dict[str, jsonio.JSON]:
    """The configuration as a JSON object."""
    options = {
        "players": config.players,
        "swap": config.swap,
        "reserve_order": config.reserve_order,
    }
    return with_rules(options, config.rules)


def config_from_json(data: object) -> DividedRanksConfig:
    """A configuration from a JSON object; unknown keys are an error."""
    return DividedRanksConfig(
        **read_options(data, "Divided Ranks", _OPTIONS, rules=DividedRanksRules)
    )


def state_to_json(state: DividedRanksState) -> dict[str, jsonio.JSON]:
    """The full state (hidden cards included) as a JSON object."""
    return {
        **jsonio.header(
            state, config_to_json(state.config), "actor", "first_splitter", "reserve_first"
        ),
        "reserve": jsonio.card_text(state.reserve),
        "stock": jsonio.card_texts(state.stock),
        "hands": [jsonio.set_text(h) for h in state.hands],
        "offer": [jsonio.set_text(m) for m in state.offer],
        "rounds": [
            [s, jsonio.set_text(up), jsonio.set_text(down), bool(took)]
            for s, up, down, took in state.rounds
        ],
        "swaps": [[s, jsonio.card_text(g), jsonio.card_text(t)] for s, g, t in state.swaps],
        "builds": [[jsonio.set_text(a), jsonio.set_text(b)] for a, b in state.builds],
    }


def _round(value: object) -> tuple[int, int, int, int]:
    splitter, up, down, took = jsonio.items(value, "round", 4)
    return (
        jsonio.number(splitter, "splitter"),
        jsonio.card_set(up, "face-up pair"),
        jsonio.card_set(down, "face-down pair"),
        int(bool(took)),
    )


def _swap(value: object) -> tuple[int, int, int]:
    seat, given, taken = jsonio.items(value, "swap", 3)
    return (
        jsonio.number(seat, "seat"),
        jsonio.card_or_none(given, "given"),
        jsonio.card_or_none(taken, "taken"),
    )


def _build(value: object) -> tuple[int, int]:
    one, other = jsonio.items(value, "build", 2)
    return jsonio.card_set(one, "build"), jsonio.card_set(other, "build")


def state_from_json(data: Mapping[str, object]) -> DividedRanksState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    with jsonio.reading_state("Divided Ranks"):
        config = config_from_json(data["config"])
        stage = jsonio.member(Stage, jsonio.text(data["stage"], "stage"), "stage")
        hands = jsonio.items(data["hands"], "hands", 2)
        offer = jsonio.items(data["offer"], "offer", 2)
        builds = jsonio.items(data["builds"], "builds", 2)
        state = DividedRanksState(
            config,
            stage,
            *jsonio.numbers(data, "actor", "first_splitter", "reserve_first"),
            reserve=jsonio.card_or_none(data["reserve"], "reserve"),
            stock=tuple(
                jsonio.card_or_none(c, "stock card") for c in jsonio.items(data["stock"], "stock")
            ),
            hands=(jsonio.card_set(hands[0], "hands"), jsonio.card_set(hands[1], "hands")),
            offer=(jsonio.card_set(offer[0], "offer"), jsonio.card_set(offer[1], "offer")),
            rounds=tuple(_round(item) for item in jsonio.items(data["rounds"], "rounds")),
            swaps=tuple(_swap(item) for item in jsonio.items(data["swaps"], "swaps")),
            builds=(_build(builds[0]), _build(builds[1])),
        )
    require_valid(INVARIANTS, state)
    return state


CODEC: Final = jsonio.codec(config_to_json, config_from_json, state_to_json, state_from_json)
"""Divided Ranks' JSON, for its manifest."""
