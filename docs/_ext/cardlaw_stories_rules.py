"""The player's layer of a game page: the rules in plain words, without the judge's apparatus.

``.. cardlaw-player-rules:: GAME`` writes every rule and definition of the game's
rulebook, grouped by phase, as plain paragraphs: no clause ids, no code traces, no
proofs.  A sentence about the software or the rule document (it names the engine, a
proof, ``cardlaw``, a seat number, the document) belongs to the judge's layer and is left
out here.  The rulings that change how a player plays follow the rules of their phase,
retold in a player's words (the game's guide, :mod:`spec.guides`), each linking to the
ruling in full on the judge's page.

``.. cardlaw-quick-card:: GAME`` writes the game's quick reference (the guide's
:class:`~spec.guide.QuickReference`): the turn in a few lines, the scoring table and the
card ranking, in a box the print style sheet puts on a page of its own.

:data:`JUDGE_WORDS` is also what ``tests/docs`` looks for in the built player pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardlaw_rst import esc
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from cardlaw.engine.registry import get_game
from cardlaw.spec.guide import QuickReference
from cardlaw.spec.guides import guide_of

__all__ = ["JUDGE_WORDS", "plain", "player_rule_lines", "quick_card_lines"]

JUDGE_WORDS = re.compile(
    r"chance outcome|\bor chance\b|cardlaw|\bengine\b|obligation|\bZ3\b|\bprove[ds]?\b|"
    r"\bproof|refuted|\bdocument\b|\bseats? (?:\d|number)|"
    r"sampler|bitmask|mutant|rlimit|enforced by|invariant|\b[a-z]+_[a-z_]+\b|\w\(\)|"
    r"\b[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*\.[a-z-]+\b",
    re.IGNORECASE,
)
"""Words of the judge's layer (software, proofs, the rule document, seat numbers, clause ids,
function names), never a player's."""

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_CLAUSE_REFS = re.compile(r"\s*\[[a-z][a-z0-9-]*\.[a-z0-9.,\s-]+\]")


def plain(text: str) -> str:
    """A clause's text for players: clause references and sentences about the software removed."""
    text = _CLAUSE_REFS.sub("", text)
    kept = [s for s in _SENTENCE.split(text) if not JUDGE_WORDS.search(s)]
    return " ".join(kept)


def player_rule_lines(name: str) -> list[str]:
    """The reStructuredText of a game's rules for players, phase by phase.

    After the rules of a phase come its rulings that change play, in the guide's words,
    each with a link to the ruling on the judge's page.
    """
    rulebook = get_game(name).rulebook
    rulings = guide_of(get_game(name).rulebook).rulings
    lines: list[str] = []
    for phase in rulebook.phases:
        clauses = [c for c in rulebook.in_phase(phase.id) if not c.is_ruling]
        told = [(c.title, plain(c.text)) for c in clauses]
        told = [(title, text) for title, text in told if text]
        ruled = [c for c in rulebook.in_phase(phase.id) if c.id in rulings]
        if not told and not ruled:
            continue
        lines += [f".. rubric:: {esc(phase.title)}", ""]
        for title, text in told:
            lines += [f"**{esc(title)}.** {esc(text)}", ""]
        for clause in ruled:
            lines += [
                ".. container:: cardlaw-table-ruling",
                "",
                f"   **Ruling: {esc(clause.title)}.** {esc(rulings[clause.id])} "
                f":ref:`The ruling in full <{clause.id}>`",
                "",
            ]
    return lines


def quick_card_lines(title: str, quick: QuickReference) -> list[str]:
    """The reStructuredText of a game's quick reference, in a box of class ``cardlaw-quickcard``.

    >>> card = QuickReference("A turn", ("Play.",), ("When", "Result"), (("Last card", "win"),),
    ...                       "The cards", ("0 to 100.",))
    >>> quick_card_lines("Split", card)[:3]
    ['.. container:: cardlaw-quickcard', '', '   .. rubric:: Split at a glance']
    """
    lines = [
        ".. container:: cardlaw-quickcard",
        "",
        f"   .. rubric:: {esc(title)} at a glance",
        "",
        f"   **{esc(quick.turn_title)}**",
        "",
    ]
    lines += [f"   #. {esc(step)}" for step in quick.turn]
    lines += [
        "",
        "   .. list-table::",
        "      :header-rows: 1",
        "      :class: cardlaw-quick-scoring",
        "",
        f"      * - {esc(quick.scoring_header[0])}",
        f"        - {esc(quick.scoring_header[1])}",
    ]
    for what, scores in quick.scoring:
        lines += [f"      * - {esc(what)}", f"        - {esc(scores)}"]
    lines += ["", f"   **{esc(quick.ranking_title)}**", ""]
    lines += [f"   * {esc(line)}" for line in quick.ranking]
    return [*lines, ""]


def _note_sources(directive: SphinxDirective, game: str) -> None:
    here = Path(__file__).resolve()
    package = here.parents[2] / "spec" / game.replace("-", "_")
    for path in (here, package / "rules.py", package / "guide.py"):  # rebuilt when they change
        directive.env.note_dependency(str(path))


class PlayerRulesDirective(SphinxDirective):
    """``.. cardlaw-player-rules:: GAME`` — the rules in plain words, with the table rulings."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Parse the rules in place, in a container of class ``cardlaw-player``."""
        _note_sources(self, self.arguments[0])
        box = nodes.container()
        box["classes"].append("cardlaw-player")
        lines = player_rule_lines(self.arguments[0])
        self.state.nested_parse(
            StringList(lines, source="<cardlaw-player-rules>"), self.content_offset, box
        )
        return [box]


class QuickCardDirective(SphinxDirective):
    """``.. cardlaw-quick-card:: GAME`` — the quick reference, one printed page."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Parse the quick reference in place."""
        name = self.arguments[0]
        _note_sources(self, name)
        lines = quick_card_lines(
            get_game(name).rulebook.title, guide_of(get_game(name).rulebook).quick
        )
        box = nodes.container()
        self.state.nested_parse(
            StringList(lines, source="<cardlaw-quick-card>"), self.content_offset, box
        )
        return box.children


def setup(app: Any) -> None:
    """Register the directives (called by ``cardlaw_stories.setup``)."""
    app.add_directive("cardlaw-player-rules", PlayerRulesDirective)
    app.add_directive("cardlaw-quick-card", QuickCardDirective)
