"""What cardlaw's adapters to OpenSpiel and PettingZoo share, with neither installed.

:mod:`cardlaw.openspiel` and :mod:`cardlaw.pettingzoo` are thin: the rules
stay in the engine, and everything the two adapters need beyond the Game API
is here, in plain Python, imported by both:

* :mod:`~cardlaw.ecosystem.ids`: every action as an integer id, in blocks
  documented per game;
* :mod:`~cardlaw.ecosystem.spot`: a position and the way to it, chance dealt
  card by card with exactly cardlaw's odds;
* :mod:`~cardlaw.ecosystem.layout` and :mod:`~cardlaw.ecosystem.text`: a
  seat's observation (cardlaw's ``observe``, nothing else) as a tensor and as
  text, and its whole history as text;
* :mod:`~cardlaw.ecosystem.games`: each game's :class:`~cardlaw.ecosystem.base.Binding`
  (the ids, the tensor, the returns, the bounds, sampled worlds for search),
  named by each game's record (:data:`cardlaw.games.RECORDS`, ``binding``).

>>> binding("euchre").name
'euchre'
>>> binding("high-card")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: no adapter binding for high-card (known: divide, \
divided-ranks, ...)
"""

from __future__ import annotations

from cardlaw.ecosystem.base import AnyBinding
from cardlaw.games import RECORDS
from cardlaw.spec.errors import MalformedInput

__all__ = ["binding"]


def binding(name: str) -> AnyBinding:
    """The binding of game ``name``."""
    found = RECORDS.get(name)
    if found is None:
        raise MalformedInput(f"no adapter binding for {name} (known: {', '.join(RECORDS)})")
    return found.binding()
