"""Divide's trick-winner encoding held to the engine inside ``cardlaw verify`` (:mod:`proofs.link`).

``divide.link.trick-winner`` — tricks of four and of five cards: every
ordered pair of cards as the lead and the next card (under every Trump Rank
for four cards, a seeded one for five; the rest of the trick seeded), the
four Trump Rank cards in every order among other cards, and a seeded
sample: the encoding's winning position and card are the engine's
``trick_winner``'s.  The engine function is called through its module, so a
test can break it in-process.

>>> from cardlaw.proofs.core import check
>>> report = check(trick_winner_link())
>>> report.status, report.cases > 40_000, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Final

import z3

from cardlaw.engine.divide import tricks as T
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.link import Columns, Table, columns, link
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import Card
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["TRICK_SAMPLE", "trick_winner_link"]

TRICK_SAMPLE: Final = 4_000
"""Seeded random tricks per trick size (besides the pairs and the Trump Rank orders)."""


# --- the trick winner ---------------------------------------------------------------------


@functools.cache
def _tricks(size: int) -> tuple[Columns, Columns]:
    """Tricks of ``size`` cards with their Trump Rank, and the engine's winner and card.

    Four-card tricks take every ordered pair as their first two cards under
    every Trump Rank, five-card tricks under one seeded Trump Rank per pair.
    """
    rng = random.Random(size)
    rows: list[tuple[int, ...]] = []
    deck = list(range(52))
    for a in deck:
        for b in deck:
            if a == b:
                continue
            for trump in range(13) if size == 4 else (rng.randrange(13),):
                rest: list[int] = []
                while len(rest) < size - 2:
                    c = rng.randrange(52)
                    if c not in (a, b) and c not in rest:
                        rest.append(c)
                rows.append((a, b, *rest, trump))
    for trump in range(13):
        others = [c for c in deck if c >> 2 != trump]
        for order in itertools.permutations(range(trump * 4, trump * 4 + 4)):
            extra = rng.sample(others, size - 4)
            for at in range(size - 3):
                rows.append((*order[:at], *extra, *order[at:], trump))
    for _ in range(TRICK_SAMPLE):
        rows.append((*rng.sample(deck, size), rng.randrange(13)))
    winner = T.trick_winner
    values = []
    for row in rows:
        position = winner(row[:-1], row[-1])
        values.append((position, row[position]))
    return columns(rows, size + 1), columns(values, 2)


def _show_trick(case: tuple[int, ...]) -> Witness:
    trick, trump = case[:-1], Card(case[-1] * 4).rank.label
    cards_text = " ".join(str(Card(c)) for c in trick)
    command = f"cardlaw ask divide trick --trump {trump} {cards_text}"
    pretty = " ".join(Card(c).pretty for c in trick)
    return Witness(
        f"Trump Rank {trump}, the trick {pretty} (`{command}`)",
        data={"trick": trick, "trump_rank": case[-1], "command": command},
    )


def _trick_tables(p: Params) -> list[Table]:
    trump = z3.BitVec("trump", 4)
    tables = []
    for size in (4, 5):
        cards = [z3.BitVec(f"card{i}", E.CARD_BITS) for i in range(size)]
        position, best = E.trick_winner(cards, trump, p)
        inputs, expected = _tricks(size)
        tables.append(
            Table(
                "proofs.divide.encoding.trick_winner",
                (*cards, trump),
                (position, best),
                ("the winner's position", "the winning card"),
                inputs,
                expected,
                _show_trick,
                labels={"the winning card": lambda c: Card(c).pretty},
            )
        )
    return tables


def trick_winner_link(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.link.trick-winner``: the encoding's trick winner is the engine's."""
    return link(
        "divide.link.trick-winner",
        "For tricks of four and of five distinct cards: every ordered pair of cards as the lead "
        "and the next card, under every Trump Rank for four cards and a seeded one for five (the "
        "rest seeded); under every Trump Rank, the four Trump Rank cards "
        f"in every order among other cards, and {TRICK_SAMPLE} seeded tricks, the encoding names "
        "the same winning position and card as the engine's trick_winner.",
        (
            "divide.trick.winner-trump",
            "divide.trick.winner-led-suit",
            "divide.trick.off-suit",
            "divide.cards.suit-order",
            "divide.cards.rank-order",
        ),
        _trick_tables,
        E.spec_params(4, rules=rules),
        Mutant(
            "divide.mutant.link.suit-order-tie",
            "the encoding's suit order ties Hearts and Diamonds",
            {"suit_strength": (0, 1, 1, 3)},
        ),
        Mutant(
            "divide.mutant.link.rank-order-tie",
            "the encoding's rank order ties the King and the Ace",
            {"rank_strength": (*range(12), 11)},
        ),
        engine=("engine.divide.tricks.trick_winner",),
    )
