"""How the generic contract tests exercise Split."""

from __future__ import annotations

from typing import Any

import spec.split as split_spec
from spec.split.cards import NumberCard, NumberSet

CONFIGS: list[dict[str, Any]] = [
    {"players": 4, "max_turns": 150},
    {"players": 2, "max_turns": 150},
    {"players": 6, "max_turns": 80},
    {"mode": "cooperative", "players": 3},
    {"mode": "cooperative", "players": 5, "aids": [0]},
]
"""Configurations every contract test runs (competitive games capped to stay quick)."""

REPR_NAMES: dict[str, Any] = {
    **vars(split_spec),
    "NumberCard": NumberCard,
    "NumberSet": NumberSet,
}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({"players": 4}, 1, "PLAY", 4),
    ({"players": 2}, 2, "MOVE", 5),
    ({"players": 6}, 3, "PLAY", 4),
    ({"mode": "cooperative", "players": 3}, 4, "PLAY", 5),
    ({"mode": "cooperative", "players": 5, "aids": []}, 5, "MOVE", 5),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "split",
    "--players",
    "3",
    "--seed",
    "2026",
    "--bots",
    "greedy,random,greedy",
]
"""The golden playthrough's command line."""
