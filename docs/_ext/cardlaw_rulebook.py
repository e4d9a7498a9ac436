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
"""

from __future__ import annotations

import ast
import doctest
import html
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from cardlaw_report import verify_report
from cardlaw_sources import source_refs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

if TYPE_CHECKING:
    from sphinx.domains.std import StandardDomain
    from sphinx.util.typing import RoleFunction

from cardlaw.bots import make_bots
from cardlaw.sampling import play_game
from engine.record import build_record, dump_record, replay_record
from engine.registry import all_games
from proofs.registry import obligations
from spec.trace import ENFORCEMENT

ROOT = Path(__file__).resolve().parents[2]
logger = logging.getLogger(__name__)

CARD = re.compile(r"(?<![\w`])((?:10|[2-9JQKA])[♠♥♦♣])")


# --- data ------------------------------------------------------------------------------


def _games() -> dict[str, Any]:
    """The registered games, by name, as the registry lists them when asked."""
    return {game.name: game for game in all_games()}


def _game(name: str) -> Any:
    games = _games()
    if name not in games:
        raise ExtensionError(f"cardlaw: unknown game {name!r} (known: {', '.join(games)})")
    return games[name]


def _package(game: Any) -> str:
    return str(game.name).replace("-", "_")


@cache
def _verify_reports() -> dict[str, dict[str, Any]]:
    """Obligation id -> its JSON report, from :func:`cardlaw_report.verify_report`."""
    data = verify_report()
    mutants: dict[str, list[dict[str, Any]]] = {}
    for m in data["mutants"]:
        mutants.setdefault(m["obligation"], []).append(m)
    return {o["id"]: {**o, "mutants": mutants.get(o["id"], [])} for o in data["obligations"]}


def _obligations() -> list[Any]:
    """Every obligation, as the proofs' table lists them when asked (built once there)."""
    return list(obligations())


@cache
def _test_marks() -> dict[str, list[str]]:
    """Clause id -> the tests marked ``@pytest.mark.clauses(...)`` with it."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[tuple[str, ast.expr]] = []
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                targets = [(f"{rel}::{node.name}", d) for d in node.decorator_list]
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
            ):
                targets = [(rel, node.value)]
            for name, expr in targets:
                for call in ast.walk(expr):
                    if (
                        isinstance(call, ast.Call)
                        and isinstance(call.func, ast.Attribute)
                        and call.func.attr == "clauses"
                    ):
                        for arg in call.args:
                            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                                found.setdefault(arg.value, []).append(name)
    return found


def _enforcement() -> dict[str, list[str]]:
    _games()  # importing the games registers their @enforces marks
    return ENFORCEMENT


def _proofs_of(clause_id: str) -> list[str]:
    return [ob.id for ob in _obligations() if clause_id in ob.clauses]


def _invariants_of(game: Any, clause_id: str) -> list[str]:
    return [inv.id for inv in (*game.invariants, *game.step_invariants) if clause_id in inv.clauses]


# --- rst helpers -------------------------------------------------------------------------


def esc(text: str) -> str:
    """Escape text for reStructuredText and mark up cards (``7♥``) for colour."""
    text = re.sub(r"([\\*`|_<>])", r"\\\1", text)
    return CARD.sub(r":card:`\1`", text)


def link_clauses(text: str) -> str:
    """Turn ``[game.clause-id, ...]`` in text into clause links."""

    def links(match: re.Match[str]) -> str:
        ids = [i.strip() for i in match.group(1).split(",")]
        return "(" + ", ".join(clause_ref(i) for i in ids) + ")"

    return re.sub(r"\[([a-z][a-z0-9-]*\.[a-z0-9.,\s-]+)\]", links, text)


def clause_ref(clause_id: str) -> str:
    return f":clause:`{clause_id}`"


class _RstDirective(SphinxDirective):
    """A directive that writes reStructuredText and parses it in place."""

    def emit(self, lines: Iterable[str]) -> list[nodes.Node]:
        container = nodes.container()
        container["classes"].append("cardlaw")
        content = StringList(list(lines), source=f"<cardlaw {self.name}>")
        self.state.nested_parse(content, self.content_offset, container)
        return [container]

    def depend_on_tests(self) -> None:
        for path in sorted((ROOT / "tests").rglob("test_*.py")):
            self.env.note_dependency(str(path))

    def depend_on_spec(self, game: Any) -> None:
        package = _package(game)
        for folder in ("spec", "engine", "proofs"):
            base = ROOT / folder / package
            if base.exists():
                for path in sorted(base.glob("*.py")):
                    self.env.note_dependency(str(path))


class _GameDirective(_RstDirective):
    """A directive about the game its one argument names, read from that game's spec files."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = _game(self.arguments[0])
        self.depend_on_spec(game)
        return self.render(game)

    def render(self, game: Any) -> list[nodes.Node]:
        """The directive's nodes for ``game``."""
        raise NotImplementedError


# --- components and phases -------------------------------------------------------------------


def _constants(game: Any) -> list[tuple[str, str, str]]:
    path = ROOT / "spec" / _package(game) / "constants.py"
    if not path.exists():
        return []
    module = __import__(f"spec.{_package(game)}.constants", fromlist=["_"])
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rows = []
    body = tree.body
    for index, node in enumerate(body):
        name = None
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        if name is None or name.startswith("_"):
            continue
        doc = ""
        if index + 1 < len(body):
            nxt = body[index + 1]
            if (
                isinstance(nxt, ast.Expr)
                and isinstance(nxt.value, ast.Constant)
                and isinstance(nxt.value.value, str)
            ):
                doc = " ".join(nxt.value.value.split())
        value = getattr(module, name, None)
        if isinstance(value, dict):
            shown = ", ".join(f"{getattr(k, 'name', k)}: {v}" for k, v in value.items())
        else:
            shown = repr(value)
        rows.append((name, shown, doc))
    return rows


class ComponentsDirective(_GameDirective):
    """``cardlaw-components GAME``: definitions and constants."""

    def render(self, game: Any) -> list[nodes.Node]:
        lines = []
        for clause in game.rulebook:
            if clause.kind == "definition":
                lines += [
                    f"* **{esc(clause.title)}** — {esc(clause.text)} ({clause_ref(clause.id)})"
                ]
        lines.append("")
        rows = _constants(game)
        if rows:
            lines += [
                f"The constants, each defined once in ``spec/{_package(game)}/constants.py``:",
                "",
            ]
            for name, value, doc in rows:
                lines += [f"``{name}`` = ``{value}``", f"   {link_clauses(esc(doc)) or '—'}", ""]
        return self.emit(lines)


def phase_html(phases: list[Any]) -> str:
    """The steps of play as an ordered list of boxes, each with its note.

    Plain HTML, not a picture: the boxes flow in a row on a wide screen and stack in a
    column on a phone (``cardlaw.css``), their text at the page's size, so the diagram
    reads at any width.  Only the phases that are steps of play are given.

    >>> from spec.clauses import Phase
    >>> phase_html([Phase("deal", "The deal", "each round", step=True)])  # doctest: +ELLIPSIS
    '<ol class="cardlaw-phases" aria-label="The steps of play: The deal"><li ...'
    """
    items = []
    for phase in phases:
        note = (
            f'<span class="cardlaw-phase-note">{html.escape(phase.note)}</span>'
            if phase.note
            else ""
        )
        items.append(
            f'<li class="cardlaw-phase"><span class="cardlaw-phase-title">'
            f"{html.escape(phase.title)}</span>{note}</li>"
        )
    label = html.escape(" → ".join(p.title for p in phases))
    return (
        f'<ol class="cardlaw-phases" aria-label="The steps of play: {label}">'
        + "".join(items)
        + "</ol>"
    )


class PhasesDirective(_GameDirective):
    """``cardlaw-phases GAME``: the steps of play (the phases marked ``step``) as a diagram."""

    def render(self, game: Any) -> list[nodes.Node]:
        phases = [p for p in game.rulebook.phases if p.step and game.rulebook.in_phase(p.id)]
        if not phases:
            raise self.error(f"cardlaw-phases {game.name}: no phase of the rulebook is a step")
        return [nodes.raw("", phase_html(phases), format="html")]


# --- rules ---------------------------------------------------------------------------------------


def _numbered(game: Any) -> list[tuple[str, Any, list[tuple[str, Any]]]]:
    out = []
    number = 0
    for phase in game.rulebook.phases:
        clauses = game.rulebook.in_phase(phase.id)
        if not clauses:
            continue
        number += 1
        out.append((str(number), phase, [(f"{number}.{i}", c) for i, c in enumerate(clauses, 1)]))
    return out


def _trace_line(game: Any, clause: Any) -> str:
    parts = []
    enforced = _enforcement().get(clause.id, [])
    if enforced:
        parts.append("enforced by " + ", ".join(f"``{name}``" for name in enforced))
    proofs = _proofs_of(clause.id)
    expected = {ob.id: ob.expected for ob in _obligations()}
    held = [p for p in proofs if expected[p] == "holds"]
    found = [p for p in proofs if expected[p] == "fails"]
    if held:
        parts.append("proved by " + ", ".join(f":obligation:`{p}`" for p in held))
    if found:
        parts.append(
            "a finding refuted with a witness by " + ", ".join(f":obligation:`{p}`" for p in found)
        )
    tests = _test_marks().get(clause.id, [])
    if tests:
        parts.append(f"checked by {len(tests)} test{'s' * (len(tests) != 1)}")
    invariants = _invariants_of(game, clause.id)
    if invariants:
        parts.append(
            "upheld by the invariant"
            + "s" * (len(invariants) > 1)
            + " "
            + ", ".join(f"``{i}``" for i in invariants)
        )
    if not proofs and not tests:
        parts.append("**no proof or test checks this clause**")
    sources = source_refs(game.name, clause.id)
    parts.append(f"source: {sources}" if sources else "source: no sentence (see Traceability)")
    return "; ".join(parts)


class RulesDirective(_GameDirective):
    """``cardlaw-rules GAME``: every clause, numbered, grouped by phase."""

    def render(self, game: Any) -> list[nodes.Node]:
        self.depend_on_tests()
        std = cast("StandardDomain", self.env.get_domain("std"))
        out: list[nodes.Node] = []
        for number, phase, clauses in _numbered(game):
            section = nodes.section(ids=[f"{game.name}.phase.{phase.id}"])
            section += nodes.title(text=f"{number}. {phase.title}")
            for label, clause in clauses:
                box = nodes.container(ids=[clause.id])
                box["classes"] += ["cardlaw-clause", f"cardlaw-{clause.kind}"]
                std.note_hyperlink_target(
                    clause.id, self.env.docname, clause.id, f"{label} {clause.title}"
                )
                lines = [f"**{label} {esc(clause.title)}** ``{clause.id}``", ""]
                if clause.is_ruling:
                    lines += [
                        f"*Ruling.* **Question:** {esc(clause.question)}",
                        "",
                        f"**Decision:** {esc(clause.text)}",
                        "",
                        f"**Alternative:** {esc(clause.alternative)}",
                        "",
                    ]
                    if clause.variant:
                        lines += [f"**Variant:** the configuration field ``{clause.variant}``.", ""]
                else:
                    lines += [esc(clause.text), ""]
                lines += [f"*Trace:* {_trace_line(game, clause)}", ""]
                self.state.nested_parse(
                    StringList(lines, source=clause.id), self.content_offset, box
                )
                section += box
            out.append(section)
        return out


class VariantsDirective(_GameDirective):
    """``cardlaw-variants GAME``: named variants and the clauses they change."""

    def render(self, game: Any) -> list[nodes.Node]:
        variants = dict(getattr(game, "variants", {}))
        if not variants:
            return self.emit(["This game has no variants."])
        lines = [".. list-table::", "   :header-rows: 1", "   :class: cardlaw-table", ""]
        lines += ["   * - Variant", "     - Configuration", "     - Changes"]
        for name, options in variants.items():
            changed = [
                clause_ref(c.id) for c in game.rulebook if c.variant and c.variant in options
            ]
            config = ", ".join(f"``{k}={v!r}``" for k, v in options.items())
            lines += [
                f"   * - ``{name}``",
                f"     - {config}",
                f"     - {', '.join(changed) or '—'}",
            ]
        lines += ["", f"Select one with ``cardlaw play {game.name} --variant NAME``."]
        return self.emit(lines)


def quickref_lines(game: Any) -> list[str]:
    """The judge's quick reference of ``game``: each rule in its first sentence, each ruling whole.

    A ruling is never cut: its question comes first and then its whole decision, since a
    decision's first sentence alone ("No.") can read as the opposite of the ruling.
    """
    lines: list[str] = []
    for number, phase, clauses in _numbered(game):
        if phase.id in ("cards",):
            continue
        lines += [f"**{number}. {esc(phase.title)}**", ""]
        for label, clause in clauses:
            if clause.kind == "definition":
                continue
            if clause.is_ruling:
                said = f"*{esc(clause.question)}* {esc(clause.text)} *(ruling)*"
            else:
                said = esc(re.split(r"(?<=\.)\s", clause.text, maxsplit=1)[0])
            lines.append(f"* :clause:`{label} <{clause.id}>` **{esc(clause.title)}** — {said}")
        lines.append("")
    return lines


class QuickRefDirective(_GameDirective):
    """``cardlaw-quickref GAME``: the rules on one page, a line each, every ruling whole."""

    def render(self, game: Any) -> list[nodes.Node]:
        return self.emit(quickref_lines(game))


# --- examples ----------------------------------------------------------------------------------


class ExampleDirective(_RstDirective):
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


class InvariantsDirective(_GameDirective):
    """``cardlaw-invariants GAME``: proof obligations with their status, and the step invariants."""

    def render(self, game: Any) -> list[nodes.Node]:
        reports = _verify_reports()
        std = cast("StandardDomain", self.env.get_domain("std"))
        lines: list[str] = []
        mine = [ob for ob in _obligations() if ob.game == game.name]
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


class RulingsDirective(_RstDirective):
    """``cardlaw-rulings``: every game's rulings in one place."""

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for game in _games().values():
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


class TraceabilityDirective(_RstDirective):
    """``cardlaw-traceability``: clause -> implementation, proofs, tests; gaps flagged."""

    def run(self) -> list[nodes.Node]:
        enforcement = _enforcement()
        tests = _test_marks()
        self.depend_on_tests()
        missing = []
        lines: list[str] = []
        for game in _games().values():
            self.depend_on_spec(game)
            unchecked = []
            rows = []
            for clause in game.rulebook:
                enforced = enforcement.get(clause.id, [])
                invariants = _invariants_of(game, clause.id)
                proofs = _proofs_of(clause.id)
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


class RecordExampleDirective(_GameDirective):
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


# --- roles -------------------------------------------------------------------------------


def card_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:card:`7♥``` — a card with its suit symbol in colour."""
    red = text[-1] in "♥♦"
    node = nodes.inline(rawtext, text, classes=["cardlaw-card", "red" if red else "black"])
    return [node], []


def _xref_role(kind: str) -> RoleFunction:
    def role(
        name: str,
        rawtext: str,
        text: str,
        lineno: int,
        inliner: Inliner,
        options: dict[str, Any] | None = None,
        content: Sequence[str] = (),
    ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        match = re.match(r"^(.*?)\s*<([^>]+)>$", text)
        title, target = (match.group(1), match.group(2)) if match else (text, text)
        node = pending_xref(
            rawtext, refdomain="std", reftype="ref", reftarget=target.lower(), refexplicit=True
        )
        node += nodes.literal(title, title, classes=[f"cardlaw-{kind}"])
        return [node], []

    return role


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives and roles."""
    app.add_role("card", card_role)
    app.add_role("clause", _xref_role("clause"))
    app.add_role("obligation", _xref_role("obligation"))
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
