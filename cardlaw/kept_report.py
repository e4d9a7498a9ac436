"""The last whole ``cardlaw verify`` report of these very sources, kept in the cache directory.

``cardlaw verify`` of every game under the printed rules keeps its JSON report
in the cache directory (:func:`engine.cache.cache_dir`: ``$CARDLAW_CACHE``,
else ``$XDG_CACHE_HOME/cardlaw``, else ``~/.cache/cardlaw``) as
``kept-verify-<key>.json``, besides any file ``CARDLAW_VERIFY_REPORT`` names;
``cardlaw verify --matrix`` takes the default column's verdicts from it (as it
does from the named report) instead of proving them again, and of every game adds
its rows to it.  So the README's first command leaves one report that the
rulebook's build and the test suite read instead of proving everything again.

The *key* (:func:`report_key`) digests every ``.py`` file of ``spec``,
``engine``, ``proofs`` and ``cardlaw``, Z3's version and the Python version: a
report is only ever read by the code that made it.
Keeping a report removes the kept reports of other sources.  Like every cache
of cardlaw's, it only saves time: a directory that cannot be written, or a
kept file that is damaged, means nothing is kept or read, and nothing is said.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from cardlaw.engine.jsonio import JSON

__all__ = ["PREFIX", "keep", "keep_matrix", "kept", "kept_path", "report_key"]

PREFIX: Final = "kept-verify-"
"""How a kept report's file name starts (then the key and ``.json``)."""

_LAYERS: Final = ("spec", "engine", "proofs")
"""cardlaw's links to the layers (their code is in the verdicts' digest)."""


@cache
def report_key() -> str:
    """A digest of what a report depends on: the verdicts' sources and the command line's.

    The first is :data:`cardlaw.proofs.isolated.SOURCES` (spec, engine, proofs and Z3),
    which every obligation's report states; the second, cardlaw's own modules, digested
    as the engine's cached tables are (:func:`cardlaw.engine.cache.source_digest`, which
    also names the Python version).

    >>> len(report_key()), report_key() == report_key()
    (24, True)
    """
    from cardlaw.engine.cache import source_digest  # noqa: PLC0415
    from cardlaw.proofs.isolated import SOURCES  # noqa: PLC0415  (deferred: loads Z3)

    root = Path(__file__).parent
    own = sorted(
        str(path)
        for path in root.rglob("*.py")
        if path.relative_to(root).parts[0] not in _LAYERS  # the links: in SOURCES
    )
    both = f"{SOURCES} {source_digest(own)}".encode()
    return hashlib.blake2b(both, digest_size=12).hexdigest()


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
