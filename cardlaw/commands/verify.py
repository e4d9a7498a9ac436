"""``cardlaw verify [GAME] [--property ID] [--json]``: prove the rules' invariants.

Runs every obligation of :mod:`proofs` and its seeded mutants, with its
progress on stderr (:mod:`cardlaw.progress`; ``--quiet`` for none), then
prints a table (plain lines, one per obligation, when the output is not a
terminal).  Every solver check runs
under its obligation's budget of Z3 resource units, so the verdicts do not
depend on the machine's speed; the report gives the units each used
(``rlimit``) beside the seconds.  When the environment
variable ``CARDLAW_VERIFY_REPORT`` names a file, the JSON report is also
written there (the rulebook's build reads the proof statuses from it): the
command reads the variable and hands the path to :func:`cardlaw.verifying.verify`,
which does the work.  A run of every game also keeps its report in the cache
directory for the code that made it (:mod:`cardlaw.kept_report`), for the
matrix, the rulebook's build and the tests to read.  Exit 0 only when every
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
variant and flag combination instead (:mod:`cardlaw.verify_matrix`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from cardlaw.cluster import scheduler_option
from cardlaw.options import json_flag, rule_changes, set_option
from cardlaw.progress import quiet_flag
from cardlaw.spec.errors import MalformedInput
from cardlaw.usage import argument, make_command
from cardlaw.values import IntRange
from cardlaw.verifying import RulesNotLoaded, Verified, check_each, load_proofs, verify

__all__ = ["REPORT_ENV", "check_each", "command", "verify_command"]

REPORT_ENV = "CARDLAW_VERIFY_REPORT"
"""The environment variable naming a file the report is also written to (not under ``--set``)."""


@argument("game", required=False, help="Only this game's obligations.")
@click.option("--property", "prop", metavar="ID", help="Only this obligation (an id).")
@json_flag
@click.option(
    "--witnesses",
    type=click.Path(path_type=Path),
    metavar="DIR",
    help="Write each witness that is a whole round as a game record here.",
)
@click.option(
    "--workers",
    type=IntRange(min=1),
    default=min(os.cpu_count() or 1, 4),
    metavar="N",
    help="Worker processes (default: the CPU count, at most 4).",
)
@set_option
@click.option(
    "--matrix",
    is_flag=True,
    help="Every obligation's verdict under every variant and flag combination.",
)
@scheduler_option
@click.option(
    "--junit-xml",
    "junit",
    type=click.Path(path_type=Path),
    metavar="PATH",
    help="Also write the report as JUnit XML: a test case per obligation and per link.",
)
@quiet_flag
def verify_command(
    game: str | None,
    prop: str | None,
    json_output: bool,
    witnesses: Path | None,
    workers: int,
    sets: tuple[str, ...],
    matrix: bool,
    scheduler: str | None,
    junit: Path | None,
    quiet: bool,
) -> None:
    """Prove the rules' invariants with Z3, hold the engine to the model, catch every mutant.

    With ``--set``, re-prove GAME's obligations under the changed rules, beside the printed
    rules' verdicts.
    """
    changes, report = rule_changes(sets), os.environ.get(REPORT_ENV) or None
    try:
        if matrix:
            if changes or prop is not None or witnesses is not None:
                raise MalformedInput("--matrix takes no --set, --property or --witnesses")
            ok = _matrix(game, json_output, workers, scheduler, quiet, report)
        else:
            done = verify(
                game,
                prop=prop,
                changes=changes,
                witnesses=witnesses,
                workers=workers,
                scheduler=scheduler,
                quiet=quiet,
                junit=junit,
                report=report,
                check=check_each,
            )
            if game is None and prop is None and not changes:  # a whole report: kept
                from cardlaw.kept_report import keep  # noqa: PLC0415

                keep(done.data)
            _print(done, json_output)
            ok = done.ok
    except RulesNotLoaded as error:
        click.echo(str(error), err=True)
        raise click.exceptions.Exit(1) from None
    if not ok:
        raise click.exceptions.Exit(1)


def _matrix(
    game: str | None,
    json_output: bool,
    workers: int,
    scheduler: str | None,
    quiet: bool,
    report: str | None,
) -> bool:
    """``--matrix``: :func:`cardlaw.verify_matrix.run_matrix`, once the proofs load."""
    load_proofs()
    from cardlaw.verify_matrix import run_matrix  # noqa: PLC0415

    return run_matrix(game, json_output, workers, scheduler, quiet, report)


def _print(done: Verified, json_output: bool) -> None:
    """The report: JSON, or the table and the summary."""
    from cardlaw.verify_table import print_summary, print_table  # noqa: PLC0415

    if json_output:
        print(json.dumps(done.data, ensure_ascii=False))
        return
    print_table(done.reports, done.written, done.changes, done.data.get("not_stated", []))
    print_summary(done.data)


command = make_command("verify")(verify_command)
"""``cardlaw verify``."""
