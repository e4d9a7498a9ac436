"""``cardlaw ask GAME ...``: questions about one game, one module per game.

``cardlaw/ask/<package>.py`` defines ``COMMANDS``, the click commands that
answer questions about that game (``cardlaw ask divided-ranks census``),
named by the game's record (:data:`cardlaw.games.RECORDS`, ``questions``);
:mod:`cardlaw.commands.ask` puts them under ``cardlaw ask GAME``, beside
``legal`` for every game that reads positions.  Each command parses its
options and prints an answer of :mod:`cardlaw.answers` (:func:`print_answer`).

>>> from cardlaw.games import RECORDS
>>> [command.name for command in RECORDS["divide"].questions()]
['trick', 'play', 'token']
"""

from __future__ import annotations

import json
from pathlib import Path

from cardlaw.answers import Answer
from cardlaw.engine.documents import load_document
from cardlaw.engine.jsonio import JSON
from cardlaw.spec.errors import MalformedInput

__all__ = ["load_position", "print_answer"]


def load_position(path: Path) -> dict[str, JSON]:
    """A position file's content: JSON, or TOML when the name ends in ``.toml``.

    Read within :mod:`engine.documents`' bounds (size and nesting depth), so
    anything unreadable is malformed input.

    >>> load_position(Path("/no/such/spot.json"))
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: no such file: /no/such/spot.json
    """
    data = load_document(path, f"position: {path}")
    if not isinstance(data, dict):
        raise MalformedInput("position: must be an object")
    return data


def print_answer(answer: Answer, json_output: bool) -> None:
    """Print an answer (:mod:`cardlaw.answers`): its text, or its JSON with ``--json``."""
    if json_output:
        print(json.dumps(answer.to_json(), ensure_ascii=False))
    else:
        print(answer.text())
