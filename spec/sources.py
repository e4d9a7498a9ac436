r"""Traceability back to the rule documents: their sentences, and which clause covers each.

The rule documents (``divide.txt``, ...) are not part of this repository; they
are read from the folder :func:`rules_dir` finds.  :func:`split_sentences`
cuts a document into sentences, each named by a stable reference: the line it
stands on (1-based) and its place on that line, ``"42.1"``.  A game's
:class:`SourceMap` (``spec/<game>/sources.py``) says, in references only and
never in the document's words, which sentences each clause covers and which
sentences bear no rule (a heading, flavour, a designer's note, ...), each with
a reason, and which sentences are errors of the document (*errata*: a
sentence that says something the document's own rules contradict), each
naming what is wrong and the clause that states it rightly.  :func:`check`
reads the document and finds every gap: a sentence neither covered, set
aside nor flagged as an error, a reference naming no sentence, a clause that
is not in the rulebook, a document changed since it was mapped.

A reference names one sentence (``"42.2"``), every sentence of a line
(``"42"``) or of a range of lines (``"40-44"``).

>>> [(s.ref, s.text) for s in split_sentences("Title\n\n• Deal 9 cards. Then stop!\n")]
[('1.1', 'Title'), ('3.1', 'Deal 9 cards.'), ('3.2', 'Then stop!')]
>>> ss = split_sentences("One. Two.\nThree.\nFour.")
>>> [s.ref for s in expand("1-2", ss)], [s.ref for s in expand("1.2", ss)]
(['1.1', '1.2', '2.1'], ['1.2'])
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardlaw.spec.clauses import Rulebook
from cardlaw.spec.source_map import (
    ASIDE_KINDS,
    Aside,
    AsideKind,
    Erratum,
    SourceMap,
    aside,
    erratum,
    headings,
)

__all__ = [
    "ASIDE_KINDS",
    "Aside",
    "AsideKind",
    "Coverage",
    "Erratum",
    "Sentence",
    "SourceMap",
    "aside",
    "check",
    "digest",
    "erratum",
    "expand",
    "headings",
    "rules_dir",
    "short",
    "split_sentences",
]

_BULLET = re.compile(r"^(?:[•\-–]\s+)")
_BREAK = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"”’)]))\s+(?=[\"“(]?[A-Z0-9])")
_REF = re.compile(r"^(\d+)(?:\.(\d+))?(?:-(\d+))?$")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a rule document: its line (1-based), its place on the line, its text."""

    line: int
    index: int
    text: str

    @property
    def ref(self) -> str:
        """The sentence's reference, ``"line.index"``."""
        return f"{self.line}.{self.index}"


def split_sentences(text: str) -> tuple[Sentence, ...]:
    r"""The sentences of a document, in order: each non-empty line is cut after ``. ! ?``.

    A leading bullet (``•``, ``-``, ``–``) is dropped; a tab-separated table row
    is one sentence.

    >>> [s.text for s in split_sentences("A > K > ... > 2\nIt ends. (Not here.) Now.")]
    ['A > K > ... > 2', 'It ends.', '(Not here.)', 'Now.']
    """
    out: list[Sentence] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _BULLET.sub("", raw.strip()).strip()
        if not line:
            continue
        parts = [p.strip() for p in _BREAK.split(line) if p.strip()]
        out += [Sentence(number, index, part) for index, part in enumerate(parts, 1)]
    return tuple(out)


def digest(sentences: Sequence[Sentence]) -> str:
    r"""A short fingerprint of a document's sentences (references and text), to notice a change.

    >>> digest(split_sentences("One.")) == digest(split_sentences("One.\n"))
    True
    """
    body = "\n".join(f"{s.ref}\t{s.text}" for s in sentences)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def expand(ref: str, sentences: Sequence[Sentence]) -> tuple[Sentence, ...]:
    r"""The sentences a reference names (none when it names none, or is malformed).

    >>> ss = split_sentences("One.\nTwo. Three.")
    >>> [s.text for s in expand("2", ss)], expand("3", ss), expand("x", ss)
    (['Two.', 'Three.'], (), ())
    """
    match = _REF.match(ref)
    if match is None:
        return ()
    first, index, last = match.group(1), match.group(2), match.group(3)
    if index is not None and last is not None:
        return ()
    low = int(first)
    high = int(last) if last is not None else low
    return tuple(
        s for s in sentences if low <= s.line <= high and (index is None or s.index == int(index))
    )


def short(sentence: Sentence, words: int = 5) -> str:
    """A short anchor for a sentence, its first few words (never the whole of a long one).

    >>> short(Sentence(1, 1, "Players must follow the led suit if able."))
    'Players must follow the led …'
    >>> short(Sentence(1, 1, "Goal"))
    'Goal'
    """
    parts = sentence.text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


@dataclass(frozen=True, slots=True)
class Coverage:
    """What :func:`check` found: sentences, who covers each, and every problem."""

    sentences: tuple[Sentence, ...]
    by_clause: dict[str, tuple[Sentence, ...]]
    covered_by: dict[str, tuple[str, ...]]
    set_aside: dict[str, Aside]
    uncovered: tuple[Sentence, ...]
    problems: tuple[str, ...] = field(default=())
    errata: dict[str, Erratum] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether every rule-bearing sentence is covered and the map has no problem."""
        return not self.uncovered and not self.problems


def check(source: SourceMap, book: Rulebook, text: str) -> Coverage:
    r"""Check ``source`` against ``book`` and the document's ``text``.

    >>> from cardlaw.spec.clauses import Phase, rule
    >>> book = Rulebook("demo", "Demo", "demo.txt", (Phase("p", "P"),),
    ...                 (rule("demo.deal", "Deal", "Each gets nine.", phase="p"),))
    >>> text = "Demo\nDeal 9 cards each. Have fun.\n"
    >>> m = SourceMap("demo", "demo.txt", digest(split_sentences(text)),
    ...               {"demo.deal": ("2.1",)}, (aside("1", "heading", "the title"),))
    >>> result = check(m, book, text)
    >>> result.ok, [s.ref for s in result.uncovered], result.covered_by["2.1"]
    (False, ['2.2'], ('demo.deal',))
    """
    sentences = split_sentences(text)
    problems: list[str] = []
    if digest(sentences) != source.digest:
        problems.append(
            f"{source.document} has changed since its sentences were mapped (digest "
            f"{digest(sentences)}, mapped {source.digest}): review spec/"
            f"{source.game.replace('-', '_')}/sources.py"
        )
    by_clause: dict[str, tuple[Sentence, ...]] = {}
    covered: dict[str, list[str]] = {}
    for clause_id, refs in source.covers.items():
        if clause_id not in book:
            problems.append(f"{clause_id} covers sentences but is not a clause of {book.game}")
        found: list[Sentence] = []
        for ref in refs:
            named = expand(ref, sentences)
            if not named:
                problems.append(f"{clause_id} cites {ref!r}, which names no sentence")
            found += named
        by_clause[clause_id] = tuple(found)
        for s in found:
            covered.setdefault(s.ref, []).append(clause_id)
    set_aside: dict[str, Aside] = {}
    for entry in source.asides:
        if entry.kind not in ASIDE_KINDS or not entry.reason:
            problems.append(f"{entry.ref}: an aside needs a known kind and a reason")
        named = expand(entry.ref, sentences)
        if not named:
            problems.append(f"the aside {entry.ref!r} names no sentence")
        for s in named:
            if s.ref in covered:
                problems.append(
                    f"{s.ref} is set aside as {entry.kind} but {', '.join(covered[s.ref])} "
                    "covers it"
                )
            set_aside[s.ref] = entry
    errata: dict[str, Erratum] = {}
    for flagged in source.errata:
        if flagged.clause not in book or not flagged.reason:
            problems.append(f"{flagged.ref}: an erratum needs a reason and a clause of {book.game}")
        named = expand(flagged.ref, sentences)
        if not named:
            problems.append(f"the erratum {flagged.ref!r} names no sentence")
        for s in named:
            if s.ref in set_aside:
                problems.append(f"{s.ref} is flagged as an error but set aside as bearing no rule")
            errata[s.ref] = flagged
    uncovered = tuple(
        s
        for s in sentences
        if s.ref not in covered and s.ref not in set_aside and s.ref not in errata
    )
    return Coverage(
        sentences=sentences,
        by_clause=by_clause,
        covered_by={ref: tuple(ids) for ref, ids in covered.items()},
        set_aside=set_aside,
        uncovered=uncovered,
        problems=tuple(problems),
        errata=errata,
    )


def rules_dir(root: Path) -> Path | None:
    """The folder of the rule documents: ``CARDLAW_RULES_DIR``, else ``../shared/rules``.

    ``root`` is the checkout.  A folder named by ``CARDLAW_RULES_DIR`` is returned as
    named (a missing document there is an error for the caller to report); None when it
    is not set and ``../shared/rules`` does not exist.
    """
    named = os.environ.get("CARDLAW_RULES_DIR")
    if named:
        return Path(named)
    folder = root.parent / "shared" / "rules"
    return folder if folder.is_dir() else None
