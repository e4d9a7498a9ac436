"""Euchre's rule parameters: the constants a designer may change (``--set NAME=VALUE``).

Each defaults to its constant in :mod:`spec.euchre.constants`.  The ranges
are those of each number on its own; :func:`check_rules` checks how they fit
together (the configuration calls it).  The numbers that follow from them
(the tricks of a hand, the majority, the kitty, the two packets of the deal,
the scores a hand can make) are properties of :class:`EuchreRules`, never
parameters [euchre.ruling.hand-size].

>>> EuchreRules()
EuchreRules()
>>> EuchreRules(target=11)
EuchreRules(target=11)
>>> r = EuchreRules(cards_each=4)
>>> r.tricks, r.majority, r.kitty_size, (r.first_packet, r.second_packet)
(4, 3, 8, (2, 2))
>>> PRINTED_RULES.majority, PRINTED_RULES.kitty_size, sorted(PRINTED_RULES.hand_points)
(3, 4, [1, 2, 4])
>>> EuchreRules(target=0)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: TARGET must be from 2 to 30, not 0 [euchre.end.ten]
>>> check_rules(EuchreRules(cards_each=6))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 4 players dealt CARDS_EACH=6 cards each take 24 of the 24 \
cards \
and leave none for the up-card [euchre.deal.up-card]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.constants import (
    ALONE_MARCH_POINTS,
    CARDS_EACH,
    DECK_SIZE,
    EUCHRE_POINTS,
    MAKER_POINTS,
    MARCH_POINTS,
    PLAYERS,
    TARGET,
)
from cardlaw.spec.parameters import RuleNumbers, parameter

__all__ = ["PRINTED_RULES", "EuchreRules", "check_rules"]

_POINTS_HIGH: Final = 10
"""The most points one entry of the scoring table may be worth."""


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class EuchreRules(RuleNumbers):
    """The numbers of Euchre's rules; each field is one constant of :mod:`spec.euchre.constants`.

    Every entry of the scoring table is at least one point, so a hand that is
    played always moves a team towards the target.  No order among the
    entries is required (a march may be worth less than making it): the
    engine scores any table, and the proofs read the bounds of a game from
    the smallest and the largest score a hand can actually make.
    """

    target: int = parameter(
        TARGET, name="TARGET", clause="euchre.end.ten", low=2, high=30,
        summary="Points that win the game.",
    )  # fmt: skip
    maker_points: int = parameter(
        MAKER_POINTS, name="MAKER_POINTS", clause="euchre.score.makers", low=1,
        high=_POINTS_HIGH, summary="Points of makers who take a majority but not every trick.",
    )  # fmt: skip
    march_points: int = parameter(
        MARCH_POINTS, name="MARCH_POINTS", clause="euchre.score.march", low=1,
        high=_POINTS_HIGH, summary="Points of makers who take every trick (a march).",
    )  # fmt: skip
    alone_march_points: int = parameter(
        ALONE_MARCH_POINTS, name="ALONE_MARCH_POINTS", clause="euchre.score.alone-march",
        low=1, high=_POINTS_HIGH, summary="Points of a lone maker who takes every trick.",
    )  # fmt: skip
    euchre_points: int = parameter(
        EUCHRE_POINTS, name="EUCHRE_POINTS", clause="euchre.score.euchred", low=1,
        high=_POINTS_HIGH, summary="Points of defenders who stop the makers (euchre them).",
    )  # fmt: skip
    cards_each: int = parameter(
        CARDS_EACH, name="CARDS_EACH", clause="euchre.deal.five", low=2,
        high=DECK_SIZE // PLAYERS,
        summary="Cards dealt to each player; a hand has as many tricks.",
    )  # fmt: skip

    @property
    def tricks(self) -> int:
        """Tricks in a hand: one for each card dealt [euchre.trick.count]."""
        return self.cards_each

    @property
    def majority(self) -> int:
        """Tricks the makers need to score: more than half of them [euchre.score.makers]."""
        return self.cards_each // 2 + 1

    @property
    def kitty_size(self) -> int:
        """Undealt cards: the up-card and those under it [euchre.deal.up-card]."""
        return DECK_SIZE - PLAYERS * self.cards_each

    @property
    def first_packet(self) -> int:
        """Cards each player gets in the deal's first round: the larger half of the hand."""
        return self.cards_each - self.cards_each // 2

    @property
    def second_packet(self) -> int:
        """Cards each player receives in the second round: the smaller half."""
        return self.cards_each // 2

    @property
    def hand_points(self) -> frozenset[int]:
        """Every entry of the scoring table [euchre.score.one-team]."""
        return frozenset(
            {self.maker_points, self.march_points, self.alone_march_points, self.euchre_points}
        )

    @property
    def makers_can_make_it(self) -> bool:
        """Whether makers can take a majority without taking every trick (three or more cards)."""
        return self.majority < self.tricks

    @property
    def reachable_points(self) -> frozenset[int]:
        """The scores a hand can actually make: the maker's points only if they can be made."""
        made = {self.maker_points} if self.makers_can_make_it else set()
        return frozenset({*made, self.march_points, self.alone_march_points, self.euchre_points})


PRINTED_RULES: Final = EuchreRules()
"""The rules as printed: every parameter at its default."""


def check_rules(rules: EuchreRules) -> None:
    """Raise :class:`MalformedInput` unless ``rules``' numbers fit together.

    The one rule across parameters: the 24-card deck must deal every player's
    hand and still leave the up-card [euchre.deal.up-card].  The scoring
    table has no order to keep (see :class:`EuchreRules`).  Called by the
    configuration.
    """
    dealt = PLAYERS * rules.cards_each
    if dealt + 1 > DECK_SIZE:
        raise MalformedInput(
            f"{PLAYERS} players dealt CARDS_EACH={rules.cards_each} cards each take {dealt} of "
            f"the {DECK_SIZE} cards and leave none for the up-card [euchre.deal.up-card]"
        )
