"""Optional extras: what to install for a feature that needs a package cardlaw does not.

>>> print(missing("openspiel", "the mcts bot"))
the mcts bot needs OpenSpiel, which is not installed: pip install 'cardlaw[openspiel]'
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Final

from cardlaw.spec.errors import MalformedInput

__all__ = ["EXTRAS", "MissingExtra", "installed", "missing"]

EXTRAS: Final = {"openspiel": "OpenSpiel", "pettingzoo": "PettingZoo"}
"""Extra -> the package it installs, by name."""


class MissingExtra(MalformedInput):
    """A feature was asked for whose optional package is not installed (exit 2 on the CLI)."""


def missing(extra: str, feature: str) -> MissingExtra:
    """The error saying ``feature`` needs ``extra`` installed."""
    return MissingExtra(
        f"{feature} needs {EXTRAS[extra]}, which is not installed: pip install 'cardlaw[{extra}]'"
    )


def installed(module: str) -> bool:
    """Whether ``module`` can be found, without importing it (a blocked import is not found).

    >>> installed("json"), installed("no_such_module_anywhere")
    (True, False)
    """
    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: ``sys.modules[module]`` is None (blocked)
        return False
