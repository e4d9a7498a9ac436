"""Tables: plain lines (two spaces between columns) off a terminal, rich boxes on one."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from cardlaw.output import plain_lines, print_table
from tests.games import run_cli as run

BOX = set("─│┃━┏┓┗┛┡┩└┘┌┐├┤┼╇╈╋═║╔╗╚╝")


def _table() -> Table:
    table = Table(title="A title wider than any terminal " * 4)
    table.add_column("statistic")
    table.add_column("n", justify="right")
    table.add_row("a long statistic " * 8, "[bold]1,000[/bold]")
    table.add_row("escaped \\[note]", "")
    return table


def test_off_a_terminal_a_table_is_one_line_per_row() -> None:
    buffer = io.StringIO()
    print_table(_table(), Console(file=buffer, width=40))
    lines = buffer.getvalue().splitlines()
    assert lines == plain_lines(_table())
    assert len(lines) == 4 and not BOX & set(buffer.getvalue())
    assert lines[1] == "statistic  n"
    assert lines[2] == ("a long statistic " * 8).strip() + "  1,000"
    assert lines[3].split("  ") == ["escaped [note]", ""]


def test_on_a_terminal_the_table_is_boxed() -> None:
    buffer = io.StringIO()
    print_table(_table(), Console(file=buffer, width=60, force_terminal=True))
    assert BOX & set(buffer.getvalue())


def test_simulate_prints_a_plain_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "divided-ranks", "--games", "20", "--workers", "1", "--seed", "2")
    code, out, _ = run(capsys, *args)
    lines = out.splitlines()
    assert code == 0 and not BOX & set(out)
    assert lines[1] == "statistic  measured  95% interval  n"
    claims = lines.index("The document's claims")
    rows = lines[2:claims]
    assert rows and all(len(row.split("  ")) == 4 for row in rows), rows
    assert lines[claims + 1] == "claim  document  bots  measured  95% interval  n  verdict  reason"
    # a reason is text, not rich markup (once a note vanished as an unknown style)
    assert any("[" in row and "verdict" not in row for row in lines[claims + 2 : -1])


def test_the_census_prints_a_plain_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "divided-ranks", "census")
    lines = out.splitlines()
    assert code == 0 and not BOX & set(out)
    assert lines[1] == "weaker hand  stronger hand  holdings  share"
    assert lines[2].split("  ")[2].replace(",", "").isdigit()
