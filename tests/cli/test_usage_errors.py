"""Bad usage is one line naming what is wrong, worded as it always was (exit 2).

The wording of these lines was typer's; cardlaw keeps it on click (``cardlaw.cli.main``,
``cardlaw.usage``): an unknown command names the closest ones, an unknown option the
options closest to it, a missing argument its name as the command declares it, a bad
number its type as ``int``, values left over all of them (control characters escaped).
"""

from __future__ import annotations

import pytest

from tests.games import run_cli

LINES = {
    ("pla",): "No such command 'pla'. Did you mean 'play', 'replay'?",
    ("ask", "divid"): "No such command 'divid'. Did you mean 'divide'?",
    ("ask", "divide", "tricks"): "No such command 'tricks'. Did you mean 'trick'?",
    ("bogus",): "No such command 'bogus'.",
    ("play", "divide", "--seeds", "3"): "No such option: --seeds (Possible options: --seed, --set)",
    ("games", "--bogus"): "No such option: --bogus",
    ("ask", "divide", "trick", "-x"): "No such option: -x",
    ("replay",): "Missing argument 'file'.",
    ("query",): "Missing argument 'game'.",
    ("ask", "divide", "trick", "--trump", "7"): "Missing argument 'CARD'.",
    ("ask", "divide", "trick", "KH"): "Missing option '--trump'.",
    ("play", "divide", "--seed", "x"): "Invalid value for '--seed': 'x' is not a valid int.",
    (
        "ask",
        "divide",
        "trick",
        "--leader",
        "x",
    ): "Invalid value for '--leader': 'x' is not a valid int.",
    ("verify", "--workers", "x"): "Invalid value for '--workers': 'x' is not a valid int range.",
    (
        "query",
        "divide",
        "--time-limit",
        "x",
    ): "Invalid value for '--time-limit': 'x' is not a valid float.",
    ("play", "divide", "x", "y"): "Got unexpected extra argument(s) (x y)",
    ("games", "\x1b[2J"): "Got unexpected extra argument(s) (\\x1b[2J)",
}
"""Command lines, and the one line each must print."""


@pytest.mark.parametrize("args", list(LINES), ids=" ".join)
def test_bad_usage_is_one_line_as_worded_before(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and not out
    assert err == f"cardlaw: error: {LINES[args]}\n"
