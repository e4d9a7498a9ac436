"""The player's layer of a game page: the rules in plain words, without the judge's apparatus.

``.. cardlaw-player-rules:: GAME`` writes every rule and definition of the game's
rulebook, grouped by phase, as plain paragraphs: no clause ids, no code traces, no
proofs.  A sentence about the software (it names the engine, a proof, ``cardlaw``)
belongs to the judge's layer and is left out here; the rulings, which answer
questions the rule document leaves open, are on the judge's page.
:data:`JUDGE_WORDS` is also what ``tests/docs`` looks for in the built player pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardlaw_rulebook import esc
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from engine.registry import get_game

__all__ = ["JUDGE_WORDS", "plain", "player_rule_lines"]

JUDGE_WORDS = re.compile(
    r"chance outcome|\bor chance\b|cardlaw|\bengine\b|obligation|\bZ3\b|\bprove[ds]?\b|"
    r"\bproof|refuted|"
    r"sampler|bitmask|mutant|rlimit|enforced by|invariant|\b[a-z]+_[a-z_]+\b|\w\(\)|"
    r"\b[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*\.[a-z-]+\b",
    re.IGNORECASE,
)
"""Words of the judge's layer (software, proofs, clause ids, function names), never a player's."""

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_CLAUSE_REFS = re.compile(r"\s*\[[a-z][a-z0-9-]*\.[a-z0-9.,\s-]+\]")


def plain(text: str) -> str:
    """A clause's text for players: clause references and sentences about the software removed."""
    text = _CLAUSE_REFS.sub("", text)
    kept = [s for s in _SENTENCE.split(text) if not JUDGE_WORDS.search(s)]
    return " ".join(kept)


def player_rule_lines(name: str) -> list[str]:
    """The reStructuredText of a game's rules for players, phase by phase."""
    rulebook = get_game(name).rulebook
    lines: list[str] = []
    for phase in rulebook.phases:
        clauses = [c for c in rulebook.in_phase(phase.id) if not c.is_ruling]
        told = [(c.title, plain(c.text)) for c in clauses]
        told = [(title, text) for title, text in told if text]
        if not told:
            continue
        lines += [f".. rubric:: {esc(phase.title)}", ""]
        for title, text in told:
            lines += [f"**{esc(title)}.** {esc(text)}", ""]
    return lines


class PlayerRulesDirective(SphinxDirective):
    """``.. cardlaw-player-rules:: GAME`` — the rules in plain words."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Parse the rules in place, in a container of class ``cardlaw-player``."""
        here = Path(__file__).resolve()
        rules = here.parents[2] / "spec" / self.arguments[0].replace("-", "_") / "rules.py"
        for path in (here, rules):  # rebuilt when the rules or this filter change
            self.env.note_dependency(str(path))
        box = nodes.container()
        box["classes"].append("cardlaw-player")
        lines = player_rule_lines(self.arguments[0])
        self.state.nested_parse(
            StringList(lines, source="<cardlaw-player-rules>"), self.content_offset, box
        )
        return [box]


def setup(app: Any) -> None:
    """Register the directive (called by ``cardlaw_stories.setup``)."""
    app.add_directive("cardlaw-player-rules", PlayerRulesDirective)
