"""The answers of ``cardlaw ask``, without the command line: the work of each question.

Each ``cardlaw/answers/<game>.py`` holds the questions of one game as plain
functions of their inputs (text as a player types or taps it) that return an
:class:`Answer`, or raise :class:`~spec.errors.MalformedInput` with the one
line ``cardlaw ask`` prints for bad input.  They use ``spec`` and ``engine``
only (no click, rich, z3 or command line), so the rulebook's "Ask the judge"
panel runs the very same functions in the browser (:mod:`cardlaw.answers.page`);
the commands of :mod:`cardlaw.ask` parse their options and call them.

>>> answer = Answer("yes", ("because",), (("x.y", "A clause."),))
>>> print(answer.text())
yes
  - because
Clauses:
  x.y: A clause.
>>> answer.to_json()
{'verdict': 'yes', 'steps': ['because'], 'clauses': {'x.y': 'A clause.'}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from cardlaw.engine.api import AnyGame, Explanation
from cardlaw.engine.jsonio import JSON
from cardlaw.spec.cards import Card
from cardlaw.spec.errors import CardlawError, MalformedInput

__all__ = ["Answer", "answer_of", "disputed", "explained", "read_cards", "read_trump", "tokens"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer: the verdict, the reasoning step by step, the clauses with their text.

    ``extra`` holds the fields that ``--json`` adds for programs; ``notes``
    the lines the text adds after the clauses (every tied build, say).
    """

    verdict: str
    steps: tuple[str, ...]
    clauses: tuple[tuple[str, str], ...]
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """The answer as ``cardlaw ask`` prints it, line by line."""
        lines = [self.verdict, *(f"  - {step}" for step in self.steps)]
        if self.clauses:
            lines.append("Clauses:")
            lines.extend(f"  {cid}: {text}" for cid, text in self.clauses)
        lines.extend(self.notes)
        return lines

    def text(self) -> str:
        """The answer as ``cardlaw ask`` prints it (without the final newline)."""
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, JSON]:
        """The answer as ``cardlaw ask ... --json`` prints it."""
        return {
            "verdict": self.verdict,
            "steps": list(self.steps),
            "clauses": dict(self.clauses),
            **self.extra,
        }


def answer_of(
    verdict: str, steps: Sequence[str], clauses: Sequence[str], game: AnyGame, **extra: object
) -> Answer:
    """An :class:`Answer` naming ``clauses`` of ``game``'s rulebook (each with its text)."""
    book = game.rulebook
    texts = tuple((cid, book[cid].text) for cid in dict.fromkeys(clauses) if cid in book)
    return Answer(verdict, tuple(steps), texts, MappingProxyType(dict(extra)))


def explained(explanation: Explanation, game: AnyGame, **extra: object) -> Answer:
    """An engine's explanation as an :class:`Answer`."""
    return answer_of(explanation.verdict, explanation.steps, explanation.clauses, game, **extra)


def read_cards(tokens: Sequence[str], foreign: Callable[[Card], str | None]) -> tuple[Card, ...]:
    """The cards ``tokens`` name, each once; ``foreign`` says why a card is not the game's.

    A token that is no card, a card given twice, or one for which
    ``foreign`` gives a reason, is malformed input.

    >>> read_cards(["KH", "7S"], lambda card: None)
    (Card('KH'), Card('7S'))
    >>> read_cards(["KH", "KH"], lambda card: None)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: bad card 'KH': given twice
    """
    cards: list[Card] = []
    for token in tokens:
        try:
            card = Card(token)
        except CardlawError as error:
            raise MalformedInput(str(error)) from None
        reason = foreign(card)
        if reason is not None:
            raise MalformedInput(reason)
        if card in cards:
            raise MalformedInput(f"bad card {token!r}: given twice")
        cards.append(card)
    return tuple(cards)


def read_trump(text: str, parse: Callable[[str], T], expected: str) -> T:
    """``--trump`` read by ``parse``; unreadable, it is malformed input (``expected`` says why).

    >>> from cardlaw.spec.cards import Rank
    >>> read_trump("Z", Rank.parse, "a rank (2-10, J, Q, K, A)")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: --trump must be a rank (2-10, J, Q, K, A), not 'Z'
    """
    try:
        return parse(text)
    except CardlawError:
        raise MalformedInput(f"--trump must be {expected}, not {text!r}") from None


def tokens(text: str) -> list[str]:
    """The words of a text of cards (spaces or commas between them).

    >>> tokens("KH, 7S 2D")
    ['KH', '7S', '2D']
    """
    return text.replace(",", " ").split()


def disputed(card: Card, hand: Sequence[Card], table: Sequence[Card], what: str) -> None:
    """Refuse a hand and a table that share a card, or a disputed ``card`` not of the hand.

    ``what`` names the cards on the table (``"the trick"``).  A tapped
    question has no history to check, so these are what makes it a
    situation of the game: one deck has one card of each, and the card in
    dispute is one the player holds.

    >>> seven, king = Card("7S"), Card("KH")
    >>> disputed(seven, [seven, king], [Card("2H")], "the trick")
    >>> disputed(seven, [king], [seven], "the trick")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 7S is already in the trick: the card in dispute is one the \
player holds (--hand)
    """
    for one in hand:
        if one in table:
            raise MalformedInput(
                f"{one} is both in the hand and in {what}: one deck has one of each card"
            )
    if card in table:
        raise MalformedInput(
            f"{card} is already in {what}: the card in dispute is one the player holds (--hand)"
        )
    if card not in hand:
        raise MalformedInput(
            f"{card} is not in the hand: the card in dispute is one the player holds (--hand)"
        )
