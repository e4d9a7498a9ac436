"""cardlaw's Sphinx extension: the rulebook generated from ``spec/``, never hand-copied.

Directives (``GAME`` is a registered game name, e.g. ``divide``):

* ``cardlaw-components GAME`` — the components and every constant of the game;
* ``cardlaw-phases GAME`` — a diagram of the steps of play (the phases marked ``step``);
* ``cardlaw-rules GAME`` — every clause, numbered and grouped by phase, with the
  clause id as its anchor; rulings marked with their question and alternative;
* ``cardlaw-variants GAME`` — the named variants and the clauses they change;
* ``cardlaw-quickref GAME`` — a one-page quick reference;
* ``cardlaw-example`` — doctest lines run through the engine at build time (a
  wrong expected output fails the build);
* ``cardlaw-invariants GAME`` — the proof obligations with their status from
  ``cardlaw verify``, and the invariants the tests check at every step;
* ``cardlaw-rulings`` — every game's rulings in one place;
* ``cardlaw-traceability`` — every clause, the engine functions that enforce it,
  the proofs and tests that check it; unchecked clauses are flagged and a rule
  with no implementation fails the build;
* ``cardlaw-record-example GAME`` — a real game record, truncated;

Proof status comes from the JSON report named by ``CARDLAW_VERIFY_REPORT``
(``cardlaw verify`` writes it there), else from the report cached for these
sources, else from proving them once at build time (``cardlaw_report``).
Each directive notes the spec files it reads as dependencies, and the
extension is safe for parallel reading and writing.

This module registers them; they live by concern in :mod:`cardlaw_rulebook_rules`
(the rules stated) and :mod:`cardlaw_rulebook_checks` (the rules checked), on
:mod:`cardlaw_rst` (reStructuredText helpers, base classes, roles) and
:mod:`cardlaw_rulebook_data` (what they read).
"""

from __future__ import annotations

from typing import Any

from cardlaw_rst import card_role, xref_role
from cardlaw_rulebook_checks import (
    ExampleDirective,
    InvariantsDirective,
    RecordExampleDirective,
    RulingsDirective,
    TraceabilityDirective,
)
from cardlaw_rulebook_rules import (
    ComponentsDirective,
    PhasesDirective,
    QuickRefDirective,
    RulesDirective,
    VariantsDirective,
)
from sphinx.application import Sphinx


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives and roles."""
    app.add_role("card", card_role)
    app.add_role("clause", xref_role("clause"))
    app.add_role("obligation", xref_role("obligation"))
    for name, directive in {
        "cardlaw-components": ComponentsDirective,
        "cardlaw-phases": PhasesDirective,
        "cardlaw-rules": RulesDirective,
        "cardlaw-variants": VariantsDirective,
        "cardlaw-quickref": QuickRefDirective,
        "cardlaw-example": ExampleDirective,
        "cardlaw-invariants": InvariantsDirective,
        "cardlaw-rulings": RulingsDirective,
        "cardlaw-traceability": TraceabilityDirective,
        "cardlaw-record-example": RecordExampleDirective,
    }.items():
        app.add_directive(name, directive)
    app.add_css_file("cardlaw.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
