"""Step-by-step reasons for Divided Ranks' rulings, each step citing the clause it applies.

Hands are compared, holdings arranged and builds scored by the same
functions the engine plays by (:mod:`~engine.divided_ranks.evaluate`,
:mod:`~engine.divided_ranks.arrange`, :mod:`~engine.divided_ranks.scoring`),
so an explanation can never disagree with a game.

>>> from cardlaw.spec.cards import CardSet
>>> answer = explain_compare(CardSet("10S JD QH KH AD").mask, CardSet("10C JK QS KD AH").mask)
>>> answer.verdict
'A♦ K♥ Q♥ J♦ 10♠ is stronger'
>>> for step in answer.steps:  # doctest: +NORMALIZE_WHITESPACE
...     print(step)
A♦ K♥ Q♥ J♦ 10♠ is a straight: five different ranks [divided-ranks.hands.no-high-card]
A♥ K♦ Q♠ ★ 10♣ is a straight: the Joker stands for the missing Jack
    [divided-ranks.hands.joker-wild]
Both are straights: compare them card for card (A K Q J 10 against A K Q (J) 10)
    [divided-ranks.ruling.card-for-card]
They are equal card for card; A♥ K♦ Q♠ ★ 10♣ holds the Joker, so A♦ K♥ Q♥ J♦ 10♠ wins
    [divided-ranks.hands.joker-tiebreak]
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from cardlaw.engine.divided_ranks.arrange import best_builds, build_value, check_holding, score
from cardlaw.engine.divided_ranks.evaluate import category, hand_key, hand_order
from cardlaw.engine.divided_ranks.observe import observe
from cardlaw.engine.divided_ranks.scoring import decide
from cardlaw.engine.explaining import engine_verdict, explained, verdict_on
from cardlaw.engine.manifest import Engine, Explanation
from cardlaw.spec.cards import JOKER, Card, CardSet, Rank, bits
from cardlaw.spec.divided_ranks.actions import Action, Build, Keep, Split, Swap, Take
from cardlaw.spec.divided_ranks.constants import (
    BUILDS_PER_HOLDING,
    HAND_SIZE,
    PACK_MASK,
    PACK_RANKS,
    Category,
)
from cardlaw.spec.divided_ranks.invariants import splitter_of
from cardlaw.spec.divided_ranks.parameters import count_word
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.domain import CardMask
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "Explanation",
    "check_hand",
    "explain_action",
    "explain_arrange",
    "explain_compare",
    "explain_showdown",
    "lined_up",
]

_RANK_NAMES = {
    Rank.TEN: "Ten",
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
    Rank.ACE: "Ace",
}
_PLURAL = {
    Category.PAIR: "pairs",
    Category.TWO_PAIR: "two pairs",
    Category.THREE_OF_A_KIND: "threes of a kind",
    Category.STRAIGHT: "straights",
    Category.FULL_HOUSE: "full houses",
    Category.FOUR_OF_A_KIND: "fours of a kind",
    Category.ROYAL_FLUSH: "royal flushes",
}


def check_hand(mask: CardMask, what: str = "a hand") -> None:
    """Raise :class:`~spec.errors.MalformedInput` unless ``mask`` is five cards of the pack.

    >>> check_hand(CardSet("AS AH 9D KC QC").mask)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: 9D is not a card of the Divided Ranks pack (10 to A and \
the Joker)
    >>> check_hand(CardSet("AS AH").mask)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: a hand is 5 cards, not 2: AS AH
    """
    outside = mask & ~PACK_MASK
    if outside:
        raise MalformedInput(
            f"{CardSet(outside)} is not a card of the Divided Ranks pack (10 to A and the Joker)"
        )
    if mask.bit_count() != HAND_SIZE:
        raise MalformedInput(
            f"{what} is {HAND_SIZE} cards, not {mask.bit_count()}: {CardSet(mask) or 'nothing'}"
        )


def lined_up(mask: CardMask) -> str:
    """A hand's cards in comparison order: bigger groups first, higher ranks first.

    A wild Joker stands where its rank would; a low Joker comes last.

    >>> lined_up(CardSet("10C KS 10D KH KD").mask), lined_up(CardSet("QS AH JK 10D AC").mask)
    ('K♠ K♥ K♦ 10♦ 10♣', 'A♥ A♣ Q♠ 10♦ ★')
    >>> lined_up(CardSet("10C JK QD KH AS").mask)
    'A♠ K♥ Q♦ ★ 10♣'
    """
    suited = [c for c in bits(mask) if c != JOKER]
    counts = Counter(c >> 2 for c in suited)
    order = sorted(suited, key=lambda c: (counts[c >> 2], c >> 2, c & 3), reverse=True)
    names = [Card(c).pretty for c in order]
    if mask >> JOKER & 1:
        wild = category(mask) in (Category.STRAIGHT, Category.ROYAL_FLUSH)
        missing = [r for r in reversed(PACK_RANKS) if r.index not in counts]
        position = list(reversed(PACK_RANKS)).index(missing[0]) if wild and missing else 5
        names.insert(position, Card(JOKER).pretty)
    return " ".join(names)


def _missing_rank(mask: int) -> Rank:
    present = {c >> 2 for c in bits(mask) if c != JOKER}
    return next(r for r in reversed(PACK_RANKS) if r.index not in present)


def _what_it_is(mask: int) -> tuple[str, str]:
    """Why a hand has its category: (text, clause)."""
    cat = category(mask)
    shown = lined_up(mask)
    joker = bool(mask >> JOKER & 1)
    if cat in (Category.STRAIGHT, Category.ROYAL_FLUSH):
        kind = "a royal flush" if cat == Category.ROYAL_FLUSH else "a straight"
        if joker:
            rank = _RANK_NAMES[_missing_rank(mask)]
            return (
                f"{shown} is {kind}: the Joker stands for the missing {rank}",
                "divided-ranks.hands.joker-wild",
            )
        if cat == Category.ROYAL_FLUSH:
            return (
                f"{shown} is {kind}: five cards of one suit are the whole suit, Ten to Ace",
                "divided-ranks.hands.no-high-card",
            )
        return f"{shown} is {kind}: five different ranks", "divided-ranks.hands.no-high-card"
    if joker:
        return (
            f"{shown} is a {cat.label}: the Joker is not wild here, it counts "
            "below the Ten and matches nothing",
            "divided-ranks.hands.joker-low",
        )
    return f"{shown} is a {cat.label}", "divided-ranks.hands.categories"


def _compare_steps(a: int, b: int) -> tuple[int, list[tuple[str, str]]]:
    """(1 if ``a`` is stronger, -1 if ``b`` is, 0 if equal; the reasoning)."""
    steps = [_what_it_is(a), _what_it_is(b)]
    ca, cb = category(a), category(b)
    one, two = lined_up(a), lined_up(b)
    if ca != cb:
        high, low = (ca, cb) if ca > cb else (cb, ca)
        winner = one if ca > cb else two
        steps.append(
            (
                f"A {high.label} ranks above a {low.label}, so {winner} wins",
                "divided-ranks.hands.categories",
            )
        )
        return (1 if ca > cb else -1), steps
    order_a, order_b = hand_order(a), hand_order(b)
    steps.append(
        (
            f"Both are {_PLURAL[ca]}: compare them card for card "
            f"({' '.join(order_a)} against {' '.join(order_b)})",
            "divided-ranks.ruling.card-for-card",
        )
    )
    ka, kb = hand_key(a), hand_key(b)
    for i, (x, y) in enumerate(zip(order_a, order_b, strict=True)):
        if x.strip("()") != y.strip("()"):
            winner = one if ka > kb else two
            steps.append(
                (
                    f"The first difference is card {i + 1}: {x.strip('()')} against "
                    f"{y.strip('()')}, so {winner} wins",
                    "divided-ranks.ruling.card-for-card",
                )
            )
            return (1 if ka > kb else -1), steps
    if ka != kb:
        winner, loser = (one, two) if ka > kb else (two, one)
        steps.append(
            (
                f"They are equal card for card; {loser} holds the Joker, so {winner} wins",
                "divided-ranks.hands.joker-tiebreak",
            )
        )
        return (1 if ka > kb else -1), steps
    steps.append(
        (
            "They are equal card for card and neither holds the Joker: suits never count, so "
            "neither is stronger",
            "divided-ranks.ruling.card-for-card",
        )
    )
    return 0, steps


def explain_compare(a: int, b: int) -> Explanation:
    """Which of two five-card hands is stronger, and why.

    >>> answer = explain_compare(CardSet("KS KH KD 10C 10D").mask, CardSet("QS QH QD AC AD").mask)
    >>> answer.verdict
    'K♠ K♥ K♦ 10♦ 10♣ is stronger'
    >>> print(answer.steps[-1])  # doctest: +ELLIPSIS
    The first difference is card 1: K against Q, so K♠ K♥ K♦ 10♦ 10♣ wins [divided-ranks.ruling...]
    """
    check_hand(a, "the first hand")
    check_hand(b, "the second hand")
    result, steps = _compare_steps(a, b)
    if result == 0:
        verdict = "the hands are equal: neither is stronger"
    else:
        verdict = f"{lined_up(a) if result > 0 else lined_up(b)} is stronger"
    return explained(verdict, steps)


def _build_text(weaker: int, stronger: int) -> str:
    return (
        f"weaker {lined_up(weaker)} ({category(weaker).label}), "
        f"stronger {lined_up(stronger)} ({category(stronger).label})"
    )


def explain_arrange(holding: int) -> tuple[Explanation, tuple[tuple[int, int], ...]]:
    """The best build of ten cards, every build tied with it, and why.

    Returns the explanation and the best builds as (weaker, stronger) masks,
    the suggested one first.

    >>> answer, builds = explain_arrange(CardSet("AS AH AD KS KH KD QS QH JS JH").mask)
    >>> answer.verdict
    'best build: K♠ K♥ K♦ Q♠ Q♥ / A♠ A♥ A♦ J♠ J♥ (two full houses)'
    >>> len(builds)
    1
    """
    check_holding(holding)
    value, builds = best_builds(holding)
    best = score(value)
    weaker, stronger = builds[0]
    steps: list[tuple[str, str]] = [
        (
            f"Ten cards divide into two hands of five in {BUILDS_PER_HOLDING} ways",
            "divided-ranks.build.two-hands",
        ),
        (
            "Builds rank as the scoring compares them: the weaker hand's category, then the "
            "stronger hand's, then the weaker hand in full, then the stronger hand in full",
            "divided-ranks.score.order",
        ),
        (
            f"No build makes the weaker hand better than a "
            f"{best.weaker_category.label}; with that, none makes the stronger hand better than "
            f"a {best.stronger_category.label}",
            "divided-ranks.score.order",
        ),
        (f"The best: {_build_text(weaker, stronger)}", "divided-ranks.build.weaker-stronger"),
    ]
    if len(builds) > 1:
        steps.append(
            (
                f"{len(builds)} builds tie for best; they differ only by exchanging cards of "
                "equal rank between the two hands, so the best result is the same",
                "divided-ranks.ruling.best-build",
            )
        )
    else:
        steps.append(
            (
                "No other build reaches it: it is the only best build",
                "divided-ranks.ruling.best-build",
            )
        )
    if best.weaker_category == best.stronger_category:
        kind = f"two {_PLURAL[best.weaker_category]}"
    else:
        kind = f"{best.weaker_category.label} and {best.stronger_category.label}"
    verdict = f"best build: {lined_up(weaker)} / {lined_up(stronger)} ({kind})"
    if len(builds) > 1:
        verdict += f", one of {len(builds)} that tie"
    return explained(verdict, steps), builds


_STEP_NAMES = {
    "weaker-category": "the categories of the weaker hands",
    "stronger-category": "the categories of the stronger hands",
    "weaker-hand": "the weaker hands in full",
    "stronger-hand": "the stronger hands in full",
}


def explain_showdown(builds: tuple[tuple[int, int], tuple[int, int]]) -> Explanation:
    """Who wins when two builds are shown, step by step in the scoring's four steps.

    ``builds`` holds each seat's two hands (masks, in any order).

    >>> houses = (CardSet("AS AH AD KS KH").mask, CardSet("QS QH QD JS JH").mask)
    >>> quads = (CardSet("10S 10H 10D JD JC").mask, CardSet("KD KC KS KH JK").mask)
    >>> explain_showdown((houses, quads)).verdict
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: KS KH are in both builds: one pack has one of each card
    >>> one = (CardSet("KS KH KD JS QS").mask, CardSet("QH QC QD JH JC").mask)
    >>> two = (CardSet("10S 10H 10D JD KC").mask, CardSet("AS AH AD AC JK").mask)
    >>> answer = explain_showdown((one, two))
    >>> answer.verdict  # its weaker three of a kind is the lower one, but four of a kind wins
    'seat 1 wins on the categories of the stronger hands'
    >>> for step in answer.steps[2:]:  # doctest: +NORMALIZE_WHITESPACE
    ...     print(step)
    Compare the categories of the weaker hands: equal [divided-ranks.score.order]
    Compare the categories of the stronger hands (full house against four of a kind):
        seat 1 is higher [divided-ranks.score.order]
    Seat 0's build is lower: seat 0 loses [divided-ranks.score.loser]
    """
    seen = 0
    for seat, (a, b) in enumerate(builds):
        check_hand(a, f"seat {seat}'s first hand")
        check_hand(b, f"seat {seat}'s second hand")
        for hand in (a, b):
            if seen & hand:
                both = CardSet(seen & hand)
                verb = "is" if len(both) == 1 else "are"
                raise MalformedInput(f"{both} {verb} in both builds: one pack has one of each card")
            seen |= hand
    values = [build_value(a, b) for a, b in builds]
    scores = [score(v) for v in values]
    steps: list[tuple[str, str]] = []
    for seat, (a, b) in enumerate(builds):
        weaker, stronger = (a, b) if hand_key(a) <= hand_key(b) else (b, a)
        steps.append(
            (f"Seat {seat}: {_build_text(weaker, stronger)}", "divided-ranks.build.weaker-stronger")
        )
    winner, decided_by = decide(values[0], values[1])
    s0, s1 = scores
    parts = [
        ("weaker-category", s0.weaker_category.label, s1.weaker_category.label),
        ("stronger-category", s0.stronger_category.label, s1.stronger_category.label),
        ("weaker-hand", "", ""),
        ("stronger-hand", "", ""),
    ]
    for step, x, y in parts:
        name = _STEP_NAMES[step]
        if step == decided_by:
            assert winner is not None
            how = f" ({x} against {y})" if x else ""
            steps.append(
                (f"Compare {name}{how}: seat {winner} is higher", "divided-ranks.score.order")
            )
            break
        steps.append((f"Compare {name}: equal", "divided-ranks.score.order"))
    if winner is None:
        steps.append(("All four steps are equal: the game is drawn", "divided-ranks.score.draw"))
        return explained("a draw: the builds are equal at all four steps", steps)
    steps.append(
        (
            f"Seat {1 - winner}'s build is lower: seat {1 - winner} loses",
            "divided-ranks.score.loser",
        )
    )
    return explained(f"seat {winner} wins on {_STEP_NAMES[decided_by]}", steps)


# --- actions in a position -----------------------------------------------------------------------


def _clause_of(action: Action) -> str:
    return {
        Split: "divided-ranks.draft.split",
        Take: "divided-ranks.draft.choose",
        Swap: "divided-ranks.reserve.blind",
        Keep: "divided-ranks.reserve.turns",
        Build: "divided-ranks.build.two-hands",
    }.get(type(action), "divided-ranks.play.phases")


def _context(state: DividedRanksState) -> list[tuple[str, str]]:
    if state.stage in (Stage.SPLIT, Stage.CHOOSE):
        return _draft_context(state)
    if state.stage == Stage.RESERVE:
        return _reserve_context(state)
    if state.stage == Stage.BUILD:
        return [
            (
                f"Seat {state.actor} divides its ten cards "
                f"{CardSet(state.hands[state.actor]).pretty} into two hands of five",
                "divided-ranks.build.two-hands",
            )
        ]
    return []


def _draft_context(state: DividedRanksState) -> list[tuple[str, str]]:
    number = len(state.rounds) + 1
    splitter = splitter_of(state.first_splitter, len(state.rounds))
    steps = [
        (
            f"Round {number}: seat {splitter} splits and seat {1 - splitter} chooses (seat "
            f"{state.first_splitter} split first; the roles swap every round)",
            "divided-ranks.draft.rounds",
        )
    ]
    if state.stage == Stage.SPLIT:
        four = CardSet(sum(1 << c for c in state.stock[: state.config.rules.split_size]))
        steps.append(
            (
                f"Seat {splitter} drew {four.pretty}: it divides them into two pairs, one "
                "face up and one face down",
                "divided-ranks.draft.split",
            )
        )
    else:
        steps.append(
            (
                f"Seat {1 - splitter} takes the face-up pair {CardSet(state.offer[0]).pretty} "
                "or the face-down pair unseen; seat "
                f"{splitter} gets the other",
                "divided-ranks.draft.choose",
            )
        )
    return steps


_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                    "ninth", "tenth")  # fmt: skip


def _reserve_context(state: DividedRanksState) -> list[tuple[str, str]]:
    turn = _ORDINALS[len(state.swaps)] if len(state.swaps) < len(_ORDINALS) else "next"
    if state.config.reserve_order == "coin":
        why = "the coin gave the first turn to seat " + str(state.reserve_first)
        clause = "divided-ranks.variant.coin-flip-reserve"
    else:
        twice = 1 - state.first_splitter
        fewer = count_word(state.config.rules.splits[1])
        why = f"seat {twice} split {fewer} rounds, so it goes first"
        clause = "divided-ranks.reserve.order"
    steps = [
        (f"Seat {state.actor} takes the {turn} reserve turn: {why}", clause),
        (
            "It keeps its ten cards, or gives up one of them and takes the reserve unseen",
            "divided-ranks.reserve.turns",
        ),
    ]
    view = observe(state, state.actor)
    if view.reserve is not None:
        known = f"Seat {state.actor} knows the reserve is {view.reserve.pretty}"
        steps.append((known, "divided-ranks.info.candidates"))
    else:
        odds = ", ".join(f"{card.pretty} {chance}" for card, chance in view.reserve_odds)
        steps.append(
            (
                f"For seat {state.actor} the reserve is one of {len(view.reserve_odds)} "
                f"cards: {odds}",
                "divided-ranks.ruling.swap-odds",
            )
        )
    return steps


def explain_action(
    engine: Engine[DividedRanksState, Action], state: DividedRanksState, action: Action
) -> tuple[bool, Explanation]:
    """Whether ``action`` is legal in ``state``, and why, step by step.

    The verdict is the engine's own: ``engine.apply`` either accepts the
    action or names the clause it breaks.

    >>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
    >>> from cardlaw.engine.divided_ranks.position import EXAMPLE
    >>> from cardlaw.spec.divided_ranks.actions import KEEP
    >>> state = DIVIDED_RANKS.position_from_json(EXAMPLE)
    >>> legal, why = explain_action(DIVIDED_RANKS, state, KEEP)
    >>> legal, why.verdict, why.clauses[0]
    (True, 'legal: seat 0 may keep', 'divided-ranks.reserve.order')
    """
    legal, _, reason, clause = engine_verdict(engine, state, action)
    return verdict_on(
        action,
        state.actor,
        (legal, reason, clause),
        _context(state),
        legal_clause=_clause_of(action),
    )
