"""The rulebook's reStructuredText: escaping, clause links, the directives' base classes, roles.

:class:`RstDirective` writes reStructuredText and parses it in place;
:class:`GameDirective` is one about the game its argument names.  The roles are
``:card:`` (a card, its suit in colour) and the cross-references ``:clause:`` and
``:obligation:``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cardlaw_rulebook_data import ROOT, game_named, package_of
from docutils import nodes
from docutils.parsers.rst.states import Inliner
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.util.docutils import SphinxDirective

if TYPE_CHECKING:
    from sphinx.util.typing import RoleFunction

__all__ = [
    "GameDirective",
    "RstDirective",
    "card_role",
    "clause_ref",
    "esc",
    "link_clauses",
    "xref_role",
]

CARD = re.compile(r"(?<![\w`])((?:10|[2-9JQKA])[♠♥♦♣])")


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
    """A link to the clause ``clause_id``: its ``:clause:`` role."""
    return f":clause:`{clause_id}`"


class RstDirective(SphinxDirective):
    """A directive that writes reStructuredText and parses it in place."""

    def emit(self, lines: Iterable[str]) -> list[nodes.Node]:
        """``lines`` of reStructuredText, parsed into a ``cardlaw`` container."""
        container = nodes.container()
        container["classes"].append("cardlaw")
        content = StringList(list(lines), source=f"<cardlaw {self.name}>")
        self.state.nested_parse(content, self.content_offset, container)
        return [container]

    def depend_on_tests(self) -> None:
        """Note every test module as a dependency (their clause marks are read)."""
        for path in sorted((ROOT / "tests").rglob("test_*.py")):
            self.env.note_dependency(str(path))

    def depend_on_spec(self, game: Any) -> None:
        """Note ``game``'s modules of ``spec``, ``engine`` and ``proofs`` as dependencies."""
        package = package_of(game)
        for folder in ("spec", "engine", "proofs"):
            base = ROOT / folder / package
            if base.exists():
                for path in sorted(base.glob("*.py")):
                    self.env.note_dependency(str(path))


class GameDirective(RstDirective):
    """A directive about the game its one argument names, read from that game's spec files."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = game_named(self.arguments[0])
        self.depend_on_spec(game)
        return self.render(game)

    def render(self, game: Any) -> list[nodes.Node]:
        """The directive's nodes for ``game``."""
        raise NotImplementedError


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


def xref_role(kind: str) -> RoleFunction:
    """The role ``:KIND:`TARGET``` (or ``:KIND:`TITLE <TARGET>```), a link to its target."""

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
