"""Split's encodings held to the engine inside ``cardlaw verify`` (:mod:`proofs.link`).

* ``split.link.piles`` — the cards between every pair of pile numbers, the
  wild card test of every card, every 7-bit number as its card, every move
  of a middle card onto either pile of every pair of piles; the playable
  cards of a seeded sample of hands (one-card hands, a wild card and one
  more, every other card, random hands) on every ordered pair of piles; and
  the counting of a sample of masks with its boundaries (the empty set, the
  whole deck, every single card, every prefix).
* ``split.link.turn-order`` — the direction after every card at every table
  of 2 to 6, the next seat of every seat in either direction (and, in
  cooperative play, for every set of seats that still hold cards), and every
  card (and aid) played from such a seat through the Game API.
* ``split.link.turn`` — the legal actions of a seeded sample of turns with
  their boundary cases (either game, moving or playing, every set of aids,
  a lone wild card, adjacent piles), whether the player can play, and the
  count of turns against every turn limit up to 40.

``split.link.turn-order`` is in :mod:`proofs.split.links_order`,
``split.link.turn`` in :mod:`proofs.split.links_turn`, ``split.link.opening``
in :mod:`proofs.split.links_opening`, ``split.link.draw-step`` in
:mod:`proofs.split.links_draw`, the traces in :mod:`proofs.split.trace`, and
what they share in :mod:`proofs.split.linking`.

Every engine function is called through its module (``piles.playable_mask``)
or through the Game API, so a test can break it in-process and watch the
link fail; the engine's side of each link is computed once per obligation,
and its mutants reuse it.

>>> from cardlaw.proofs.core import check
>>> report = check(piles_link())
>>> report.status, report.cases > 50000, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import z3

from cardlaw.engine.split import piles
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import MASKS, SEED, EngineTable, cached, engine_table, key_by_hand
from cardlaw.proofs.split.witnesses import cards_text, play_command
from cardlaw.spec.split import cards as split_cards
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules

__all__ = ["COUNTING_SAMPLE", "piles_link"]

COUNTING_SAMPLE: Final = 400
"""Seeded random masks of the counting table (besides the boundary masks)."""


Key = Callable[[tuple[int, ...]], tuple[int, ...]] | None
"""A table's key: how a case is folded before it is compared, if it is."""


# --- split.link.piles ------------------------------------------------------------------------


def _hand(rng: random.Random, free: Sequence[int], kind: int) -> int:
    """A hand of cards from ``free``: one card, a wild card and one more, all, or random."""
    if kind == 0:
        return 1 << rng.choice(free)
    if kind == 1:
        wild = [c for c in free if WILD_MASK >> c & 1]
        other = rng.choice([c for c in free if c != wild[0]])
        return 1 << rng.choice(wild) | 1 << other
    if kind == 2:
        return sum(1 << c for c in free)
    return sum(1 << c for c in rng.sample(free, rng.randint(1, 12)))


def _counting_masks(rng: random.Random) -> list[int]:
    """The empty set, the deck, every card, every prefix and suffix, and a seeded sample."""
    masks = {0, DECK_MASK, (1 << 64) - 1, 1 << 64, DECK_MASK >> 64 << 64}
    masks.update(1 << n for n in range(101))
    masks.update((1 << n) - 1 for n in range(102))
    masks.update(DECK_MASK & ~((1 << n) - 1) for n in range(101))
    for _ in range(COUNTING_SAMPLE):
        masks.add(rng.getrandbits(101) & rng.getrandbits(101) if rng.random() < 0.5 else 0)
        masks.add(sum(1 << c for c in rng.sample(range(101), rng.randint(1, 8))))
    return sorted(masks)


def _piles_cases() -> dict[str, EngineTable]:
    rng = random.Random(SEED)
    cards = range(101)
    pairs = [(a, b) for a in cards for b in cards]
    between = engine_table(
        [(1 << a, 1 << b) for a, b in pairs], [(piles.between_mask(a, b),) for a, b in pairs], 1
    )
    play_rows: list[tuple[int, int, int]] = []
    place_rows: list[tuple[int, int, int, int]] = []
    place_values: list[tuple[int, int]] = []
    for a, b in pairs:
        if a == b:
            continue
        free = [c for c in cards if c not in (a, b)]
        play_rows.append((_hand(rng, free, (a + b) % 4), 1 << a, 1 << b))
        play_rows.append((_hand(rng, free, 3), 1 << a, 1 << b))
        for to_left in (1, 0):
            middle = rng.choice(free)
            place_rows.append((1 << a, 1 << b, to_left, 1 << middle))
            left, right = piles.place(a, b, "left" if to_left else "right", middle)
            place_values.append((1 << left, 1 << right))
    playable = engine_table(
        play_rows,
        [
            (piles.playable_mask(h, a.bit_length() - 1, b.bit_length() - 1),)
            for h, a, b in play_rows
        ],
        1,
    )
    wild = engine_table(
        [(1 << n,) for n in cards], [(int(split_cards.is_wild(n)),) for n in cards], 1
    )
    masks = _counting_masks(rng)
    counting = engine_table(
        [(m,) for m in masks],
        [
            (m & -m, 1 << m.bit_length() >> 1, m.bit_count())
            + tuple(int(m.bit_count() >= k) for k in range(8))
            + tuple(int(m.bit_count() == k) for k in range(8))
            for m in masks
        ],
        19,
    )
    onehot = engine_table(
        [(n,) for n in range(128)], [(1 << n if n <= 100 else 0,) for n in range(128)], 1
    )
    return {
        "between": between,
        "playable": playable,
        "place": engine_table(place_rows, place_values, 2),
        "wild": wild,
        "counting": counting,
        "onehot": onehot,
    }


def _show_between(case: tuple[int, ...]) -> Witness:
    a, b = (c.bit_length() - 1 for c in case)
    if a == b:
        return Witness(f"the cards strictly between {a} and {a}")
    command = play_command(STANDARD_MASK & ~(1 << a | 1 << b), a, b)
    return Witness(
        f"the cards strictly between {a} and {b} (`{command}`)", data={"command": command}
    )


def _show_playable(case: tuple[int, ...]) -> Witness:
    hand, a, b = case[0], case[1].bit_length() - 1, case[2].bit_length() - 1
    command = play_command(hand, a, b)
    return Witness(
        f"the hand {cards_text(hand)} on the piles {a} | {b} (`{command}`)",
        data={"command": command, "hand": hand, "piles": (a, b)},
    )


def _show_place(case: tuple[int, ...]) -> Witness:
    a, b, to_left, m = case[0].bit_length() - 1, case[1].bit_length() - 1, case[2], case[3]
    middle = m.bit_length() - 1
    other = next(c for c in range(2, 99) if c not in (a, b, middle) and STANDARD_MASK >> c & 1)
    command = play_command(1 << other, a, b, middle=middle)
    side = "left" if to_left else "right"
    return Witness(
        f"the middle card {middle} moved onto the {side} pile of {a} | {b} (`{command}`)",
        data={"command": command},
    )


def _show_wild(case: tuple[int, ...]) -> Witness:
    n = case[0].bit_length() - 1
    low, high = (2, 3) if n > 3 else (97, 98)
    command = play_command(1 << n | 1 << 57, low, high)
    return Witness(f"the card {n} (`{command}`)", data={"command": command})


def _piles_tables(cases: Mapping[str, EngineTable], p: Params) -> list[Table]:
    a, b, hand, middle = (z3.BitVec(n, E.WIDTH) for n in ("a", "b", "hand", "middle"))
    to_left, number = z3.Bool("to_left"), z3.BitVec("number", E.NUMBER_BITS)
    counted = E.popcount(hand)
    counts = [E.at_least(hand, k) for k in range(8)] + [E.exactly(hand, k) for k in range(8)]
    counting_names = tuple(f"at least {k} cards" for k in range(8)) + tuple(
        f"exactly {k} cards" for k in range(8)
    )

    def show_mask(case: tuple[int, ...]) -> Witness:
        return Witness(f"the cards {cards_text(case[0])}")

    def show_number(case: tuple[int, ...]) -> Witness:
        return Witness(f"the number {case[0]}")

    specs: list[
        tuple[str, str, list[object], list[object], tuple[str, ...], Callable[..., Witness], Key]
    ] = [
        (
            "playable",
            "proofs.split.encoding.playable_mask",
            [hand, a, b],
            [E.playable_mask(hand, a, b, p)],
            ("the playable cards",),
            _show_playable,
            key_by_hand,
        ),
        (
            "between",
            "proofs.split.encoding.between_mask",
            [a, b],
            [E.between_mask(a, b, p)],
            ("the cards between",),
            _show_between,
            None,
        ),
        (
            "place",
            "proofs.split.encoding.place",
            [a, b, to_left, middle],
            list(E.place(a, b, to_left, middle)),
            ("the left pile", "the right pile"),
            _show_place,
            None,
        ),
        (
            "wild",
            "proofs.split.encoding.is_wild",
            [a],
            [E.is_wild(a, p)],
            ("wild",),
            _show_wild,
            None,
        ),
        (
            "counting",
            "proofs.split.encoding_masks.lowest/highest/popcount/at_least/exactly",
            [hand],
            [E.lowest(hand), E.highest(hand), counted, *counts],
            ("the lowest card", "the highest card", "the number of cards", *counting_names),
            show_mask,
            key_by_hand,
        ),
        (
            "onehot",
            "proofs.split.encoding_masks.onehot",
            [number],
            [E.onehot(number)],
            ("the card",),
            show_number,
            None,
        ),
    ]
    return [
        Table(encoding, tuple(inputs), tuple(outputs), names, *cases[name], show, key, MASKS)
        for name, encoding, inputs, outputs, names, show, key in specs
    ]


def piles_link(rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.link.piles``: the encoding's piles, wild cards and counting are the engine's."""
    cases = cached(_piles_cases)
    return link(
        "split.link.piles",
        "For every pair of pile numbers the encoding's cards strictly between them, for every "
        "card whether it is wild, for every 7-bit number its card, and for every move of a middle "
        "card onto either pile of every pair of piles the new piles, are the engine's; so are "
        "the playable cards of two seeded hands (one-card hands, a wild card and one more, every "
        "other card, random hands) on every ordered pair of piles, and the lowest and highest "
        "card and the count of a sample of masks with its boundaries.",
        (
            "split.turn.play-between",
            "split.ruling.strictly-between",
            "split.wild.any-time",
            "split.end.no-wild-finish",
            "split.cards.wild",
            "split.turn.move-middle",
            "split.ruling.move-onto-pile",
        ),
        lambda p: _piles_tables(cases(), p),
        E.spec_params(rules),
        Mutant(
            "split.mutant.link.between-one-beyond",
            "the encoding's between stretched past the higher pile",
            {"between_above": 2},
        ),
        Mutant(
            "split.mutant.link.wild-finish",
            "the encoding lets a lone wild card be played",
            {"no_wild_finish": False},
        ),
        engine=(
            "engine.split.piles.playable_mask",
            "engine.split.piles.between_mask",
            "engine.split.piles.place",
        ),
    )
