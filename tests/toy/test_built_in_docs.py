"""The rulebook's generic pages cover the toy made one of cardlaw's own games.

With High Card in each layer's table (:func:`tests.toy.built_in.built_in`), the docs'
extensions read their tables when asked, so they list it: the stories directive's table,
and a small Sphinx project built in a temporary folder with the generic directives (every
game's rulings, and the toy's components, phases and variants) shows the
toy's rules.  Where the toy lacks what a page needs (the source map its rulebook carries,
which the rules page cites) the page refuses, naming the toy: a gap, never a silent skip.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import docutils_namespace

from cardlaw.spec.errors import MalformedInput
from tests.toy.built_in import built_in
from tests.toy.game import TOY

import cardlaw_sources  # isort: skip  (docs/_ext, put on the path by tests.toy.built_in)
import cardlaw_stories  # isort: skip
from cardlaw_stories_common import StoryError  # isort: skip

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"

PAGE = """High Card
=========

.. cardlaw-components:: toy

.. cardlaw-phases:: toy

.. cardlaw-variants:: toy

Rulings
-------

.. cardlaw-rulings::
"""
"""A page of the generic directives: the toy's own, then every game's rulings."""

TRACEABILITY = """Traceability
============

.. cardlaw-traceability::
"""
"""The traceability page: every game's clauses, each with what implements, proves and tests it."""


@pytest.fixture
def toy_built_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy in every layer's table for one test."""
    built_in(monkeypatch)
    yield


def _build(root: Path, page: str = PAGE) -> tuple[str, str]:
    """Build ``page`` with the rulebook's extensions: (its HTML, the warnings)."""
    source = root / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXT)!r})\n"
        'extensions = ["cardlaw_rulebook", "cardlaw_stories"]\n'
    )
    (source / "index.rst").write_text(page)
    warnings = io.StringIO()
    with docutils_namespace():  # the roles and directives registered go with the build
        app = Sphinx(
            str(source),
            str(source),
            str(root / "html"),
            str(root / "doctrees"),
            "html",
            status=None,
            warning=warnings,
            freshenv=True,
        )
        app.build()
    return (root / "html" / "index.html").read_text(encoding="utf-8"), warnings.getvalue()


@pytest.mark.usefixtures("toy_built_in")
def test_the_stories_table_is_read_when_asked() -> None:
    assert cardlaw_stories.stories()["toy"] == {}
    with pytest.raises(StoryError, match="no story toy deal"):
        cardlaw_stories.story_lines("toy", "deal")


@pytest.mark.usefixtures("toy_built_in")
def test_the_source_map_the_toy_lacks_is_named() -> None:
    with pytest.raises(MalformedInput, match="the rulebook of toy carries no map"):
        cardlaw_sources.source_refs("toy", "toy.trick.winner")
    with pytest.raises(MalformedInput, match="the rulebook of toy carries no map"):
        cardlaw_sources.game_source_maps()


@pytest.mark.usefixtures("toy_built_in")
def test_the_generic_pages_show_the_toy(tmp_path: Path) -> None:
    html, warnings = _build(tmp_path)
    assert "Exception" not in warnings and "ERROR" not in warnings, warnings
    book = TOY.rulebook
    steps = [phase.title for phase in book.phases if phase.step]
    assert steps and all(title in html for title in steps), steps  # its steps of play
    for game in ("High Card", "Divide", "Divided Ranks", "Split", "Euchre"):  # every game's
        assert f"{game} (" in html, game  # rulings, under its title and count
    assert f"High Card ({len(book.rulings)} rulings)" in html


@pytest.mark.usefixtures("toy_built_in")
def test_the_traceability_page_checks_the_toy_and_names_its_gaps(tmp_path: Path) -> None:
    with pytest.raises(ExtensionError) as refused:
        _build(tmp_path, TRACEABILITY)
    unimplemented = str(refused.value).partition("invariant): ")[2].split(", ")
    assert unimplemented == ["toy.setup.players", "toy.info.hidden"], refused.value


def test_without_the_toy_the_pages_do_not_show_it(tmp_path: Path) -> None:
    """The same build with the tables as cardlaw's: no High Card (the test above can fail)."""
    html, _ = _build(tmp_path, TRACEABILITY)  # cardlaw's games: every clause implemented
    assert "divide.deal.shuffle" in html and "toy." not in html
    assert "toy" not in cardlaw_stories.stories()
