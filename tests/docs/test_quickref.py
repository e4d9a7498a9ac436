"""The judge's quick reference: rules a line each, and every ruling whole, with its question.

Cut to its first sentence, a ruling can read as its opposite: Euchre's "The dealer sits
out — No." says the reverse of the ruling (the dealer does sit out, and takes no card).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))

from cardlaw_rst import esc
from cardlaw_rulebook_rules import quickref_lines

from cardlaw.engine.registry import all_games

GAMES = {game.name: game for game in all_games()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_ruling_is_quoted_whole_with_its_question(name: str) -> None:
    text = "\n".join(quickref_lines(GAMES[name]))
    for ruling in GAMES[name].rulebook.rulings:
        assert esc(ruling.text) in text, ruling.id
        assert esc(ruling.question) in text, ruling.id


@pytest.mark.clauses("euchre.ruling.dealer-sits-out")
def test_the_sitting_dealer_reads_as_the_ruling() -> None:
    line = next(
        line for line in quickref_lines(GAMES["euchre"]) if "euchre.ruling.dealer-sits-out" in line
    )
    assert "does the dealer still take the up-card and discard?* No. The dealer sits" in line
    assert not line.endswith("— No. *(ruling)*")
