"""Euchre's configuration and states as JSON.

>>> from cardlaw.spec.euchre import EuchreConfig, initial_state
>>> state = initial_state(EuchreConfig(stick_the_dealer=True))
>>> state_from_json(state_to_json(state)) == state
True
>>> config_from_json({"stick": True})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown Euchre option 'stick'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.engine import jsonio
from cardlaw.engine.base import read_options, require_valid, with_rules
from cardlaw.spec.cards import Card, Suit
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.config import EuchreConfig, EuchreRules
from cardlaw.spec.euchre.constants import PLAYERS
from cardlaw.spec.euchre.invariants import INVARIANTS
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = ["CODEC", "config_from_json", "config_to_json", "state_from_json", "state_to_json"]

_OPTIONS: Final = {
    "players": "number",
    "stick_the_dealer": "flag",
    "keep_up_card": "flag",
    "sitting_dealer_discards": "flag",
    "lone_defender": "flag",
}
_LATER_FLAGS: Final = ("keep_up_card", "sitting_dealer_discards", "lone_defender")
"""Flags written only when set, so that records of the default rules keep their form."""


def config_to_json(config: EuchreConfig) -> dict[str, jsonio.JSON]:
    """The configuration as a JSON object.

    >>> config_to_json(EuchreConfig(stick_the_dealer=True))
    {'players': 4, 'stick_the_dealer': True}
    >>> config_to_json(EuchreConfig(rules=EuchreRules(target=11)))
    {'players': 4, 'stick_the_dealer': False, 'rules': {'TARGET': 11}}
    >>> config_to_json(EuchreConfig(keep_up_card=True))
    {'players': 4, 'stick_the_dealer': False, 'keep_up_card': True}
    """
    options: dict[str, jsonio.JSON] = {
        "players": config.players,
        "stick_the_dealer": config.stick_the_dealer,
    }
    for name in _LATER_FLAGS:
        if getattr(config, name):
            options[name] = True
    return with_rules(options, config.rules)


def config_from_json(data: object) -> EuchreConfig:
    """A configuration from a JSON object; unknown keys and bad values are errors.

    >>> config_from_json({"stick_the_dealer": True})
    EuchreConfig(players=4, stick_the_dealer=True, rules=EuchreRules())
    >>> config_from_json({"rules": {"cards-each": 4}}).rules
    EuchreRules(cards_each=4)
    >>> config_from_json({"rules": {"CARDS_EACH": 7}})
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: CARDS_EACH must be from 2 to 6, not 7 [euchre.deal.five]
    >>> config_from_json({"players": 5})
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: Euchre is for exactly 4 players, not 5
    """
    return EuchreConfig(**read_options(data, "Euchre", _OPTIONS, rules=EuchreRules))


def state_to_json(state: EuchreState) -> dict[str, jsonio.JSON]:
    """The full state (hidden cards included) as a JSON object."""
    return {
        **jsonio.header(state, config_to_json(state.config), "deal", "dealer", "actor"),
        "hands": [jsonio.set_text(m) for m in state.hands],
        "kitty": jsonio.set_text(state.kitty),
        "upcard": jsonio.card_text(state.upcard),
        "maker": state.maker,
        "trump": Suit(state.trump).letter if state.trump >= 0 else None,
        "alone": state.alone,
        "discard": jsonio.card_text(state.discard),
        "leader": state.leader,
        "trick": jsonio.card_texts(state.trick),
        "tricks": [[leader, jsonio.card_texts(cards)] for leader, cards in state.tricks],
        "won": list(state.won),
        "scores": list(state.scores),
        "results": [list(r) for r in state.results],
        **({"defender": state.defender} if state.defender >= 0 else {}),
    }


def _pair(value: object, name: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedInput(f"{name} must be a list of two numbers")
    return jsonio.number(value[0], name), jsonio.number(value[1], name)


def _cards(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedInput(f"{name} must be a list of cards")
    return tuple(int(Card(jsonio.text(c, name))) for c in value)


def state_from_json(data: Mapping[str, object]) -> EuchreState:
    """A state from a JSON object; it must satisfy every invariant.

    Raises :class:`~spec.errors.MalformedInput` for a structural problem and
    :class:`~spec.errors.InvalidState` listing every broken invariant.
    """
    with jsonio.reading_state("Euchre"):
        stage = jsonio.member(Stage, jsonio.text(data["stage"], "stage"), "stage")
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
            stage=stage,
            deal=jsonio.number(data["deal"], "deal"),
            dealer=jsonio.number(data["dealer"], "dealer"),
            actor=jsonio.number(data["actor"], "actor"),
            hands=tuple(jsonio.card_set(h, "hands") for h in hands),
            kitty=jsonio.card_set(data["kitty"], "kitty"),
            upcard=jsonio.card_or_none(data["upcard"], "upcard"),
            maker=jsonio.number(data["maker"], "maker"),
            trump=-1 if trump is None else int(Suit.parse(jsonio.text(trump, "trump"))),
            alone=alone,
            discard=jsonio.card_or_none(data["discard"], "discard"),
            leader=jsonio.number(data["leader"], "leader"),
            trick=_cards(data["trick"], "trick"),
            tricks=tuple(
                (
                    jsonio.number(jsonio.loose(t)[0], "trick leader"),
                    _cards(jsonio.loose(t)[1], "trick"),
                )
                for t in tricks
            ),
            won=_pair(data["won"], "won"),
            scores=_pair(data["scores"], "scores"),
            results=tuple(_pair(r, "results") for r in results),
            defender=jsonio.number(data.get("defender", -1), "defender"),
        )
    require_valid(INVARIANTS, state)
    return state


CODEC: Final = jsonio.codec(config_to_json, config_from_json, state_to_json, state_from_json)
"""Euchre's JSON, for its manifest."""
