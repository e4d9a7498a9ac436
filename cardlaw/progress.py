"""Progress on long work, on stderr: how much is done of how much, and what is being done now.

``cardlaw verify`` (and ``--matrix``), ``simulate``, ``ask split solve --deals``
and ``ask divided-ranks census`` each run :func:`progress` around their work
and tell it as items end.  What it shows depends on where stderr goes:

* **a terminal**: a live bar, redrawn in place by ``rich`` (``verifying
  ━━━━━━━━━╺━━━━━━━ 12/55 obligations 0:00:09 · divide.trick.unique-winner.5p``),
  gone when the work ends;
* **a terminal that cannot redraw** (``TERM=dumb`` or ``unknown``, as in an
  Emacs shell or some CI logs; ``rich`` draws nothing on one until the end):
  one plain line each time another twentieth of the work is done, and at the
  end (``verifying: 12/55 obligations; now divide.trick.unique-winner.5p``);
* **anything else** (a pipe, a file), or ``--quiet``: nothing at all.

The item shown is the one the work waits for next: the first not yet done,
in the order the results come back.

>>> with progress("verifying", items=["a", "b"], unit="obligations", quiet=True) as bar:
...     bar.advance()
...     bar.done, bar.total, bar.current
(1, 2, 'b')
>>> import io
>>> out = io.StringIO()
>>> with progress("deals", total=3, unit="deals", stream=out, mode="lines") as bar:
...     bar.advance(2)
...     bar.advance()
>>> print(out.getvalue(), end="")
deals: 0/3 deals
deals: 2/3 deals
deals: 3/3 deals
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final, Literal, TextIO

import click

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["Bar", "Mode", "mode_for", "progress", "quiet_flag"]

Mode = Literal["live", "lines", "off"]
"""How progress shows: a live bar, plain lines, or not at all."""

quiet_flag: Final = click.option(
    "--quiet", is_flag=True, help="No progress on stderr (there is none when it is no terminal)."
)
"""The ``--quiet`` flag of every command with long work (its value: ``quiet``)."""

_DUMB: Final = frozenset({"dumb", "unknown"})
"""Values of ``TERM`` for a terminal that cannot redraw a line (``rich`` draws nothing there)."""

_STEPS: Final = 20
"""A terminal that cannot redraw gets a line each time another twentieth is done."""


def mode_for(stream: TextIO, quiet: bool = False) -> Mode:
    """How progress shows on ``stream``: live on a terminal, lines on a dumb one, else off.

    >>> import io
    >>> mode_for(io.StringIO()), mode_for(sys.stderr, quiet=True)
    ('off', 'off')
    """
    if quiet:
        return "off"
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError, OSError):  # closed, or no file at all
        return "off"
    if not terminal:
        return "off"
    return "lines" if os.environ.get("TERM", "").lower() in _DUMB else "live"


class Bar:
    """The work's progress: ``done`` of ``total`` items, and the one being done now."""

    def __init__(
        self,
        what: str,
        unit: str,
        items: Sequence[str],
        total: int | None,
        naming: Callable[[int], str] | None,
        show: Callable[[Bar], None],
    ) -> None:
        self.what, self.unit = what, unit
        self.items = list(items)
        self.total = len(self.items) if total is None else total
        self.done = 0
        self._naming = naming
        self.show = show
        """How the bar shows each change."""

    @property
    def current(self) -> str:
        """The item being done now: the first not yet done (empty when all are)."""
        if self.done < len(self.items):
            return self.items[self.done]
        if self._naming is not None and self.done < self.total:
            return self._naming(self.done)
        return ""

    def extend(self, items: Sequence[str]) -> Callable[[], None]:
        """Add ``items`` to the work (found once some is done); return :meth:`advance`."""
        self.items += items
        self.total += len(items)
        self.show(self)
        return self.advance

    def advance(self, done: int = 1) -> None:
        """``done`` more items are done (in order)."""
        self.done = min(self.total, self.done + done)
        self.show(self)

    def line(self) -> str:
        """The progress as one plain line (``verifying: 3/55 obligations; now divide.x``)."""
        now = f"; now {self.current}" if self.current else ""
        return f"{self.what}: {self.done:,}/{self.total:,} {self.unit}{now}"


def _live(stream: TextIO, bar: Bar) -> Progress:
    """A ``rich`` live bar on ``stream`` that shows ``bar`` (and is told of it as it moves)."""
    from rich.console import Console  # noqa: PLC0415  (deferred: only a terminal needs it)
    from rich.progress import (  # noqa: PLC0415
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    shown = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[unit]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[item]}"),
        console=Console(file=stream, force_terminal=True, highlight=False),
        transient=True,
    )
    task = shown.add_task(bar.what, total=bar.total, unit=bar.unit, item=bar.current)

    def show(moved: Bar) -> None:
        shown.update(task, completed=moved.done, total=moved.total, item=moved.current)

    bar.show = show
    return shown


@contextmanager
def progress(
    what: str,
    *,
    items: Sequence[str] = (),
    total: int | None = None,
    unit: str = "",
    naming: Callable[[int], str] | None = None,
    quiet: bool = False,
    stream: TextIO | None = None,
    mode: Mode | None = None,
) -> Iterator[Bar]:
    """Show the progress of the work done inside the ``with`` block (see the module).

    ``items`` names the items in the order they end (``total`` counts them
    when they have no names; ``naming(i)`` names item ``i`` then); ``unit``
    says what they are.  ``stream`` is stderr unless given; ``mode`` is
    :func:`mode_for` of it unless given.
    """
    out = sys.stderr if stream is None else stream
    how = mode_for(out, quiet) if mode is None else mode
    if how == "off":
        yield Bar(what, unit, items, total, naming, lambda bar: None)
        return
    if how == "lines":
        last: list[tuple[int, int]] = []  # (the step, the total) of the last line printed

        def line(bar: Bar) -> None:
            step = _STEPS if bar.done >= bar.total else bar.done * _STEPS // bar.total
            if not last or bar.total != last[-1][1] or step > last[-1][0]:
                last.append((step, bar.total))
                print(bar.line(), file=out, flush=True)

        bar = Bar(what, unit, items, total, naming, line)
        line(bar)
        yield bar
        return
    bar = Bar(what, unit, items, total, naming, lambda bar: None)
    with _live(out, bar):
        yield bar
