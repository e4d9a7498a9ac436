"""Pictures of the cards for the rulebook: a role and three directives, drawn as styled HTML.

* ``:card:`KH``` (also ``7♥``, ``10S``, ``JK`` for the Joker, ``57`` for a Split card)
  — one card, inline;
* ``.. cardlaw-hand:: KH QH 7S`` (option ``:label:``) — a row of cards;
* ``.. cardlaw-trick:: AH QH 9D 9S`` (options ``:seats:``, the seat names in play
  order, and ``:winner:``, the winning card) — a trick, each card under its player;
* ``.. cardlaw-piles:: 23 77`` (option ``:middle:``, the card between them) — Split's
  two piles.

Cards are read with the project's own card codecs (:class:`spec.cards.Card`, and
:class:`spec.split.cards.NumberCard` for a number), never a second parser.  Every
picture carries the CSS class ``cardlaw-card`` and a text alternative ("King of
Hearts"); the styles are in ``docs/_static/cardlaw.css``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cardlaw.spec.cards import Card
from cardlaw.spec.errors import CardlawError
from cardlaw.spec.split.cards import NumberCard

__all__ = ["card_html", "card_name", "hand_html", "piles_html", "read_card", "trick_html"]

Face = Card | NumberCard


def read_card(token: str) -> Face:
    """The card a token names: a number is a Split card, anything else a French-suited card.

    A Split card may carry the ``*`` that marks a Wild/Reverse card (``60*``).
    """
    text = token.strip().rstrip("*")
    if text.isascii() and text.isdigit():
        return NumberCard(text)
    return Card(text)


def card_name(card: Face) -> str:
    """The card in words: ``King of Hearts``, ``Joker``, ``Wild card 60``, ``Card 57``."""
    if isinstance(card, NumberCard):
        return f"Wild card {int(card)}" if card.is_wild else f"Card {int(card)}"
    if card.is_joker:
        return "Joker"
    return f"{card.rank.name.title()} of {card.suit.name.title()}"


def card_html(card: Face | str, *, extra: str = "") -> str:
    """One card as styled HTML with its text alternative.

    >>> card_html("KH")  # doctest: +NORMALIZE_WHITESPACE
    '<span class="cardlaw-card red" role="img" aria-label="King of Hearts"
    title="King of Hearts"><span class="cardlaw-rank" aria-hidden="true">K</span><span
    class="cardlaw-suit" aria-hidden="true">♥</span></span>'
    """
    face = read_card(card) if isinstance(card, str) else card
    name = card_name(face)
    if isinstance(face, NumberCard):
        classes = "number wild" if face.is_wild else "number"
        rank, mark = str(int(face)), ("↺" if face.is_wild else "")
    elif face.is_joker:
        classes, rank, mark = "joker", "JKR", "★"
    else:
        classes = "red" if face.suit.red else "black"
        rank, mark = face.rank.label, face.suit.symbol
    classes += f" {extra}" if extra else ""
    suit = f'<span class="cardlaw-suit" aria-hidden="true">{mark}</span>' if mark else ""
    return (
        f'<span class="cardlaw-card {classes}" role="img" aria-label="{name}" title="{name}">'
        f'<span class="cardlaw-rank" aria-hidden="true">{rank}</span>{suit}</span>'
    )


def _cards(tokens: str) -> list[Face]:
    return [read_card(t) for t in tokens.replace(",", " ").split()]


def hand_html(tokens: str, label: str = "") -> str:
    """A row of cards (a hand, an offer, a pile) with an optional label before it."""
    cards = _cards(tokens)
    alt = ", ".join(card_name(c) for c in cards) or "no cards"
    head = f'<span class="cardlaw-label">{html.escape(label)}</span>' if label else ""
    body = "".join(card_html(c) for c in cards) or '<span class="cardlaw-none">no cards</span>'
    aria = html.escape(f"{label}: {alt}" if label else alt)
    return (
        f'<div class="cardlaw-hand" role="group" aria-label="{aria}">{head}'
        f'<span class="cardlaw-cards">{body}</span></div>'
    )


def trick_html(tokens: str, seats: list[str], winner: str = "") -> str:
    """A trick: each card over the name of its player, the winning card marked."""
    cards = _cards(tokens)
    if seats and len(seats) != len(cards):
        raise ValueError(
            f"a trick of {len(cards)} cards needs {len(cards)} seats, not {len(seats)}"
        )
    best = read_card(winner) if winner else None
    parts = []
    for i, card in enumerate(cards):
        won = best is not None and card == best
        who = html.escape(seats[i]) if seats else f"play {i + 1}"
        parts.append(
            f'<figure class="cardlaw-play{" cardlaw-winner" if won else ""}">'
            f"{card_html(card)}<figcaption>{who}{' · wins' if won else ''}</figcaption></figure>"
        )
    return f'<div class="cardlaw-trick" role="group" aria-label="A trick">{"".join(parts)}</div>'


def piles_html(left: str, right: str, middle: str = "") -> str:
    """Split's table: the left pile, the card between (if any), the right pile."""
    centre = (
        f'<figure class="cardlaw-play cardlaw-middle">{card_html(middle)}'
        "<figcaption>between</figcaption></figure>"
        if middle
        else '<figure class="cardlaw-play cardlaw-middle cardlaw-gap"><span '
        'class="cardlaw-space">·</span><figcaption>between</figcaption></figure>'
    )
    return (
        '<div class="cardlaw-trick cardlaw-piles" role="group" aria-label="The Split piles">'
        f'<figure class="cardlaw-play">{card_html(left)}<figcaption>left pile</figcaption></figure>'
        f"{centre}"
        f'<figure class="cardlaw-play">{card_html(right)}<figcaption>right pile</figcaption>'
        "</figure></div>"
    )


# --- Sphinx -------------------------------------------------------------------------------


def card_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:card:`KH``` — one card pictured inline."""
    try:
        markup = card_html(text)
    except CardlawError as error:
        message = inliner.reporter.error(f"cardlaw: {error}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    return [nodes.raw(rawtext, markup, format="html")], []


class _CardsDirective(SphinxDirective):
    has_content = False
    required_arguments = 1
    final_argument_whitespace = True

    def picture(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            markup = self.picture()
        except (CardlawError, ValueError) as error:
            raise self.error(f"cardlaw: {error}") from error
        return [nodes.raw("", markup, format="html")]


class HandDirective(_CardsDirective):
    """``.. cardlaw-hand:: KH QH 7S`` — a hand of cards."""

    option_spec: ClassVar[dict[str, Any]] = {"label": directives.unchanged}

    def picture(self) -> str:
        return hand_html(self.arguments[0], self.options.get("label", ""))


class TrickDirective(_CardsDirective):
    """``.. cardlaw-trick:: AH QH 9D 9S`` — a trick, with ``:seats:`` and ``:winner:``."""

    option_spec: ClassVar[dict[str, Any]] = {
        "seats": directives.unchanged,
        "winner": directives.unchanged,
    }

    def picture(self) -> str:
        seats = [s.strip() for s in self.options.get("seats", "").split(",") if s.strip()]
        return trick_html(self.arguments[0], seats, self.options.get("winner", ""))


class PilesDirective(_CardsDirective):
    """``.. cardlaw-piles:: 23 77`` — Split's two piles, with ``:middle:``."""

    option_spec: ClassVar[dict[str, Any]] = {"middle": directives.unchanged}

    def picture(self) -> str:
        cards = self.arguments[0].split()
        if len(cards) != 2:
            raise ValueError(f"the piles are two cards, not {len(cards)}: {self.arguments[0]!r}")
        return piles_html(cards[0], cards[1], self.options.get("middle", ""))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the card role (replacing any earlier ``:card:``) and the directives."""
    app.add_role("card", card_role, override=True)
    app.add_directive("cardlaw-hand", HandDirective)
    app.add_directive("cardlaw-trick", TrickDirective)
    app.add_directive("cardlaw-piles", PilesDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
