"""The rulebook's directives that show the rules checked: examples, proofs, traceability, records.

``cardlaw-example`` (doctest lines run through the engine at build time),
``cardlaw-invariants`` (each obligation with its status from ``cardlaw verify``),
``cardlaw-rulings``, ``cardlaw-traceability`` (a rule with no implementation fails
the build) and ``cardlaw-record-example``; registered by :mod:`cardlaw_rulebook`.
"""

from __future__ import annotations

import doctest
from typing import TYPE_CHECKING, Any, ClassVar, cast

from cardlaw_rst import GameDirective, RstDirective, clause_ref, esc
from cardlaw_rulebook_data import (
    all_obligations,
    clause_test_marks,
    enforced_by,
    invariants_of,
    obligation_reports,
    proofs_of,
    registered_games,
)
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.errors import ExtensionError

from cardlaw.bots import make_bots
from cardlaw.engine.record import build_record, dump_record, replay_record
from cardlaw.sampling import play_game

if TYPE_CHECKING:
    from sphinx.domains.std import StandardDomain

__all__ = [
    "ExampleDirective",
    "InvariantsDirective",
    "RecordExampleDirective",
    "RulingsDirective",
    "TraceabilityDirective",
]


# --- examples ----------------------------------------------------------------------------------


class ExampleDirective(RstDirective):
    """``cardlaw-example``: doctest lines, run through the engine when the docs are built."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        source = "\n".join(self.content) + "\n"
        parser = doctest.DocTestParser()
        # Examples on one page share their names, like a doctest file.
        namespace = cast(
            "dict[str, Any]", self.env.temp_data.setdefault("cardlaw_example_globals", {})
        )
        test = parser.get_doctest(
            source, namespace, f"{self.env.docname}:{self.lineno}", self.env.docname, self.lineno
        )
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        failures: list[str] = []
        runner.run(test, out=failures.append, clear_globs=False)
        namespace.update(test.globs)  # DocTest ran on a copy
        if runner.failures:
            raise self.error(
                "cardlaw-example failed when run through the engine:\n" + "".join(failures)
            )
        block = nodes.literal_block(source, source)
        block["language"] = "pycon"
        out: list[nodes.Node] = []
        if "title" in self.options:
            out.append(nodes.rubric(text=self.options["title"]))
        out.append(block)
        return out


# --- invariants and proofs ----------------------------------------------------------------------


class InvariantsDirective(GameDirective):
    """``cardlaw-invariants GAME``: proof obligations with their status, and the step invariants."""

    def render(self, game: Any) -> list[nodes.Node]:
        reports = obligation_reports()
        std = cast("StandardDomain", self.env.get_domain("std"))
        lines: list[str] = []
        mine = [ob for ob in all_obligations() if ob.game == game.name]
        if not mine:
            lines += ["No proof obligations yet.", ""]
        out: list[nodes.Node] = []
        for ob in mine:
            report = reports.get(ob.id)
            if report is None:
                status, mark = "not run", "unknown"
            else:
                want = "proved" if ob.expected == "holds" else "refuted"
                status = report["status"]
                mark = "ok" if report["ok"] else "failed"
                if report["status"] == want and ob.expected == "fails":
                    status = "refuted, as expected (a finding about the rules)"
            box = nodes.container(ids=[ob.id])
            box["classes"] += ["cardlaw-obligation", f"cardlaw-{mark}"]
            std.note_hyperlink_target(ob.id, self.env.docname, ob.id, ob.id)
            mutants = report["mutants"] if report else []
            caught = sum(m["caught"] for m in mutants)
            seconds = f", {report['seconds']:.2f} s" if report else ""
            if report and report.get("rlimit"):  # Z3 resource units, the deterministic measure
                seconds += f", {report['rlimit']:,} resource units"
            method = "Z3" if ob.method == "z3" else ob.method
            text = [
                f"**{ob.id}** — expected **{ob.expected}**; result **{status}**{seconds} "
                f"({method})" + (f"; variant ``{ob.variant}``" if ob.variant else ""),
                "",
                esc(ob.statement),
                "",
                "Clauses: " + ", ".join(clause_ref(c) for c in ob.clauses),
                "",
                f"Mutants caught: {caught}/{len(mutants)} — "
                + "; ".join(
                    esc(m["description"]) + ("" if m["caught"] else " (**survived**)")
                    for m in mutants
                ),
                "",
            ]
            if report and report.get("witness"):
                kind = "Witness" if report["status"] == "proved" else "Counterexample"
                replayed = (
                    " (replayed through the engine)" if report.get("witness_replayed") else ""
                )
                text += [
                    f"{kind}{replayed}:",
                    "",
                    *(f"    {line}" for line in report["witness"].splitlines()),
                    "",
                ]
            self.state.nested_parse(StringList(text, source=ob.id), self.content_offset, box)
            out.append(box)
        invs = [*game.invariants, *game.step_invariants]
        if invs:
            lines = [
                "The stateful tests check these after every step of every generated game:",
                "",
            ]
            for inv in invs:
                lines.append(
                    f"* ``{inv.id}`` — {esc(inv.text)} "
                    f"({', '.join(clause_ref(c) for c in inv.clauses)})"
                )
            out += self.emit(lines)
        return out


# --- rulings and traceability -------------------------------------------------------------------


class RulingsDirective(RstDirective):
    """``cardlaw-rulings``: every game's rulings in one place."""

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for game in registered_games().values():
            self.depend_on_spec(game)
            rulings = game.rulebook.rulings
            lines += [f".. rubric:: {game.rulebook.title} ({len(rulings)} rulings)", ""]
            for clause in rulings:
                lines += [
                    f"* :clause:`{clause.id}` — **{esc(clause.title)}**",
                    "",
                    f"  *Question:* {esc(clause.question)}",
                    "",
                    f"  *Decision:* {esc(clause.text)}",
                    "",
                    f"  *Alternative:* {esc(clause.alternative)}"
                    + (f" (variant field ``{clause.variant}``)" if clause.variant else ""),
                    "",
                ]
        return self.emit(lines)


class TraceabilityDirective(RstDirective):
    """``cardlaw-traceability``: clause -> implementation, proofs, tests; gaps flagged."""

    def run(self) -> list[nodes.Node]:
        enforcement = enforced_by()
        tests = clause_test_marks()
        self.depend_on_tests()
        missing = []
        lines: list[str] = []
        for game in registered_games().values():
            self.depend_on_spec(game)
            unchecked = []
            rows = []
            for clause in game.rulebook:
                enforced = enforcement.get(clause.id, [])
                invariants = invariants_of(game, clause.id)
                proofs = proofs_of(clause.id)
                checked_by = tests.get(clause.id, [])
                if not enforced and not invariants and clause.kind != "definition":
                    missing.append(clause.id)
                if not enforced and not invariants and clause.kind == "definition":
                    enforced = []
                if not proofs and not checked_by:
                    unchecked.append(clause.id)
                impl = ", ".join(f"``{e.split('.')[-1]}``" for e in enforced) or (
                    "—" if clause.kind == "definition" else "**none**"
                )
                if invariants:
                    impl += ("; " if enforced else "") + ", ".join(f"``{i}``" for i in invariants)
                rows += [
                    f"   * - {clause_ref(clause.id)}",
                    f"     - {impl}",
                    f"     - {', '.join(f':obligation:`{p}`' for p in proofs) or '—'}",
                    f"     - {len(checked_by) or '**none**'}",
                ]
            total = len(game.rulebook.clauses)
            lines += [
                f".. rubric:: {game.rulebook.title}",
                "",
                f"{total} clauses; {total - len(unchecked)} checked by a proof or a test; "
                f"{len(unchecked)} checked by neither"
                + (": " + ", ".join(clause_ref(c) for c in unchecked) if unchecked else "")
                + ".",
                "",
                ".. list-table::",
                "   :header-rows: 1",
                "   :class: cardlaw-table cardlaw-trace",
                "",
                "   * - Clause",
                "     - Enforced by",
                "     - Proved by",
                "     - Tests",
                *rows,
                "",
            ]
        if missing:
            raise ExtensionError(
                "cardlaw: these rule clauses have no implementation (no @enforces and no "
                "invariant): " + ", ".join(missing)
            )
        return self.emit(lines)


# --- records and the CLI --------------------------------------------------------------------------


class RecordExampleDirective(GameDirective):
    """``cardlaw-record-example GAME``: a real record from a seeded game, shortened."""

    option_spec: ClassVar[dict[str, Any]] = {
        "seed": directives.nonnegative_int,
        "head": directives.nonnegative_int,
    }

    def render(self, game: Any) -> list[nodes.Node]:
        seed = self.options.get("seed", 1)
        head = self.options.get("head", 12)
        config = game.config()
        playout = play_game(game, config, make_bots(game, ["random"] * config.players), seed=seed)
        record = build_record(
            game, config, playout.actions, seed=seed, players=["random"] * config.players
        )
        if not replay_record(record).legal:
            raise self.error("the example record does not replay")
        lines = dump_record(record).splitlines()
        start = lines.index('  "actions": [')
        end = len(lines) - 1 - lines[::-1].index("  ],")
        shown = (
            lines[: start + 1 + head]
            + [f"    ... {end - start - 1 - head} more actions ..."]
            + lines[end - 3 :]
        )
        text = "\n".join(shown)
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]
