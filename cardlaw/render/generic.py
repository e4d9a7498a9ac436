"""A plain log for games without their own renderer: every action and event."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

from rich.markup import escape

from cardlaw.render.common import Events, Players

__all__ = ["log_lines"]


def log_lines(
    states: Sequence[object], actions: Sequence[object], events: Events, players: Players = None
) -> Iterator[str]:
    """One line per action, then its events."""
    for number, (action, evs) in enumerate(zip(actions, events, strict=False), start=1):
        text = getattr(action, "text", repr(action))
        yield f"{number:4d}. {escape(text)}"
        for event in evs:
            yield f"      {escape(json.dumps(event))}"
