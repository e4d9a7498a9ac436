"""Which parameters an obligation's check reads: the matrix reuses a verdict only when none differs.

:class:`Reads` wraps an obligation's parameters while its check runs (in
:mod:`proofs.isolated`); :mod:`proofs.matrix` compares what was read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeAlias

__all__ = ["Params", "Reads"]

Params: TypeAlias = Mapping[str, Any]
"""A game's rule parameters by name: the spec's constants, rulings and variant, or a mutant's.

The values are numbers, flags, words, tuples of them and the game's rules
object; each encoding reads the names it needs and uses each as the type the
spec gives it, so the mapping's values are not narrowed here (a schema per
game would be the next step: every obligation of a game would need it).
"""


class Reads(Params):
    """A read-only view of an obligation's parameters that records the names read.

    >>> p = Reads({"a": 1, "b": 2})
    >>> p["a"], sorted(p.read)
    (1, ['a'])
    >>> _ = {**p}; sorted(p.read)
    ['a', 'b']
    """

    def __init__(self, params: Params) -> None:
        self._params = params
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self._params[key]

    def __iter__(self) -> Iterator[str]:
        self.read.update(self._params)
        return iter(self._params)

    def __len__(self) -> int:
        return len(self._params)
