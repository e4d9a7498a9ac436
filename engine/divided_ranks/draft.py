"""The draft: five rounds of splitting four cards and choosing a pair.

The numbers are the configuration's rules (:mod:`spec.divided_ranks.parameters`):
``ROUNDS`` rounds, each splitting ``2 x PAIR_SIZE`` cards into two groups of
``PAIR_SIZE``.

>>> from cardlaw.engine.divided_ranks.deal import SHUFFLES, apply_first_splitter, apply_shuffle
>>> from cardlaw.spec.divided_ranks import DividedRanksConfig, FirstSplitter, initial_state
>>> state = apply_first_splitter(initial_state(DividedRanksConfig()), FirstSplitter(0))
>>> state = apply_shuffle(state, SHUFFLES.outcome(0))
>>> [a.text for a in legal_splits(state)][:2]
['split 10H 10D / 10S JC', 'split 10S JC / 10H 10D']
>>> state = apply_split(state, legal_splits(state)[0])
>>> state.actor, [a.text for a in legal_takes(state)]
(1, ['take up', 'take down'])
>>> state = apply_take(state, TAKE_DOWN)
>>> str(CardSet(state.hands[1])), str(CardSet(state.hands[0])), state.actor
('10S JC', '10H 10D', 1)
>>> from cardlaw.spec.divided_ranks.parameters import DividedRanksRules
>>> halves = DividedRanksConfig(rules=DividedRanksRules(rounds=2, pair_size=5))
>>> state = apply_shuffle(apply_first_splitter(initial_state(halves), FirstSplitter(0)),
...                       SHUFFLES.outcome(0))
>>> len(legal_splits(state)), legal_splits(state)[0].text
(252, 'split 10S 10H JD 10D JC / JS QH JH QD QC')
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final

from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import TAKE_DOWN, TAKE_UP, Split, Take
from cardlaw.spec.divided_ranks.parameters import DividedRanksRules, count_word
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.domain import CardMask
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.trace import enforces

__all__ = [
    "TAKE_DOWN",
    "TAKE_UP",
    "apply_split",
    "apply_take",
    "drawn_cards",
    "legal_splits",
    "legal_takes",
    "split_refusal",
]


@cache
def _pairings(pair_size: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The ways to divide ``2 x pair_size`` cards (by position) into two groups of ``pair_size``.

    Each division once, the group holding the first card first; for pairs
    ``((0, 1), (2, 3))``, ``((0, 2), (1, 3))``, ``((0, 3), (1, 2))``.

    >>> _pairings(2)
    (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
    """
    everyone = range(2 * pair_size)
    out = []
    for rest in combinations(everyone[1:], pair_size - 1):
        group = (0, *rest)
        out.append((group, tuple(i for i in everyone if i not in group)))
    return tuple(out)


_TAKES: Final = (TAKE_UP, TAKE_DOWN)


def _groups(size: int) -> str:
    """What the two groups of a split are called: ``pairs`` under the printed rules."""
    return "pairs" if size == 2 else "single cards" if size == 1 else f"groups of {size}"


@enforces("divided-ranks.draft.split")
def drawn_cards(state: DividedRanksState) -> CardMask:
    """The four cards the splitter is dividing: the top four of the stock."""
    mask = 0
    for card in state.stock[: state.config.rules.split_size]:
        mask |= 1 << card
    return mask


@enforces("divided-ranks.draft.split")
def legal_splits(state: DividedRanksState) -> tuple[Split, ...]:
    """The six splits: three ways to pair the four cards, either pair face up.

    Under other rules: every way to divide the drawn cards into two groups
    of ``PAIR_SIZE``, either face up.
    """
    pair_size = state.config.rules.pair_size
    four = state.stock[: 2 * pair_size]
    out = []
    if pair_size == 2:  # the printed rules: the hot loop, unrolled
        for (a, b), (c, d) in _pairings(2):
            one = CardSet(1 << four[a] | 1 << four[b])
            two = CardSet(1 << four[c] | 1 << four[d])
            out += [Split(one, two), Split(two, one)]
        return tuple(out)
    for group, rest in _pairings(pair_size):
        one = CardSet(sum(1 << four[i] for i in group))
        two = CardSet(sum(1 << four[i] for i in rest))
        out += [Split(one, two), Split(two, one)]
    return tuple(out)


def split_refusal(
    rules: DividedRanksRules, four: int, action: Split, who: str
) -> IllegalAction | None:
    """Why ``action`` is no split of the drawn cards ``four`` by ``who``, or ``None`` if it is one.

    The check :func:`apply_split` makes: the two groups divide exactly the
    cards drawn, each of ``PAIR_SIZE`` cards.

    >>> from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES
    >>> four = CardSet("AS AH 10C JK").mask
    >>> split_refusal(PRINTED_RULES, four, Split(CardSet("AS AH"), CardSet("10C JK")), "seat 0")
    >>> print(split_refusal(PRINTED_RULES, four, Split(CardSet("AS AH 10C"), CardSet("JK")),
    ...                     "the splitter"))  # doctest: +ELLIPSIS
    the splitter must divide the top four cards of the stock (...) into two pairs, not ... \
[divided-ranks.draft.split]
    """
    up, down = action.up.mask, action.down.mask
    size = rules.pair_size
    if up & down or up | down != four or up.bit_count() != size or down.bit_count() != size:
        return IllegalAction(
            f"{who} must divide the top {count_word(rules.split_size)} cards of "
            f"the stock ({CardSet(four).pretty}) into two {_groups(size)}, not {action.text!r}",
            clause="divided-ranks.draft.split",
        )
    return None


@enforces("divided-ranks.draft.split", "divided-ranks.info.hidden")
def apply_split(state: DividedRanksState, action: Split) -> DividedRanksState:
    """Lay out the two pairs; the other player chooses next."""
    rules = state.config.rules
    refused = split_refusal(rules, drawn_cards(state), action, f"seat {state.actor}")
    if refused is not None:
        raise refused
    return state._replace(
        stage=Stage.CHOOSE,
        actor=1 - state.actor,
        stock=state.stock[rules.split_size :],
        offer=(action.up.mask, action.down.mask),
    )


@enforces("divided-ranks.draft.choose")
def legal_takes(state: DividedRanksState) -> tuple[Take, ...]:
    """The chooser takes the face-up pair or the face-down pair."""
    return _TAKES


@enforces(
    "divided-ranks.draft.choose",
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.end",
    "divided-ranks.reserve.order",
    "divided-ranks.ruling.equal-splits",
    "divided-ranks.ruling.no-reserve-turns",
)
def apply_take(state: DividedRanksState, action: Take) -> DividedRanksState:
    """Give the chosen pair to the chooser and the other to the splitter.

    After the fifth round the reserve turns begin: the player who split twice
    goes first, or chance decides in the coin-flip-reserve variant.  When the
    rules have no reserve turns the builds begin, in that order
    [divided-ranks.ruling.no-reserve-turns]; when both players split as many
    rounds, the player who did not split first goes first
    [divided-ranks.ruling.equal-splits].
    """
    if action not in _TAKES:
        raise IllegalAction(f"{action!r} is not a choice", clause="divided-ranks.draft.choose")
    chooser = state.actor
    split_by = 1 - chooser
    up, down = state.offer
    mine, theirs = (up, down) if action.face_up else (down, up)
    hands = list(state.hands)
    hands[chooser] |= mine
    hands[split_by] |= theirs
    rounds = (*state.rounds, (split_by, up, down, int(action.face_up)))
    state = state._replace(hands=(hands[0], hands[1]), offer=(0, 0), rounds=rounds)
    config = state.config
    if len(rounds) < config.rules.rounds:
        return state._replace(stage=Stage.SPLIT, actor=chooser)
    if config.reserve_order == "coin":
        return state._replace(stage=Stage.RESERVE_ORDER, actor=-1)
    first = 1 - state.first_splitter  # the player who split only twice
    stage = Stage.RESERVE if config.rules.reserve_turns else Stage.BUILD
    return state._replace(stage=stage, actor=first, reserve_first=first)
