"""cardlaw's four games in OpenSpiel: importing this module registers them.

With OpenSpiel installed (``pip install 'cardlaw[openspiel]'``), importing
:mod:`cardlaw.openspiel` registers ``cardlaw_divide``,
``cardlaw_divided_ranks``, ``cardlaw_split`` and ``cardlaw_euchre`` as
OpenSpiel Python games (:mod:`cardlaw.openspiel.games`), loaded as any other:
``pyspiel.load_game("cardlaw_divide", {"players": 5})``.  Every configuration
is reachable through the parameters (:mod:`cardlaw.ecosystem.params`).

Without OpenSpiel the module still imports; :data:`AVAILABLE` is ``False``
and :func:`load_game` (like everything that needs OpenSpiel) raises
:class:`~cardlaw.extras.MissingExtra`, which says what to install.

The OpenSpiel *log* reader of ``cardlaw replay --format openspiel`` is
:mod:`cardlaw.openspiel_logs`; it needs no OpenSpiel.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from cardlaw.extras import installed, missing

if TYPE_CHECKING:
    from cardlaw.openspiel.pyspiel_types import SpielGame

__all__ = ["AVAILABLE", "GAME_NAMES", "load_game", "require"]


def _register() -> bool:
    """Register the games with OpenSpiel if it is installed; whether it is."""
    if not installed("pyspiel"):
        return False
    try:
        from cardlaw.openspiel.games import register  # noqa: PLC0415
    except ImportError:  # found but not importable: a broken install
        return False
    register()
    return True


AVAILABLE: Final = _register()
"""Whether OpenSpiel is installed (and the games registered with it)."""

GAME_NAMES: Final = {
    "divide": "cardlaw_divide",
    "divided-ranks": "cardlaw_divided_ranks",
    "split": "cardlaw_split",
    "euchre": "cardlaw_euchre",
}
"""cardlaw's game name -> its OpenSpiel name."""


def require(feature: str = "cardlaw.openspiel") -> None:
    """Raise :class:`~cardlaw.extras.MissingExtra` unless OpenSpiel can be imported."""
    if not AVAILABLE:
        raise missing("openspiel", feature)
    try:
        import pyspiel  # noqa: F401, PLC0415
    except ImportError:
        raise missing("openspiel", feature) from None


def load_game(name: str, params: Mapping[str, object] | None = None) -> SpielGame:
    """OpenSpiel's game of cardlaw's ``name`` (``divide``) or OpenSpiel's (``cardlaw_divide``)."""
    require()
    import pyspiel  # noqa: PLC0415

    game: SpielGame = pyspiel.load_game(GAME_NAMES.get(name, name), dict(params or {}))
    return game
