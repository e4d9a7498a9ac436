"""The report a whole ``cardlaw verify`` keeps in the cache (:mod:`cardlaw.kept_report`).

The proofs are stood in for (these tests check what is kept, read and written, not
verdicts): ``verify`` returns a small report, the matrix records what it was given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cardlaw.commands.verify as verify_command
import cardlaw.kept_report
import cardlaw.proofs.matrix
from cardlaw.kept_report import PREFIX, keep, keep_matrix, kept, kept_path, report_key
from cardlaw.verifying import Verified
from tests.games import run_cli as run

REPORT: dict[str, Any] = {"ok": True, "obligations": [{"id": "x"}], "mutants": [], "stages": {}}


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of the test's own."""
    directory = tmp_path / "cache"
    monkeypatch.setenv("CARDLAW_CACHE", str(directory))
    return directory


@pytest.fixture
def verifying(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """``cardlaw verify`` without the proofs: each call's game, property and changes."""
    calls: list[tuple[object, ...]] = []

    def fake(game: str | None, **options: Any) -> Verified:
        calls.append((game, options["prop"], options["changes"]))
        return Verified(json.loads(json.dumps(REPORT)), [])

    monkeypatch.setattr(verify_command, "verify", fake)
    monkeypatch.setattr(verify_command, "_print", lambda done, json_output: None)
    return calls


def test_a_whole_run_keeps_its_report(
    capsys: pytest.CaptureFixture[str], verifying: list[tuple[object, ...]]
) -> None:
    assert kept() is None
    assert run(capsys, "verify", "--quiet")[0] == 0
    assert verifying == [(None, None, {})]
    assert kept() == REPORT
    assert kept_path().name == f"{PREFIX}{report_key()}.json"


@pytest.mark.parametrize(
    "args",
    [
        ("verify", "euchre"),
        ("verify", "divide", "--property", "divide.trick.winner"),
        ("verify", "divide", "--set", "BONUS_TOKENS=4"),
    ],
)
def test_a_partial_run_keeps_nothing(
    capsys: pytest.CaptureFixture[str], verifying: list[tuple[object, ...]], args: tuple[str, ...]
) -> None:
    run(capsys, *args, "--quiet")
    assert len(verifying) == 1 and kept() is None


def test_an_unwritable_cache_only_keeps_nothing(
    capsys: pytest.CaptureFixture[str],
    verifying: list[tuple[object, ...]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("CARDLAW_CACHE", str(blocked))
    code, _, err = run(capsys, "verify", "--quiet")
    assert (code, err) == (0, "") and kept() is None and blocked.read_text() == "not a folder"


def test_a_damaged_report_is_not_read_and_is_replaced(_cache: Path) -> None:
    _cache.mkdir()
    kept_path().write_text('{"ok": tru')
    assert kept() is None
    keep(REPORT)
    assert kept() == REPORT


def test_keeping_removes_the_reports_of_other_sources(_cache: Path) -> None:
    _cache.mkdir()
    other = _cache / f"{PREFIX}000000000000000000000000.json"
    other.write_text(json.dumps(REPORT))
    unrelated = _cache / "dr-hands-1234.marshal"
    unrelated.write_text("a table")
    keep(REPORT)
    assert not other.exists() and unrelated.exists() and kept() == REPORT


def test_the_matrix_is_kept_beside_the_report_and_the_report_beside_the_matrix() -> None:
    rows = [{"game": "euchre", "variant": "default", "obligation": "x", "ok": True}]
    keep_matrix(rows)
    assert kept() == {"matrix": rows}
    keep(REPORT)
    assert kept() == {**REPORT, "matrix": rows}
    keep_matrix([])
    assert kept() == {**REPORT, "matrix": []}


def _matrix_asked(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    known: list[object] = []

    def fake(games: list[str], workers: int = 1, given: Any = None, **more: Any) -> list[Any]:
        known.append(given)
        return [
            {
                "game": g,
                "variant": "default",
                "options": {},
                "obligation": "x",
                "expected": "holds",
                "status": "proved",
                "ok": True,
                "stated_for": None,
                "reused": False,
                "from_report": False,
            }
            for g in games
        ]

    monkeypatch.setattr(cardlaw.proofs.matrix, "matrix", fake)
    return known


def test_the_whole_matrix_reads_the_kept_report_and_adds_its_rows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keep(REPORT)
    known = _matrix_asked(monkeypatch)
    code, out, _ = run(capsys, "verify", "--matrix", "--json", "--quiet")
    assert code == 0 and known == [REPORT]
    data = kept()
    assert data is not None and data["obligations"] == REPORT["obligations"]
    assert data["matrix"] == json.loads(out)["matrix"]


def test_one_games_matrix_reads_it_and_adds_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    known = _matrix_asked(monkeypatch)
    assert run(capsys, "verify", "euchre", "--matrix", "--quiet")[0] == 0
    keep(REPORT)
    assert run(capsys, "verify", "euchre", "--matrix", "--quiet")[0] == 0
    assert known == [None, REPORT] and kept() == REPORT


def test_a_named_report_is_read_instead(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    keep(REPORT)
    named = tmp_path / "named.json"
    named.write_text(json.dumps({"ok": True, "obligations": []}))
    monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(named))
    known = _matrix_asked(monkeypatch)
    assert run(capsys, "verify", "--matrix", "--quiet")[0] == 0
    assert known == [{"ok": True, "obligations": []}]
    assert "matrix" in json.loads(named.read_text())


def test_the_key_changes_with_the_layers_and_with_the_command_lines_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cardlaw.engine.cache
    import cardlaw.proofs.isolated

    keys = [report_key()]
    try:
        monkeypatch.setattr(cardlaw.proofs.isolated, "SOURCES", "other layers")
        report_key.cache_clear()
        keys.append(report_key())
        monkeypatch.undo()
        read: list[str] = []

        def digest(files: list[str]) -> str:
            read.extend(files)
            return "other code"

        monkeypatch.setattr(cardlaw.engine.cache, "source_digest", digest)
        report_key.cache_clear()
        keys.append(report_key())
    finally:
        monkeypatch.undo()
        report_key.cache_clear()
    assert len(set(keys)) == 3 and report_key() == keys[0]
    names = {Path(f).relative_to(Path(cardlaw.kept_report.__file__).parent).parts[0] for f in read}
    assert "kept_report.py" in names and not names & {"spec", "engine", "proofs"}
