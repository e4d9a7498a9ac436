"""An on-disk cache for tables that are slow to build, keyed by the source that builds them.

A :data:`Table` (made of ``dict``, ``tuple``, ``list``, ``int`` and ``str``) is stored
with :mod:`marshal` in one file per source version,
``<cache dir>/<name>-<digest>.marshal``.  The *digest* hashes the source
files that build the table, this module and the Python version; it is also
written inside the file, with a checksum of the payload, so a file that is
truncated, corrupt or from other source is ignored and rebuilt.  Files are
read and written by :mod:`engine.files`: a cache file that is not a regular
file (a FIFO, a device) is never read, a file is written to a temporary
name and renamed into place, so a crash or two processes building at once
never leave half a file, and nothing but a regular file is ever replaced;
writing a table removes its files from other source.  When the cache
directory cannot be written, the table is built in memory and nothing is
said: the cache only saves time, it never changes a value.

The directory is ``$CARDLAW_CACHE`` if set, else ``$XDG_CACHE_HOME/cardlaw``,
else ``~/.cache/cardlaw``.

>>> digest = source_digest([__file__])
>>> cache_file("example", digest).name == f"example-{digest}.marshal"
True
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final, TypeAlias, TypeGuard, TypeVar

from cardlaw.engine import files
from cardlaw.spec.errors import CardlawError

__all__ = ["Table", "cache_dir", "cache_file", "load_or_build", "source_digest"]

Table: TypeAlias = int | str | tuple["Table", ...] | list[int] | dict[int, int]
"""What can be cached: plain ints and strings, in tuples, lists and dicts (no subclasses)."""

T = TypeVar("T", bound=Table)

_MAGIC: Final = b"cardlaw-cache-1\n"
_DIGEST_SIZE: Final = 16
_HEADER: Final = len(_MAGIC) + _DIGEST_SIZE + 4
_MAX_BYTES: Final = 1 << 30
"""The largest cache file read (1 GiB; the largest table is about 10 MiB)."""


def cache_dir() -> Path:
    """Where cached tables live: ``$CARDLAW_CACHE``, else the user's cache directory.

    >>> cache_dir().name == "cardlaw" or "CARDLAW_CACHE" in os.environ
    True
    """
    explicit = os.environ.get("CARDLAW_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardlaw"


def source_digest(files: Iterable[str | None]) -> str:
    """A hex digest of the given source files, this module and the Python version.

    A file that cannot be read (or ``None``) counts as empty.

    >>> source_digest([__file__]) == source_digest([__file__]) != source_digest([])
    True
    """
    digest = hashlib.blake2b(digest_size=_DIGEST_SIZE)
    digest.update(f"{sys.implementation.cache_tag} marshal {marshal.version}".encode())
    for name in (__file__, *files):
        digest.update(b"\0file\0")
        if name is not None:
            with contextlib.suppress(OSError):
                digest.update(Path(name).read_bytes())
    return digest.hexdigest()


def cache_file(name: str, digest: str) -> Path:
    """The file a table called ``name`` built by source ``digest`` is cached in."""
    return cache_dir() / f"{name}-{digest}.marshal"


def _read(path: Path, digest: bytes) -> object | None:
    """The table stored in ``path``, or ``None`` if it is missing, corrupt or stale."""
    try:
        data = files.read_bytes(path, limit=_MAX_BYTES)
    except CardlawError:
        return None
    if data[: len(_MAGIC)] != _MAGIC or data[len(_MAGIC) : _HEADER - 4] != digest:
        return None
    payload = data[_HEADER:]
    if zlib.crc32(payload).to_bytes(4, "big") != data[_HEADER - 4 : _HEADER]:
        return None
    try:
        table: object = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    return table


def _write(path: Path, digest: bytes, table: Table) -> None:
    """Store ``table`` in ``path`` atomically; give up silently if that fails."""
    payload = marshal.dumps(table)
    data = _MAGIC + digest + zlib.crc32(payload).to_bytes(4, "big") + payload
    try:
        files.folder(path.parent)
        files.write_file(path, data)
    except CardlawError:
        return
    stem = path.name.rsplit("-", 1)[0]
    for stale in path.parent.glob(f"{stem}-*.marshal"):
        if stale != path and len(stale.name) == len(path.name):
            with contextlib.suppress(OSError):
                stale.unlink()  # built by other source: only ever rebuilt, never read


def load_or_build(
    name: str,
    digest: str,
    build: Callable[[], T],
    check: Callable[[object], TypeGuard[T]],
) -> T:
    """The cached table ``name`` for source ``digest``, built (and cached) if there is none.

    Args:
        name: the table's file name stem.
        digest: :func:`source_digest` of the files that build the table.
        build: makes the table from scratch (a :data:`Table`: plain types,
            not subclasses such as a ``NamedTuple``, which :mod:`marshal` refuses).
        check: whether what a file held is a well-formed table (if not, it
            is rebuilt).
    """
    path = cache_file(name, digest)
    raw = bytes.fromhex(digest)
    stored = _read(path, raw)
    if stored is not None and check(stored):
        return stored
    table = build()
    _write(path, raw, table)
    return table
