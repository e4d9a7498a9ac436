"""The games the tests run, each with its adapter, and shared helpers.

:data:`ADAPTERS` names each game's test adapter (``tests/<package>/adapter.py``:
its ``CONFIGS``, ``REPR_NAMES``, ``PERFT_CASES``, ``PLAYTHROUGH``, ``UNSPELLED``
and ``action_universe``), explicitly: cardlaw's four games, then the toy game
of ``tests/toy``.  The toy is no game of cardlaw's, so it is not in the
registry; a test of it runs with it registered, and only that test (the
``outside_games`` marker, see :func:`game_param` and ``tests/conftest.py``).
"""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Final, Protocol

import pytest
from pytest import ParameterSet

from cardlaw.bots import bot_names, make_bots
from cardlaw.cli import main
from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.engine.chance import ChanceSpace
from cardlaw.engine.game import RulesGame
from cardlaw.engine.record import build_record, dump_record
from cardlaw.engine.registry import BUILT_IN, register, unregister
from cardlaw.sampling import play_game, sample_chance
from tests.divide import adapter as divide_adapter
from tests.divided_ranks import adapter as divided_ranks_adapter
from tests.euchre import adapter as euchre_adapter
from tests.game_data import (
    Asked,
    Disputes,
    Ecosystem,
    EquallyLegal,
    Opening,
    OtherApis,
    PanelCase,
    PlayHelpers,
    Simulated,
    Tampered,
)
from tests.split import adapter as split_adapter
from tests.toy import adapter as toy_adapter
from tests.toy.game import TOY

if TYPE_CHECKING:
    from tests.generic.observe import RevealTable


class Adapter(Protocol):
    """What a game's ``tests/<package>/adapter.py`` provides to the generic tests."""

    CONFIGS: list[dict[str, Any]]
    """Configurations every contract test runs."""
    REPR_NAMES: dict[str, Any]
    """The names an action's repr may use."""
    PERFT_CASES: list[tuple[dict[str, Any], int, str, int]]
    """Perft counts: (config, seed, stage where counting starts, depth)."""
    PLAYTHROUGH: list[str]
    """The golden playthrough's command line."""
    UNSPELLED: tuple[type, ...]
    """Action types whose universe holds values no record could spell."""

    WAITS_FOR: dict[str, str]
    """Each stage (but the end) and what it waits for, in the words of its refusal."""
    SPEC: ModuleType
    """The spec's module of ``VARIANTS`` and ``PLAYER_COUNTS``."""
    REVEALED_CLAUSES: tuple[str, ...]
    """The clauses of :meth:`reveals`' table, written out (empty without a table)."""
    REFEREE_CLAUSES: tuple[str, ...]
    """The clauses :meth:`referee` checks (empty without a referee)."""
    DISPUTES: Disputes | None
    """The dispute tests' data (positions, queries), or None for a game without positions."""
    SAME_SEED: tuple[str, ...]
    """``cardlaw play`` options whose record, written twice, must be the same bytes."""
    BAD_LINES: tuple[str, ...]
    """Command lines about the game that cardlaw refuses (exit 2)."""
    MALFORMED_RECORDS: tuple[str, ...]
    """Record files ``cardlaw replay`` refuses as malformed."""
    TAMPERED: Tampered | None
    """The record the tampering tests edit and how, or None."""
    STORIES: frozenset[str]
    """The worked examples the docs tell."""
    ASK_PANEL: tuple[PanelCase, ...]
    """Questions to the rulebook's "Ask the judge" panel and to ``cardlaw ask``."""
    ECOSYSTEM: Ecosystem | None
    """The game-AI adapters' tests' setups and secrecy helpers, or None without a binding."""
    OTHER_APIS: OtherApis | None
    """The game's own public entry points that enforcing code belongs to, or None."""
    CHANGES_PLAY: tuple[str, ...]
    """Rulings that change play, which the game's guide for players must retell."""
    OPENING: Opening
    """The description at the start, then after each of the first steps."""
    ORDER_REFUSALS: dict[str, str]
    """What ``apply`` says to an order that is no outcome, by chance action type."""
    PLAY_HELPERS: PlayHelpers | None
    """The trick phase's helpers (legal plays as actions and as a mask), or None."""
    EQUALLY_LEGAL: Mapping[str, EquallyLegal]
    """Tamper kind -> when a record tampered that way may still be a legal game."""
    ASKED: Mapping[str, Asked]
    """Each of the game's ``cardlaw ask`` questions, asked cheaply and validly (empty without)."""
    ASK_BAD_VALUES: Mapping[str, tuple[str, ...]]
    """Values the options of the game's own questions refuse, by option."""
    SIMULATED: Simulated | None
    """What ``cardlaw simulate`` runs the game with, or None for a game it has no statistics of."""
    CARD_WORDS: tuple[str, ...]
    """The words of an action's text that name a card."""
    PANEL_MISSES: tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...]
    """Panel requests with a part left out, and the same ``cardlaw ask`` arguments."""

    def action_universe(self, state: Any, rng: random.Random) -> list[Any]:
        """A superset of the actions open at ``state``."""
        ...

    def reveals(self) -> RevealTable | None:
        """What the rules reveal to whom and when (``tests/<package>/reveals.py``), or None."""
        ...

    def referee(self) -> ModuleType | None:
        """The independent check of the events (``check_game``, ``CONFIGS``, ``CHOOSERS``), or
        None."""
        ...


OUTSIDE: Final[Mapping[str, AnyGame]] = MappingProxyType({TOY.name: TOY})
"""The games the tests define themselves (not cardlaw's): registered only while a test runs."""

TESTED: Final[Mapping[str, AnyGame]] = MappingProxyType(
    {**{game.name: game for game in BUILT_IN}, **OUTSIDE}
)
"""Every game the contract suite runs, by name: cardlaw's own, then the tests' own."""

ADAPTERS: Final[Mapping[str, Adapter]] = MappingProxyType(
    {
        "divide": divide_adapter,
        "divided-ranks": divided_ranks_adapter,
        "split": split_adapter,
        "euchre": euchre_adapter,
        TOY.name: toy_adapter,
    }
)
"""Each tested game's adapter, by game name."""

if set(ADAPTERS) != set(TESTED):
    raise AssertionError(f"the adapters {sorted(ADAPTERS)} are not those of {sorted(TESTED)}")

OUTSIDE_GAMES: Final = pytest.mark.outside_games
"""The marker of a test that runs with :data:`OUTSIDE` registered (``tests/conftest.py``)."""


AnyRulesGame = RulesGame[Any, Any, Any, Any, Any]
"""A game run from a manifest, of any types."""


def manifested(name: str) -> AnyRulesGame:
    """The tested game ``name``, which is run from a manifest (as every tested game is)."""
    game = TESTED[name]
    assert isinstance(game, RulesGame), f"{name} is not run from a manifest"
    return game


def adapter(name: str) -> Adapter:
    """The test adapter of game ``name``."""
    return ADAPTERS[name]


def each_game(*values: Callable[[Adapter], object], built_in: bool = False) -> list[ParameterSet]:
    """Every tested game (cardlaw's own only, with ``built_in``) for ``parametrize``, named by
    its name: the name, then each of ``values`` read from its adapter (a game whose adapter
    lacks a datum fails the collection), marked to register the tests' own games."""
    return [
        pytest.param(
            name,
            *(value(ADAPTERS[name]) for value in values),
            marks=OUTSIDE_GAMES if name in OUTSIDE else (),
            id=name,
        )
        for name in ADAPTERS
        if not (built_in and name in OUTSIDE)
    ]


@contextmanager
def registered(*games: AnyGame) -> Iterator[None]:
    """``games`` in the registry for the duration of the ``with`` block, and no longer."""
    for game in games:
        register(game)
    try:
        yield
    finally:
        for game in games:
            unregister(game.name)


def game_param(*values: object, game: str) -> ParameterSet:
    """``values`` as one case of ``parametrize`` for ``game``: marked to register it if it is
    one of the tests' own (:data:`OUTSIDE`)."""
    return pytest.param(*values, marks=OUTSIDE_GAMES if game in OUTSIDE else ())


CONFIGS: dict[str, list[dict[str, Any]]] = {name: ADAPTERS[name].CONFIGS for name in TESTED}
"""Configurations every contract test runs, per game."""

REPR_NAMES: dict[str, dict[str, Any]] = {name: ADAPTERS[name].REPR_NAMES for name in TESTED}
"""The names an action's repr may use, per game."""

NAMES: list[str] = list(TESTED)
"""Every tested game's name."""

CASES = [(name, options) for name in TESTED for options in CONFIGS.get(name, [{}])]
"""(game, options): every tested game in each of its configurations."""

GAME_PARAMS: list[ParameterSet] = [game_param(name, game=name) for name in NAMES]
""":data:`NAMES` for ``parametrize``."""

CASE_PARAMS: list[ParameterSet] = [game_param(case, game=case[0]) for case in CASES]
""":data:`CASES` for ``parametrize``."""


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


Policy = Callable[[random.Random, tuple[Any, ...]], Any]
"""How players pick an action: ``policy(rng, legal_actions)``."""


def space_at(game: AnyGame, state: Any) -> ChanceSpace[Any]:
    """The chance outcomes of ``game`` at ``state``, which must be a chance node."""
    space = game.chance_outcomes(state)
    assert space is not None, "not a chance node"
    return space


def random_walk(
    game: AnyGame, config: Any, seed: int, limit: int = 3000, policy: Policy | None = None
) -> Iterator[tuple[Any, Any]]:
    """(state, action) pairs of one random game; a finished game's last state comes with None.

    The players choose at random among the legal actions, or by ``policy``.
    A game still running after ``limit`` actions (some rules allow endless
    games) stops without a final pair.
    """
    choose = policy or random.Random.choice
    rng = random.Random(seed)
    state = game.new_game(config)
    for _ in range(limit):
        mover = game.to_move(state)
        if mover is None:
            yield state, None
            return
        if mover == CHANCE:
            space = game.chance_outcomes(state)
            assert space is not None
            action = sample_chance(space, rng)
        else:
            action = choose(rng, game.legal_actions(state))
        yield state, action
        state = game.apply(state, action)


def load(name: str, options: dict[str, Any]) -> tuple[AnyGame, Any]:
    """A tested game and its configuration for ``options``."""
    game = TESTED[name]
    return game, game.config(**options)


def exit_code(*args: str) -> int:
    """The exit code of ``cardlaw args``, its output left alone."""
    try:
        return main(list(args))
    except SystemExit as exit:
        return int(exit.code or 0)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``cardlaw`` with ``args``: (exit code, stdout, stderr)."""
    code = exit_code(*args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_line(capsys: pytest.CaptureFixture[str], line: str, *args: str) -> tuple[int, str, str]:
    """Run ``cardlaw`` with the words of the command line ``line`` (split as a shell splits
    them), then ``args``: (exit code, stdout, stderr), as :func:`run_cli`."""
    return run_cli(capsys, *shlex.split(line), *args)


def write_file(tmp_path: Path, data: Any, name: str = "position.json") -> str:
    """Write ``data`` (JSON, or text for other names) under ``tmp_path``; return the path."""
    path = tmp_path / name
    path.write_text(json.dumps(data) if name.endswith(".json") else data)
    return str(path)


@cache
def played_record(name: str, seed: int, *, mixed_bots: bool = False) -> str:
    """The record text of a game bots play from ``seed``, as ``cardlaw play`` writes it.

    Random bots in every seat, or with ``mixed_bots`` each seat's bot drawn
    (from ``seed``) among the game's bots but MCTS (whose games take 2 to 17
    seconds each; the others' a few milliseconds).  The seed is true: chance
    was drawn by the sampler from it.
    """
    game = TESTED[name]
    config = game.config()
    if mixed_bots:
        pick = random.Random(seed)
        choices = [bot for bot in bot_names(game) if bot != "mcts"]
        names = [pick.choice(choices) for _ in range(config.players)]
    else:
        names = ["random"] * config.players
    playout = play_game(game, config, make_bots(game, names), seed=seed, max_actions=3000)
    return dump_record(build_record(game, config, playout.actions, seed=seed, players=names))
