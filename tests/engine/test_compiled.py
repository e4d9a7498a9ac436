"""Which build runs: :func:`engine.compiled.build` and the modules it lists.

In the default install every listed module is a ``.py`` file and the build
is ``pure``; ``tests/compiled.sh`` runs the whole suite against the mypyc
build with ``CARDLAW_EXPECT_BUILD=mypyc``, where every one must be compiled.
"""

from __future__ import annotations

import os
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from engine.compiled import MODULES, build, compiled_modules

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = os.environ.get("CARDLAW_EXPECT_BUILD", "pure")


def test_the_build_is_the_one_expected() -> None:
    assert build() == EXPECTED
    expected = MODULES if EXPECTED == "mypyc" else ()
    assert compiled_modules() == expected


def test_each_listed_module_is_loaded_from_the_file_the_build_says() -> None:
    for name in MODULES:
        file = str(import_module(name).__file__)
        assert file.endswith(tuple(EXTENSION_SUFFIXES)) == (EXPECTED == "mypyc"), file


def test_every_listed_module_has_its_source_and_is_listed_once() -> None:
    assert len(set(MODULES)) == len(MODULES)
    for name in MODULES:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
