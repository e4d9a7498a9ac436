"""Which build runs: :func:`engine.compiled.build` and the modules it lists.

In the default install every listed module is a ``.py`` file and the build
is ``pure``; ``.ci/compiled`` runs the whole suite against the mypyc build
with ``CARDLAW_EXPECT_BUILD=mypyc``, where every one must be compiled.
"""

from __future__ import annotations

import ast
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import cardlaw.sampling
from cardlaw.engine.compiled import MODULES, build, compiled_modules
from cardlaw.engine.registry import GAMES, get_game

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = os.environ.get("CARDLAW_EXPECT_BUILD", "pure")


def _setup_cli_modules() -> tuple[str, ...]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "CLI_MODULES":
            names = ast.literal_eval(node.value)
            assert isinstance(names, tuple)
            return names
    raise AssertionError("setup.py has no CLI_MODULES")


def _load_every_game() -> None:
    for name in GAMES:
        get_game(name)


def test_the_games_load_every_listed_module() -> None:
    _load_every_game()
    assert [name for name in MODULES if name not in sys.modules] == []


def test_the_build_is_the_one_expected() -> None:
    _load_every_game()
    assert build() == EXPECTED
    assert compiled_modules() == (MODULES if EXPECTED == "mypyc" else ())


def test_the_command_line_modules_setup_compiles_follow_the_build() -> None:
    assert _setup_cli_modules() == ("cardlaw.sampling",)
    file = str(cardlaw.sampling.__file__)
    assert file.endswith(tuple(EXTENSION_SUFFIXES)) == (EXPECTED == "mypyc"), file


def test_every_listed_module_has_its_source_and_is_listed_once() -> None:
    names = (*MODULES, *_setup_cli_modules())
    assert len(set(names)) == len(names)
    for name in names:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
