"""The evaluation tables as :func:`engine.divided_ranks.evaluate.tables` makes them on first use."""

from __future__ import annotations

import pytest

from cardlaw.engine.divided_ranks import evaluate


def test_the_tables_made_on_first_use_hold_every_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # As in a process that has not made them yet (they are made once a process, then kept).
    monkeypatch.setattr(evaluate, "_TABLES", [])
    made = evaluate.tables()
    assert made.key is evaluate._KEY and len(made.key) == 20_349
    assert len(made.strengths) == 189 and list(made.strengths) == sorted(made.strengths)
    assert set(made.dense) == set(made.key)
    assert all(made.strengths[made.dense[mask]] == key for mask, key in made.key.items())
    assert evaluate.tables() is made  # kept
