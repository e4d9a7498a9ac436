"""Every game's variants, as data: the clause each changes exists, and the engine reads them."""

from __future__ import annotations

from importlib import import_module

import pytest

from engine.registry import GAMES, get_game
from spec.errors import MalformedInput
from spec.variants import Variant

SPECS = {name: import_module(f"spec.{name.replace('-', '_')}.config") for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_every_variant_changes_a_clause_of_its_game(name: str) -> None:
    book = get_game(name).rulebook
    variants = SPECS[name].VARIANTS
    assert variants and all(isinstance(v, Variant) for v in variants)
    for variant in variants:
        assert variant.clause in book, f"{variant.name}: no clause {variant.clause}"


@pytest.mark.parametrize("name", GAMES)
def test_the_engine_variants_are_the_spec_variants(name: str) -> None:
    game = get_game(name)
    assert dict(game.variants) == {v.name: dict(v.options) for v in SPECS[name].VARIANTS}
    names = [v.name for v in SPECS[name].VARIANTS]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("name", GAMES)
def test_player_counts_are_the_ones_the_config_accepts(name: str) -> None:
    game = get_game(name)
    spec = SPECS[name]
    cases = [((), spec.PLAYER_COUNTS)] + [
        (tuple(v.options.items()), v.players or spec.PLAYER_COUNTS) for v in spec.VARIANTS
    ]
    for options, counts in cases:
        for players in range(min(counts) - 1, max(counts) + 2):
            if players in counts:
                assert game.config(**dict(options), players=players).players == players
            else:
                with pytest.raises(MalformedInput):
                    game.config(**dict(options), players=players)


def test_a_variant_is_checked_and_read_only() -> None:
    variant = SPECS["euchre"].VARIANTS[0]
    with pytest.raises(TypeError):
        variant.options["stick_the_dealer"] = False  # type: ignore[index]
    with pytest.raises(ValueError, match="bad clause id"):
        Variant(name="x", options={"a": 1}, clause="nope", summary="s")
    with pytest.raises(ValueError, match="sets no option"):
        Variant(name="x", options={}, clause="euchre.ruling.all-pass", summary="s")
    assert hash(variant) == hash(SPECS["euchre"].VARIANTS[0])
