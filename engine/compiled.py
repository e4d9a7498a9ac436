"""The opt-in compiled build: which modules mypyc compiles, and which build is running.

The default install is pure Python.  ``CARDLAW_MYPYC=1 pip install
--no-build-isolation .`` (with ``mypy`` and ``setuptools>=77`` installed)
compiles the modules of :data:`MODULES` with mypyc (``setup.py`` reads the
list from here, and nothing else names it); every other module stays
Python.  The list is the hot path of random playouts (the Game API's
dispatch, the card pickers, Divide's and Euchre's transitions and their
states), as ``cardlaw bench`` measures it.

:func:`build` says which build is running, by whether the listed modules are
loaded from extension files (``.so``/``.pyd``) rather than ``.py`` files.

>>> build() in ("pure", "mypyc")
True
>>> all(name.count(".") >= 1 for name in MODULES)
True
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final, Literal

from cardlaw.engine import picking
from cardlaw.engine.divide import game as _divide
from cardlaw.engine.euchre import game as _euchre

__all__ = ["MODULES", "build", "compiled_modules"]

MODULES: Final[tuple[str, ...]] = (
    "cardlaw.engine.picking",
    "cardlaw.engine.game",
    "cardlaw.engine.divide.deal",
    "cardlaw.engine.divide.exchange",
    "cardlaw.engine.divide.fields",
    "cardlaw.engine.divide.play",
    "cardlaw.engine.divide.scoring",
    "cardlaw.engine.divide.tricks",
    "cardlaw.engine.euchre.bidding",
    "cardlaw.engine.euchre.deal",
    "cardlaw.engine.euchre.fields",
    "cardlaw.engine.euchre.masks",
    "cardlaw.engine.euchre.play",
    "cardlaw.engine.euchre.scoring",
    "cardlaw.engine.euchre.tricks",
    "cardlaw.engine.divide.game",
    "cardlaw.engine.euchre.game",
    "cardlaw.spec.divide.state",
    "cardlaw.spec.euchre.state",
    "cardlaw.spec.divide.constants",
    "cardlaw.spec.euchre.constants",
    "cardlaw.spec.divide.invariants",
    "cardlaw.spec.euchre.invariants",
)
"""The rules' modules the compiled build compiles with mypyc, by dotted name.

``setup.py`` adds the one command-line module on the playout path
(``cardlaw.sampling``): this layer names only its own and earlier layers.
"""


_GAMES: Final = (_divide.DIVIDE, _euchre.EUCHRE)
"""The games whose modules are listed: imported here, so every listed module is loaded."""


def _compiled(module: object) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def compiled_modules() -> tuple[str, ...]:
    """Those of :data:`MODULES` that were loaded from an extension file.

    Every listed module is loaded with the two games this module imports;
    nothing is imported by name.
    """
    return tuple(name for name in MODULES if _compiled(sys.modules.get(name)))


def build() -> Literal["pure", "mypyc"]:
    """``"mypyc"`` when the listed modules are compiled extensions, else ``"pure"``.

    Read from :mod:`engine.picking`, the first listed module: every listed
    module is compiled, or none is.
    """
    return "mypyc" if _compiled(picking) else "pure"
