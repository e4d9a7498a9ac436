"""A witness made of a Z3 model and an engine record shows one game, not two.

Euchre's game-length obligations print the scores of the game Z3 found and then the
record of a game played through the engine.  Read independently, hand by hand, the
record's scores must be the model's: "…, 9-9, 13-9" followed by a record that ends
10-9 would be two different games shown as one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from cardlaw.engine.api import JSON
from cardlaw.engine.record import replay_record
from cardlaw.proofs.core import check
from cardlaw.proofs.registry import obligation

_SCORES = re.compile(r"scores after each(?: hand)?: ([0-9, -]+)\.")


def _record_scores(record: Mapping[str, JSON]) -> list[str]:
    """The scores after each hand of a replayed record, computed from its results."""
    final = replay_record(record).final
    totals, out = [0, 0], []
    for team, points in final.results:
        if team >= 0:
            totals[team] += points
        out.append(f"{totals[0]}-{totals[1]}")
    return out


@pytest.mark.clauses("euchre.ruling.all-pass", "euchre.end.ten")
@pytest.mark.parametrize(
    ("oid", "rules"),
    [
        ("euchre.game.ends.stick-the-dealer", None),
        ("euchre.game.ends.stick-the-dealer", {"TARGET": 11}),
        ("euchre.game.fewest-hands", None),
    ],
)
def test_the_model_and_the_record_are_one_game(oid: str, rules: dict[str, int] | None) -> None:
    report = check(obligation(oid, "euchre", rules))
    assert report.status == "proved" and report.witness is not None
    witness = report.witness
    assert witness.record is not None and witness.replayed
    found = _SCORES.search(witness.text)
    assert found is not None, witness.text
    model = found.group(1).split(", ")
    assert model == _record_scores(witness.record)
    assert "The same game played through the engine" in witness.text
