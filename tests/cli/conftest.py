"""Tests here run ``cardlaw verify``: none may write the report CI's rulebook build reads."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_verify_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI exports ``CARDLAW_VERIFY_REPORT`` for the docs; a test's partial run must not replace it."""
    monkeypatch.delenv("CARDLAW_VERIFY_REPORT", raising=False)
