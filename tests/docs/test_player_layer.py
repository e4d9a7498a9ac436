"""The player's layer of each game page reads without the judge's or the software's words."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardlaw.engine.registry import all_games
from cardlaw.spec.guides import guides
from tests.games import ADAPTERS, OUTSIDE

GUIDES = guides(game.rulebook for game in all_games())
"""Each game's guide for players, from its rulebook (which carries it)."""

GAMES = tuple(name for name in ADAPTERS if name not in OUTSIDE)
"""cardlaw's own games (each has a player's page)."""

BANNED = (
    "chance outcome",
    "or chance",
    "cardlaw bench",
    "cardlaw",
    "engine",
    "obligation",
    "z3",
    "proof",
    "proved",
    "mutant",
    "rlimit",
    "enforced by",
    "invariant",
    "sampler",
    "bitmask",
    "the document",
    "rule document",
    "laid over each other",
    "seat number",
    "recorded as",
    "first action",
)
"""Words of the software, the proofs and the rule document, which belong on the judge's page
(a player has never read the rule document, and never sees a seat number or a record)."""

CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\w\(\)|\b[a-z-]+\.[a-z-]+\.[a-z-]+\b|\b[Ss]eats? \d\b")
"""A function name, a call, a clause id, or a seat by its number ("Seats 0 and 2")."""


class _MainText(HTMLParser):
    """The text of the page's main article, without scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article" and ("role", "main") in attrs:
            self.depth = 1
        elif self.depth and tag == "article":
            self.depth += 1
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "article":
            self.depth -= 1
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)


def main_text(page: Path) -> str:
    """The words a player reads in the page's main article."""
    parser = _MainText()
    parser.feed(page.read_text(encoding="utf-8"))
    return " ".join(" ".join(parser.parts).split())


@pytest.mark.parametrize("game", GAMES)
def test_player_page_has_no_engine_words(built_docs: Path, game: str) -> None:
    text = main_text(built_docs / "games" / f"{game}.html")
    assert len(text) > 2000  # the rules and the stories are there
    lower = text.lower()
    found = [word for word in BANNED if word in lower] + CODE.findall(text)
    assert not found, f"{game}: engine words in the player's layer: {found}"


@pytest.mark.parametrize("game", GAMES)
def test_judge_layer_is_one_click_away(built_docs: Path, game: str) -> None:
    page = (built_docs / "games" / f"{game}.html").read_text(encoding="utf-8")
    assert f'href="{game}-judge.html"' in page
    judge = (built_docs / "games" / f"{game}-judge.html").read_text(encoding="utf-8")
    assert "cardlaw-clause" in judge and "cardlaw-obligation" in judge


def test_the_scan_finds_engine_words(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(
        '<html><body><nav>engine</nav><article role="main"><p>A chance outcome by '
        "legal_plays [divide.trick.follow-suit]</p></article></body></html>",
        encoding="utf-8",
    )
    text = main_text(page)
    assert "engine" not in text and "chance outcome" in text
    assert CODE.findall(text) == ["legal_plays", "divide.trick.follow-suit"]
    assert CODE.findall("Seats 0 and 2 are one team") == ["Seats 0"]


@pytest.mark.parametrize("game", GAMES)
def test_player_page_carries_its_rulings_each_linked_to_the_judge(
    built_docs: Path, game: str
) -> None:
    page = (built_docs / "games" / f"{game}.html").read_text(encoding="utf-8")
    rulings = GUIDES[game].rulings
    assert rulings
    for clause in rulings:
        assert f'href="{game}-judge.html#{clause}"' in page, clause
    text = main_text(built_docs / "games" / f"{game}.html")
    assert text.count("Ruling: ") == len(rulings)


@pytest.mark.parametrize("game", GAMES)
def test_player_page_has_a_quick_reference(built_docs: Path, game: str) -> None:
    page = (built_docs / "games" / f"{game}.html").read_text(encoding="utf-8")
    assert page.count('class="cardlaw-quickcard') == 1
    quick = GUIDES[game].quick
    text = main_text(built_docs / "games" / f"{game}.html").replace("’", "'")
    text = text.replace("“", '"').replace("”", '"')
    for line in (*quick.turn, *quick.ranking, *(cell for row in quick.scoring for cell in row)):
        assert " ".join(line.split()) in text, line


def test_divided_ranks_does_not_open_with_the_goal_the_scoring_overrules(built_docs: Path) -> None:
    text = main_text(built_docs / "games" / "divided-ranks.html")
    assert "The weakest hand at the table loses." not in text
    assert "does not always lose" in text


def test_split_says_the_cheating_penalty_never_arises(built_docs: Path) -> None:
    text = main_text(built_docs / "games" / "split.html")
    assert "penalty" in text and "never arises" in text


@pytest.mark.parametrize("game", GAMES)
def test_the_first_dealer_is_said_to_be_chosen_at_random(built_docs: Path, game: str) -> None:
    text = main_text(built_docs / "games" / f"{game}.html")
    assert "at random" in text and re.search(r"(dealer|splits first)[^.]*at random", text)
