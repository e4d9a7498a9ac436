"""The verify report the rulebook's build reads: made once, cached by a hash of the sources.

The rulebook shows every obligation's verdict, witness and mutants, and the variant
matrix.  :func:`verify_report` gives the report they are read from, the first of:

1. the file ``CARDLAW_VERIFY_REPORT`` names, when it exists and every obligation's
   ``sources`` digest in it is that of the code being built (``cardlaw verify`` and
   ``cardlaw verify --matrix`` write it there; CI does);
2. the report ``cardlaw verify`` and ``cardlaw verify --matrix`` of every game kept
   in the cache directory for this very code (:mod:`cardlaw.kept_report`);
3. the cached report of these sources: ``verify-<key>.json`` in
   ``$XDG_CACHE_HOME/cardlaw`` when ``XDG_CACHE_HOME`` is set, else in
   ``docs/_build/.cardlaw-cache``; ``<key>`` (:func:`source_key`) is a hash of
   every ``.py`` file under ``spec/``, ``engine/`` and ``proofs/`` and of Z3's
   version, so an edit to the rules, the engine or the proofs makes a new report;
4. a fresh run, on every core, of the same checks as ``cardlaw verify`` and
   ``cardlaw verify --matrix`` (each obligation in a fresh process, so the
   verdicts and units are those the commands report), then cached.

:func:`whatif_report` caches, under the same key, the obligations the what-if
pages re-prove under changed rules; and, as a Sphinx extension (listed first in
``docs/conf.py``), :func:`cached_answer` stands in for :func:`proofs.query.answer`
during the build, so the examples' queries over a game's printed-rules domains are
answered once per key (answers are deterministic: every solver call has an rlimit).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import cache, wraps
from pathlib import Path
from typing import Any

from cardlaw.engine.files import folder, read_text, write_file

ROOT = Path(__file__).resolve().parents[2]
SOURCE_FOLDERS = ("spec", "engine", "proofs")
"""The folders whose sources the proofs' verdicts depend on."""


@cache
def source_key(root: Path = ROOT) -> str:
    """A hash of every ``.py`` file of :data:`SOURCE_FOLDERS` (path, content) and Z3's version.

    Computed once a build, so every report of the build is kept under one key.
    """
    import z3  # noqa: PLC0415  (the docs read every layer; only the key needs the version)

    digest = hashlib.sha256(f"z3 {z3.get_version_string()}\n".encode())
    for source in SOURCE_FOLDERS:
        for path in sorted((root / source).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def cache_dir(root: Path = ROOT) -> Path:
    """The cache: ``$XDG_CACHE_HOME/cardlaw``, else ``docs/_build/.cardlaw-cache``."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    return Path(xdg) / "cardlaw" if xdg else root / "docs" / "_build" / ".cardlaw-cache"


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(read_text(path))
    except ValueError:  # missing, not a regular file, not JSON (every cardlaw error is one)
        return None
    return data if isinstance(data, dict) else None


def _write(path: Path, data: Mapping[str, Any]) -> None:
    folder(path.parent)
    write_file(path, json.dumps(data, ensure_ascii=False))


def _workers() -> int:
    return max(1, os.cpu_count() or 1)


def make_report(workers: int) -> dict[str, Any]:
    """What ``cardlaw verify`` and ``cardlaw verify --matrix`` write, in ``workers`` processes."""
    from cardlaw.proofs.isolated import check_each  # noqa: PLC0415  (deferred: loads Z3)
    from cardlaw.proofs.matrix import matrix  # noqa: PLC0415
    from cardlaw.proofs.registry import games_with_proofs, obligations  # noqa: PLC0415

    ids = [ob.id for ob in obligations()]
    # Both at once, so neither's last long check leaves a core idle; each check runs in a
    # fresh process under its rlimit, so the verdicts and units do not depend on the overlap.
    with ThreadPoolExecutor(max_workers=2) as threads:
        checked = threads.submit(lambda: list(check_each(ids, workers)))
        rows = threads.submit(matrix, list(games_with_proofs()), workers)
        reports = checked.result()
        from cardlaw.proofs.registry import covered  # noqa: PLC0415
        from cardlaw.verification import assemble  # noqa: PLC0415  (what cardlaw verify writes)

        data = assemble(reports, [row.to_json() for row in covered(None, reports)])
        return {**data, "matrix": rows.result()}


@cache
def verify_report() -> dict[str, Any]:
    """The verify report: the named file, else the one cached for these sources, else a new one."""
    named = os.environ.get("CARDLAW_VERIFY_REPORT")
    if named and Path(named).exists():
        from cardlaw.proofs.isolated import SOURCES  # noqa: PLC0415  (deferred: loads Z3)

        data = _read(Path(named))
        # Only a report of these very sources (each obligation's digest); a stale one: proved anew.
        if (
            data is not None
            and "obligations" in data
            and all(r.get("sources") == SOURCES for r in data["obligations"])
        ):
            return data
    from cardlaw.kept_report import kept  # noqa: PLC0415

    data = kept()  # what the README's first command kept for this very code
    if data is not None and "obligations" in data and "matrix" in data:
        return data
    path = cache_dir() / f"verify-{source_key()}.json"
    data = _read(path)
    if data is not None and "obligations" in data and "matrix" in data:
        return data
    print(f"cardlaw: proving the obligations for the rulebook (kept in {path})", file=sys.stderr)
    data = make_report(_workers())
    _write(path, data)
    return data


def whatif_report(obligation_id: str, game: str, changes: Mapping[str, int]) -> dict[str, Any]:
    """The JSON report of ``obligation_id`` re-proved under ``changes`` (no mutants), cached."""
    path = cache_dir() / f"whatif-{source_key()}.json"
    name = f"{game} {obligation_id} " + " ".join(f"{k}={v}" for k, v in sorted(changes.items()))
    found = _read(path) or {}
    if name in found:
        report: dict[str, Any] = found[name]
        return report
    from cardlaw.proofs.core import check  # noqa: PLC0415  (deferred: loads Z3)
    from cardlaw.proofs.registry import obligation  # noqa: PLC0415

    report = dict(check(obligation(obligation_id, game, dict(changes)), mutants=False).to_json())
    found = _read(path) or {}
    found[name] = report
    _write(path, found)
    return report


def cached_answer(answer: Callable[..., Any]) -> Callable[..., Any]:
    """``answer`` (:func:`proofs.query.answer`), its answers over printed-rules domains cached.

    A query over other domains (changed rules), or with a wall-clock ``time_limit``, is
    answered as usual.
    """
    from cardlaw.proofs.query import Answer  # noqa: PLC0415  (deferred: loads Z3)
    from cardlaw.proofs.registry import PROOFS  # noqa: PLC0415

    printed = {id(row.domains): row.game for row in PROOFS}

    @wraps(answer)
    def cached(text: str, over: Mapping[str, Any], **options: Any) -> Any:
        game = printed.get(id(over))
        if game is None or options.get("time_limit") is not None:
            return answer(text, over, **options)
        path = cache_dir() / f"query-{source_key()}.json"
        name = f"{game} {options.get('budget', '')} {text}"
        found = _read(path) or {}
        if name in found:
            return Answer(**found[name])
        result = answer(text, over, **options)
        found = _read(path) or {}
        found[name] = dataclasses.asdict(result)
        _write(path, found)
        return result

    return cached


def setup(app: Any) -> dict[str, Any]:
    """Answer the build's queries over printed-rules domains from the cache."""
    import cardlaw.proofs.query  # noqa: PLC0415

    cardlaw.proofs.query.answer = cached_answer(cardlaw.proofs.query.answer)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
