"""``cardlaw replay --format openspiel`` and ``cardlaw export --format openspiel``: exit codes.

No ``pyspiel`` needed: the logs are written by cardlaw's own export (checked
against OpenSpiel itself in ``tests/euchre/test_openspiel.py``) or by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlaw.engine.euchre.openspiel import OpenSpielLog, parse_log, serialize_log
from tests.games import run_cli

OPENSPIEL_DEAL = (0, *range(21))
"""Seat 0 deals ids 0 to 20 one at a time (seat 0 first); id 20, A♣, is the up-card."""


@pytest.fixture
def exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[Path]:
    record = tmp_path / "game.json"
    code, _, err = run_cli(
        capsys, "play", "euchre", "--seed", "5", "--variant", "openspiel", "--record", str(record)
    )
    assert code == 0, err
    code, out, err = run_cli(capsys, "export", str(record), "--out", str(tmp_path / "os"))
    assert code == 0, err
    paths = [Path(line) for line in out.splitlines()]
    assert paths and all(p.exists() for p in paths)
    return paths


def test_an_exported_hand_replays_legal_with_its_returns(
    exported: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(capsys, "replay", "--format", "openspiel", str(exported[0]))
    assert code == 0 and out.startswith("legal: returns [")
    code, out, _ = run_cli(capsys, "replay", "--format", "openspiel", str(exported[0]), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["error"] is None
    assert len(data["returns"]) == 4 and sum(data["returns"]) == 0


def test_an_action_after_the_hand_is_illegal(
    exported: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = parse_log(exported[0].read_text(encoding="utf-8"))
    longer = tmp_path / "longer.txt"
    longer.write_text(serialize_log(OpenSpielLog(False, True, (*log.actions, 0))), "utf-8")
    code, out, _ = run_cli(capsys, "replay", "--format", "openspiel", str(longer), "--json")
    data = json.loads(out)
    assert code == 1 and not data["legal"] and data["returns"] is None
    assert data["error"].startswith(f"action {len(log.actions)} ")
    assert data["clause"] == "euchre.ruling.openspiel"


@pytest.mark.clauses("euchre.ruling.all-pass")
def test_a_stuck_dealer_is_a_difference_under_cardlaws_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seven passes, then the stuck dealer (seat 0) names Hearts (the up-card is A♣).
    path = tmp_path / "stuck.txt"
    path.write_text(serialize_log(OpenSpielLog(False, True, (*OPENSPIEL_DEAL, *[24] * 7, 27))))
    code, out, _ = run_cli(capsys, "replay", "--format", "openspiel", str(path))
    assert code == 0 and out == "legal so far: the hand is not finished\n"
    code, out, _ = run_cli(
        capsys, "replay", "--format", "openspiel", str(path), "--rules", "cardlaw", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["legal"]
    assert [d["clause"] for d in data["differences"]] == ["euchre.ruling.all-pass"]
    bad = tmp_path / "pass.txt"
    bad.write_text(serialize_log(OpenSpielLog(False, True, (*OPENSPIEL_DEAL, *[24] * 8))))
    code, out, _ = run_cli(capsys, "replay", "--format", "openspiel", str(bad))
    assert code == 1 and "[euchre.ruling.all-pass]" in out and "action 29 " in out


@pytest.mark.clauses("euchre.ruling.discard-up-card")
def test_discarding_the_up_card_is_illegal_under_openspiels_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "discard.txt"  # seat 1 orders up Clubs; the dealer lays the up-card down
    path.write_text(serialize_log(OpenSpielLog(False, True, (*OPENSPIEL_DEAL, 24, 25, 20))))
    code, out, _ = run_cli(capsys, "replay", "--format", "openspiel", str(path))
    assert code == 1 and out.startswith("illegal: action 24 (20: AC)")
    assert "[euchre.ruling.discard-up-card]" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not a saved game", "needs a [Game] and a [State]"),
        ("[Game]\neuchre(allow_lone_defender=maybe)\n[State]\n", "must be True or False"),
        ("[Game]\neuchre(players=3)\n[State]\n", "unsupported OpenSpiel euchre parameter"),
        ("[Game]\nbridge()\n[State]\n", "only OpenSpiel's euchre"),
        ("[Game]\neuchre()\n[State]\nsix\n", "expected an action id"),
    ],
)
def test_a_malformed_log_is_exit_2_in_one_line(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "replay", "--format", "openspiel", str(path))
    assert code == 2 and not out and message in err and err.count("\n") == 1


def test_bad_options_are_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.txt"
    path.write_text(serialize_log(OpenSpielLog(False, True, ())), encoding="utf-8")
    for args in (["--format", "pgn"], ["--format", "openspiel", "--rules", "hoyle"]):
        code, _, err = run_cli(capsys, "replay", str(path), *args)
        assert code == 2 and err.count("\n") == 1


def test_a_record_under_other_rules_does_not_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert run_cli(capsys, "play", "euchre", "--seed", "5", "--record", str(record))[0] == 0
    code, out, err = run_cli(capsys, "export", str(record), "--out", str(tmp_path))
    assert code == 2 and not out and "keep_up_card" in err
    assert "[euchre.ruling.discard-up-card]" in err


@pytest.mark.clauses("euchre.ruling.defender-alone", "euchre.ruling.lone-defender-score")
def test_a_lone_defender_replays_under_its_variant_and_differs_under_cardlaws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "lone.json"
    code, _, err = run_cli(
        capsys, "play", "euchre", "--seed", "3", "--bots", "random", "--variant", "openspiel",
        "--variant", "lone-defender", "--record", str(record),
    )  # fmt: skip
    assert code == 0, err
    code, out, err = run_cli(capsys, "export", str(record), "--out", str(tmp_path / "os"))
    assert code == 0, err
    lone = []
    for path in map(Path, out.splitlines()):
        log = parse_log(path.read_text(encoding="utf-8"))
        assert log.allow_lone_defender
        code, shown, _ = run_cli(capsys, "replay", "--format", "openspiel", str(path), "--json")
        data = json.loads(shown)
        assert code == 0 and data["legal"], data
        code, shown, _ = run_cli(
            capsys, "replay", "--format", "openspiel", str(path), "--rules", "cardlaw", "--json"
        )
        data = json.loads(shown)
        if code == 1 and data.get("clause") == "euchre.ruling.defender-alone":
            lone.append(path)
    assert lone, "the random bots never defended alone in this game"
