"""The rulebook's command-line page: every command's help rendered as text, never as Python.

The ``cardlaw-cli`` directive (``docs/_ext/cardlaw_cli.py``) is built here on
a page of its own (a small Sphinx project in a temporary folder: seconds, not
the whole rulebook).  Every command of the app has its section, with its
usage as a plain-text block (no syntax colouring), its description, and its
arguments and options in tables, their examples filled in for the command's
game.  No reStructuredText from a docstring and no typography reaches it:
``--set`` stays two hyphens, and an example is code, not in curly quotes.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlaw.engine.registry import GAMES
from cardlaw.usage import action_example, set_example
from tests.cli.test_help import PATHS

ROOT = Path(__file__).resolve().parents[2]


def built(folder: Path) -> str:
    """The HTML of a page holding only the ``cardlaw-cli`` directive, built in ``folder``."""
    (folder / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        'extensions = ["cardlaw_cli"]\n',
        encoding="utf-8",
    )
    (folder / "index.rst").write_text("Command line\n============\n\n.. cardlaw-cli::\n")
    out = folder / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(folder), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return (out / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    return built(tmp_path_factory.mktemp("cli-page"))


def section(page: str, path: tuple[str, ...]) -> str:
    """The HTML of the section of command ``path``, up to the next section."""
    anchor = "cli-" + "-".join(path) if path else "cli"
    start = page.index(f'<section id="{anchor}">')
    end = page.find("<section id=", start + 1)
    return page[start : end if end > 0 else len(page)]


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_no_help_is_syntax_coloured(page: str) -> None:
    assert "highlight-python" not in page and "highlight-default" not in page
    assert '<span class="n">' not in page and '<span class="o">' not in page
    assert page.count("highlight-text") >= len(PATHS)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "cardlaw")
def test_every_command_has_its_section(page: str, path: tuple[str, ...]) -> None:
    found = section(page, path)
    shown = text_of(found)
    assert f"cardlaw {' '.join(path)}".strip() in shown
    assert "``" not in shown and "{set-example}" not in shown and "{action-example}" not in shown
    assert not re.search(r"(?<![-\w])–[a-z]", shown), shown  # an option made a dash
    assert "“" not in shown and "”" not in shown, shown  # examples in code, not curly quotes
    if "Options" in shown:
        assert "cardlaw-cli-table" in found


@pytest.mark.parametrize("name", list(GAMES))
def test_the_legal_question_shows_the_games_examples(page: str, name: str) -> None:
    found = section(page, ("ask", name, "legal"))
    assert "<code" in found
    shown = text_of(found)
    assert action_example(name) in shown and set_example(name) in shown


def test_a_group_lists_its_commands_as_links(page: str) -> None:
    found = section(page, ("ask", "divide"))
    for question in ("trick", "token", "legal"):
        assert f'href="#cli-ask-divide-{question}"' in found
