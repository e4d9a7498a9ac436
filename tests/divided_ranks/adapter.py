"""How the generic contract tests exercise Divided Ranks."""

from __future__ import annotations

from typing import Any

import spec.divided_ranks as divided_ranks_spec
from spec.cards import Card, CardSet

CONFIGS: list[dict[str, Any]] = [
    {},
    {"swap": "face-up"},
    {"reserve_order": "coin"},
]
"""Configurations every contract test runs."""

REPR_NAMES: dict[str, Any] = {**vars(divided_ranks_spec), "Card": Card, "CardSet": CardSet}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({}, 1, "SPLIT", 4),
    ({"swap": "face-up"}, 2, "CHOOSE", 5),
    ({}, 3, "RESERVE", 3),
    ({"reserve_order": "coin"}, 4, "BUILD", 2),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "divided-ranks",
    "--seed",
    "2026",
    "--bots",
    "expert,skilled",
]
"""The golden playthrough's command line."""
