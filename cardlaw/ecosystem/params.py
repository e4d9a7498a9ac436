"""Game parameters: every configuration, variant and rule change as flat named values.

OpenSpiel names a game's settings ``name=value`` (``cardlaw_divide(players=5,
bonus_tokens=4)``), with values that are whole numbers, words or booleans.
A cardlaw game's parameters (:func:`parameters`, each with its default) are:

* ``players``;
* each field of the game's configuration whose default is a word, a whole
  number or a boolean (``trump_suit``, ``swap``, ``stick_the_dealer``, ...);
* ``variant``: named variants joined by ``+`` (``none`` for none), as
  ``cardlaw play --variant``; it reaches the settings no plain field holds
  (Split's ``aids``);
* each rule number of ``--set``, in lower case (``bonus_tokens``).

:func:`config_of` builds the configuration: the variants first, then every
parameter that differs from its default (a parameter left at its default
leaves a variant's choice alone), then the rule numbers.  Bad values are
:class:`~spec.errors.MalformedInput`, as on the command line.

>>> from cardlaw.engine.registry import get_game
>>> game = get_game("euchre")
>>> spec = parameters(game)
>>> spec["players"], spec["variant"], spec["stick_the_dealer"], spec["target"]
(4, 'none', False, 10)
>>> config = config_of(game, {"variant": "stick-the-dealer+lone-defender", "target": 5})
>>> config.stick_the_dealer, config.lone_defender, config.rules.target
(True, True, 5)
>>> config_of(game, {"variant": "stick"})
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unknown variant 'stick' for euchre (known: stick-the-dealer, \
...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from cardlaw.ecosystem.base import Config
from cardlaw.engine.api import AnyGame
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import parameters as rule_parameters

__all__ = ["config_of", "parameters", "params_of"]

NO_VARIANT = "none"
"""The ``variant`` parameter's value for none."""


def _plain(value: object) -> bool:
    return isinstance(value, bool | int | str)


def parameters(game: AnyGame) -> dict[str, bool | int | str]:
    """The game's parameters and their defaults (see the module's docstring)."""
    config = game.config()
    out: dict[str, bool | int | str] = {"players": config.players}
    for field in fields(config):
        value = getattr(config, field.name)
        if field.name not in ("players", "rules") and _plain(value):
            out[field.name] = value
    out["variant"] = NO_VARIANT
    for parameter in rule_parameters(config.rules):
        out[parameter.name.lower()] = parameter.default
    return out


def config_of(game: AnyGame, params: Mapping[str, object]) -> Config:
    """The configuration ``params`` describe (unknown names or bad values are malformed)."""
    spec = parameters(game)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise MalformedInput(
            f"{game.name} has no parameter {unknown[0]!r} (known: {', '.join(spec)})"
        )
    options: dict[str, object] = {}
    variant = str(params.get("variant", NO_VARIANT))
    if variant != NO_VARIANT:
        for name in variant.split("+"):
            known = game.variants
            if name not in known:
                raise MalformedInput(
                    f"unknown variant {name!r} for {game.name} (known: {', '.join(known)})"
                )
            options.update(known[name])
    rule_names = {p.name.lower(): p.name for p in rule_parameters(game.config().rules)}
    changes: dict[str, int] = {}
    for name, value in params.items():
        if name == "variant" or value == spec[name]:
            continue
        if type(value) is not type(spec[name]):
            kind = {bool: "true or false", int: "a whole number", str: "a word"}
            raise MalformedInput(f"parameter {name} takes {kind[type(spec[name])]}, not {value!r}")
        if name in rule_names:
            changes[rule_names[name]] = value  # type: ignore[assignment]  # an int, as the rule's own
        else:
            options[name] = value
    if changes:
        options["rules"] = changes
    config: Config = game.config(**options)
    return config


def params_of(game: AnyGame, config: Any) -> dict[str, bool | int | str]:
    """Parameters that give ``config``: its plain fields and rule numbers.

    A setting only a variant reaches (Split's ``aids``) is named by the
    variant that gives it, if one does.

    >>> from cardlaw.engine.registry import get_game
    >>> split = get_game("split")
    >>> params_of(split, split.config(mode="cooperative", aids=(0,)))["variant"]
    'cooperative-no-100'
    >>> config_of(split, params_of(split, split.config(mode="cooperative", aids=(0,)))).aids
    (0,)
    """
    spec = parameters(game)
    out: dict[str, bool | int | str] = {}
    for field in fields(config):
        value = getattr(config, field.name)
        if field.name in spec and _plain(value) and value != spec[field.name]:
            out[field.name] = value
    for parameter in rule_parameters(config.rules):
        value = getattr(config.rules, parameter.field)
        if value != parameter.default:
            out[parameter.name.lower()] = value
    if config_of(game, out) != config:
        for name in game.variants:
            trial = {**out, "variant": name}
            try:
                if config_of(game, trial) == config:
                    return trial
            except MalformedInput:
                continue
    return out
