"""Game parameters: every configuration, variant and rule change reachable by name and value."""

from __future__ import annotations

import pytest

from cardlaw.ecosystem.params import config_of, parameters, params_of
from cardlaw.engine.registry import get_game
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import parameters as rule_parameters
from cardlaw.spec.split.config import SplitConfig
from tests.ecosystem.common import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_every_variant_and_every_rule_number_is_a_parameter(name: str) -> None:
    game = get_game(name)
    spec = parameters(game)
    for variant, options in game.variants.items():
        config = config_of(game, {"variant": variant})
        assert config == game.config(**options)
        assert config_of(game, params_of(game, config)) == config
    for parameter in rule_parameters(game.config().rules):
        assert spec[parameter.name.lower()] == parameter.default
    assert config_of(game, {}) == game.config()


def test_a_rule_change_and_a_player_count() -> None:
    game = get_game("divide")
    config = config_of(game, {"players": 5, "bonus_tokens": 4, "variant": "trump-rank-own-suit"})
    assert isinstance(config, DivideConfig)
    assert (config.players, config.rules.bonus_tokens, config.trump_suit) == (5, 4, "own")
    assert config == game.config(players=5, trump_suit="own", rules={"BONUS_TOKENS": 4})


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 3}, "4 or 5 players"),
        ({"bonus_token": 4}, "no parameter 'bonus_token'"),
        ({"variant": "own"}, "unknown variant 'own'"),
        ({"players": "four"}, "takes a whole number"),
        ({"cards_dealt": 20, "players": 5}, "52-card deck"),
    ],
)
def test_bad_parameters_are_malformed_input(params: dict[str, object], message: str) -> None:
    with pytest.raises(MalformedInput, match=message):
        config_of(get_game("divide"), params)


def test_a_parameter_left_at_its_default_leaves_a_variants_choice() -> None:
    split = get_game("split")
    config = config_of(split, {"variant": "cooperative", "mode": "competitive"})
    assert isinstance(config, SplitConfig)
    assert config.mode == "cooperative"
