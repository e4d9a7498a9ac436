"""``cardlaw replay FILE``: judge a game record (or an OpenSpiel log) action by action."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardlaw.options import json_flag, rule_changes, set_option
from cardlaw.spec.errors import MalformedInput
from cardlaw.usage import argument, make_command

__all__ = ["command", "replay"]

_FORMAT_HELP = "record: a cardlaw game record; openspiel: an OpenSpiel euchre saved game."
_RULES_HELP = (
    "With --format openspiel: openspiel judges under the cardlaw variant matching the game's "
    "parameters; cardlaw under cardlaw's defaults, each difference reported with its clause."
)


@argument(
    "file", type=click.Path(path_type=Path), help="A game record (JSON), or an OpenSpiel log."
)
@set_option
@json_flag
@click.option("--format", "file_format", default="record", metavar="FORMAT", help=_FORMAT_HELP)
@click.option("--rules", default="openspiel", metavar="RULES", help=_RULES_HELP)
def replay(
    file: Path, sets: tuple[str, ...], json_output: bool, file_format: str, rules: str
) -> None:
    """Check a game record action by action: exit 0 if legal, 1 naming the first illegal action.

    A legal record's result is printed; for a game not finished, its last event (a round's
    scores, a trick) says where it stands.  A record that names a seed must hold exactly the
    chance outcomes that seed draws.  A
    record made under changed rules carries them in its config; ``--set`` judges it under
    rules changed further (was this game legal under that house rule?).  With ``--format
    openspiel`` it judges one hand of OpenSpiel's euchre and prints each seat's returns.
    """
    from cardlaw.output import console  # noqa: PLC0415  (deferred for start-up)

    out = console()
    if file_format not in ("record", "openspiel"):
        raise MalformedInput(f"--format must be record or openspiel, not {file_format!r}")
    if file_format == "openspiel":
        from cardlaw.openspiel_logs import replay_lines, replay_log  # noqa: PLC0415

        if sets:
            raise MalformedInput("--set does not apply to --format openspiel (use --rules)")
        judgement = replay_log(file, rules)
        for line in replay_lines(judgement, rules, json_output):
            out.print(line, markup=False)
        legal = judgement.legal
    else:
        from cardlaw.judge import judge_file, verdict_lines  # noqa: PLC0415

        result = judge_file(file, rule_changes(sets))
        if json_output:
            out.print_json(json.dumps(result.to_json()))
        else:
            for line in verdict_lines(result):
                out.print(line, markup=False)
        legal = result.legal
    if not legal:
        raise click.exceptions.Exit(1)


command = make_command("replay")(replay)
"""``cardlaw replay``."""
