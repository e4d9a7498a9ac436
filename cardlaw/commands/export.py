"""``cardlaw export FILE``: each hand of a Euchre record as an OpenSpiel saved game."""

from __future__ import annotations

from pathlib import Path

import click

from cardlaw.spec.errors import MalformedInput
from cardlaw.usage import argument, make_command

__all__ = ["command", "export"]


@argument("file", type=click.Path(path_type=Path), help="A cardlaw Euchre game record (JSON).")
@click.option(
    "--format",
    "file_format",
    default="openspiel",
    metavar="FORMAT",
    help="openspiel (the only one).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path(),
    metavar="DIR",
    help="Where to write the files.",
)
def export(file: Path, file_format: str, out_dir: Path) -> None:
    """Write each hand of a Euchre record as an OpenSpiel saved game (exit 2: rules it lacks)."""
    from cardlaw.openspiel_logs import export_record  # noqa: PLC0415  (deferred for start-up)
    from cardlaw.output import console  # noqa: PLC0415

    if file_format != "openspiel":
        raise MalformedInput(f"--format must be openspiel, not {file_format!r}")
    for path in export_record(file, out_dir):
        console().print(str(path), markup=False)


command = make_command("export")(export)
"""``cardlaw export``."""
