"""Divided Ranks' rule parameters: what its fixed pack lets a designer change (``--set``).

The pack is fixed: 21 cards, Ten to Ace of each suit and the Joker
[divided-ranks.cards.pack], and a build is two five-card hands
[divided-ranks.build.two-hands] (the five-card evaluation table and the
census are keyed to that pack and that hand size).  So each player must end
the draft with ten cards, the draft must deal out 20 cards, and one card is
left for the reserve.  What the pack still leaves open are the shape of the
draft and the reserve turns:

* ``ROUNDS`` — split rounds in the draft [divided-ranks.draft.rounds];
* ``PAIR_SIZE`` — cards in each of the two pairs of a split (the splitter
  draws twice as many) [divided-ranks.draft.split];
* ``RESERVE_TURNS`` — reserve turns, taken alternately from the first
  reserve player [divided-ranks.reserve.turns].

Not parameters, because the pack fixes them: ``PACK_SIZE``, ``HAND_SIZE``,
``HOLDING_SIZE`` (two hands of five), ``RESERVE_SIZE`` (21 less 2 x 10 is
1), ``STOCK_SIZE`` (20).  Derived numbers are properties: ``split_size``
(2 x PAIR_SIZE) and ``splits`` (the rounds each player splits).

The draft must deal out the stock exactly, ROUNDS x 2 x PAIR_SIZE = 20
(:func:`check_rules`); with PAIR_SIZE from 1 to 5 that leaves 10 rounds of
single cards, the printed 5 rounds of pairs, and 2 rounds of five-card halves.

>>> DividedRanksRules()
DividedRanksRules()
>>> rules = DividedRanksRules(rounds=10, pair_size=1, reserve_turns=4)
>>> rules, rules.split_size, rules.splits
(DividedRanksRules(rounds=10, pair_size=1, reserve_turns=4), 2, (5, 5))
>>> check_rules(rules)
>>> check_rules(DividedRanksRules(rounds=4))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: ROUNDS=4 x 2 x PAIR_SIZE=2 deals 16 cards, but the draft must \
deal out the 20-card stock so that each player holds 10 [divided-ranks.draft.end]
>>> DividedRanksRules(pair_size=6)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: PAIR_SIZE must be from 1 to 5, not 6 [divided-ranks.draft.split]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardlaw.spec.divided_ranks.constants import (
    HAND_SIZE,
    HOLDING_SIZE,
    PAIR_SIZE,
    RESERVE_TURNS,
    ROUNDS,
    STOCK_SIZE,
)
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import RuleNumbers, parameter

__all__ = ["PRINTED_RULES", "DividedRanksRules", "check_rules", "count_word"]

_WORDS: Final = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty",
)  # fmt: skip


def count_word(n: int) -> str:
    """A small count in words, for messages: ``count_word(4) == 'four'``; 21 and up as digits.

    >>> count_word(5), count_word(0), count_word(25)
    ('five', 'no', '25')
    """
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class DividedRanksRules(RuleNumbers):
    """The numbers of Divided Ranks' rules.

    Each field is one constant of :mod:`spec.divided_ranks.constants`.
    """

    rounds: int = parameter(
        ROUNDS, name="ROUNDS", clause="divided-ranks.draft.rounds", low=1, high=10,
        summary="Split rounds in the draft; the splitter changes every round.",
    )  # fmt: skip
    pair_size: int = parameter(
        PAIR_SIZE, name="PAIR_SIZE", clause="divided-ranks.draft.split", low=1,
        high=HAND_SIZE,
        summary="Cards in each of a split's two pairs; the splitter draws twice as many.",
    )  # fmt: skip
    reserve_turns: int = parameter(
        RESERVE_TURNS, name="RESERVE_TURNS", clause="divided-ranks.reserve.turns", low=0,
        high=10, summary="Reserve turns, taken alternately from the first reserve player.",
    )  # fmt: skip

    @property
    def split_size(self) -> int:
        """Cards the splitter draws each round: two pairs."""
        return 2 * self.pair_size

    @property
    def splits(self) -> tuple[int, int]:
        """Rounds split by the first splitter and by the other player (alternating)."""
        return (self.rounds + 1) // 2, self.rounds // 2


PRINTED_RULES: Final = DividedRanksRules()
"""The rules as printed: every parameter at its default."""


def check_rules(rules: DividedRanksRules) -> None:
    """Raise :class:`MalformedInput` unless ``rules``' numbers fit the fixed pack.

    The draft must deal out the stock exactly (the pack less the reserve), so
    that each player ends it with the ten cards of two five-card hands.
    Called by the configuration.
    """
    dealt = rules.rounds * rules.split_size
    if dealt != STOCK_SIZE:
        raise MalformedInput(
            f"ROUNDS={rules.rounds} x 2 x PAIR_SIZE={rules.pair_size} deals {dealt} cards, but "
            f"the draft must deal out the {STOCK_SIZE}-card stock so that each player holds "
            f"{HOLDING_SIZE} [divided-ranks.draft.end]"
        )
