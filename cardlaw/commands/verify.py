"""``cardlaw verify [GAME] [--property ID] [--json]``: prove the rules' invariants.

Runs every obligation of :mod:`proofs` and its seeded mutants, with its
progress on stderr (:mod:`cardlaw.progress`; ``--quiet`` for none), then
prints a table (plain lines, one per obligation, when the output is not a
terminal).  Every solver check runs
under its obligation's budget of Z3 resource units, so the verdicts do not
depend on the machine's speed; the report gives the units each used
(``rlimit``) beside the seconds.  When the environment
variable ``CARDLAW_VERIFY_REPORT`` names a file, the JSON report is also
written there (the rulebook's build reads the proof statuses from it).  Exit 0 only when every
obligation's verdict matches what it expects, its premise is satisfiable,
every witness that should replay through the engine does, and every mutant
is caught; 1 otherwise.

``cardlaw verify GAME --set NAME=VALUE`` re-proves every obligation of the
game under changed rule parameters (:mod:`spec.parameters`).  Each obligation
keeps its id and gains ``default_status``, its verdict under the printed
rules (checked in the same run); the table lists the changed verdicts first.
The mutants are not checked under changed rules (they test the checks
against the printed rules), and no report is written for the rulebook.

``cardlaw verify [GAME] --matrix`` checks every obligation under every
variant and flag combination instead (:mod:`cardlaw.commands.matrix`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from cardlaw.cluster import Backend, SchedulerOption, backend
from cardlaw.options import JsonFlag, SetOption, rule_changes
from cardlaw.progress import QuietFlag, progress
from spec.errors import MalformedInput

__all__ = ["changed_first", "check_each", "register"]


def check_each(
    ids: Sequence[str],
    workers: int,
    game: str | None = None,
    rules: dict[str, int] | None = None,
    cluster: Backend | None = None,
    done: Callable[[list[dict[str, Any]]], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """The report of each obligation of ``ids``, in order: :func:`proofs.isolated.check_each`.

    With a ``cluster`` the obligations are checked there, in batches (``done``
    is told each batch's reports as it ends).
    """
    from proofs.isolated import check_each as reports  # noqa: PLC0415  (deferred: loads Z3)

    if cluster is not None:
        mapper = partial(cluster.map, done=done)
        return reports(ids, game=game, rules=rules or None, mapper=mapper, slots=cluster.slots)
    if rules:
        return reports(ids, workers, game=game, rules=rules)
    return reports(ids, workers)


def _write_records(directory: Path, reports: list[dict[str, Any]]) -> list[Path]:
    # Only when records are written: the folder (made if missing) and each file, safely.
    from engine.files import folder, write_file  # noqa: PLC0415
    from engine.record import dump_record  # noqa: PLC0415

    written = []
    folder(directory, what="--witnesses")
    for report in reports:
        if report["record"] is not None:
            path = directory / f"{report['id']}.json"
            write_file(path, dump_record(report["record"]), what="--witnesses")
            written.append(path)
    return written


def verify(
    game: Annotated[str | None, typer.Argument(help="Only this game's obligations.")] = None,
    prop: Annotated[
        str | None, typer.Option("--property", metavar="ID", help="Only this obligation (an id).")
    ] = None,
    json_output: JsonFlag = False,
    witnesses: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR", help="Write each witness that is a whole round as a game record here."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1, metavar="N", help="Worker processes (default: the CPU count, at most 4)."
        ),
    ] = min(os.cpu_count() or 1, 4),
    sets: SetOption = None,
    matrix: Annotated[
        bool,
        typer.Option(
            "--matrix",
            help="Every obligation's verdict under every variant and flag combination.",
        ),
    ] = False,
    scheduler: SchedulerOption = None,
    junit: Annotated[
        Path | None,
        typer.Option(
            "--junit-xml",
            metavar="PATH",
            help="Also write the report as JUnit XML: a test case per obligation and per link.",
        ),
    ] = None,
    quiet: QuietFlag = False,
) -> None:
    """Prove the rules' invariants with Z3, hold the engine to the model, catch every mutant.

    With ``--set``, re-prove GAME's obligations under the changed rules, beside the printed
    rules' verdicts.
    """
    changes = rule_changes(sets)
    from engine.files import check_target, folder, write_file  # noqa: PLC0415  (only to verify)

    # Every place the report goes is refused before the work, not after it.
    if junit is not None:
        check_target(junit, what="--junit-xml")
    if os.environ.get("CARDLAW_VERIFY_REPORT") and not changes:
        check_target(os.environ["CARDLAW_VERIFY_REPORT"], what="CARDLAW_VERIFY_REPORT")
    if witnesses is not None and not matrix:
        folder(witnesses, what="--witnesses")
    try:
        from proofs.registry import obligations  # noqa: PLC0415
    except Exception as error:  # an engine that breaks while the proofs load is a broken rule
        typer.echo(
            f"cardlaw verify: the rules could not be loaded ({type(error).__name__}: {error})",
            err=True,
        )
        raise typer.Exit(1) from None
    if matrix:
        if changes or prop is not None or witnesses is not None:
            raise MalformedInput("--matrix takes no --set, --property or --witnesses")
        from cardlaw.commands.matrix import run_matrix  # noqa: PLC0415

        run_matrix(game, json_output, workers, scheduler, quiet)
        return
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
    ids = [o.id for o in chosen]
    printed_ids = [o.id for o in printed] if changes else []
    reports: dict[str, dict[str, Any]] = {}
    defaults: dict[str, dict[str, Any]] = {}
    items = [*ids, *(f"{oid} (printed rules)" for oid in printed_ids)]
    with (
        backend(scheduler, workers) as runner,
        progress("verifying", items=items, unit="obligations", quiet=quiet) as bar,
    ):
        cluster = runner if scheduler else None

        def finished(batch: list[dict[str, Any]]) -> None:  # a cluster's batch, as it ends
            bar.advance(len(batch))

        for oid, report in zip(
            ids, check_each(ids, workers, game, changes, cluster, finished), strict=True
        ):
            reports[oid] = report
            if cluster is None:
                bar.advance()
        for oid, report in zip(
            printed_ids,
            check_each(printed_ids, workers, None, None, cluster, finished),
            strict=True,
        ):
            defaults[oid] = report
            if cluster is None:
                bar.advance()
    ordered = [reports[oid] for oid in ids]
    if changes:
        for r in ordered:
            r["default_status"] = defaults[r["id"]]["status"] if r["id"] in defaults else None
    written = _write_records(witnesses, ordered) if witnesses is not None else []
    from cardlaw.verification import assemble, junit_xml  # noqa: PLC0415
    from proofs.registry import covered  # noqa: PLC0415

    rows = None if prop is not None else [row.to_json() for row in covered(game, ordered)]
    data = assemble(ordered, rows)
    all_ok = bool(data["ok"])
    if changes:
        data["rules"] = changes
        data["not_stated"] = [oid for oid in printed_ids if oid not in reports]
    report_path = os.environ.get("CARDLAW_VERIFY_REPORT")
    if report_path and not changes:  # the rulebook build reads the statuses from here
        write_file(report_path, json.dumps(data, ensure_ascii=False), what="CARDLAW_VERIFY_REPORT")
    if junit is not None:
        write_file(junit, junit_xml(data), what="--junit-xml")
    if json_output:
        print(json.dumps(data, ensure_ascii=False))
    else:
        _print_table(ordered, written, changes, data.get("not_stated", []))
        _print_summary(data)
    if not all_ok:
        raise typer.Exit(1)


_COLUMNS = ("game", "property", "clauses", "expected", "result", "mutants", "seconds", "rlimit")


_CHANGED_COLUMNS = (*_COLUMNS[:4], "printed rules", *_COLUMNS[4:])
"""The columns under changed rules (``--set``): the printed rules' verdict beside each."""


def _row(r: dict[str, Any]) -> tuple[str, ...]:
    caught = sum(m["caught"] for m in r["mutants"])
    result = r["status"] if r["premise_satisfiable"] else f"{r['status']} (vacuous premise)"
    mutants = f"{caught}/{len(r['mutants'])} caught"
    head = (r["game"], r["id"], str(len(r["clauses"])), r["expected"])
    if "default_status" in r:
        changed = r["default_status"] != r["status"]
        default = r["default_status"] or "not stated"
        return (
            *head,
            default,
            f"{result} (changed)" if changed else result,
            "not checked",
            f"{r['seconds']:.2f}",
            str(r["rlimit"]),
        )
    return (*head, result, mutants, f"{r['seconds']:.2f}", str(r["rlimit"]))


def changed_first(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reports whose verdict differs from the printed rules' first, each group in order.

    >>> rows = [{"id": "a", "status": "proved", "default_status": "proved"},
    ...         {"id": "b", "status": "refuted", "default_status": "proved"}]
    >>> [r["id"] for r in changed_first(rows)]
    ['b', 'a']
    """
    return sorted(reports, key=lambda r: r.get("default_status", r["status"]) == r["status"])


def _plain_lines(reports: list[dict[str, Any]]) -> list[str]:
    """One unwrapped line per obligation, columns padded and two spaces apart (for pipes).

    >>> report = {"game": "demo", "id": "demo.x", "clauses": ["a"], "expected": "holds",
    ...           "status": "proved", "premise_satisfiable": True, "seconds": 0.5,
    ...           "rlimit": 1234, "mutants": [{"caught": True}]}
    >>> for line in _plain_lines([report]):
    ...     print(line)
    game  property  clauses  expected  result  mutants     seconds  rlimit
    demo  demo.x    1        holds     proved  1/1 caught  0.50     1234
    """
    columns = _CHANGED_COLUMNS if reports and "default_status" in reports[0] else _COLUMNS
    rows = [columns, *(_row(r) for r in reports)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    return [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]


def _print_table(
    reports: list[dict[str, Any]],
    written: list[Path],
    changes: dict[str, int] | None = None,
    not_stated: Sequence[str] = (),
) -> None:
    # Deferred for start-up: rich loads only to print.
    from rich.console import Console  # noqa: PLC0415
    from rich.markup import escape  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True)
    if changes:
        reports = changed_first(reports)
        shown = ", ".join(f"{k}={v}" for k, v in changes.items())
        out.print(
            f"under changed rules: {shown} (the printed rules' verdicts beside)", markup=False
        )
    if out.is_terminal:
        title = "cardlaw verify" + (" --set" if changes else "")
        table = Table(title=title, title_justify="left", expand=False)
        for column in _CHANGED_COLUMNS if changes else _COLUMNS:
            table.add_column(column, overflow="fold")
        for r in reports:
            colour = "green" if r["ok"] else "red"
            *head, result, caught, seconds, units = _row(r)
            head[1] = escape(head[1])
            table.add_row(
                *head, f"[{colour}]{result}[/{colour}]", caught, f"{seconds}s", f"{r['rlimit']:,}"
            )
        out.print(table)
    else:  # a pipe or a file: plain lines that nothing wraps
        for line in _plain_lines(reports):
            out.print(line, markup=False)
    for r in reports:
        if r["witness"]:
            kind = "witness" if r["status"] == "proved" else "counterexample"
            mark = "replayed through the engine" if r["witness_replayed"] else "NOT replayed"
            if r["method"] in ("differential", "trace") and r["status"] != "proved":
                kind, mark = "disagreement", "the engine against the model, confirmed by Z3"
            out.print(f"[bold]{escape(r['id'])}[/bold] {kind} ({mark}):", markup=True)
            out.print("  " + r["witness"].replace("\n", "\n  "), markup=False)
    for r in reports:
        if r["detail"].startswith("unknown"):
            out.print(f"{r['id']}: {r['detail']}", markup=False)
    want = {"holds": "proved", "fails": "refuted"}
    survivors = [
        m
        for r in reports
        if r["status"] == want[r["expected"]]  # a failed obligation's mutants tell nothing
        for m in r["mutants"]
        if not m["caught"]
    ]
    for m in survivors:
        out.print(
            f"mutant survived: {m['id']} ({m['description']}) on {m['obligation']} [{m['status']}]",
            markup=False,
        )
    for oid in not_stated:
        out.print(f"{oid}: not stated under these rules (they cannot be set up)", markup=False)
    for path in written:
        out.print(f"record written: {path}", markup=False)
    total = sum(r["seconds"] for r in reports)
    units = sum(r["rlimit"] + sum(m["rlimit"] for m in r["mutants"]) for r in reports)
    passed = sum(r["ok"] for r in reports)
    # A mutant is judged only where its obligation holds: a failed obligation's tell nothing.
    mutants = [m for r in reports if r["status"] == want[r["expected"]] for m in r["mutants"]]
    out.print(
        f"{passed}/{len(reports)} obligations as expected, "
        f"{sum(m['caught'] for m in mutants)}/{len(mutants)} mutants caught, "
        f"{total:.1f}s of solver time, {units:,} resource units (mutants included)",
        markup=False,
    )


def _print_summary(data: dict[str, Any]) -> None:
    """The differential stage's cost, the coverage map's counts, and what is broken, by clause."""
    from rich.console import Console  # noqa: PLC0415

    from cardlaw.verification import broken  # noqa: PLC0415

    out = Console(highlight=False, soft_wrap=True)
    stage = data["stages"]["differential"]
    if stage["obligations"]:
        out.print(
            f"differential stage: {stage['obligations']} checks held the engine to the model on "
            f"{stage['cases']:,} cases in {stage['seconds']:.1f}s (mutants included)",
            markup=False,
        )
    rows = data.get("coverage")
    if rows is not None:
        count = {s: sum(r["status"] == s for r in rows) for s in ("covered", "left out")}
        out.print(
            f"coverage: {len(rows)} engine functions enforce rules: {count['covered']} held to the "
            f"model, {count['left out']} left out with a reason, "
            f"{len(data['unmodelled'])} unmodelled",
            markup=False,
        )
        for function in data["unmodelled"]:
            out.print(f"unmodelled: {function} enforces a rule; nothing models it", markup=False)
    lines = broken(data["obligations"] and _with_mutants(data))
    for line in lines:
        out.print(f"NOT AS EXPECTED: {line}", markup=False)


def _with_mutants(data: dict[str, Any]) -> list[dict[str, Any]]:
    by_obligation: dict[str, list[dict[str, Any]]] = {}
    for m in data["mutants"]:
        by_obligation.setdefault(m["obligation"], []).append(m)
    return [{**r, "mutants": by_obligation.get(r["id"], [])} for r in data["obligations"]]


def register(app: typer.Typer) -> None:
    """Add ``cardlaw verify``."""
    app.command(name="verify")(verify)
