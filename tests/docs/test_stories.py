"""The worked examples: every story is played and pictures its cards; the card pictures."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))

import cardlaw_cards
import cardlaw_stories
import cardlaw_stories_common
import cardlaw_stories_rules

from cardlaw.spec.errors import MalformedCard
from tests.games import ADAPTERS, OUTSIDE

WANTED: dict[str, frozenset[str]] = {
    name: ADAPTERS[name].STORIES for name in ADAPTERS if name not in OUTSIDE
}
"""The worked examples each of cardlaw's games tells (its test adapter's ``STORIES``)."""
PICTURES = (":card:`", ".. cardlaw-hand::", ".. cardlaw-trick::", ".. cardlaw-piles::")


def test_every_story_the_issue_asks_for_exists() -> None:
    assert {g: set(s) for g, s in cardlaw_stories.stories().items()} == WANTED


@pytest.mark.parametrize(
    ("game", "name"), sorted((g, n) for g, names in WANTED.items() for n in names)
)
def test_story_is_played_and_pictures_cards(game: str, name: str) -> None:
    lines = cardlaw_stories.story_lines(game, name)
    text = "\n".join(lines)
    assert lines[0].startswith(".. rubric:: ")
    assert sum(text.count(p) for p in PICTURES) >= 2
    words = re.sub(r":card:|\.\. cardlaw-[a-z]+::", "", text)
    found = cardlaw_stories_rules.JUDGE_WORDS.findall(words)
    assert not found, f"engine words in the story: {found}"


def test_a_story_that_goes_another_way_fails() -> None:
    with pytest.raises(cardlaw_stories_common.StoryError, match="expected a tie"):
        cardlaw_stories_common.expect(False, "a tie")
    with pytest.raises(cardlaw_stories_common.StoryError, match="no story"):
        cardlaw_stories.story_lines("divide", "nothing")


def test_card_pictures_have_a_class_and_words() -> None:
    king = cardlaw_cards.card_html("KH")
    assert 'class="cardlaw-card red"' in king and 'aria-label="King of Hearts"' in king
    assert 'aria-label="Ten of Spades"' in cardlaw_cards.card_html("10♠")
    assert "black" in cardlaw_cards.card_html("2C")
    assert 'aria-label="Joker"' in cardlaw_cards.card_html("JK")
    assert 'aria-label="Wild card 60"' in cardlaw_cards.card_html("60")
    assert 'aria-label="Card 57"' in cardlaw_cards.card_html("57")
    with pytest.raises(MalformedCard):
        cardlaw_cards.card_html("1S")
    with pytest.raises(MalformedCard):
        cardlaw_cards.card_html("101")
    trick = cardlaw_cards.trick_html("AH QH 9S", ["Ada", "Ben", "Cleo"], "9S")
    assert trick.count("cardlaw-card ") == 3 and trick.count("cardlaw-winner") == 1
    with pytest.raises(ValueError, match="needs 3 seats"):
        cardlaw_cards.trick_html("AH QH 9S", ["Ada"])


def test_player_text_leaves_out_sentences_about_the_software() -> None:
    text = "Play a card. The engine checks it [divide.trick.follow-suit]. Then pass."
    assert cardlaw_stories_rules.plain(text) == "Play a card. Then pass."


@pytest.mark.clauses("euchre.cards.left-bower", "euchre.trick.follow-suit")
def test_the_document_game_says_where_it_cannot_be_dealt_as_written() -> None:
    """euchre.txt 65.1: "the lower of two" Clubs, one of them the left bower, a Spade."""
    text = " ".join(cardlaw_stories.story_lines("euchre", "document"))
    assert "cannot be dealt as written" in text and "document" not in text
    assert "nearest legal reading" in text and "only Club" in text
