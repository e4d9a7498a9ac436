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

from engine.euchre.openspiel import Judgement, RulesChoice, judge_log, parse_log, serialize_log
from engine.euchre.openspiel_export import hand_logs
from spec.errors import MalformedInput
from spec.euchre.config import EuchreConfig

__all__ = ["export_record", "replay_lines", "replay_log"]


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise MalformedInput(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise MalformedInput(f"{path} is not UTF-8 text") from None


def replay_log(path: Path, rules: str) -> Judgement:
    """Judge the OpenSpiel euchre log in ``path`` under ``rules`` (``openspiel`` or ``cardlaw``)."""
    if rules not in ("openspiel", "cardlaw"):
        raise MalformedInput(f"--rules must be openspiel or cardlaw, not {rules!r}")
    return judge_log(parse_log(_read_text(path)), cast("RulesChoice", rules))


def replay_lines(judgement: Judgement, rules: str, json_output: bool) -> list[str]:
    """What ``cardlaw replay --format openspiel`` prints.

    >>> from engine.euchre.openspiel import Judgement
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
    """Write each hand of the Euchre record ``path`` as an OpenSpiel log in ``out``."""
    from engine.record import read_record, replay_record  # noqa: PLC0415

    replay = replay_record(read_record(path))
    if replay.game.name != "euchre":
        raise MalformedInput(f"only Euchre records export to OpenSpiel, not {replay.game.name}")
    if not replay.legal:
        raise MalformedInput(f"{path} is not a legal record: cardlaw replay {path} says why")
    config = cast("EuchreConfig", replay.config)
    logs = hand_logs(config, replay.states, replay.actions)  # type: ignore[arg-type]
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MalformedInput(f"cannot make {out}: {error.strerror}") from None
    written: list[Path] = []
    for number, hand in enumerate(logs, start=1):
        target = out / f"{path.stem}-hand{number:03d}.openspiel"
        try:
            target.write_text(serialize_log(hand.log), encoding="utf-8")
        except OSError as error:
            raise MalformedInput(f"cannot write {target}: {error.strerror}") from None
        written.append(target)
    return written
