"""How ``cardlaw verify`` prints its report: a table (plain lines in a pipe), then a summary.

:func:`print_table` prints one row per obligation, its witnesses, the
mutants that survived and the records written; :func:`print_summary` the
differential stage's cost, the coverage map's counts and what is broken, by
clause.  Both read the reports :func:`cardlaw.verifying.verify` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardlaw.proofs.report_json import MutantJSON, ObligationJSON
    from cardlaw.verification import VerifyJSON

__all__ = ["changed_first", "print_summary", "print_table"]


_COLUMNS = ("game", "property", "clauses", "expected", "result", "mutants", "seconds", "rlimit")


_CHANGED_COLUMNS = (*_COLUMNS[:4], "printed rules", *_COLUMNS[4:])
"""The columns under changed rules (``--set``): the printed rules' verdict beside each."""


def _row(r: ObligationJSON) -> tuple[str, ...]:
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


def changed_first(reports: list[ObligationJSON]) -> list[ObligationJSON]:
    """The reports whose verdict differs from the printed rules' first, each group in order.

    >>> rows = [{"id": "a", "status": "proved", "default_status": "proved"},
    ...         {"id": "b", "status": "refuted", "default_status": "proved"}]
    >>> [r["id"] for r in changed_first(rows)]
    ['b', 'a']
    """
    return sorted(reports, key=lambda r: r.get("default_status", r["status"]) == r["status"])


def _plain_lines(reports: list[ObligationJSON]) -> list[str]:
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


def print_table(
    reports: list[ObligationJSON],
    written: list[Path],
    changes: dict[str, int] | None = None,
    not_stated: Sequence[str] = (),
) -> None:
    """The report as a table (plain lines in a pipe), its witnesses, survivors and records."""
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
            *head, result, caught, seconds, _units = _row(r)
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


def print_summary(data: VerifyJSON) -> None:
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
    lines = broken(_with_mutants(data))
    for line in lines:
        out.print(f"NOT AS EXPECTED: {line}", markup=False)


def _with_mutants(data: VerifyJSON) -> list[ObligationJSON]:
    by_obligation: dict[str, list[MutantJSON]] = {}
    for m in data["mutants"]:
        by_obligation.setdefault(m["obligation"], []).append(m)
    return [{**r, "mutants": by_obligation.get(r["id"], [])} for r in data["obligations"]]
