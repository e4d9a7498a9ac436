"""``cardlaw replay --format openspiel`` and ``cardlaw export --format openspiel``.

The conversion itself is :mod:`engine.euchre.openspiel` (reading and judging
OpenSpiel's euchre logs, the mapping of its action ids) and
:mod:`engine.euchre.openspiel_export` (writing cardlaw's hands); this module
reads and writes the files and prints the verdicts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

from cardlaw.engine.euchre.openspiel import (
    Judgement,
    RulesChoice,
    judge_log,
    parse_log,
    serialize_log,
)
from cardlaw.engine.euchre.openspiel_export import hand_logs
from cardlaw.engine.files import folder, read_text, write_file
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.config import EuchreConfig

__all__ = ["export_record", "replay_lines", "replay_log"]


def replay_log(path: Path, rules: str) -> Judgement:
    """Judge the OpenSpiel euchre log in ``path`` under ``rules`` (``openspiel`` or ``cardlaw``).

    The log is read like every input file (:func:`engine.files.read_text`): a regular file
    of at most 32 MiB.
    """
    if rules not in ("openspiel", "cardlaw"):
        raise MalformedInput(f"--rules must be openspiel or cardlaw, not {rules!r}")
    return judge_log(parse_log(read_text(path)), cast("RulesChoice", rules))


def replay_lines(judgement: Judgement, rules: str, json_output: bool) -> list[str]:
    """What ``cardlaw replay --format openspiel`` prints.

    >>> from cardlaw.engine.euchre.openspiel import Judgement
    >>> replay_lines(Judgement(True, True, (1, -1, 1, -1), None, None), "openspiel", False)
    ['legal: returns [1, -1, 1, -1]']
    """
    if json_output:
        return [json.dumps(judgement.to_json(with_differences=rules == "cardlaw"))]
    lines = [
        f"difference at action {d.index} [{d.clause}]: {d.text}"
        + ("" if d.refused else " (allowed by both)")
        for d in judgement.differences
    ]
    if not judgement.legal:
        return [*lines, f"illegal: {judgement.error}"]
    if judgement.returns is None:
        return [*lines, "legal so far: the hand is not finished"]
    return [*lines, f"legal: returns {list(judgement.returns)}"]


def export_record(path: Path, out: Path) -> list[Path]:
    """Write each hand of the Euchre record ``path`` as an OpenSpiel log in ``out``.

    ``out`` is made, with its parents, if it is missing; each file is written safely
    (:func:`engine.files.write_file`).
    """
    from cardlaw.engine.record import read_record, replay_record  # noqa: PLC0415

    replay = replay_record(read_record(path))
    if replay.game.name != "euchre":
        raise MalformedInput(f"only Euchre records export to OpenSpiel, not {replay.game.name}")
    if not replay.legal:
        raise MalformedInput(f"{path} is not a legal record: cardlaw replay {path} says why")
    config = cast("EuchreConfig", replay.config)
    logs = hand_logs(config, replay.states, replay.actions)  # type: ignore[arg-type]  # Euchre's, checked above
    folder(out, what="--out")
    written: list[Path] = []
    for number, hand in enumerate(logs, start=1):
        target = out / f"{path.stem}-hand{number:03d}.openspiel"
        write_file(target, serialize_log(hand.log), what="--out")
        written.append(target)
    return written
