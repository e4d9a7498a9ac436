"""Every game's variants, as data: the clause each changes exists, and the engine reads them.

Each game's variants and player counts are read from its manifest
(:attr:`engine.manifest.Manifest.variants`, ``player_counts``), and the
manifest's must be its spec's (``spec/<package>/config.py``, its test
adapter's ``SPEC``).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from cardlaw.engine.game import RulesGame
from cardlaw.engine.manifest import Manifest
from cardlaw.engine.registry import GAMES, get_game
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.variants import Variant
from tests.games import each_game


def manifest(name: str) -> Manifest[Any, Any, Any, Any, Any]:
    """The manifest game ``name`` is run from."""
    game = get_game(name)
    assert isinstance(game, RulesGame), f"{name} is not run from a manifest"
    return game.manifest


@pytest.mark.parametrize(("name", "spec"), each_game(lambda adapter: adapter.SPEC))
def test_every_game_has_its_spec(name: str, spec: ModuleType) -> None:
    assert manifest(name).variants == spec.VARIANTS
    assert manifest(name).player_counts == spec.PLAYER_COUNTS


@pytest.mark.parametrize("name", GAMES)
def test_every_variant_changes_a_clause_of_its_game(name: str) -> None:
    book = get_game(name).rulebook
    variants = manifest(name).variants
    assert variants and all(isinstance(v, Variant) for v in variants)
    for variant in variants:
        assert variant.clause in book, f"{variant.name}: no clause {variant.clause}"


@pytest.mark.parametrize("name", GAMES)
def test_the_engine_variants_are_the_spec_variants(name: str) -> None:
    game = get_game(name)
    variants = manifest(name).variants
    assert dict(game.variants) == {v.name: dict(v.options) for v in variants}
    names = [v.name for v in variants]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("name", GAMES)
def test_player_counts_are_the_ones_the_config_accepts(name: str) -> None:
    game = get_game(name)
    declared = manifest(name)
    standard = declared.player_counts
    cases = [((), standard)] + [
        (tuple(v.options.items()), v.players or standard) for v in declared.variants
    ]
    for options, counts in cases:
        for players in range(min(counts) - 1, max(counts) + 2):
            if players in counts:
                assert game.config(**dict(options), players=players).players == players
            else:
                with pytest.raises(MalformedInput):
                    game.config(**dict(options), players=players)


def test_a_variant_is_checked_and_read_only() -> None:
    variant = manifest("euchre").variants[0]
    with pytest.raises(TypeError):
        variant.options["stick_the_dealer"] = False  # type: ignore[index]  # a read-only mapping: the test shows the write is refused
    with pytest.raises(ValueError, match="bad clause id"):
        Variant(name="x", options={"a": 1}, clause="nope", summary="s")
    with pytest.raises(ValueError, match="sets no option"):
        Variant(name="x", options={}, clause="euchre.ruling.all-pass", summary="s")
    assert hash(variant) == hash(manifest("euchre").variants[0])
