"""The docs' verify report cache (``docs/_ext/cardlaw_report.py``): its key and where it lives.

The key must change with any source the verdicts depend on (``spec``, ``engine``,
``proofs``) and with nothing else; a report named by ``CARDLAW_VERIFY_REPORT`` or
cached under the key is read, never re-proved.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import cardlaw_report as report  # noqa: E402


def _key(root: Path) -> str:
    report.source_key.cache_clear()
    return report.source_key(root)


def _tree(root: Path) -> None:
    for folder in ("spec", "engine", "proofs", "cardlaw", "docs"):
        (root / folder / "sub").mkdir(parents=True)
        (root / folder / "sub" / "a.py").write_text("X = 1\n")


def test_the_key_follows_spec_engine_and_proofs_only(tmp_path: Path) -> None:
    _tree(tmp_path)
    first = _key(tmp_path)
    assert _key(tmp_path) == first
    (tmp_path / "cardlaw" / "sub" / "a.py").write_text("X = 2\n")
    (tmp_path / "docs" / "sub" / "b.py").write_text("Y = 2\n")
    (tmp_path / "spec" / "sub" / "notes.txt").write_text("not a source\n")
    assert _key(tmp_path) == first
    for folder in report.SOURCE_FOLDERS:
        path = tmp_path / folder / "sub" / "a.py"
        before = _key(tmp_path)
        path.write_text(path.read_text() + "# changed\n")
        assert _key(tmp_path) != before, folder
    (tmp_path / "engine" / "sub" / "new.py").write_text("")
    renamed = _key(tmp_path)
    (tmp_path / "engine" / "sub" / "new.py").rename(tmp_path / "engine" / "sub" / "other.py")
    assert _key(tmp_path) != renamed


def test_the_cache_lives_under_xdg_cache_home_else_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert report.cache_dir(ROOT) == tmp_path / "cardlaw"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert report.cache_dir(ROOT) == ROOT / "docs" / "_build" / ".cardlaw-cache"


def _without_proofs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Caches of the test's own, no named report, proving refused; a report to cache."""

    def never(workers: int) -> dict[str, object]:
        raise AssertionError("the proofs were run")

    monkeypatch.setattr(report, "make_report", never)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path / "kept"))  # no report cardlaw verify kept
    monkeypatch.delenv("CARDLAW_VERIFY_REPORT", raising=False)
    return {"ok": True, "obligations": [{"id": "x"}], "mutants": [], "matrix": []}


def test_a_cached_or_named_report_is_read_not_proved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached = _without_proofs(tmp_path, monkeypatch)
    path = report.cache_dir() / f"verify-{report.source_key()}.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(cached))
    report.verify_report.cache_clear()
    try:
        assert report.verify_report() == cached
        from cardlaw.proofs.isolated import SOURCES

        named = tmp_path / "named.json"
        ours = [{"id": "y", "sources": SOURCES}]
        named.write_text(json.dumps({**cached, "obligations": ours}))
        monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(named))
        report.verify_report.cache_clear()
        assert report.verify_report()["obligations"] == ours
        # A named report of other sources is stale: the cached one of these sources is read.
        named.write_text(json.dumps({**cached, "obligations": [{"id": "y", "sources": "0"}]}))
        report.verify_report.cache_clear()
        assert report.verify_report() == cached
    finally:
        report.verify_report.cache_clear()


def test_a_missing_report_is_made_once_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int] = []

    def fake(workers: int) -> dict[str, object]:
        made.append(workers)
        return {"ok": True, "obligations": [], "mutants": [], "matrix": []}

    monkeypatch.setattr(report, "make_report", fake)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path / "kept"))  # no report cardlaw verify kept
    monkeypatch.delenv("CARDLAW_VERIFY_REPORT", raising=False)
    report.verify_report.cache_clear()
    try:
        report.verify_report()
        report.verify_report.cache_clear()
        report.verify_report()
    finally:
        report.verify_report.cache_clear()
    assert len(made) == 1
    assert list((tmp_path / "cardlaw").glob("verify-*.json"))


def test_queries_over_printed_rules_are_answered_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardlaw.proofs.query import Answer
    from cardlaw.proofs.split.domains import DOMAINS

    calls: list[str] = []

    def fake(text: str, over: object, **options: object) -> Answer:
        calls.append(text)
        return Answer(text, "yes", True, None, None, "because", 0.5)

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ask = report.cached_answer(fake)
    first = ask("exists turn: size == 5", DOMAINS)
    assert ask("exists turn: size == 5", DOMAINS) == first
    assert calls == ["exists turn: size == 5"]
    ask("exists turn: size == 5", dict(DOMAINS))  # other domains: never cached
    ask("exists turn: size == 5", DOMAINS, time_limit=1.0)  # a wall-clock guard: never cached
    assert len(calls) == 3


def test_the_report_cardlaw_verify_kept_for_this_code_is_read_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardlaw.kept_report import keep, kept_path

    cached = _without_proofs(tmp_path, monkeypatch)
    path = report.cache_dir() / f"verify-{report.source_key()}.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({**cached, "obligations": [{"id": "the docs' own"}]}))
    keep(cached)
    report.verify_report.cache_clear()
    try:
        assert report.verify_report() == cached  # the kept one, before the docs' own cache
        kept_path().unlink()
        report.verify_report.cache_clear()
        assert report.verify_report()["obligations"] == [{"id": "the docs' own"}]
    finally:
        report.verify_report.cache_clear()
