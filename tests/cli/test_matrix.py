"""``cardlaw verify --matrix``: its JSON, its exit codes, the report it writes, the rulebook table."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, cast

import pytest

from cardlaw.proofs.matrix import MatrixRow, columns
from cardlaw.proofs.registry import obligations
from cardlaw.verify_matrix import matrix_lines, write_report
from tests.games import run_cli as run
from tests.verified import Verified, once_a_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _prove_once(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The command runs in full each time, but the same matrix is proved once a run.

    These tests check the command around the proofs (its JSON, exit codes, report, table);
    the proofs under every column are tested in ``tests/proofs/test_matrix.py``.  So the real
    :func:`proofs.matrix.matrix` runs once a run of the suite for each distinct set of
    arguments (the known report's verdicts included: none and an empty list are alike;
    :func:`tests.verified.once_a_run`, shared by pytest-xdist's workers) and every call gets
    a copy of its rows.
    """
    import cardlaw.proofs.matrix

    real = cardlaw.proofs.matrix.matrix

    def once(
        games: list[str], workers: int = 1, known: dict[str, Any] | None = None, **more: Any
    ) -> list[MatrixRow]:
        # The matrix reads only a known report's obligations (the default column's verdicts).
        key = json.dumps([games, (known or {}).get("obligations") or None], sort_keys=True)
        name = "matrix-" + hashlib.sha256(key.encode()).hexdigest()[:16]
        rows: list[MatrixRow] = once_a_run(
            tmp_path_factory, name, lambda: real(games, workers, known, **more)
        )
        return rows

    monkeypatch.setattr(cardlaw.proofs.matrix, "matrix", once)


def _euchre(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = run(capsys, "verify", "euchre", "--matrix", "--json", "--workers", "2", *args)
    return code, json.loads(out)


_EMPTY_REPORT = {"ok": True, "obligations": [], "mutants": []}
"""A report with no verdict to take: the matrix proves its default column itself."""


def _fresh_euchre(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, dict[str, Any], Path]:
    """``verify euchre --matrix --json`` beside a report it can take no verdict from."""
    report = tmp_path / "verify.json"
    report.write_text(json.dumps(_EMPTY_REPORT))
    monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(report))
    code, data = _euchre(capsys)
    return code, data, report


def test_json_lists_every_obligation_under_every_column(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    verify_report: Verified,
) -> None:
    # Beside a copy of the run's own verify report, with a key of its own that must be kept.
    report = tmp_path / "verify.json"
    shared = json.loads(verify_report.report.read_text(encoding="utf-8"))
    report.write_text(json.dumps({**shared, "x": 1}), encoding="utf-8")
    monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(report))
    code, data = _euchre(capsys)
    assert code == 0 and data["ok"] is True
    default = [r for r in data["matrix"] if r["variant"] == "default"]
    assert default and all(r["from_report"] for r in default)  # the default column is read
    ids = [o.id for o in obligations("euchre")]
    variants = [c.variant for c in columns("euchre")]
    assert [(r["variant"], r["obligation"]) for r in data["matrix"]] == [
        (v, oid) for v in variants for oid in ids
    ]
    for row in data["matrix"]:
        assert {"game", "variant", "obligation", "status", "expected", "ok", "reused"} <= set(row)
        assert row["game"] == "euchre" and row["status"] in ("proved", "refuted", "unknown")
    assert [c["variant"] for c in data["columns"]] == variants
    written = json.loads(report.read_text())
    assert written["x"] == 1  # the report's keys kept, and the other games' matrix rows
    assert [r for r in written["matrix"] if r["game"] == "euchre"] == data["matrix"]
    others = [r for r in shared.get("matrix", []) if r["game"] != "euchre"]
    assert [r for r in written["matrix"] if r["game"] != "euchre"] == others


@pytest.mark.deep  # Euchre's default column proved afresh: its whole verify again (pytest -m deep)
def test_the_default_column_is_cardlaw_verify_and_each_variant_a_single_config_run(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    verify_report: Verified,
) -> None:
    _, data, _ = _fresh_euchre(capsys, tmp_path, monkeypatch)
    assert not any(r["from_report"] for r in data["matrix"])  # every default cell proved here
    # cardlaw verify's own verdicts: the run's shared report (tests/verified.py)
    shared = json.loads(verify_report.report.read_text(encoding="utf-8"))
    plain = {o["id"]: o["status"] for o in shared["obligations"] if o["game"] == "euchre"}
    default = {r["obligation"]: r["status"] for r in data["matrix"] if r["variant"] == "default"}
    assert verify_report.verify_code == 0 and default == plain
    stick = {r["obligation"]: r for r in data["matrix"] if r["variant"] == "stick-the-dealer"}
    assert stick["euchre.game.ends.stick-the-dealer"]["status"] == "proved"
    assert stick["euchre.game.ends.throw-in"]["status"] == "refuted"


@pytest.mark.parametrize(
    "extra",
    [
        ("--set", "TARGET=11"),
        ("--property", "euchre.trick.bowers"),
        ("--witnesses", "out"),
    ],
)
def test_options_the_matrix_does_not_take_exit_2(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, "verify", "euchre", "--matrix", *extra)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--matrix" in err


def test_an_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "verify", "chess", "--matrix")
    assert code == 2 and "chess" in err


def test_a_cell_not_as_expected_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardlaw.proofs.matrix

    real = cardlaw.proofs.matrix.matrix

    def one_wrong(
        games: list[str], workers: int = 1, known: dict[str, Any] | None = None, **more: Any
    ) -> list[MatrixRow]:
        rows = real(games, workers, known, **more)
        rows[-1] = {**rows[-1], "status": "unknown", "ok": False}
        return rows

    monkeypatch.setattr(cardlaw.proofs.matrix, "matrix", one_wrong)
    code, out, _ = run(capsys, "verify", "euchre", "--matrix", "--workers", "2")
    assert code == 1 and "unknown!" in out
    code, out, _ = run(capsys, "verify", "euchre", "--matrix", "--json", "--workers", "2")
    assert code == 1 and json.loads(out)["ok"] is False


def test_the_table_has_a_row_per_obligation_and_a_column_per_variant() -> None:
    rows = [
        {"game": "g", "variant": v, "obligation": o, "status": "proved", "ok": True, "reused": r}
        for v, r in (("default", False), ("loud", True))
        for o in ("g.a", "g.b")
    ]
    lines = matrix_lines(cast("list[MatrixRow]", rows))
    assert lines[0] == "g" and lines[1].split() == ["obligation", "default", "loud"]
    assert [line.split()[0] for line in lines[2:]] == ["g.a", "g.b"]
    assert lines[2].split() == ["g.a", "proved", "proved="]


def test_report_keeps_other_games_rows(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_report(path, [{"game": "a", "n": 1}, {"game": "b", "n": 1}])
    write_report(path, [{"game": "b", "n": 2}])
    assert json.loads(path.read_text())["matrix"] == [{"game": "a", "n": 1}, {"game": "b", "n": 2}]


def _docs_matrix(monkeypatch: pytest.MonkeyPatch) -> Any:
    pytest.importorskip("sphinx")
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))
    import cardlaw_matrix
    import cardlaw_report

    cardlaw_matrix.matrix_rows.cache_clear()
    cardlaw_report.verify_report.cache_clear()
    monkeypatch.setattr(cardlaw_report, "make_report", _no_proofs)
    return cardlaw_matrix


def _no_proofs(workers: int) -> Any:
    raise AssertionError("the rulebook's matrix must come from the report, not from proofs")


def test_the_rulebook_table_is_read_from_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = _docs_matrix(monkeypatch)
    rows = [
        {"game": "euchre", "variant": v, "options": {}, "obligation": oid, "status": s,
         "expected": e, "ok": ok}
        for v, oid, s, e, ok in (
            ("default", "euchre.game.ends.throw-in", "refuted", "fails", True),
            ("stick-the-dealer", "euchre.game.ends.throw-in", "unknown", "fails", False),
        )
    ]  # fmt: skip
    path = tmp_path / "verify.json"
    path.write_text(json.dumps({"obligations": [], "matrix": rows}))
    monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(path))
    assert docs.matrix_rows() == rows
    lines = docs.table_lines("euchre", rows)
    assert "     - fails (a documented finding)" in lines
    assert "     - **unknown (not as expected)**" in lines
    assert "     - stick-the-dealer" in lines


def test_a_report_without_a_matrix_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = _docs_matrix(monkeypatch)
    from sphinx.errors import ExtensionError

    path = tmp_path / "verify.json"
    path.write_text(json.dumps({"ok": True, "obligations": [], "mutants": []}))
    monkeypatch.setenv("CARDLAW_VERIFY_REPORT", str(path))
    with pytest.raises(ExtensionError, match="no matrix"):
        docs.matrix_rows()
    # Without a report the build proves once, for these sources, and keeps the report.
    import cardlaw_report

    made = []

    def make(workers: int) -> Any:
        made.append(workers)
        return {"obligations": [], "matrix": [{"game": "g"}]}

    monkeypatch.delenv("CARDLAW_VERIFY_REPORT")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path / "kept"))  # no report cardlaw verify kept
    monkeypatch.setattr(cardlaw_report, "make_report", make)
    for _ in range(2):
        docs.matrix_rows.cache_clear()
        cardlaw_report.verify_report.cache_clear()
        assert docs.matrix_rows() == [{"game": "g"}]
    assert len(made) == 1
