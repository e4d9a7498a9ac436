"""The README's tour runs as written: every line, in order, in one empty folder.

The lines are read from the code block under ``## A tour`` in README.md
(never copied here).  Each runs through the shell as a user would type it,
with the installed ``cardlaw`` (so ``> spot.json`` redirects, and ``replay
game.json`` finds what ``play`` wrote), and must exit with the code its
comment states (``# exit N`` at the start of the comment), else 0.  A bad
input line must also fail the way the README promises: one line on stderr.

OpenSpiel and PettingZoo are hidden from the tour (a ``pyspiel`` and a
``pettingzoo`` that cannot be imported come first on ``PYTHONPATH``), so
``bench`` is checked without the optional components on every machine (no
reference, no adapter) and must say they are not installed.

Reuse: the tour's plain ``cardlaw verify`` line is the README's first Quick
start command, which the suite runs once a run for every test that needs its
whole report (:mod:`tests.verified`: the installed command, in a subprocess,
or CI's own report when it is whole and of these very sources); the line's
exit code is that run's.  Every other line runs here, with the run's own cache
directory (never the user's), where that run kept its report as the README's
first line keeps it: so ``cardlaw verify euchre --matrix`` takes its default
column from it, as it does after the README's first line, and says so.

Cost: the tour's own lines (its plain ``cardlaw verify`` is the shared run's)
re-prove under ``--set``, simulate 1,000 games and bench: about 22 s on an idle
two-core machine whose other core ran the rest of the suite (2026-12-05).  The
subprocess is kept because it is what a user runs: the installed command, a real shell, a
real pipe or file.  So the whole tour is a deep run (``pytest -m deep``, CI's own step); the
checks of how a line is read stay in ``pytest``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.verified import Verified, whole_report

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
EXIT = re.compile(r"exit (\d+)\b")


def tour_lines(text: str) -> list[str]:
    """The command lines of the first code block under ``## A tour``."""
    section = text.split("\n## A tour\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"^```[a-z]*\n(.*?)^```", section, re.S | re.M)
    assert block is not None, "README: no code block under ## A tour"
    return [line for line in block.group(1).splitlines() if line.strip()]


def comment(line: str) -> str:
    """The shell comment ending ``line`` (a ``#`` outside quotes), without the ``#``."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[i + 1 :].strip()
    return ""


def expected_code(line: str) -> int:
    """The exit code the README states for ``line``: ``# exit N ...``, else 0."""
    match = EXIT.match(comment(line))
    return int(match.group(1)) if match else 0


def test_comments_and_codes_are_read_from_the_line() -> None:
    assert comment('cardlaw ask x --action "play #7"  # exit 2: why') == "exit 2: why"
    assert comment("cardlaw verify") == ""
    assert expected_code("cardlaw play divide --players 3  # exit 2: too few") == 2
    assert expected_code("cardlaw replay g.json  # exit 0: legal; 1: illegal") == 0
    assert expected_code("cardlaw verify  # every obligation; exit 0 only if all hold") == 0
    assert expected_code('cardlaw query divide "x # exit 1"') == 0


def test_the_readme_states_the_exit_codes_of_cardlaw_help() -> None:
    from cardlaw.cli import EXIT_CODES

    section = README.read_text(encoding="utf-8").split("\n## Exit codes\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| (\d) \| (.+?) \|$", section, re.M))
    assert rows == {str(code): text for code, text in EXIT_CODES.items()}


def reused_code(line: str, shared: Verified) -> int | None:
    """The exit code of a plain ``cardlaw verify``: the shared run's (:mod:`tests.verified`)."""
    if line.split("#", 1)[0].split() != ["cardlaw", "verify"]:
        return None
    return shared.verify_code


def test_only_a_whole_report_of_these_sources_stands_for_cardlaw_verify() -> None:
    from cardlaw.proofs.isolated import SOURCES
    from cardlaw.proofs.registry import obligations

    rows = [{"id": ob.id, "sources": SOURCES} for ob in obligations()]
    assert whole_report({"ok": True, "obligations": rows})
    assert not whole_report({"ok": True, "obligations": rows[1:]})  # not whole
    assert not whole_report({"ok": True, "obligations": rows[::-1]})  # not in order
    stale = [{**rows[0], "sources": "0" * 64}, *rows[1:]]
    assert not whole_report({"ok": True, "obligations": stale})  # other sources
    assert not whole_report(None) and not whole_report({"obligations": "x"})
    shared = Verified(Path("verify.json"), 1, 0)
    assert reused_code("cardlaw verify    # every obligation", shared) == 1
    assert reused_code("cardlaw verify divide", shared) is None  # only the plain line runs apart


def _environment(tmp_path: Path) -> dict[str, str]:
    hidden = tmp_path / "no-extras"
    hidden.mkdir()
    for module in ("pyspiel", "pettingzoo"):  # the bench line plays no reference, no adapter
        (hidden / f"{module}.py").write_text('raise ImportError("hidden by the README tour")\n')
    # The user's settings left out, but the run's own cache kept (tests/cachedir.py): the tour's
    # first line, ``cardlaw verify``, kept its report there (tests/verified.py), as it would
    # have in the user's cache, and the later lines read it as they would after it (``verify
    # euchre --matrix`` takes its default column from it); nothing goes to the user's cache.
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("CARDLAW_") or k == "CARDLAW_CACHE"
    }
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = str(hidden)
    return env


@pytest.mark.deep  # some 28 commands end to end, a bench and 1,000 games among them
def test_every_tour_line_runs_with_its_documented_exit_code(
    tmp_path: Path, verify_report: Verified
) -> None:
    lines = tour_lines(README.read_text(encoding="utf-8"))
    assert len(lines) >= 10, lines
    env = _environment(tmp_path)
    cardlaw = shutil.which("cardlaw", path=env["PATH"])
    assert cardlaw, "the cardlaw command is not installed (pip install -e '.[dev]')"
    folder = tmp_path / "tour"
    folder.mkdir()
    for line in lines:
        assert line.startswith("cardlaw "), f"README tour: not a cardlaw command: {line}"
        reused = reused_code(line, verify_report)
        if reused is not None:  # the run's shared cardlaw verify (see the module's docstring)
            assert reused == expected_code(line), f"README tour line {line!r}: {verify_report}"
            continue
        run = subprocess.run(
            line, shell=True, cwd=folder, env=env, capture_output=True, text=True, check=False
        )
        where = f"README tour line {line!r}\nstdout: {run.stdout[-2000:]}\nstderr: {run.stderr}"
        assert run.returncode == expected_code(line), where
        assert "Traceback" not in run.stderr, where
        if run.returncode == 2:
            assert run.stderr.startswith("cardlaw: error: "), where
            assert run.stderr.count("\n") == 1, where
        if line.split("#", 1)[0].split()[:2] == ["cardlaw", "verify"] and "--matrix" in line:
            # after the tour's cardlaw verify: its kept report gives the default column
            assert re.search(r"\b[1-9][0-9]* read from the verify report", run.stdout), where
        if " bench " in f" {line} ":
            assert "not installed" in run.stdout, where
            assert "through openspiel: not installed" in run.stdout, where
            assert "through pettingzoo: not installed" in run.stdout, where
