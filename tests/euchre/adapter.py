"""How the generic contract tests exercise Euchre."""

from __future__ import annotations

from typing import Any

import spec.euchre as euchre_spec
from spec.cards import Card, CardSet, Suit

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 4, "stick_the_dealer": True},
]
"""Configurations every contract test runs."""

REPR_NAMES: dict[str, Any] = {**vars(euchre_spec), "Card": Card, "CardSet": CardSet, "Suit": Suit}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({"players": 4}, 1, "ORDER_UP", 7),
    ({"players": 4, "stick_the_dealer": True}, 2, "NAME_TRUMP", 5),
    ({"players": 4}, 3, "DISCARD", 5),
    ({"players": 4}, 4, "TRICKS", 6),
    ({"players": 4}, 5, "TRICKS", 6),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "euchre",
    "--seed",
    "2026",
    "--bots",
    "simple,random,simple,random",
]
"""The golden playthrough's command line."""
