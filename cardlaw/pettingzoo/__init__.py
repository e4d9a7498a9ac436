"""cardlaw's four games as PettingZoo environments: ``cardlaw.pettingzoo.env(game, **config)``.

With PettingZoo installed (``pip install 'cardlaw[pettingzoo]'``),
:func:`env` returns a native AEC environment (:mod:`cardlaw.pettingzoo.aec`)
of the game named (``divide``, ``divided-ranks``, ``split``, ``euchre``),
set up by the same parameters as the OpenSpiel games
(:mod:`cardlaw.ecosystem.params`: ``players=5``, ``variant="cooperative"``,
``bonus_tokens=4``).

Without PettingZoo the module still imports; :data:`AVAILABLE` is ``False``
and :func:`env` raises :class:`~cardlaw.extras.MissingExtra`, which says
what to install.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardlaw.extras import installed, missing

if TYPE_CHECKING:
    from cardlaw.pettingzoo.aec import CardlawEnv

__all__ = ["AVAILABLE", "env", "require"]

AVAILABLE: Final = installed("pettingzoo") and installed("gymnasium")
"""Whether PettingZoo (and Gymnasium) are installed."""


def require(feature: str = "cardlaw.pettingzoo") -> None:
    """Raise :class:`~cardlaw.extras.MissingExtra` unless PettingZoo can be imported."""
    if not AVAILABLE:
        raise missing("pettingzoo", feature)
    try:
        import gymnasium  # noqa: F401, PLC0415
        import pettingzoo  # noqa: F401, PLC0415
    except ImportError:
        raise missing("pettingzoo", feature) from None


def env(game: str, render_mode: str | None = None, **config: object) -> CardlawEnv:
    """A PettingZoo AEC environment of cardlaw's ``game``, set up by ``config``.

    ``render_mode`` is ``None``, ``"ansi"`` (``render()`` returns the game's
    log, cardlaw's renderer) or ``"human"`` (it prints it).
    """
    require()
    from cardlaw.pettingzoo.aec import CardlawEnv  # noqa: PLC0415

    return CardlawEnv(game, render_mode=render_mode, **config)
