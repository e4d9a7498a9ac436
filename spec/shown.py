"""Any value in an error message: one short line, and never an error of its own.

A message names the value it refuses, and the value may be anything a
caller passed: a huge int (``str()`` refuses one of more than 4,300 digits),
a list nested too deep for ``repr``, an object whose ``__repr__`` raises.
:func:`shown` prints each of them in one short line.
"""

from __future__ import annotations

import reprlib
from typing import Final

__all__ = ["shown"]


class _Shown(reprlib.Repr):
    """``repr`` cut short: a few items, a few levels, and no int too long to print."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 40, 60, 40
        self.maxtuple = self.maxlist = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # str() refuses ints of more than 4300 digits
            return f"<a {x.bit_length()}-bit {'negative ' if x < 0 else ''}number>"
        return super().repr_int(x, level)


_SHOWN: Final = _Shown()


def shown(value: object) -> str:
    """``value`` for an error message: one short line, whatever it is; it never raises.

    >>> shown("0"), shown(None), shown(10**5000), shown(list(range(99)))
    ("'0'", 'None', '<a 16610-bit number>', '[0, 1, 2, 3, ...]')
    """
    try:
        text = _SHOWN.repr(value)
    except Exception:  # a __repr__ that raises: name the type instead
        text = f"<{type(value).__name__}>"
    return text.replace("\n", " ")
