"""How the generic contract tests exercise Divide."""

from __future__ import annotations

from typing import Any

import spec.divide as divide_spec
from spec.cards import Card, CardSet

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 5},
    {"players": 4, "trump_suit": "own"},
]
"""Configurations every contract test runs."""

REPR_NAMES: dict[str, Any] = {**vars(divide_spec), "Card": Card, "CardSet": CardSet}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({"players": 4}, 1, "OFFERING", 4),
    ({"players": 5}, 2, "OFFERING", 3),
    ({"players": 4}, 3, "CHOOSE", 4),
    ({"players": 4}, 4, "TRICKS", 8),
    ({"players": 5}, 5, "TRICKS", 6),
    ({"players": 4, "trump_suit": "own"}, 4, "TRICKS", 8),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "divide",
    "--seed",
    "2026",
    "--bots",
    "greedy,random,greedy,random",
]
"""The golden playthrough's command line."""
