"""The last whole ``cardlaw verify`` report of these very sources, kept in the cache directory.

``cardlaw verify`` of every game under the printed rules keeps its JSON report
in the cache directory (:func:`engine.cache.cache_dir`: ``$CARDLAW_CACHE``,
else ``$XDG_CACHE_HOME/cardlaw``, else ``~/.cache/cardlaw``) as
``kept-verify-<key>.json``, besides any file ``CARDLAW_VERIFY_REPORT`` names;
``cardlaw verify --matrix`` takes the default column's verdicts from it (as it
does from the named report) instead of proving them again, and of every game adds
its rows to it.  So the README's first command leaves one report that the
rulebook's build and the test suite read instead of proving everything again.

The *key* (:func:`report_key`) hashes every ``.py`` file of ``spec``,
``engine``, ``proofs`` and ``cardlaw`` (its path and content), Z3's version
and the Python version: a report is only ever read by the code that made it.
Keeping a report removes the kept reports of other sources.  Like every cache
of cardlaw's, it only saves time: a directory that cannot be written, or a
kept file that is damaged, means nothing is kept or read, and nothing is said.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from cardlaw.engine.jsonio import JSON

__all__ = ["PREFIX", "keep", "keep_matrix", "kept", "kept_path", "report_key"]

PREFIX: Final = "kept-verify-"
"""How a kept report's file name starts (then the key and ``.json``)."""


@cache
def report_key() -> str:
    """A digest of what a report depends on: every ``.py`` file of the four packages, Z3, Python.

    >>> len(report_key()), report_key() == report_key()
    (24, True)
    """
    import importlib.metadata  # noqa: PLC0415

    digest = hashlib.blake2b(digest_size=12)
    try:
        z3_version = importlib.metadata.version("z3-solver")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - a dependency
        z3_version = "none"
    digest.update(f"z3 {z3_version} {sys.implementation.cache_tag}\n".encode())
    import cardlaw  # noqa: PLC0415
    import cardlaw.engine  # noqa: PLC0415
    import cardlaw.proofs  # noqa: PLC0415
    import cardlaw.spec  # noqa: PLC0415

    for package in (cardlaw.spec, cardlaw.engine, cardlaw.proofs, cardlaw):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            digest.update(f"{package.__name__}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(hashlib.blake2b(path.read_bytes(), digest_size=16).digest())
    return digest.hexdigest()


def kept_path(directory: Path | None = None) -> Path:
    """Where the report of these sources is kept: in ``directory``, else the cache directory."""
    from cardlaw.engine.cache import cache_dir  # noqa: PLC0415

    return (directory or cache_dir()) / f"{PREFIX}{report_key()}.json"


def kept(directory: Path | None = None) -> dict[str, JSON] | None:
    """The kept report of these sources (in ``directory``, else the cache), or ``None``."""
    from cardlaw.engine.files import read_text  # noqa: PLC0415

    try:
        data = json.loads(read_text(kept_path(directory)))
    except ValueError:  # missing, not a regular file, not JSON (every cardlaw error is one)
        return None
    return data if isinstance(data, dict) else None


def keep(data: Mapping[str, object]) -> None:
    """Keep ``data``, a whole ``cardlaw verify`` report, as the report of these sources.

    A matrix already kept for these sources stays with it.
    """
    found = kept()
    matrix = None if found is None else found.get("matrix")
    _write({**data, "matrix": matrix} if matrix is not None else dict(data))


def keep_matrix(rows: Sequence[Mapping[str, object]]) -> None:
    """Add the matrix ``rows`` of every game to the kept report (kept alone if there is none)."""
    _write({**(kept() or {}), "matrix": [dict(row) for row in rows]})


def _write(data: Mapping[str, object]) -> None:
    from cardlaw.engine.cache import cache_dir  # noqa: PLC0415
    from cardlaw.engine.files import folder, write_file  # noqa: PLC0415

    target = kept_path()
    # Only a cache: an unwritable or odd directory means nothing is kept.
    with contextlib.suppress(OSError, ValueError):
        folder(cache_dir())
        write_file(target, json.dumps(data, ensure_ascii=False))
        for other in cache_dir().glob(f"{PREFIX}*.json"):
            if other.name != target.name:
                other.unlink(missing_ok=True)
