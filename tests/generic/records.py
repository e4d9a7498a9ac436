"""Editing a game's record file, as the command-line tests of ``cardlaw replay`` do."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def tamper(record: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    """The record file at ``record``, rewritten with ``edit`` applied to its JSON."""
    data = json.loads(record.read_text())
    edit(data)
    record.write_text(json.dumps(data))
    return record


def first(data: dict[str, Any], verb: str, after: int = 0) -> int:
    """The index of the first action from ``after`` on whose text starts with ``verb``."""
    return next(
        i for i, e in enumerate(data["actions"]) if i >= after and e["action"].startswith(verb)
    )


def deal_a_card_twice(data: dict[str, Any]) -> None:
    """Edit a record so that its first shuffle holds its first card twice (and not its second)."""
    i = first(data, "shuffle")
    cards = data["actions"][i]["action"].split()
    cards[2] = cards[1]
    data["actions"][i]["action"] = " ".join(cards)
