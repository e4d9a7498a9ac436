"""Variants: named alternatives to a game's default rules, as data.

Each game's ``spec/<game>/config.py`` declares ``VARIANTS``, a tuple of
:class:`Variant`, and ``PLAYER_COUNTS``, the player counts of its default
game.  A variant names the configuration options it sets and the clause of
the rulebook it changes (a ruling whose alternative it selects, or the
variant's own rule); the engine's ``variants`` attribute, ``cardlaw play
--variant`` and ``cardlaw games`` all read it from there.

>>> v = Variant(name="stick-the-dealer", options={"stick_the_dealer": True},
...             clause="euchre.ruling.all-pass",
...             summary="The dealer may not pass in the second round of bidding.")
>>> dict(v.options), v.clause
({'stick_the_dealer': True}, 'euchre.ruling.all-pass')
>>> v.options["stick_the_dealer"] = False
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
>>> Variant(name="Stick", options={"stick_the_dealer": True},
...         clause="euchre.ruling.all-pass", summary="...")
Traceback (most recent call last):
...
ValueError: bad variant name 'Stick': lowercase words joined by hyphens
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from cardlaw.spec.clauses import CLAUSE_ID

__all__ = ["OptionValue", "Variant", "option_text"]

OptionValue = str | int | bool | tuple[int, ...]
"""A configuration value a variant may set (a tuple for lists such as Split's aids)."""

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """A named rules variant.

    Attributes:
        name: its name on the command line (``--variant NAME``).
        options: the configuration options it sets (read-only).
        clause: the id of the clause it changes.
        summary: what it changes, in one line.
        players: the player counts it allows, when they differ from the
            game's own ``PLAYER_COUNTS``; empty when they are the same.
    """

    name: str
    options: Mapping[str, OptionValue]
    clause: str
    summary: str
    players: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ValueError(f"bad variant name {self.name!r}: lowercase words joined by hyphens")
        if not CLAUSE_ID.match(self.clause):
            raise ValueError(f"variant {self.name}: bad clause id {self.clause!r}")
        if not self.options:
            raise ValueError(f"variant {self.name} sets no option")
        if not self.summary.strip() or "\n" in self.summary:
            raise ValueError(f"variant {self.name}: the summary is one line of text")
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def __hash__(self) -> int:
        return hash((self.name, self.clause))


def option_text(options: Mapping[str, object]) -> str:
    """Options as ``key=value`` pairs (lists as JSON gives them, too), the way a reader types them.

    >>> option_text({"mode": "cooperative", "aids": (100,)})
    'mode=cooperative, aids=100'
    >>> option_text({"aids": [], "stick_the_dealer": True})
    'aids=none, stick_the_dealer=true'
    """

    def value(v: object) -> str:
        if isinstance(v, tuple | list):
            return ",".join(map(str, v)) or "none"
        return str(v).lower() if isinstance(v, bool) else str(v)

    return ", ".join(f"{k}={value(v)}" for k, v in options.items())
