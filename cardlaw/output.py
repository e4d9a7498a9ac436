"""How the command line prints tables: boxed on a terminal, plain text anywhere else.

A table written to a pipe or a file is read by a program (``grep``, ``cut``,
a spreadsheet) or a person with a pager, not at the width of a terminal, so
:func:`print_table` prints it plain there: the title on a line of its own,
then the header and one line per row, the columns separated by two spaces,
never wrapped and never boxed.  On a terminal it is rich's boxed table.

>>> from rich.table import Table
>>> table = Table(title="Tricks")
>>> table.add_column("seat")
>>> table.add_column("card", justify="right")
>>> table.add_row("0", "[red]7♥[/red]")
>>> table.add_row("1", "")
>>> plain_lines(table)
['Tricks', 'seat  card', '0  7♥', '1  ']
"""

from __future__ import annotations

from functools import cache

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["console", "plain_lines", "print_table"]

SEPARATOR = "  "
"""Between two columns of a plain table."""


def _plain(cell: RenderableType | None) -> str:
    """A cell's text without markup or styles, on one line."""
    if cell is None:
        return ""
    if isinstance(cell, str):
        text = Text.from_markup(cell).plain
    elif isinstance(cell, Text):
        text = cell.plain
    else:  # another renderable: its text as rich would print it, unstyled
        console = Console(width=10_000, color_system=None, file=None)
        with console.capture() as captured:
            console.print(cell, soft_wrap=True)
        text = captured.get()
    return " ".join(text.split())


def plain_lines(table: Table) -> list[str]:
    """The lines of ``table`` as plain text: title, header, then one line per row."""
    lines = []
    if table.title:
        lines.append(_plain(table.title))
    columns = table.columns
    if table.show_header:
        lines.append(SEPARATOR.join(_plain(column.header) for column in columns))
    cells = [list(column.cells) for column in columns]
    for row in range(table.row_count):
        lines.append(SEPARATOR.join(_plain(column[row]) for column in cells))
    return lines


def print_table(table: Table, console: Console) -> None:
    """Print ``table`` boxed on a terminal, else as :func:`plain_lines`."""
    if console.is_terminal:
        console.print(table)
        return
    for line in plain_lines(table):
        console.print(line, markup=False, highlight=False, soft_wrap=True, crop=False)


@cache
def console() -> Console:
    """The console the commands print to: no highlighting, lines never wrapped."""
    return Console(highlight=False, soft_wrap=True)
