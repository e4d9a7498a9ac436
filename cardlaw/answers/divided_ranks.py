"""Divided Ranks' answers: which hand wins, the best build, a showdown, is this split legal.

The work of ``cardlaw ask divided-ranks compare``, ``arrange``, ``showdown`` and ``split``.

>>> print(compare("10S JD QH KH AD", "10C JK QS KD AH").verdict)
A♦ K♥ Q♥ J♦ 10♠ is stronger
>>> print(split("AS AH 10C JK", up="AS AH 10C", down="JK").verdict)  # doctest: +ELLIPSIS
illegal: the splitter must divide the top four cards of the stock (...) into two pairs, not ...
>>> compare("10S JD QH KH", "10C JK QS KD AH")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: the first hand is 5 cards, not 4: 10S KH QH JD
"""

from __future__ import annotations

from cardlaw.answers import Answer, explained
from cardlaw.engine.divided_ranks.arrange import build_value
from cardlaw.engine.divided_ranks.draft import split_refusal
from cardlaw.engine.divided_ranks.evaluate import category, compare_hands, hand_order
from cardlaw.engine.divided_ranks.explain import (
    check_hand,
    explain_arrange,
    explain_compare,
    explain_showdown,
    lined_up,
)
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.scoring import decide
from cardlaw.engine.explaining import explained as reasoned
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divided_ranks.actions import Split
from cardlaw.spec.divided_ranks.constants import HOLDING_SIZE, PACK_MASK
from cardlaw.spec.divided_ranks.parameters import DividedRanksRules, count_word
from cardlaw.spec.errors import CardlawError, MalformedInput

__all__ = ["arrange", "compare", "read_cards", "showdown", "split"]


def read_cards(text: str, what: str) -> int:
    """The cards named in ``text`` (spaces or commas between them), as a mask.

    >>> read_cards("JK AS", "the hand") == 1 << 52 | 1 << 51
    True
    >>> read_cards("2S", "the hand")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: the hand: 2S is not in the 21-card pack ...
    """
    mask = 0
    for token in text.replace(",", " ").split():
        try:
            card = Card(token)
        except CardlawError as error:
            raise MalformedInput(f"{what}: {error}") from None
        if not PACK_MASK >> card & 1:
            raise MalformedInput(
                f"{what}: {card} is not in the 21-card pack (10 to A of each suit, and JK)"
            )
        if mask >> card & 1:
            raise MalformedInput(f"{what}: {card} is given twice")
        mask |= 1 << card
    return mask


def _hand(text: str, what: str) -> int:
    mask = read_cards(text, what)
    check_hand(mask, what)
    return mask


def _disjoint(masks: list[tuple[int, str]]) -> None:
    seen, where = 0, ""
    for mask, what in masks:
        if seen & mask:
            shared = CardSet(seen & mask)
            raise MalformedInput(
                f"{shared} is in both {where} and {what}: one pack has one of each card"
            )
        seen, where = seen | mask, what


def _hand_json(mask: int) -> dict[str, object]:
    return {
        "cards": str(CardSet(mask)),
        "category": category(mask).label,
        "card_for_card": list(hand_order(mask)),
    }


def compare(first: str, second: str) -> Answer:
    """Which of two five-card hands (each one text, ``"10S JD QH KH AD"``) is stronger, and why."""
    a, b = _hand(first, "the first hand"), _hand(second, "the second hand")
    _disjoint([(a, "the first hand"), (b, "the second hand")])
    result = compare_hands(a, b)
    return explained(
        explain_compare(a, b),
        DIVIDED_RANKS,
        stronger={1: "first", -1: "second", 0: None}[result],
        hands=[_hand_json(a), _hand_json(b)],
    )


def arrange(cards: str) -> Answer:
    """The best way to divide ten cards (one text) into two hands, every tie, and why."""
    holding = read_cards(cards, "the ten cards")
    if holding.bit_count() != HOLDING_SIZE:
        raise MalformedInput(f"a build divides {HOLDING_SIZE} cards, not {holding.bit_count()}")
    answer, builds = explain_arrange(holding)
    notes: tuple[str, ...] = ()
    if len(builds) > 1:
        notes = (
            f"All {len(builds)} best builds (weaker / stronger):",
            *(f"  {lined_up(weaker)} / {lined_up(stronger)}" for weaker, stronger in builds),
        )
    base = explained(
        answer,
        DIVIDED_RANKS,
        best_builds=[
            {"weaker": _hand_json(weaker), "stronger": _hand_json(stronger)}
            for weaker, stronger in builds
        ],
    )
    return Answer(base.verdict, base.steps, base.clauses, base.extra, notes)


def _build(text: str, seat: int) -> tuple[int, int]:
    left, slash, right = text.partition("/")
    if not slash:
        raise MalformedInput(
            f"seat {seat}'s build must be two hands separated by '/', like "
            '"AS AH AD KS KH / QS QH QD JS JH"'
        )
    one = _hand(left, f"seat {seat}'s first hand")
    two = _hand(right, f"seat {seat}'s second hand")
    _disjoint([(one, f"seat {seat}'s first hand"), (two, f"seat {seat}'s second hand")])
    return one, two


def showdown(first: str, second: str) -> Answer:
    """Who wins when two builds (``"AS AH AD KS KH / QS QH QD JS JH"``) are shown, and why."""
    zero, one = _build(first, 0), _build(second, 1)
    _disjoint([(zero[0] | zero[1], "seat 0's build"), (one[0] | one[1], "seat 1's build")])
    winner, decided_by = decide(build_value(*zero), build_value(*one))
    return explained(
        explain_showdown((zero, one)), DIVIDED_RANKS, winner=winner, decided_by=decided_by
    )


def split(
    drawn: str, up: str = "", down: str = "", hand: str = "", rules: DividedRanksRules | None = None
) -> Answer:
    """Is laying ``up`` face up and ``down`` face down a split of the cards ``drawn``, and why.

    ``drawn`` are the four cards the splitter drew from the stock; ``hand``
    the cards the splitter held before (none in the first round).  The
    verdict is the engine's (:func:`engine.divided_ranks.draft.split_refusal`,
    the check a split is played by); a situation no draft can reach (a card
    drawn that the hand holds, a card both face up and face down, a hand of a
    size no round starts with) is malformed input.  ``rules`` are Divided
    Ranks' rule parameters (the default game's when not given).
    """
    if rules is None:
        rules = DIVIDED_RANKS.config().rules
    four = read_cards(drawn, "the cards drawn")
    if four.bit_count() != rules.split_size:
        raise MalformedInput(
            f"the splitter draws {count_word(rules.split_size)} cards, not {four.bit_count()}"
        )
    held = read_cards(hand, "the hand")
    size, rounds = rules.pair_size, rules.rounds
    if held.bit_count() % size or held.bit_count() > size * (rounds - 1):
        sizes = [str(size * r) for r in range(rounds)]
        choices = ", ".join(sizes[:-1]) + " or " + sizes[-1] if len(sizes) > 1 else sizes[0]
        raise MalformedInput(
            f"before a split the splitter holds {choices} cards, not {held.bit_count()}"
        )
    _disjoint([(held, "the hand"), (four, "the cards drawn")])
    face_up = read_cards(up, "the face-up cards")
    face_down = read_cards(down, "the face-down cards")
    _disjoint([(face_up, "the face-up cards"), (face_down, "the face-down cards")])
    action = Split(CardSet(face_up), CardSet(face_down))
    steps = [
        (
            f"The splitter drew {CardSet(four).pretty}: they go out as two groups of "
            f"{count_word(size)}, one face up and one face down",
            "divided-ranks.draft.split",
        )
    ]
    refused = split_refusal(rules, four, action, "the splitter")
    if refused is not None:
        why = reasoned(f"illegal: {refused.reason}", [*steps, (refused.reason, refused.clause)])
        return explained(why, DIVIDED_RANKS, legal=False)
    shown = f"{action.up.pretty} face up and {action.down.pretty} face down"
    steps.append((f"{shown} divide the four cards drawn", "divided-ranks.draft.split"))
    steps.append(
        ("The chooser takes either group, and the splitter the other", "divided-ranks.draft.choose")
    )
    return explained(reasoned(f"legal: {shown}", steps), DIVIDED_RANKS, legal=True)
