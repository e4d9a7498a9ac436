"""Fuzzing the files and values of the command line: nothing lost, nothing hangs (issue 31).

Three more families of :mod:`tests.cli.test_fuzz`, each drawn as often as
:data:`tests.cli.test_fuzz.EXAMPLES` says, each input malformed by
construction and each answered with exit 2 and one line on stderr:

* **targets**: ``play --record`` and ``export --out`` aimed at what cardlaw
  must not replace: a FIFO, a socket, a folder, device nodes with the
  numbers of ``/dev/null`` and ``/dev/full`` (made in a temporary folder,
  as root; never a real system device), links to those, a loop of links,
  a path under a file, an empty path, ``.`` and ``/``.  Nothing that was in
  the folder before may be changed or replaced afterwards.
* **reads**: every command that reads a file given a FIFO, a socket, a
  folder, a copy of ``/dev/zero`` or ``/dev/null``, or a link to one.
  Nothing may hang or read without bound: a read that has not ended after
  a generous time fails the test loudly (a safety net: a correct read ends
  at once, whatever the machine's speed).
* **values**: every number option of every command given NaN, infinity, a
  number beyond its range (:data:`cardlaw.values.RANGES`), or an empty path
  or text where one is refused.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import socket
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.registry import GAMES
from cardlaw.values import NONEMPTY, RANGES
from tests.cli.test_fuzz import ASKED, COMMANDS, VALID, _check, _options, _settings, _with_option
from tests.games import played_record, run_cli

Capsys = pytest.CaptureFixture[str]
Draw = st.DataObject

ROOT = os.geteuid() == 0
"""Device nodes can be made (the tests' own copies): only as root."""

SAFETY_NET = 120
"""Seconds after which a command is taken to hang (a correct one ends at once)."""


@contextlib.contextmanager
def _no_hang(what: str) -> Iterator[None]:
    """Fail loudly if the block has not ended after :data:`SAFETY_NET` seconds."""

    def hung(signum: int, frame: FrameType | None) -> None:
        raise AssertionError(f"cardlaw hung: {what}")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(SAFETY_NET)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _device(path: Path, numbers: tuple[int, int]) -> None:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(*numbers))


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()


NODES: dict[str, Callable[[Path], None]] = {
    "fifo": os.mkfifo,
    "socket": _socket,
    "folder": lambda path: path.mkdir(),
    "loop": lambda path: path.symlink_to(path.name),
}
if ROOT:
    NODES |= {
        "dev-null": lambda path: _device(path, (1, 3)),
        "dev-full": lambda path: _device(path, (1, 7)),
        "dev-zero": lambda path: _device(path, (1, 5)),
    }
"""Each kind of node that is not a regular file, made at a path."""


def _node(draw: Draw, path: Path) -> None:
    """Make a node of a drawn kind at ``path``, or a link to one."""
    kind = draw.draw(st.sampled_from(sorted(NODES)), label="node")
    if kind != "loop" and draw.draw(st.booleans(), label="through a link"):
        NODES[kind](path.with_name(f"{path.name}.real"))
        path.symlink_to(f"{path.name}.real")
    else:
        NODES[kind](path)


def _snapshot(root: Path) -> dict[str, tuple[int, int, int, str, bytes]]:
    """Each entry of ``root``: kind, inode, device numbers, link, bytes (for a regular file)."""
    out = {}
    for path in root.rglob("*"):
        info = path.lstat()
        link = os.readlink(path) if stat.S_ISLNK(info.st_mode) else ""
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) else b""
        out[str(path)] = (stat.S_IFMT(info.st_mode), info.st_ino, info.st_rdev, link, data)
    return out


# --- targets cardlaw must not replace ---------------------------------------------------------


def _euchre_record(root: Path) -> Path:
    path = root / "hands.json"
    path.write_text(played_record("euchre", 3))
    return path


def _target(draw: Draw, root: Path) -> list[str]:
    """A command writing into ``root`` where it must not."""
    (root / "a-file.json").write_text("{}")
    where = draw.draw(st.sampled_from(["record", "record-path", "out", "out-file"]))
    if where == "record":
        target = root / "game.json"
        _node(draw, target)
        return [
            "play",
            draw.draw(st.sampled_from(list(GAMES))),
            "--seed",
            "1",
            "--record",
            str(target),
        ]
    if where == "record-path":
        bad = draw.draw(st.sampled_from([".", "/", "", str(root / "a-file.json" / "x.json")]))
        return ["play", "euchre", "--seed", "1", "--record", bad]
    record = _euchre_record(root)
    if where == "out":  # the folder itself is no folder
        out = root / "out"
        _node(draw, out)
        if out.is_dir():  # a folder, or a link to one, is fine here: put a bad file in it
            _node(draw, out / "hands-hand001.openspiel")
        return ["export", str(record), "--out", str(out)]
    out = root / "out"
    out.mkdir()
    number = draw.draw(st.integers(1, 3), label="hand")
    _node(draw, out / f"hands-hand{number:03d}.openspiel")
    return ["export", str(record), "--out", str(out)]


@_settings("target")
@given(data=st.data())
def test_nothing_cardlaw_did_not_create_is_replaced(data: Draw, capsys: Capsys) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        argv = _target(data, root)
        before = _snapshot(root)
        with _no_hang(" ".join(argv)):
            code, out, err = run_cli(capsys, *argv)
        _check(code, out, err, argv)
        after = _snapshot(root)
        for name, entry in before.items():  # new files (hands written first) may be there
            assert after.get(name) == entry, (name, argv)


# --- reads that must neither hang nor grow --------------------------------------------------------


READERS: list[Callable[[str], list[str]]] = [
    lambda path: ["replay", path],
    lambda path: ["replay", path, "--json"],
    lambda path: ["replay", "--format", "openspiel", path],
    lambda path: ["export", path],
    *(
        (lambda path, argv=["ask", name, topic, *([option] if option else [])]: [*argv, path])
        for name, topic, asked in ASKED
        for option in asked.files
    ),
]
"""Every command that reads a file the user names."""


@_settings("read")
@given(data=st.data())
def test_no_input_file_hangs_or_grows(data: Draw, capsys: Capsys) -> None:
    with tempfile.TemporaryDirectory() as folder:
        name = data.draw(st.sampled_from(["f.json", "f.toml", "f.openspiel"]), label="name")
        path = Path(folder) / name
        _node(data, path)
        argv = data.draw(st.sampled_from(READERS), label="command")(str(path))
        with _no_hang(" ".join(argv)):
            code, out, err = run_cli(capsys, *argv)
        _check(code, out, err, argv)


# --- option values --------------------------------------------------------------------------------


def _bad_values(option: Any) -> list[str]:
    """Values ``option`` refuses: not finite, out of its range, or empty."""
    name = option.opts[0]
    kinds = {base.__name__ for base in type(option.type).__mro__}
    if any(kind.endswith("Path") for kind in kinds) or name in NONEMPTY:
        return [""]
    bounds = RANGES.get(name)
    if bounds is None or not kinds & {"IntParamType", "FloatParamType"}:
        return []
    values = ["nan", "inf", "-inf", "1e308"] if "FloatParamType" in kinds else []
    if bounds.low is not None:
        values.append(str(bounds.low - 1 if isinstance(bounds.low, int) else -1))
    if bounds.high is not None:
        high = bounds.high
        values.append(str(high + 1) if isinstance(high, int) else f"{high * 10:g}")
        values.append(str(10**30) if isinstance(high, int) else "1e300")
    return [v for v in values if not _allowed(v, bounds.low, bounds.high)]


def _allowed(text: str, low: float | None, high: float | None) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return (
        math.isfinite(value) and (low is None or value >= low) and (high is None or value <= high)
    )


BAD_VALUES = {
    path: [
        (name, value) for name, option in _options(command).items() for value in _bad_values(option)
    ]
    for path, command in COMMANDS.items()
}
"""Every command's refused option values."""

PATH_ARGUMENTS: dict[tuple[str, ...], list[str]] = {
    ("replay",): [""],
    ("export",): [""],
    **{("ask", name, topic): [""] for name, topic, asked in ASKED if "" in asked.files},
}
"""Commands whose file argument may be empty on the command line (refused)."""


@_settings("value")
@given(data=st.data())
def test_refused_option_values_are_one_clear_line(data: Draw, capsys: Capsys) -> None:
    if data.draw(st.integers(0, 9), label="argument") == 0:  # an empty file argument
        path = data.draw(st.sampled_from(sorted(PATH_ARGUMENTS)), label="command")
        argv = [*path, *VALID[path], *PATH_ARGUMENTS[path]]
    else:
        paths = sorted(path for path, values in BAD_VALUES.items() if values)
        path = data.draw(st.sampled_from(paths), label="command")
        option, value = data.draw(st.sampled_from(BAD_VALUES[path]), label="value")
        argv = _with_option([*path, *VALID[path]], option, value)
    with _no_hang(" ".join(argv)):
        code, out, err = run_cli(capsys, *argv)
    _check(code, out, err, argv)


def test_every_number_option_has_a_stated_range() -> None:
    """Each number option of the tree has its range in cardlaw.values.RANGES (one helper)."""
    for path, command in COMMANDS.items():
        for name, option in _options(command).items():
            kinds = {base.__name__ for base in type(option.type).__mro__}
            if kinds & {"IntParamType", "FloatParamType"}:
                assert name in RANGES, (path, name)
