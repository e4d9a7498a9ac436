"""The pages state the Split solver's budget as the code has it (issue 32: they said 200,000
positions while the code searched 10,000,000)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from cardlaw.simulation.split import SOLVER_BUDGET

ROOT = Path(__file__).resolve().parents[2]


def test_the_simulate_page_reads_the_budget_from_the_code() -> None:
    text = (ROOT / "docs" / "simulate.rst").read_text(encoding="utf-8")
    assert "at most |split-solver-budget| positions" in text
    assert not re.search(r"at most [0-9][0-9,]* positions", text)
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    assert f".. |split-solver-budget| replace:: {SOLVER_BUDGET:,}" in conf["rst_prolog"]


def test_the_built_page_shows_the_budget(built_docs: Path) -> None:
    html = (built_docs / "simulate.html").read_text(encoding="utf-8")
    assert re.search(rf"at most\s+{SOLVER_BUDGET:,}\s+positions", html)
