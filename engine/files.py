r"""Every file cardlaw reads from a user and every file it writes: bounded, and never destructive.

**Reading** (:func:`read_bytes`, :func:`read_text`): records, positions,
OpenSpiel logs, TOML, reports and caches are all read here.  A path that
is not a regular file (a folder, a FIFO, a device, a socket) is refused
*before* anything is read: the path is looked at first, then opened
without blocking (``O_NONBLOCK``, so a FIFO cannot hang the open) and
looked at again through the open file (``fstat``), so what is read is
what was checked.  At most ``limit`` bytes are read (:data:`MAX_BYTES`,
32 MiB, by default): ``/dev/zero`` or an endless pipe is refused, never
read into memory.

**Writing** (:func:`write_file`): a file is written to a temporary file in
the target's own folder, flushed to disk (``fsync``) and renamed over the
target, so the target is never half written, and the temporary file is
removed if anything fails.  Only a regular file is ever replaced: a target
that exists and is a folder, a FIFO, a device or a socket is refused, and
so are an empty path, ``.``, ``..``, ``/``, a path ending in ``/`` and a
path under something that is not a folder (``game.json/x.json``).  The
target's folder must exist: :func:`write_file` makes no folder.  A
replaced file keeps its permission bits, and a file its user may not write
is not replaced (as a plain write would fail on it).

**Symbolic links are written through**: a link to a file is left a link,
and the file it leads to receives the new content (as the shell's ``>``
does); that file is checked like any target (a link to ``/dev/full`` is
refused as a device).  A user points a stable name at a file with a link;
replacing the link by a file would silently break that, and leave the file
it pointed to stale.

**Folders** (:func:`folder`): the commands that write several files into a
folder (``verify --witnesses DIR``, ``simulate --plot DIR``, ``export
--out DIR``) make it, with its parents, when it is missing; a path that
exists and is not a folder is refused.

Every refusal is a :class:`~spec.errors.MalformedInput` (exit code 2 on
the command line) of one line, naming the path.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as where:
...     target = Path(where) / "game.json"
...     written = write_file(target, "{}\n")
...     read_text(target)
'{}\n'
>>> write_file(".", "x")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: cannot write '.': it names a folder, not a file
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from cardlaw.spec.errors import MalformedInput

__all__ = [
    "MAX_BYTES",
    "check_target",
    "folder",
    "kind_of",
    "read_bytes",
    "read_text",
    "write_file",
]

MAX_BYTES: Final = 32 * 1024 * 1024
"""The most bytes read from a file by default (32 MiB: a record of the longest game is
well under 1 MiB)."""

_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_CREATE_FLAGS: Final = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_KINDS: Final = (
    (stat.S_ISREG, "a regular file"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a symbolic link that leads nowhere (a loop)"),
)
_CHUNK: Final = 1 << 20


def kind_of(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is, in words.

    >>> kind_of(os.stat(".").st_mode), kind_of(stat.S_IFIFO | 0o644)
    ('a directory', 'a FIFO (named pipe)')
    """
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _name(path: object, what: str = "file") -> str:
    r"""``path`` as text, once it is a path the system can take (else malformed input).

    >>> _name("a\0b")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 'a\x00b' is no path: it holds a NUL character
    """
    name = os.fspath(path) if isinstance(path, str | os.PathLike) else path
    if not isinstance(name, str):
        raise MalformedInput(f"a path is text, not {type(path).__name__}")
    if not name:
        raise MalformedInput(f"an empty path names no {what}")
    if "\0" in name:
        raise MalformedInput(f"{name!r} is no path: it holds a NUL character")
    try:
        name.encode(sys.getfilesystemencoding(), "surrogateescape")
    except UnicodeEncodeError:
        raise MalformedInput(f"{name!r} is no path the system can name") from None
    return name


def _shown(path: str | os.PathLike[str]) -> str:
    """A path as messages quote it."""
    return repr(os.fspath(path))


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


@contextlib.contextmanager
def _naming(what: str) -> Iterator[None]:
    """Start each refusal raised in the block with ``what`` (the option or variable), if any."""
    try:
        yield
    except MalformedInput as error:
        if not what:
            raise
        raise MalformedInput(f"{what}: {error}") from None


# --- Reading ----------------------------------------------------------------------------------


def _refuse_read(path: str | os.PathLike[str], mode: int) -> MalformedInput:
    if stat.S_ISDIR(mode):
        return MalformedInput(f"{os.fspath(path)} is a directory, not a file")
    return MalformedInput(f"{os.fspath(path)} is {kind_of(mode)}, not a regular file")


def read_bytes(path: str | os.PathLike[str], *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Anything else at ``path`` is refused before it is read, and a file
    larger than ``limit`` is refused (having read at most ``limit + 1`` bytes).

    >>> read_bytes("/no/such/file.json")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: no such file: /no/such/file.json
    >>> read_bytes("/")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: / is a directory, not a file
    """
    name = _name(path)
    try:
        mode = os.stat(name).st_mode
        if not stat.S_ISREG(mode):
            raise _refuse_read(name, mode)
        handle = os.open(name, _OPEN_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise MalformedInput(f"no such file: {name}") from None
    except OSError as error:
        raise MalformedInput(f"cannot read {name}: {_reason(error)}") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):  # it changed between the look and the open
            raise _refuse_read(name, mode)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise MalformedInput(f"cannot read {name}: {_reason(error)}") from None
    finally:
        os.close(handle)
    if size > limit:
        raise MalformedInput(f"{name} is too large (more than {limit:,} bytes)")
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], *, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (:func:`read_bytes`).

    >>> read_text("/no/such/file.json")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: no such file: /no/such/file.json
    """
    raw = read_bytes(path, limit=limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedInput(f"{_name(path)} is not a UTF-8 text file") from None


# --- Writing ----------------------------------------------------------------------------------


def _first_not_folder(path: Path) -> Path:
    """The first ancestor of ``path`` that exists and is not a folder (``path`` if none)."""
    for ancestor in reversed(path.parents):
        with contextlib.suppress(OSError):
            if not stat.S_ISDIR(os.stat(ancestor).st_mode):
                return ancestor
    return path


def check_target(path: str | os.PathLike[str], *, what: str = "") -> Path:
    """Where writing ``path`` would put the file, once every rule of writing is checked.

    Returns the target with every symbolic link resolved; raises
    :class:`~spec.errors.MalformedInput` naming ``path`` when it may not be
    written: empty, a folder's name, under something that is not a folder,
    in a folder that does not exist, or an existing file that is not a
    regular file.  Nothing is written: commands call it before long work,
    so that a bad target is refused before the work is done.  ``what``
    (an option, a variable) starts the message when given.

    >>> check_target("")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: an empty path names no file
    >>> check_target("/no/such/game.json")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: cannot write '/no/such/game.json': no such folder /no/such
    >>> check_target("/", what="--record")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: --record: cannot write '/': it names a folder, not a file
    """
    with _naming(what):
        return _target(path)


def _target(path: str | os.PathLike[str]) -> Path:
    name = _name(path)
    given = Path(name)
    if given.name in ("", ".", "..") or name.endswith(("/", os.sep)):
        raise MalformedInput(f"cannot write {_shown(name)}: it names a folder, not a file")
    target = Path(os.path.realpath(name))
    try:
        mode: int | None = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    except NotADirectoryError:
        blocker = _first_not_folder(target)
        try:
            what = kind_of(os.stat(blocker).st_mode)
        except OSError:
            what = "not a folder"
        raise MalformedInput(
            f"cannot write {_shown(name)}: {blocker} is {what}, not a folder"
        ) from None
    except OSError as error:
        raise MalformedInput(f"cannot write {_shown(name)}: {_reason(error)}") from None
    if mode is not None and not stat.S_ISREG(mode):
        what = kind_of(mode)
        raise MalformedInput(
            f"cannot write {_shown(name)}: it is {what}, and cardlaw replaces only regular files"
        )
    if mode is not None and not os.access(target, os.W_OK):  # as a plain write would refuse
        raise MalformedInput(f"cannot write {_shown(name)}: it is read-only")
    try:
        parent = os.stat(target.parent).st_mode
    except OSError:
        raise MalformedInput(
            f"cannot write {_shown(name)}: no such folder {target.parent}"
        ) from None
    if not stat.S_ISDIR(parent):
        raise MalformedInput(f"cannot write {_shown(name)}: {target.parent} is not a folder")
    return target


def _temporary(target: Path) -> tuple[Path, int]:
    """A new temporary file beside ``target``: its path and an open handle."""
    stem = target.name[:180]
    while True:
        candidate = target.with_name(f".{stem}.{secrets.token_hex(6)}.tmp")
        try:
            return candidate, os.open(candidate, _CREATE_FLAGS, 0o666)
        except FileExistsError:
            continue


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk (after a rename), where the system allows it."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
    with contextlib.suppress(OSError):
        handle = os.open(folder, flags)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def write_file(path: str | os.PathLike[str], data: str | bytes, *, what: str = "") -> Path:
    """Write ``data`` (text is written as UTF-8) to ``path`` atomically; return the target.

    The rules are :func:`check_target`'s; the target is checked again just
    before the rename.  The file is complete on disk or untouched, and no
    temporary file is left behind.  ``what`` (an option, a variable) starts
    a refusal's message when given.
    """
    with _naming(what):
        return _write(path, data)


def _write(path: str | os.PathLike[str], data: str | bytes) -> Path:
    name = _name(path)
    target = _target(name)
    if not isinstance(data, str | bytes):
        raise MalformedInput(f"a file holds text or bytes, not {type(data).__name__}")
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError as error:
            raise MalformedInput(f"cannot write {_shown(name)}: {error.reason}") from None
    try:
        old: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        old = None
    try:
        temporary, handle = _temporary(target)
    except OSError as error:
        raise MalformedInput(f"cannot write {_shown(name)}: {_reason(error)}") from None
    try:
        try:
            if old is not None:
                os.fchmod(handle, old)
            view = memoryview(data)
            while view:
                view = view[os.write(handle, view) :]
            os.fsync(handle)
        finally:
            os.close(handle)
        if _target(name) != target:  # still absent or a regular file, and still there
            raise MalformedInput(f"cannot write {_shown(name)}: it changed while it was written")
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise MalformedInput(f"cannot write {_shown(name)}: {_reason(error)}") from None
        raise
    _sync_folder(target.parent)
    return target


def folder(path: str | os.PathLike[str], *, what: str = "") -> Path:
    """The folder ``path``, made (with its parents) if it is missing.

    Refused: an empty path, and a path that exists and is not a folder
    (after following symbolic links).  ``what`` (an option) starts the
    message when given.

    >>> folder("")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: an empty path names no folder
    >>> folder("/dev/null")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: cannot use '/dev/null' as a folder: it is a character device
    """
    with _naming(what):
        return _folder(path)


def _folder(path: str | os.PathLike[str]) -> Path:
    name = _name(path, "folder")
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        try:
            os.makedirs(name, exist_ok=True)
        except OSError as error:
            raise MalformedInput(
                f"cannot make the folder {_shown(name)}: {_reason(error)}"
            ) from None
        return Path(name)
    except NotADirectoryError:
        blocker = _first_not_folder(Path(os.path.abspath(name)))
        raise MalformedInput(
            f"cannot make the folder {_shown(name)}: {blocker} is not a folder"
        ) from None
    except OSError as error:
        raise MalformedInput(f"cannot use {_shown(name)} as a folder: {_reason(error)}") from None
    if not stat.S_ISDIR(mode):
        raise MalformedInput(f"cannot use {_shown(name)} as a folder: it is {kind_of(mode)}")
    return Path(name)
