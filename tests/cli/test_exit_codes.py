"""Only 0, 1 and 2: internal errors and Ctrl-C exit 2 with one line; ``--version``."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import cardlaw.cli
import cardlaw.commands.games
from tests.games import run_cli as run


def _raise(error: BaseException) -> object:
    def fail(*args: object, **kwargs: object) -> object:
        raise error

    return fail


def test_an_internal_error_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CARDLAW_DEBUG", raising=False)
    monkeypatch.setattr(
        cardlaw.commands.games, "describe_games", _raise(KeyError("oops\nsecond line"))
    )
    code, out, err = run(capsys, "games")
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("cardlaw: error: internal error")
    assert "bug in cardlaw" in err and "CARDLAW_DEBUG=1" in err and "KeyError" in err


def test_cardlaw_debug_shows_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDLAW_DEBUG", "1")
    monkeypatch.setattr(cardlaw.commands.games, "describe_games", _raise(KeyError("oops")))
    with pytest.raises(KeyError):
        cardlaw.cli.main(["games"])


def test_ctrl_c_is_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cardlaw.commands.games, "describe_games", _raise(KeyboardInterrupt()))
    code, _, err = run(capsys, "games")
    assert code == 2 and err == "cardlaw: error: interrupted\n"


@pytest.mark.parametrize("status", [3, 130, "text"])
def test_any_other_status_becomes_2(
    status: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cardlaw.commands.games, "describe_games", _raise(SystemExit(status)))
    assert run(capsys, "games")[0] == 2


def test_version_comes_from_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"cardlaw {metadata.version('cardlaw')}\n"


def test_no_command_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2 and err.startswith("cardlaw: error: cardlaw needs a command: play, ")
    assert err.count("\n") == 1


def test_a_closed_pipe_is_quiet(tmp_path: Path) -> None:
    # `cardlaw play euchre --json | head -c 300`: the reader stops early.
    script = Path(sys.executable).parent / "cardlaw"
    with subprocess.Popen(
        [str(script), "play", "euchre", "--seed", "1", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(300).startswith(b"{")
        process.stdout.close()
        err = process.stderr.read()
        assert process.wait() == 0 and err == b""
