"""A game's map of its rule document, as data: what each clause covers, what bears no rule.

The map's types only (:class:`SourceMap`, its :class:`Aside` and :class:`Erratum`
entries), so that a rulebook can carry its map (:class:`spec.clauses.Rulebook`'s
``sources``); :mod:`spec.sources` reads the documents and checks a map against them.

>>> SourceMap("demo", "demo.txt", "", {"demo.deal": ("2.1",)}, headings("1")).covers["demo.deal"]
('2.1',)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ASIDE_KINDS",
    "Aside",
    "AsideKind",
    "Erratum",
    "SourceMap",
    "aside",
    "erratum",
    "headings",
]

AsideKind = Literal["heading", "flavour", "equipment", "example", "note", "interface", "summary"]
ASIDE_KINDS: tuple[AsideKind, ...] = (
    "heading",
    "flavour",
    "equipment",
    "example",
    "note",
    "interface",
    "summary",
)
"""Why a sentence bears no rule: a heading or label; flavour (a story, a tip); a tool
of the table that changes no rule (a score sheet); a worked example's narration; a
designer's note or statistic; the text of a web page's interface; a summary of the
game whose rules are stated (and covered) where the document gives them."""


@dataclass(frozen=True, slots=True)
class Aside:
    """Sentences that bear no rule: a reference, the kind of text, and why."""

    ref: str
    kind: AsideKind
    reason: str


def aside(ref: str, kind: AsideKind, reason: str) -> Aside:
    """Set the sentences ``ref`` names aside as bearing no rule, with the reason."""
    return Aside(ref=ref, kind=kind, reason=reason)


def headings(*refs: str) -> tuple[Aside, ...]:
    """Set each of ``refs`` aside as a heading (a title or a label that states no rule).

    >>> [(a.ref, a.kind) for a in headings("1", "3")]
    [('1', 'heading'), ('3', 'heading')]
    """
    return tuple(aside(ref, "heading", "it names a part of the document") for ref in refs)


@dataclass(frozen=True, slots=True)
class Erratum:
    """A sentence of the document that its own rules contradict.

    ``reason`` says what is wrong; ``clause`` is the clause that states the point rightly.
    """

    ref: str
    reason: str
    clause: str


def erratum(ref: str, reason: str, clause: str) -> Erratum:
    """Flag the sentences ``ref`` names as an error of the document, with what is wrong.

    An erratum may also be covered by a clause, when the sentence states a rule besides
    its error (a worked example that applies a rule to cards it gets wrong); one that
    states no rule is accounted for by the flag alone, and is never set aside as well.

    >>> erratum("83.2", "every flush is a royal flush, the top category", "demo.top").clause
    'demo.top'
    """
    return Erratum(ref=ref, reason=reason, clause=clause)


@dataclass(frozen=True, slots=True)
class SourceMap:
    """One game's map of its document: what each clause covers, what is set aside, the errors.

    ``covers`` maps a clause id to its references; ``digest`` is :func:`digest` of the
    document's sentences when they were mapped; ``errata`` flags the document's errors.
    """

    game: str
    document: str
    digest: str
    covers: Mapping[str, tuple[str, ...]]
    asides: tuple[Aside, ...]
    errata: tuple[Erratum, ...] = ()
