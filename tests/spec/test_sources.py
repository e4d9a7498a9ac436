"""Traceability back to the rule documents: every rule-bearing sentence is covered by a clause.

Each game's map (``spec/<game>/sources.py``) names, by reference only, the sentences
of its document each clause covers and the sentences that bear no rule, with a
reason.  The documents are read from ``CARDLAW_RULES_DIR``, else ``../shared/rules``;
without them these tests skip, and with ``CARDLAW_RULES_DIR`` naming a folder that
lacks one they fail (CI sets it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardlaw.engine.registry import all_games
from cardlaw.spec.clauses import Phase, Rulebook, rule
from cardlaw.spec.source_maps import source_maps
from cardlaw.spec.sources import (
    SourceMap,
    aside,
    check,
    digest,
    erratum,
    rules_dir,
    split_sentences,
)

ROOT = Path(__file__).resolve().parents[2]
SOURCES = Path(os.environ.get("CARDLAW_RULES_DIR") or ROOT.parent / "shared" / "rules")
REQUIRED = bool(os.environ.get("CARDLAW_RULES_DIR"))
GAMES = {game.name: game for game in all_games()}
SOURCE_MAPS = source_maps(game.rulebook for game in GAMES.values())
"""Each game's map of its rule document, from its rulebook (which carries it)."""


def _document(name: str) -> str:
    path = SOURCES / name
    if not path.exists():
        if REQUIRED:
            pytest.fail(f"CARDLAW_RULES_DIR names {SOURCES}, which has no {name}")
        pytest.skip("the rule documents are not beside this checkout")
    return path.read_text(encoding="utf-8")


def test_every_game_has_a_map_of_its_own_document() -> None:
    assert sorted(SOURCE_MAPS) == sorted(GAMES)
    for name, source in SOURCE_MAPS.items():
        assert source.document == GAMES[name].rulebook.source


@pytest.mark.parametrize("name", sorted(SOURCE_MAPS))
def test_every_rule_bearing_sentence_is_covered(name: str) -> None:
    source = SOURCE_MAPS[name]
    coverage = check(source, GAMES[name].rulebook, _document(source.document))
    assert not coverage.problems, coverage.problems
    assert not coverage.uncovered, [s.ref for s in coverage.uncovered]
    only_errata = set(coverage.errata) - set(coverage.covered_by)
    assert len(coverage.covered_by) + len(coverage.set_aside) + len(only_errata) == len(
        coverage.sentences
    )
    # Most of a rule document bears rules: a map that sets most of it aside is suspect.
    assert len(coverage.covered_by) > len(coverage.sentences) / 2


def test_the_maps_hold_no_sentence_of_the_documents() -> None:
    """References only: no sentence of six words or more of a document is in its map's file."""
    for name, source in SOURCE_MAPS.items():
        text = _document(source.document)
        module = ROOT / "spec" / name.replace("-", "_") / "sources.py"
        mapped = " ".join(module.read_text(encoding="utf-8").split())
        long = [s.text for s in split_sentences(text) if len(s.text.split()) >= 6]
        assert not [s for s in long if " ".join(s.split()) in mapped], name


_TOY = "Toy\nDeal two cards. Play one.\nHave fun!\n"


def _toy_map(covers: dict[str, tuple[str, ...]], *asides: tuple[str, str]) -> SourceMap:
    return SourceMap(
        game="divide",
        document="toy.txt",
        digest=digest(split_sentences(_TOY)),
        covers=covers,
        asides=tuple(aside(ref, "heading", "a test") for ref, _ in asides),
    )


BOOK = GAMES["divide"].rulebook


def test_a_gap_is_found() -> None:
    found = check(_toy_map({"divide.deal.nine": ("2.1",)}, ("1", "")), BOOK, _TOY)
    assert not found.ok
    assert [s.ref for s in found.uncovered] == ["2.2", "3.1"]


def test_a_full_map_passes_and_records_who_covers_what() -> None:
    covers = {"divide.deal.nine": ("2",), "divide.trick.count": ("3", "2.2")}
    found = check(_toy_map(covers, ("1", "")), BOOK, _TOY)
    assert found.ok
    assert found.covered_by["2.2"] == ("divide.deal.nine", "divide.trick.count")
    assert [s.ref for s in found.by_clause["divide.trick.count"]] == ["3.1", "2.2"]


@pytest.mark.parametrize(
    ("covers", "asides", "problem"),
    [
        ({"divide.no-such": ("1-3",)}, (), "is not a clause"),
        ({"divide.deal.nine": ("1-3", "9.1")}, (), "names no sentence"),
        ({"divide.deal.nine": ("1-3", "2.x")}, (), "names no sentence"),
        ({"divide.deal.nine": ("1-3",)}, (("3", ""),), "is set aside"),
        ({"divide.deal.nine": ("2-3",)}, (("7", ""),), "names no sentence"),
    ],
)
def test_a_broken_map_is_named(
    covers: dict[str, tuple[str, ...]], asides: tuple[tuple[str, str], ...], problem: str
) -> None:
    found = check(_toy_map(covers, *asides), BOOK, _TOY)
    assert any(problem in p for p in found.problems), found.problems


def test_a_changed_document_is_noticed() -> None:
    found = check(_toy_map({"divide.deal.nine": ("1-3",)}), BOOK, _TOY.replace("two", "three"))
    assert any("has changed since" in p for p in found.problems)


def test_the_documents_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = tmp_path / "repo"
    checkout.mkdir()
    monkeypatch.delenv("CARDLAW_RULES_DIR", raising=False)
    assert rules_dir(checkout) is None
    (tmp_path / "shared" / "rules").mkdir(parents=True)
    assert rules_dir(checkout) == tmp_path / "shared" / "rules"
    monkeypatch.setenv("CARDLAW_RULES_DIR", str(tmp_path / "elsewhere"))
    assert rules_dir(checkout) == tmp_path / "elsewhere"


@pytest.mark.clauses("divided-ranks.hands.categories", "euchre.cards.left-bower")
@pytest.mark.parametrize(
    ("name", "ref", "covered"),
    [
        # "flush" called the second-best hand: every flush is a royal flush, the top category.
        ("divided-ranks", "83.2", False),
        # The worked game's "lower of two" Clubs, one of them the left bower, a Spade.
        ("euchre", "65.1", True),
    ],
)
def test_the_documents_errors_are_flagged_not_covered_as_rules(
    name: str, ref: str, covered: bool
) -> None:
    source = SOURCE_MAPS[name]
    coverage = check(source, GAMES[name].rulebook, _document(source.document))
    assert ref in coverage.errata and coverage.errata[ref].reason
    assert (ref in coverage.covered_by) == covered  # 65.1 still states that Clubs must follow
    assert ref not in coverage.set_aside


def test_an_erratum_must_name_a_sentence_and_a_clause() -> None:
    book = Rulebook(
        "demo", "Demo", "demo.txt", (Phase("p", "P"),), (rule("demo.a", "A", "A.", phase="p"),)
    )
    text = "One rule. One error.\n"
    good = SourceMap(
        "demo",
        "demo.txt",
        digest(split_sentences(text)),
        {"demo.a": ("1.1",)},
        (),
        (erratum("1.2", "it is wrong", "demo.a"),),
    )
    assert check(good, book, text).ok
    bad = SourceMap(
        "demo",
        "demo.txt",
        good.digest,
        {"demo.a": ("1.1",)},
        (),
        (erratum("1.3", "it is wrong", "demo.nope"),),
    )
    result = check(bad, book, text)
    assert not result.ok and [s.ref for s in result.uncovered] == ["1.2"]
    assert len(result.problems) == 2
