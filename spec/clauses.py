"""Clauses: the rules of a game, each with a stable id, in our own words.

A :class:`Clause` is one rule.  A *ruling* is a clause that settles a point
the original rule document leaves silent or ambiguous: it states the
question, our decision and the alternative we did not take (and, where a
user could reasonably want the alternative, the variant that selects it).

>>> c = rule("demo.turn", "Turns", "Players act one at a time.", phase="play")
>>> c.id, c.is_ruling
('demo.turn', False)
>>> r = ruling("demo.ruling.ties", "Ties", question="Can two players tie?",
...            decision="No: the later player wins.", alternative="Both win.", phase="end")
>>> r.is_ruling, r.text
(True, 'No: the later player wins.')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from cardlaw.spec.guide import Guide
from cardlaw.spec.source_map import SourceMap

__all__ = ["CLAUSE_ID", "Clause", "Phase", "Rulebook", "definition", "rule", "ruling"]

CLAUSE_ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$")
"""The shape of a clause id: dot-separated lowercase words, game first."""

Kind = Literal["rule", "ruling", "definition"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Clause:
    """One rule of one game.

    ``text`` is the rule in our words (for a ruling, the decision);
    ``question`` and ``alternative`` are set for rulings; ``variant`` names
    the configuration field that selects the alternative, if any.
    """

    id: str
    title: str
    text: str
    phase: str
    kind: Kind = "rule"
    question: str = ""
    alternative: str = ""
    variant: str = ""

    def __post_init__(self) -> None:
        if not CLAUSE_ID.match(self.id):
            raise ValueError(f"bad clause id {self.id!r}")
        if self.kind == "ruling" and not (self.question and self.alternative):
            raise ValueError(f"ruling {self.id} needs a question and an alternative")

    @property
    def is_ruling(self) -> bool:
        """Whether this clause is a ruling (the source was silent or ambiguous)."""
        return self.kind == "ruling"

    @property
    def game(self) -> str:
        """The game the clause belongs to (the first part of its id)."""
        return self.id.split(".", 1)[0]


def rule(id: str, title: str, text: str, *, phase: str) -> Clause:
    """A rule clause."""
    return Clause(id=id, title=title, text=text, phase=phase)


def definition(id: str, title: str, text: str, *, phase: str) -> Clause:
    """A definition clause: a term or component the rules use."""
    return Clause(id=id, title=title, text=text, phase=phase, kind="definition")


def ruling(
    id: str,
    title: str,
    *,
    question: str,
    decision: str,
    alternative: str,
    phase: str,
    variant: str = "",
) -> Clause:
    """A ruling: our answer where the source is silent or ambiguous."""
    return Clause(
        id=id,
        title=title,
        text=decision,
        phase=phase,
        kind="ruling",
        question=question,
        alternative=alternative,
        variant=variant,
    )


@dataclass(frozen=True, slots=True)
class Phase:
    """A group of clauses in the order a reader meets them (setup, deal, ...).

    ``step`` says whether the group is a step of play, shown in the diagram of how
    a round goes; a group that is not (the cards, setting up, what players know)
    is a section of the rulebook only.  ``note`` says how often a step happens.

    >>> Phase("deal", "The deal", "each round", step=True).step, Phase("cards", "Cards").step
    (True, False)
    """

    id: str
    title: str
    note: str = ""
    step: bool = False


@dataclass(frozen=True, slots=True)
class Rulebook:
    """All clauses of one game, grouped by phase, looked up by id.

    >>> book = Rulebook("demo", "Demo", "demo.txt", (Phase("play", "Play"),),
    ...                 (rule("demo.turn", "Turns", "One at a time.", phase="play"),))
    >>> book["demo.turn"].title, "demo.nope" in book
    ('Turns', False)
    """

    game: str
    title: str
    source: str
    phases: tuple[Phase, ...]
    clauses: tuple[Clause, ...]
    sources: SourceMap | None = field(default=None, repr=False, compare=False)
    """The map of the rule document (``spec/<game>/sources.py``); a game of cardlaw's has one."""
    guide: Guide | None = field(default=None, repr=False, compare=False)
    """The guide for players (``spec/<game>/guide.py``); a game of cardlaw's has one."""
    _index: dict[str, Clause] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, Clause] = {}
        phase_ids = {phase.id for phase in self.phases}
        for clause in self.clauses:
            if clause.id in index:
                raise ValueError(f"clause {clause.id} defined twice")
            if clause.game != self.game:
                raise ValueError(f"clause {clause.id} is not a {self.game} clause")
            if clause.phase not in phase_ids:
                raise ValueError(f"clause {clause.id} has unknown phase {clause.phase!r}")
            index[clause.id] = clause
        object.__setattr__(self, "_index", index)

    def __getitem__(self, clause_id: str) -> Clause:
        try:
            return self._index[clause_id]
        except KeyError:
            raise KeyError(f"no clause {clause_id!r} in {self.game}") from None

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self._index

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses)

    def in_phase(self, phase: str) -> tuple[Clause, ...]:
        """The clauses of one phase, in order."""
        return tuple(c for c in self.clauses if c.phase == phase)

    @property
    def rulings(self) -> tuple[Clause, ...]:
        """The rulings, in order."""
        return tuple(c for c in self.clauses if c.is_ruling)
