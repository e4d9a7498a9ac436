"""The docs build's source-sentence check (``docs/_ext/cardlaw_sources.py``).

With the documents it fails the build on a gap; without them it says so on stderr
and lets the build go on.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

from cardlaw.spec.sources import rules_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import cardlaw_sources as sources  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh() -> object:
    sources.coverages.cache_clear()
    yield
    sources.coverages.cache_clear()


def test_without_the_documents_the_check_is_skipped_and_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sources, "rules_dir", lambda root: None)
    sources.check_sources(None)  # type: ignore[arg-type]  # the check reads no app
    assert "source-sentence check is skipped" in capsys.readouterr().err


def test_a_folder_without_a_document_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "rules_dir", lambda root: tmp_path)
    with pytest.raises(ExtensionError, match=r"has no divide\.txt"):
        sources.check_sources(None)  # type: ignore[arg-type]  # the check reads no app


def test_an_uncovered_sentence_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = rules_dir(ROOT)
    if folder is None or not (folder / "divide.txt").exists():
        pytest.skip("the rule documents are not beside this checkout")
    maps = sources.game_source_maps()
    divide = maps["divide"]
    covers = dict(divide.covers)
    covers.pop("divide.deal.undealt")  # line 61 is covered by no other clause's map entry
    covers["divide.info.hidden"] = tuple(r for r in covers["divide.info.hidden"] if r != "61")
    maps["divide"] = dataclasses.replace(divide, covers=covers)
    monkeypatch.setattr(sources, "game_source_maps", lambda: maps)
    with pytest.raises(ExtensionError, match=r"covered by no clause \(divide.txt 61.1\)"):
        sources.check_sources(None)  # type: ignore[arg-type]  # the check reads no app
