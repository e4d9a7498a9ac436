"""Euchre's encodings held to the engine inside ``cardlaw verify`` (:mod:`proofs.link`).

* ``euchre.link.trick-winner`` — every trick of three or four cards under
  every trump suit (1,069,128 cases): the encoding's winner and winning card
  are the engine's.
* ``euchre.link.legal-plays`` — every led card (and the lead) under every
  trump, with a seeded sample of hands and the boundary hands (void, all of
  the led suit, holding a bower): the encoding's legal set is the engine's.
* ``euchre.link.scoring`` — the whole scoring table (every trick count,
  alone or not, a lone defender or not, either team making) and the end of
  a game at every pair of scores.
* ``euchre.trace.<configuration>`` — every step of seeded whole games
  (:mod:`proofs.euchre.trace`).

>>> from cardlaw.proofs.core import check
>>> report = check(scoring_link())
>>> report.status, report.cases, report.mutants[0].caught
('proved', 273, True)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from typing import Final

import numpy as np
import z3

from cardlaw.engine.euchre import scoring
from cardlaw.engine.euchre import tricks as tricks_module
from cardlaw.engine.euchre.tricks import FOLLOW
from cardlaw.proofs.core import Mutant, Obligation, Obligations, Witness
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.scoring import clause_of
from cardlaw.proofs.link import Columns, Table, link, pairs_table, table
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["legal_plays_link", "obligations", "scoring_link", "trick_winner_link"]

SUITS: Final = "CDHS"
DECK: Final = tuple(c for c in range(52) if E.spec_params()["deck"] >> c & 1)
"""The 24 cards of the Euchre deck."""

HAND_SAMPLE: Final = 600
"""Seeded random hands per led card and trump (besides the boundary hands)."""


def _card(c: int) -> str:
    return str(Card(c))


@functools.cache
def _tricks(size: int) -> tuple[Columns, Columns]:
    """Every trick of ``size`` cards under every trump, and the engine's winner and card.

    The engine's ``trick_winner`` is asked about every trick (through its module, so a
    test can break it); the columns are built with numpy, not row by row (a million
    tuples cost more than the million calls).  Cached for the process: the link and its
    mutant check the same cases.
    """
    count = math.perm(len(DECK), size)
    flat = itertools.chain.from_iterable(itertools.permutations(DECK, size))
    tricks = np.fromiter(flat, dtype=np.int64, count=count * size).reshape(count, size)
    winner = tricks_module.trick_winner
    positions = np.concatenate(
        [
            np.fromiter(
                (winner(trick, suit) for trick in itertools.permutations(DECK, size)),
                dtype=np.int64,
                count=count,
            )
            for suit in range(4)
        ]
    )
    cards = np.tile(tricks, (4, 1))
    suits = np.repeat(np.arange(4, dtype=np.int64), count)
    best = cards[np.arange(4 * count), positions]
    return (*(cards[:, i] for i in range(size)), suits), (positions, best)


def _show_trick(case: tuple[int, ...]) -> Witness:
    trick, suit = case[:-1], SUITS[case[-1]]
    cards_text = " ".join(_card(c) for c in trick)
    command = f"cardlaw ask euchre trick --trump {suit} {cards_text}"
    if len(trick) == 3:
        command += " --alone-seat 1"
    return Witness(
        f"trump {suit}, the trick {cards_text} (`{command}`)",
        data={"trick": trick, "trump": case[-1], "command": command},
    )


def _trick_tables(p: Params) -> list[Table]:
    trump = z3.BitVec("trump", 2)
    tables = []
    for size in (3, 4):
        cards = [z3.BitVec(f"card{i}", E.CARD_BITS) for i in range(size)]
        position, best = E.trick_winner(cards, trump, p)
        inputs, expected = _tricks(size)
        tables.append(
            Table(
                "proofs.euchre.encoding.trick_winner",
                (*cards, trump),
                (position, best),
                ("the winner's position", "the winning card"),
                inputs,
                expected,
                _show_trick,
                labels={"the winning card": _card},
            )
        )
    return tables


def trick_winner_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.trick-winner``: the encoding's trick winner is the engine's, every trick."""
    return link(
        "euchre.link.trick-winner",
        "For every trick of three or four distinct cards of the deck under every trump suit, "
        "the encoding names the same winning position and card as the engine's trick_winner.",
        ("euchre.trick.winner", "euchre.cards.trump-order", "euchre.cards.left-bower"),
        _trick_tables,
        E.spec_params(rules=rules),
        Mutant(
            "euchre.mutant.link.left-bower-plain",
            "the encoding's left bower keeps its printed suit",
            {"left_bower_is_trump": False},
        ),
        engine=("engine.euchre.tricks.trick_winner", "engine.euchre.tricks.winning_value"),
    )


def _hands(led: int, trump: int, rng: random.Random) -> list[int]:
    """Boundary hands for a lead (void, only the led suit, bowers) and a seeded sample."""
    follow = [c for c in DECK if c != led and (led < 0 or FOLLOW[trump][led] >> c & 1)]
    other = [c for c in DECK if c != led and c not in follow]
    hands = {sum(1 << c for c in other[:5]), sum(1 << c for c in follow[:5])}
    hands.update(1 << c for c in DECK if c != led)  # every single card
    for _ in range(HAND_SAMPLE):
        size = rng.randint(1, 5)
        hands.add(sum(1 << c for c in rng.sample([c for c in DECK if c != led], size)))
    return sorted(h for h in hands if h)


Pair = tuple[tuple[int, ...], tuple[int, ...]]


@functools.cache
def _legal_cases() -> tuple[list[Pair], list[Pair]]:
    """The hands following and leading, and the engine's legal plays of each.

    Cached for the process: the link and its mutant check the same cases.
    """
    rng = random.Random(20261205)
    following: list[Pair] = []
    leading: list[Pair] = []
    legal = tricks_module.legal_plays  # through its module: a test may break it
    for suit in range(4):
        for card in (-1, *DECK):
            for h in _hands(card, suit, rng):
                if card < 0:
                    leading.append(((h, suit), (legal(h, -1, suit),)))
                else:
                    following.append(((h, card, suit), (legal(h, card, suit),)))
    return following, leading


def _legal_tables(p: Params) -> list[Table]:
    hand = z3.BitVec("hand", E.MASK_BITS)
    trump = z3.BitVec("trump", 2)
    led = z3.BitVec("led", E.CARD_BITS)
    following, leading = _legal_cases()

    def show(case: tuple[int, ...]) -> Witness:
        h, rest = CardSet(case[0]), case[1:]
        led_text = "leading" if len(rest) == 1 else f"after {_card(rest[0])} is led"
        return Witness(
            f"trump {SUITS[rest[-1]]}, the hand {h} {led_text}",
            data={"hand": case[0], "led": -1 if len(rest) == 1 else rest[0], "trump": rest[-1]},
        )

    def key(case: tuple[int, ...]) -> tuple[int, ...]:
        return (case[0].bit_count(), *case)

    mask = {"the legal cards": lambda m: str(CardSet(m)) or "nothing"}
    return [
        pairs_table(
            "proofs.euchre.encoding.legal_plays",
            [hand, led, trump],
            [E.legal_plays(hand, led, trump, p)],
            ("the legal cards",),
            following,
            show,
            key,
            mask,
        ),
        pairs_table(
            "proofs.euchre.encoding.legal_plays",
            [hand, trump],
            [E.legal_plays(hand, None, trump, p)],
            ("the legal cards",),
            leading,
            show,
            key,
            mask,
        ),
    ]


def legal_plays_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.legal-plays``: the encoding's legal set is the engine's."""
    return link(
        "euchre.link.legal-plays",
        "For every led card (and the lead) under every trump suit, on every single-card hand, "
        f"the void and full hands and {HAND_SAMPLE} seeded hands of 1 to 5 cards each, the "
        "encoding's legal cards are exactly the engine's legal_plays.",
        ("euchre.trick.follow-suit", "euchre.trick.void", "euchre.cards.left-bower"),
        _legal_tables,
        E.spec_params(rules=rules),
        Mutant(
            "euchre.mutant.link.void-plays-nothing",
            "the encoding's void hand may play only trump",
            {"void_plays_any": False},
        ),
        engine=("engine.euchre.tricks.legal_plays", "engine.euchre.tricks.effective_suit"),
    )


def _scoring_tables(rules: EuchreRules, p: Params) -> list[Table]:
    tricks, alone, defended = E.nat("tricks"), z3.Bool("alone"), z3.Bool("defended")
    makers = E.nat("makers")
    makers_score, points = E.hand_score(tricks, alone, p, defended)
    team = z3.If(makers_score, makers, 1 - makers)
    lone = bool(p["lone_defender"])

    def engine_score(case: tuple[int, ...]) -> tuple[int, int]:
        m, t, a, d = case
        return scoring.hand_score(m, t, bool(a), rules, bool(d) and lone)

    def show_score(case: tuple[int, ...]) -> Witness:
        m, t, a, d = case
        who = f"team {m}{' alone' if a else ''} made trump and took {t} tricks" + (
            " against a lone defender" if d else ""
        )
        command = f"cardlaw ask euchre score --makers {m} --makers-tricks {t}" + (
            " --alone" if a else ""
        )
        clause = clause_of(rules, t, bool(a), bool(d))
        return Witness(f"{who} [{clause}] (`{command}`)", data={"command": command})

    scores = [
        (m, t, a, d)
        for m in (0, 1)
        for t in range(rules.tricks + 1)
        for a in (0, 1)
        for d in ((0, 1) if lone else (0,))
    ]
    a_score, b_score = E.nat("score0"), E.nat("score1")
    over = E.game_over((a_score, b_score), p)
    ends = [(a, b) for a in range(rules.target + 5) for b in range(rules.target + 5)]
    return [
        table(
            "proofs.euchre.encoding.hand_score",
            [makers, tricks, alone, defended],
            [team, points],
            ("the team that scores", "the points"),
            scores,
            engine_score,
            show_score,
        ),
        table(
            "proofs.euchre.encoding.game_over",
            [a_score, b_score],
            [over],
            ("whether the game is over",),
            ends,
            lambda case: (int(scoring.game_over((case[0], case[1]), rules.target)),),
            lambda case: Witness(f"the scores {case[0]}-{case[1]}"),
        ),
    ]


def scoring_link(rules: EuchreRules = PRINTED_RULES, lone_defender: bool = True) -> Obligation:
    """``euchre.link.scoring``: the encoding's scoring table and end of game are the engine's."""
    p = E.spec_params(rules=rules, lone_defender=lone_defender)

    def build(params: Params) -> Sequence[Table]:
        return _scoring_tables(rules, params)

    return link(
        "euchre.link.scoring",
        "For either team making trump, every number of tricks it took, alone or not, and "
        "(under the variant lone-defender) a lone defender or not, the encoding gives the "
        "same scoring team and points as the engine's hand_score; and at every pair of scores "
        f"from 0 to {rules.target + 4} the encoding's end of the game is the engine's.",
        (
            "euchre.score.makers",
            "euchre.score.march",
            "euchre.score.alone-march",
            "euchre.score.euchred",
            "euchre.ruling.lone-defender-score",
            "euchre.end.ten",
        ),
        build,
        p,
        Mutant(
            "euchre.mutant.link.march-worth-maker",
            "the encoding's march scores one point more",
            {"march_points": rules.march_points + 1},
        ),
        engine=("engine.euchre.scoring.hand_score", "engine.euchre.scoring.game_over"),
    )


def obligations(rules: EuchreRules = PRINTED_RULES) -> Obligations:
    """Euchre's links, in the order ``cardlaw verify`` runs them."""
    return (trick_winner_link(rules), legal_plays_link(rules), scoring_link(rules))
