"""engine.files on every kind of target: only regular files are replaced, only regular files read.

Each target is made in a fresh temporary folder: a regular file, links to a
file, to nowhere and in a loop, a folder, a FIFO, a socket, and device nodes
with the numbers of ``/dev/null``, ``/dev/full`` and ``/dev/zero`` (made
with ``os.mknod`` in the folder: a real system device is never used).  Each
is written as the user running the tests and, when that is root, again as
``nobody`` in a forked child that has dropped its privileges (without root,
those cases and the device nodes skip, saying why).  A refused target must
be exactly as it was, and no temporary file may be left beside it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import socket
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlaw.engine.files import check_target, folder, read_bytes, read_text, write_file
from cardlaw.spec.errors import MalformedInput

NOBODY = 65534
"""The uid and gid of ``nobody``."""

DEVICES = {"null": (1, 3), "full": (1, 7), "zero": (1, 5)}
"""The device numbers of /dev/null, /dev/full and /dev/zero, copied into test folders."""


def _device(path: Path, numbers: tuple[int, int]) -> None:
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(*numbers))
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD)")
    os.chmod(path, 0o666)


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()


MAKERS: dict[str, Callable[[Path], str]] = {}
"""Each kind of target: makes it in the folder and returns the path to write (relative)."""


def _maker(name: str) -> Callable[[Callable[[Path], str]], Callable[[Path], str]]:
    def register(make: Callable[[Path], str]) -> Callable[[Path], str]:
        MAKERS[name] = make
        return make

    return register


@_maker("absent")
def _absent(root: Path) -> str:
    return "game.json"


@_maker("regular")
def _regular(root: Path) -> str:
    (root / "game.json").write_text("old")
    return "game.json"


@_maker("link-to-file")
def _link_to_file(root: Path) -> str:
    (root / "real.json").write_text("old")
    (root / "link.json").symlink_to("real.json")
    return "link.json"


@_maker("link-to-nothing")
def _dangling(root: Path) -> str:
    (root / "link.json").symlink_to("real.json")
    return "link.json"


@_maker("link-loop")
def _loop(root: Path) -> str:
    (root / "a.json").symlink_to("b.json")
    (root / "b.json").symlink_to("a.json")
    return "a.json"


@_maker("folder")
def _folder(root: Path) -> str:
    (root / "game.json").mkdir()
    return "game.json"


@_maker("fifo")
def _fifo(root: Path) -> str:
    os.mkfifo(root / "game.json")
    return "game.json"


@_maker("socket")
def _sock(root: Path) -> str:
    _socket(root / "game.json")
    return "game.json"


@_maker("dev-null")
def _null(root: Path) -> str:
    _device(root / "mydev", DEVICES["null"])
    return "mydev"


@_maker("dev-full")
def _full(root: Path) -> str:
    _device(root / "full", DEVICES["full"])
    return "full"


@_maker("link-to-device")
def _link_to_device(root: Path) -> str:
    _device(root / "full", DEVICES["full"])
    (root / "link.json").symlink_to("full")
    return "link.json"


@_maker("link-to-fifo")
def _link_to_fifo(root: Path) -> str:
    os.mkfifo(root / "pipe")
    (root / "link.json").symlink_to("pipe")
    return "link.json"


@_maker("under-a-file")
def _under_a_file(root: Path) -> str:
    (root / "some_file.json").write_text("old")
    return "some_file.json/x.json"


@_maker("missing-folder")
def _missing_folder(root: Path) -> str:
    return "no/such/x.json"


for _name, _path in {
    "empty": "",
    "dot": ".",
    "dotdot": "..",
    "slash": "/",
    "slash-end": "x/",
}.items():

    def _given(root: Path, path: str = _path) -> str:
        return path

    MAKERS[_name] = _given

WRITTEN = {
    "absent": "game.json",
    "regular": "game.json",
    "link-to-file": "real.json",
    "link-to-nothing": "real.json",
}
"""The targets that are written, and the file that receives the content (through a link)."""


def _snapshot(root: Path) -> dict[str, Any]:
    """Every entry of ``root``, recursively: its kind, inode, device numbers, link and bytes."""
    out: dict[str, Any] = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        entry: dict[str, Any] = {"kind": stat.S_IFMT(info.st_mode), "ino": info.st_ino}
        if stat.S_ISCHR(info.st_mode):
            entry["rdev"] = info.st_rdev
        if stat.S_ISLNK(info.st_mode):
            entry["link"] = os.readlink(path)
        if stat.S_ISREG(info.st_mode):
            entry["bytes"] = path.read_bytes()
        out[str(path.relative_to(root))] = entry
    return out


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    """A fresh folder under /tmp that ``nobody`` may enter (pytest's own folders are private)."""
    root = Path(tempfile.mkdtemp(prefix="cardlaw-files-", dir="/tmp"))
    try:
        os.chmod(root, 0o755)
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _give(root: Path, owner: int) -> None:
    """Hand every entry of ``root`` (and ``root``) to ``owner``, links included."""
    for path in [root, *root.rglob("*")]:
        os.lchown(path, owner, owner)


def _as_nobody(action: Callable[[], str]) -> str:
    """``action()`` run in a forked child that has become ``nobody``; what it returned."""
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # the child: drop privileges, act, report, leave at once
        code = 0
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            text = action()
        except BaseException as error:  # reported to the parent, which fails the test
            text, code = f"child failed: {type(error).__name__}: {error}", 1
        with os.fdopen(write_end, "w") as out:
            out.write(text)
        os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end) as source:
        text = source.read()
    os.waitpid(child, 0)
    return text


def _write(root: Path, relative: str) -> str:
    """Write a new record at ``relative`` in ``root``: ``written``, or the refusal's message."""
    with contextlib.chdir(root):
        try:
            write_file(relative, '{"new": true}\n')
        except MalformedInput as error:
            assert "\n" not in str(error)
            return f"refused: {error}"
    return "written"


USERS = ["self", "nobody"]


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_only_regular_files_are_written(kind: str, user: str) -> None:
    if user == "nobody" and os.geteuid() != 0:
        pytest.skip("dropping privileges to nobody needs root")
    with _scratch() as root:
        relative = MAKERS[kind](root)
        if user == "nobody":
            _give(root, NOBODY)
        before = _snapshot(root)
        outcome = (
            _as_nobody(lambda: _write(root, relative))
            if user == "nobody"
            else _write(root, relative)
        )
        after = _snapshot(root)
        assert not outcome.startswith("child failed"), outcome
        if kind not in WRITTEN:
            assert outcome.startswith("refused: "), outcome
            assert after == before, (kind, outcome)  # untouched, and no temporary file left
            return
        assert outcome == "written", outcome
        target = WRITTEN[kind]
        assert (root / target).read_text() == '{"new": true}\n'
        assert set(after) == set(before) | {target}  # nothing else made, nothing left behind
        for name, entry in before.items():
            if name != target:
                assert after[name] == entry, name  # a link stays the same link


def test_a_read_only_file_is_not_replaced_by_a_normal_user() -> None:
    """A file its user may not write is refused, as a plain write would be (root may)."""
    with _scratch() as root:
        (root / "game.json").write_text("old")
        (root / "game.json").chmod(0o444)
        if os.geteuid() == 0:
            _give(root, NOBODY)
            outcome = _as_nobody(lambda: _write(root, "game.json"))
        else:
            outcome = _write(root, "game.json")
        assert outcome.endswith("it is read-only"), outcome
        assert (root / "game.json").read_text() == "old" and len(list(root.iterdir())) == 1


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)
    write_file(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and path.read_text() == "new"


def test_a_failed_write_leaves_the_target_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(MalformedInput, match="No space left on device"):
        write_file(path, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"] and path.read_text() == "old"


def test_a_target_changed_while_written_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FIFO put at the target while the temporary file is written is left alone."""
    path = tmp_path / "game.json"
    real_fsync = os.fsync

    def swap(handle: int) -> None:
        real_fsync(handle)
        if not path.exists():
            os.mkfifo(path)

    monkeypatch.setattr(os, "fsync", swap)
    with pytest.raises(MalformedInput, match="FIFO"):
        write_file(path, "new")
    assert stat.S_ISFIFO(path.lstat().st_mode) and [p.name for p in tmp_path.iterdir()] == [
        "game.json"
    ]


def test_check_target_names_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "some_file.json").write_text("{}")
    with pytest.raises(MalformedInput, match=r"some_file.json is a regular file, not a folder"):
        check_target(tmp_path / "some_file.json" / "x.json")
    with pytest.raises(MalformedInput, match="no such folder"):
        check_target(tmp_path / "no" / "x.json")
    assert check_target(tmp_path / "new.json") == tmp_path.resolve() / "new.json"


def test_folders_are_made_only_where_nothing_else_is(tmp_path: Path) -> None:
    assert folder(tmp_path / "a" / "b").is_dir()
    assert folder(tmp_path / "a") == tmp_path / "a"
    (tmp_path / "file").write_text("x")
    os.mkfifo(tmp_path / "pipe")
    for bad, needle in [
        ("file", "it is a regular file"),
        ("pipe", "it is a FIFO"),
        ("file/sub", "is not a folder"),
    ]:
        with pytest.raises(MalformedInput, match=needle):
            folder(tmp_path / bad)
    assert (tmp_path / "file").read_text() == "x" and stat.S_ISFIFO(
        (tmp_path / "pipe").lstat().st_mode
    )


# --- reading -----------------------------------------------------------------------------------


def _read_soon(path: Path) -> str:
    """Read ``path``: its text or the refusal; a read that has not ended in 60 s fails loudly.

    The limit is a safety net against a hang (a blocked read never returns), never what
    decides the test: a correct read is refused or done at once.
    """
    outcome: list[str] = []

    def read() -> None:
        try:
            outcome.append(read_text(path))
        except MalformedInput as error:
            outcome.append(f"refused: {error}")

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=60)
    assert outcome, f"reading {path} hung"
    return outcome[0]


READABLE: dict[str, Callable[[Path], None]] = {
    "fifo": os.mkfifo,
    "socket": _socket,
    "folder": lambda p: p.mkdir(),
    "dev-zero": lambda p: _device(p, DEVICES["zero"]),
    "dev-null": lambda p: _device(p, DEVICES["null"]),
    "missing": lambda p: None,
}


@pytest.mark.parametrize("kind", sorted(READABLE))
def test_only_regular_files_are_read(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    READABLE[kind](path)
    assert _read_soon(path).startswith("refused: ")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    assert _read_soon(link).startswith("refused: ")


def test_a_read_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(MalformedInput, match="too large"):
        read_bytes(path, limit=1000)
    assert read_bytes(path, limit=1001) == b"x" * 1001


def test_reading_a_regular_file_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text(json.dumps({"a": 1}))
    (tmp_path / "link.json").symlink_to("real.json")
    assert json.loads(_read_soon(tmp_path / "link.json")) == {"a": 1}
