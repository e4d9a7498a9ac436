"""Wording the rulebook must never use: scores that go down, and a plural after "one".

Scores only ever go up: a team is never said to "lose 4 points" (the other team scores
them).  And "one tricks" is a slip of a number spelled into a sentence.  Checked on every
obligation's statement (under the printed rules and a what-if) and every page built.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlaw.proofs.registry import obligations
from tests.docs.test_player_layer import main_text

BANNED = (
    re.compile(r"\blos(?:e|es|t|ing) \d+ points?\b", re.IGNORECASE),
    re.compile(
        r"(?<![\w+.-])one (?:tricks|points|cards|rounds|hands|turns|tokens|games)\b",
        re.IGNORECASE,
    ),
)
"""Scores that go down; "one" before a plural."""


def banned(text: str) -> list[str]:
    """The banned phrases in ``text``, each with a little of what surrounds it."""
    return [
        text[max(0, m.start() - 30) : m.end() + 10]
        for pattern in BANNED
        for m in pattern.finditer(text)
    ]


def test_the_scan_finds_the_phrases() -> None:
    assert banned("the makers lose 4 points") and banned("The makers took only one tricks")
    assert not banned("Twenty-one cards; 2u + 1 cards; one trick; scores 4 points")


@pytest.mark.parametrize("rules", [None, {"TARGET": 11}])
def test_no_obligation_statement_uses_banned_wording(rules: dict[str, int] | None) -> None:
    found = {
        ob.id: banned(ob.statement)
        for ob in (obligations() if rules is None else obligations("euchre", rules))
    }
    assert not {k: v for k, v in found.items() if v}


def test_no_page_uses_banned_wording(built_docs: Path) -> None:
    found = {}
    for page in sorted(built_docs.rglob("*.html")):
        if {"_static", "_sources"} & set(page.relative_to(built_docs).parts):
            continue
        hits = banned(main_text(page))
        if hits:
            found[page.name] = hits
    assert not found
