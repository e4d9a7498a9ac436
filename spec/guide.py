"""What a player at the table needs beyond the rules: rulings in their words, a quick reference.

Each game's ``spec/<game>/guide.py`` gives a :class:`Guide` (listed in
:mod:`spec.guides`):

* ``rulings``: the rulings that change how a player plays, each retold in a
  player's words (the ruling's id, then the text), in the order of the
  rulebook.  The player's page prints each beside the phase it belongs to,
  linking to the ruling in full on the judge's page;
* ``quick``: a :class:`QuickReference`, the one-page card the player's page
  ends its rules with: the turn in a few lines, how points are scored, how
  the cards rank.

A guide's numbers come from the game's constants, so it says what the
printed rules say.  Its words are a player's: no seat numbers, no software.

>>> card = QuickReference("A turn", ("Play a card.",), ("Scoring", "Points"),
...                       (("A trick", "1"),), "Ranking", ("A high.",))
>>> Guide({"demo.ruling.ties": "Nobody ties."}, card).quick.scoring
(('A trick', '1'),)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Guide", "QuickReference"]


@dataclass(frozen=True, slots=True)
class QuickReference:
    """A game's quick-reference card.

    Attributes:
        turn_title: what ``turn`` walks through ("A round", "A hand", "A turn").
        turn: the steps of it, one line each, in order.
        scoring_header: the two column headings of the scoring table.
        scoring: the table's rows: what happens, and what it scores.
        ranking_title: the heading of ``ranking`` ("Card ranking", "Hands, strongest first").
        ranking: how the cards (or hands) rank, one line each.
    """

    turn_title: str
    turn: tuple[str, ...]
    scoring_header: tuple[str, str]
    scoring: tuple[tuple[str, str], ...]
    ranking_title: str
    ranking: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Guide:
    """A game's rulings in a player's words (ruling id -> text) and its quick reference."""

    rulings: Mapping[str, str]
    quick: QuickReference
