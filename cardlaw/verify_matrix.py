"""``cardlaw verify [GAME] --matrix [--json]``: which guarantees hold under which house rule.

For every game (or GAME), every obligation is checked under the default
configuration, each named variant and every other combination of the
game's variant flags the configuration accepts (:mod:`proofs.matrix`).  A
cell is as expected when its verdict is what the game's builder states the
obligation expects *under that configuration* (``holds`` must be proved,
``fails`` refuted with a witness that replays).  A verdict is re-proved
only where something the obligation's check read differs from the default
configuration's; otherwise it is reused (``reused`` in the JSON).  The
mutants are not checked here (``cardlaw verify`` checks them).

``--json`` prints ``{"ok", "columns", "matrix": [{"game", "variant",
"obligation", "status", ...}]}``.  When a report file is given (the command
passes the one ``CARDLAW_VERIFY_REPORT`` names), the rows are also written
into it under ``"matrix"`` (its other keys, the report ``cardlaw verify``
left, are kept), for the rulebook's tables; the default column is then read
from that report where the same code made it, not proved again
(:func:`proofs.matrix.verified`).
Exit 1 when any cell is not as expected.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardlaw.engine.jsonio import JSON

if TYPE_CHECKING:
    from cardlaw.proofs.matrix import MatrixRow

__all__ = ["matrix_lines", "read_report", "run_matrix", "write_report"]


def _cell(row: Mapping[str, object]) -> str:
    """A verdict as a table shows it: ``!`` marks one not as expected, ``=`` one reused.

    >>> _cell({"status": "proved", "ok": True, "reused": True})
    'proved='
    >>> _cell({"status": "unknown", "ok": False, "reused": False})
    'unknown!'
    """
    return str(row["status"]) + ("" if row["ok"] else "!") + ("=" if row["reused"] else "")


def matrix_lines(rows: Sequence[MatrixRow]) -> list[str]:
    """Plain lines: per game a table of obligations (rows) by variants (columns).

    >>> rows = [{"game": "g", "variant": v, "obligation": "g.x", "status": "proved",
    ...          "ok": True, "reused": v != "default"} for v in ("default", "other")]
    >>> for line in matrix_lines(rows):
    ...     print(line)
    g
    obligation  default  other
    g.x         proved   proved=
    """
    lines: list[str] = []
    games = list(dict.fromkeys(r["game"] for r in rows))
    for game in games:
        mine = [r for r in rows if r["game"] == game]
        variants = list(dict.fromkeys(r["variant"] for r in mine))
        ids = list(dict.fromkeys(r["obligation"] for r in mine))
        cells = {(r["obligation"], r["variant"]): _cell(r) for r in mine}
        table = [
            ("obligation", *variants),
            *((oid, *(cells.get((oid, v), "not stated") for v in variants)) for oid in ids),
        ]
        widths = [max(len(row[i]) for row in table) for i in range(len(variants) + 1)]
        if lines:
            lines.append("")
        lines.append(game)
        lines += [
            "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
            for row in table
        ]
    return lines


def read_report(path: Path) -> dict[str, JSON]:
    """The JSON report at ``path``, or ``{}`` when there is none or it is not a JSON object.

    It is read like every input file (:func:`engine.files.read_text`): nothing but a
    regular file is read.
    """
    from cardlaw.engine.files import read_text  # noqa: PLC0415

    try:
        found = json.loads(read_text(path))
    except ValueError:  # missing, not a regular file, not JSON (every cardlaw error is one)
        return {}
    return found if isinstance(found, dict) else {}


def write_report(path: Path, rows: Sequence[Mapping[str, object]]) -> None:
    """Put ``rows`` into the JSON report at ``path`` under ``"matrix"``, keeping its other keys.

    Rows of games not in ``rows`` that the report already holds are kept.
    """
    data = read_report(path)
    games = {r["game"] for r in rows}
    listed = data.get("matrix", [])
    held = listed if isinstance(listed, list) else []
    kept = [r for r in held if not isinstance(r, dict) or r.get("game") not in games]
    written: dict[str, object] = {**data, "matrix": [*kept, *rows]}
    from cardlaw.engine.files import write_file  # noqa: PLC0415

    write_file(path, json.dumps(written, ensure_ascii=False), what="CARDLAW_VERIFY_REPORT")


def run_matrix(
    game: str | None,
    json_output: bool,
    workers: int,
    scheduler: str | None = None,
    quiet: bool = False,
    report_path: str | None = None,
) -> bool:
    """Check the matrix of ``game`` (or every game), print it; whether all is as expected.

    With a ``scheduler`` the checks run on its workers (:mod:`cardlaw.cluster`).  The
    progress shows on stderr (:mod:`cardlaw.progress`), unless ``quiet``.  A
    ``report_path`` gets the rows (:func:`write_report`) and gives the default
    column where it was made by the same code; without one, the matrix takes it from
    the report ``cardlaw verify`` kept (:mod:`cardlaw.kept_report`), and the rows of
    every game are kept with it.
    """
    from cardlaw.cluster import backend  # noqa: PLC0415
    from cardlaw.progress import progress  # noqa: PLC0415
    from cardlaw.proofs.matrix import columns, matrix  # noqa: PLC0415  (deferred: loads Z3)
    from cardlaw.proofs.registry import games_with_proofs, obligations  # noqa: PLC0415

    if game is not None:
        obligations(game)  # an unknown game is malformed input (exit 2)
    games = [game] if game is not None else list(games_with_proofs())
    if report_path:  # a report cardlaw may not write is refused before the work
        from cardlaw.engine.files import check_target  # noqa: PLC0415

        check_target(report_path, what="CARDLAW_VERIFY_REPORT")
    from cardlaw.kept_report import keep_matrix, kept  # noqa: PLC0415

    # The default column's verdicts, where the same code made them: the named report, else
    # the one cardlaw verify kept for these sources.
    known = read_report(Path(report_path)) if report_path else kept()
    with (
        backend(scheduler, workers) as where,
        progress("verifying the matrix", unit="checks", quiet=quiet) as bar,
    ):
        if scheduler:
            rows = matrix(
                games, known=known, mapper=where.map, slots=where.slots, checking=bar.extend
            )
        else:
            rows = matrix(games, workers, known, checking=bar.extend)
    ok = all(r["ok"] for r in rows)
    if report_path:
        write_report(Path(report_path), rows)
    if game is None:
        keep_matrix(rows)
    if json_output:
        cols = [
            {"game": c.game, "variant": c.variant, "options": c.changed}
            for g in games
            for c in columns(g)
        ]
        print(json.dumps({"ok": ok, "columns": cols, "matrix": rows}, ensure_ascii=False))
    else:
        for line in matrix_lines(rows):
            print(line)
        checked = sum(not r["reused"] for r in rows)
        taken = sum(r["from_report"] for r in rows)
        print(
            f"{sum(r['ok'] for r in rows)}/{len(rows)} verdicts as expected under their "
            f"variants; {checked - taken} checked, {len(rows) - checked} reused, {taken} read "
            "from the verify report "
            "(= : nothing the check reads differs from the default; ! : not as expected)"
        )
    return ok
