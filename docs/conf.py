"""Sphinx configuration for the cardlaw rulebook."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

project = "cardlaw"
author = "the cardlaw developers"
copyright = "2026, the cardlaw developers"
extensions = [
    "cardlaw_report",
    "cardlaw_rulebook",
    "cardlaw_whatif",
    "cardlaw_matrix",
    "cardlaw_sources",
    "cardlaw_findings",
    "cardlaw_cards",
    "cardlaw_stories",
    "cardlaw_coverage",
    "cardlaw_cli",
]
html_theme = "furo"
html_title = "cardlaw rulebook"
html_static_path = ["_static"]
exclude_patterns = ["_build"]
nitpicky = False
suppress_warnings: list[str] = []
pygments_style = "sphinx"
