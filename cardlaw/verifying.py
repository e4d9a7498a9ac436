"""``cardlaw verify``'s work: choose the obligations, check them, assemble and write the report.

:func:`verify` does it all and returns a :class:`Verified`: the report as
``--json`` prints it (:func:`cardlaw.verification.assemble`), each
obligation's report in order, and the records written.  Where the report
goes is given explicitly (``report``: the command passes the file that
``CARDLAW_VERIFY_REPORT`` names); nothing here reads the environment.
The checks are :func:`check_each`'s, or the ``check`` given (a test checks
an obligation defined in its own process).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from cardlaw.cluster import Backend, backend
from cardlaw.progress import progress
from cardlaw.spec.errors import MalformedInput

if TYPE_CHECKING:
    from cardlaw.proofs.report_json import ObligationJSON
    from cardlaw.verification import VerifyJSON

__all__ = ["Check", "RulesNotLoaded", "Verified", "check_each", "load_proofs", "verify"]

Check = Callable[..., Iterator["ObligationJSON"]]
"""What checks obligations: :func:`check_each`'s signature."""


class RulesNotLoaded(Exception):
    """The proofs could not be loaded: the engine broke while they were (a broken rule, exit 1)."""


def check_each(
    ids: Sequence[str],
    workers: int,
    game: str | None = None,
    rules: dict[str, int] | None = None,
    cluster: Backend | None = None,
    done: Callable[[list[ObligationJSON]], None] | None = None,
) -> Iterator[ObligationJSON]:
    """The report of each obligation of ``ids``, in order: :func:`proofs.isolated.check_each`.

    With a ``cluster`` the obligations are checked there, in batches (``done``
    is told each batch's reports as it ends).
    """
    from cardlaw.proofs.isolated import check_each as reports  # noqa: PLC0415  (deferred: loads Z3)

    if cluster is not None:
        mapper = partial(cluster.map, done=done)
        return reports(ids, game=game, rules=rules or None, mapper=mapper, slots=cluster.slots)
    if rules:
        return reports(ids, workers, game=game, rules=rules)
    return reports(ids, workers)


@dataclass(frozen=True, slots=True)
class Verified:
    """A verification done.

    Attributes:
        data: the whole report (``--json``; the file ``report`` names).
        reports: each obligation's report, in order.
        written: the witnesses' records written (``--witnesses``).
        changes: the rule parameters changed (``--set``), else empty.
    """

    data: VerifyJSON
    reports: list[ObligationJSON]
    written: list[Path] = field(default_factory=list)
    changes: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether every obligation is as expected and every mutant caught."""
        return bool(self.data["ok"])


def load_proofs() -> None:
    """Load the proofs (and the engine they read); :class:`RulesNotLoaded` if they break."""
    try:
        import cardlaw.proofs.registry  # noqa: F401, PLC0415  (deferred: loads Z3)
    except Exception as error:  # an engine that breaks while the proofs load is a broken rule
        raise RulesNotLoaded(
            f"cardlaw verify: the rules could not be loaded ({type(error).__name__}: {error})"
        ) from None


def _chosen(
    game: str | None, prop: str | None, changes: dict[str, int]
) -> tuple[list[str], list[str]]:
    """The obligations to check under ``changes``, and those under the printed rules beside."""
    load_proofs()
    from cardlaw.proofs.registry import obligations  # noqa: PLC0415

    if changes and game is None:
        raise MalformedInput("--set needs a GAME: rule parameters belong to one game")
    chosen = list(obligations(game, changes or None))
    printed = list(obligations(game)) if changes else chosen
    if prop is not None:
        chosen = [o for o in chosen if o.id == prop]
        printed = [o for o in printed if o.id == prop]
        if not chosen:
            where = f" of {game}" if game else ""
            under = " under these rules" if changes and printed else ""
            raise MalformedInput(f"no obligation {prop!r}{where}{under}")
    return [o.id for o in chosen], [o.id for o in printed] if changes else []


def _checked(
    ids: list[str],
    printed_ids: list[str],
    *,
    game: str | None,
    changes: dict[str, int],
    workers: int,
    scheduler: str | None,
    quiet: bool,
    check: Check,
) -> tuple[dict[str, ObligationJSON], dict[str, ObligationJSON]]:
    """Each obligation's report (under ``changes``), and the printed rules' beside, by id."""
    reports: dict[str, ObligationJSON] = {}
    defaults: dict[str, ObligationJSON] = {}
    items = [*ids, *(f"{oid} (printed rules)" for oid in printed_ids)]
    with (
        backend(scheduler, workers) as runner,
        progress("verifying", items=items, unit="obligations", quiet=quiet) as bar,
    ):
        cluster = runner if scheduler else None

        def finished(batch: list[ObligationJSON]) -> None:  # a cluster's batch, as it ends
            bar.advance(len(batch))

        runs = ((ids, game, changes, reports), (printed_ids, None, None, defaults))
        for chosen, where, rules, into in runs:
            for oid, report in zip(
                chosen, check(chosen, workers, where, rules, cluster, finished), strict=True
            ):
                into[oid] = report
                if cluster is None:
                    bar.advance()
    return reports, defaults


def verify(
    game: str | None = None,
    *,
    prop: str | None = None,
    changes: dict[str, int] | None = None,
    witnesses: Path | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    quiet: bool = False,
    junit: Path | None = None,
    report: str | None = None,
    check: Check = check_each,
) -> Verified:
    """Check the obligations of ``game`` (or every game; or ``prop`` alone) and their mutants.

    ``changes`` re-proves them under changed rule parameters, beside the
    printed rules' verdicts (and then no ``report`` is written).  Every file
    the report goes to (``junit``, ``report``, the ``witnesses`` folder) is
    refused before the work, not after it.
    """
    changes = changes or {}
    report = None if changes else report  # the rulebook's statuses are the printed rules'
    _refuse_targets(junit, report, witnesses)
    ids, printed_ids = _chosen(game, prop, changes)
    reports, defaults = _checked(
        ids,
        printed_ids,
        game=game,
        changes=changes,
        workers=workers,
        scheduler=scheduler,
        quiet=quiet,
        check=check,
    )
    ordered = [reports[oid] for oid in ids]
    if changes:
        for r in ordered:
            r["default_status"] = defaults[r["id"]]["status"] if r["id"] in defaults else None
    written = _write_records(witnesses, ordered) if witnesses is not None else []
    data = _assembled(ordered, game, prop, changes, [o for o in printed_ids if o not in reports])
    _write_reports(data, report, junit)
    return Verified(data, ordered, written, changes)


def _refuse_targets(junit: Path | None, report: str | None, witnesses: Path | None) -> None:
    """Refuse, before any work, a file or folder the results could not be written to."""
    from cardlaw.engine.files import check_target, folder  # noqa: PLC0415  (only to verify)

    if junit is not None:
        check_target(junit, what="--junit-xml")
    if report:
        check_target(report, what="CARDLAW_VERIFY_REPORT")
    if witnesses is not None:
        folder(witnesses, what="--witnesses")


def _assembled(
    ordered: list[ObligationJSON],
    game: str | None,
    prop: str | None,
    changes: dict[str, int],
    not_stated: list[str],
) -> VerifyJSON:
    """The whole report of ``ordered``, as ``--json`` prints it.

    It has the links' coverage unless one obligation was asked for (``prop``), and under
    ``changes`` the rules changed and the obligations they leave unstated.
    """
    from cardlaw.proofs.registry import covered  # noqa: PLC0415
    from cardlaw.verification import assemble  # noqa: PLC0415

    rows = None if prop is not None else [row.to_json() for row in covered(game, ordered)]
    data = assemble(ordered, rows)
    if changes:
        data["rules"] = changes
        data["not_stated"] = not_stated
    return data


def _write_reports(data: VerifyJSON, report: str | None, junit: Path | None) -> None:
    """Write ``data`` to ``report`` (the rulebook's build reads it) and as JUnit XML to ``junit``.

    Each is written only if named.
    """
    from cardlaw.engine.files import write_file  # noqa: PLC0415
    from cardlaw.verification import junit_xml  # noqa: PLC0415

    if report:
        write_file(report, json.dumps(data, ensure_ascii=False), what="CARDLAW_VERIFY_REPORT")
    if junit is not None:
        write_file(junit, junit_xml(data), what="--junit-xml")


def _write_records(directory: Path, reports: list[ObligationJSON]) -> list[Path]:
    # Only when records are written: the folder (made if missing) and each file, safely.
    from cardlaw.engine.files import folder, write_file  # noqa: PLC0415
    from cardlaw.engine.record import dump_record  # noqa: PLC0415

    written = []
    folder(directory, what="--witnesses")
    for report in reports:
        if report["record"] is not None:
            path = directory / f"{report['id']}.json"
            write_file(path, dump_record(report["record"]), what="--witnesses")
            written.append(path)
    return written
