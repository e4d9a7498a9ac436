"""The checks every game's configuration makes, with the same messages in every game.

A game's ``spec/<game>/config.py`` is a frozen, keyword-only dataclass whose
``__post_init__`` rejects a bad option with :class:`~spec.errors.MalformedInput`
through these checks: the player count, a choice among named rules (read
from the option's ``Literal`` type), a flag and a whole number.

>>> require_choice("swap", "open", ("blind", "face-up"))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: swap must be 'blind' or 'face-up', not 'open'
>>> require_players(3, (4, 5), "Divide is for 4 or 5 players")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: Divide is for 4 or 5 players, not 3
"""

from __future__ import annotations

from cardlaw.spec.errors import MalformedInput

__all__ = ["require_choice", "require_flag", "require_players", "whole_number"]


def require_players(players: object, counts: tuple[int, ...], allowed: str) -> None:
    """Raise unless ``players`` is one of ``counts``; ``allowed`` says which, for the message."""
    if players not in counts:
        raise MalformedInput(f"{allowed}, not {players!r}")


def require_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """Raise unless the option ``name`` is one of ``choices``.

    >>> require_choice("mode", "cooperative", ("competitive", "cooperative"))
    """
    if value not in choices:
        options = " or ".join(repr(choice) for choice in choices)
        raise MalformedInput(f"{name} must be {options}, not {value!r}")


def require_flag(name: str, value: object) -> None:
    """Raise unless the option ``name`` is ``True`` or ``False``.

    >>> require_flag("stick_the_dealer", 1)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: stick_the_dealer must be true or false, not 1
    """
    if not isinstance(value, bool):
        raise MalformedInput(f"{name} must be true or false, not {value!r}")


def whole_number(value: object, name: str) -> int:
    """``value`` itself if it is a whole number (``True`` and ``False`` are not), else raise.

    >>> whole_number(3, "players")
    3
    >>> whole_number("3", "players")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: players must be a number, not '3'
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedInput(f"{name} must be a number, not {value!r}")
    return value
