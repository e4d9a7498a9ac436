"""Divided Ranks' builds and showdown held to the engine inside ``cardlaw verify``.

* ``divided-ranks.link.showdown`` — two builds from one pack (four disjoint
  hands): a seeded sample of deals, with the boundary cases (draws, made by
  giving the second player the first player's hands in the other two suits;
  and the first deals each scoring step decides, either way): the
  encoding's winner and deciding step (``showdown``) are the engine's
  ``decide`` of its ``build_value`` s, and the weaker and stronger hand of
  each build (``build``) are the engine's, its keys and the hand its
  ``result`` names weaker.
* ``divided-ranks.link.best-builds`` — for a seeded sample of ten-card
  holdings, with the boundary ones (two of every rank, a royal flush to
  make, the Joker with four of a suit and the same ranks without it, two
  fours of a kind...), every one of their 126 builds is scored by the
  encoding against the build the engine's ``arrange`` plays: none beats it,
  and it ties exactly the builds the engine's ``best_builds`` lists as best;
  the value ``best_value`` gives the holding (memoised by arrangement class,
  as ``arrange`` and the census read it) is the encoding's.

>>> from cardlaw.proofs.core import check
>>> report = check(showdown_link())
>>> report.status, report.cases > 1_000, [m.caught for m in report.mutants]
('proved', True, [True])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.divided_ranks import arrange as A
from cardlaw.engine.divided_ranks import scoring as S
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.links_support import (
    cards_label,
    engine_cards,
    local,
    portable,
    showdown_terms,
)
from cardlaw.proofs.link import Columns, Table, columns, link
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import JOKER, CardSet
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, PACK
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import Stage

__all__ = ["STEPS", "best_builds_link", "obligations", "showdown_link"]

DEALS: Final = 1_000
"""Seeded deals of two builds the showdown link checks (besides the boundary cases)."""

DRAWS: Final = 40
"""Drawn showdowns made on purpose (the second build the first's in the other suits)."""

PER_STEP: Final = 10
"""Deals kept for each winner and deciding step, from the first the seeds give."""

HOLDINGS: Final = 60
"""Seeded holdings whose every build the best-builds link scores (besides the boundary ones)."""

STEPS: Final = ("draw", "weaker-category", "stronger-category", "weaker-hand", "stronger-hand")
"""The engine's deciding steps, by the encoding's number (0: a draw)."""

WINNER: Final = {0: 1, 1: -1, None: 0}
"""The engine's winner as the encoding's result (1: seat 0 wins, -1: seat 1, 0: a draw)."""

SCORING_CLAUSES: Final = (
    "divided-ranks.score.order",
    "divided-ranks.score.loser",
    "divided-ranks.score.draw",
    "divided-ranks.build.weaker-stronger",
    "divided-ranks.ruling.goal-and-scoring",
)

_PACK: Final = tuple(int(c) for c in PACK)


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def _engine_showdown(hands: Sequence[int]) -> tuple[int, ...]:
    """The engine's result, step, both builds' keys and weaker hands, of four hands."""
    values = [A.build_value(hands[0], hands[1]), A.build_value(hands[2], hands[3])]
    winner, step = S.decide(values[0], values[1])
    over = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config())._replace(
        stage=Stage.OVER, builds=((hands[0], hands[1]), (hands[2], hands[3]))
    )
    result = S.result(over)
    assert result is not None
    keys = [k for v in values for k in A.score(v)[2:]]
    return (WINNER[winner], STEPS.index(step), *keys, *(local(w.mask) for w in result.weaker))


def _decided(hands: Sequence[int]) -> tuple[int, int]:
    """The engine's winner and deciding step of four hands (the encoding's numbers)."""
    winner, step = S.decide(A.build_value(hands[0], hands[1]), A.build_value(hands[2], hands[3]))
    return WINNER[winner], STEPS.index(step)


def _mirrored(rng: random.Random) -> tuple[int, int, int, int]:
    """Two builds that draw: seat 1 holds seat 0's hands, spades as clubs and hearts as diamonds."""
    red_black = [c for c in _PACK if c != JOKER and c & 3 >= 2]  # hearts and spades
    ten = rng.sample(red_black, 2 * HAND_SIZE)
    first, second = _mask(ten[:HAND_SIZE]), _mask(ten[HAND_SIZE:])

    def other_suits(mask: int) -> int:
        return _mask([c - 2 for c in range(53) if mask >> c & 1])

    return first, second, other_suits(first), other_suits(second)


@functools.cache
def _deals() -> tuple[Columns, Columns]:
    """The four hands of each deal (engine masks) and the engine's answers."""
    rng = random.Random(2026)
    deals: set[tuple[int, ...]] = {_mirrored(rng) for _ in range(DRAWS)}
    kinds: dict[tuple[int, int], int] = {}
    drawn = 0
    while drawn < DEALS or (min(kinds.values()) < PER_STEP and drawn < 20 * DEALS):
        order = rng.sample(_PACK, len(_PACK))
        deal = tuple(_mask(order[HAND_SIZE * i : HAND_SIZE * (i + 1)]) for i in range(4))
        drawn += 1
        kind = _decided(deal)
        if drawn <= DEALS or kinds.get(kind, 0) < PER_STEP:
            kinds[kind] = kinds.get(kind, 0) + 1
            deals.add(deal)
    ordered = sorted(deals)
    rows = [tuple(local(h) for h in deal) for deal in ordered]
    return columns(rows, 4), columns([_engine_showdown(d) for d in ordered], 8)


def _show_deal(case: tuple[int, ...]) -> Witness:
    hands = [engine_cards(h) for h in case]
    builds = [f"{hands[0]} / {hands[1]}", f"{hands[2]} / {hands[3]}"]
    command = f'cardlaw ask divided-ranks showdown "{builds[0]}" "{builds[1]}"'
    return Witness(
        f"[{', '.join(SCORING_CLAUSES)}] seat 0 builds {hands[0].pretty} / {hands[1].pretty}, "
        f"seat 1 builds {hands[2].pretty} / {hands[3].pretty} (`{command}`)",
        data={"builds": tuple(h.mask for h in hands), "command": command},
    )


def _showdown_tables(p: Params) -> Sequence[Table]:
    hands, builds, result, step = showdown_terms(tuple(f"hand{i}" for i in range(4)), p)
    keys = [k for b in builds for k in (b.weaker_key, b.stronger_key)]
    terms = portable([result, step, *keys, builds[0].weaker, builds[1].weaker])
    rows, values = _deals()
    names = (
        "the winner (1: seat 0, -1: seat 1, 0: a draw)",
        "the deciding step",
        "seat 0's weaker key",
        "seat 0's stronger key",
        "seat 1's weaker key",
        "seat 1's stronger key",
        "seat 0's weaker hand",
        "seat 1's weaker hand",
    )
    labels = {
        "the deciding step": lambda s: STEPS[s] if 0 <= s < len(STEPS) else str(s),
        "seat 0's weaker hand": cards_label,
        "seat 1's weaker hand": cards_label,
    }
    return [
        Table(
            "proofs.divided_ranks.encoding.showdown",
            tuple(hands),
            tuple(terms),
            names,
            rows,
            values,
            _show_deal,
            labels=labels,
        )
    ]


def showdown_link(rules: DividedRanksRules = PRINTED_RULES) -> Obligation:
    """``divided-ranks.link.showdown``: the encoding scores two builds as the engine does."""
    return link(
        "divided-ranks.link.showdown",
        f"For {DEALS:,} seeded deals of two builds from one pack, {DRAWS} drawn showdowns (the "
        "second build the first's in the other two suits) and the first deals the seeds give "
        f"that each scoring step decides either way ({PER_STEP} of each), the encoding's winner "
        "and deciding step are the engine's decide of its build values, and each build's "
        "weaker and stronger hand (their keys, and the hand the engine's result names weaker) "
        "are the encoding's.",
        SCORING_CLAUSES,
        _showdown_tables,
        E.spec_params(rules=rules),
        Mutant(
            "divided-ranks.mutant.link.weaker-in-full-first",
            "the encoding's scoring compares the weaker hands in full first, then the stronger",
            {"score_steps": "weaker-in-full-first"},
        ),
        engine=(
            "engine.divided_ranks.scoring.decide",
            "engine.divided_ranks.arrange.build_value",
        ),
    )


def _boundary_holdings() -> list[int]:
    """Holdings at the edges of the arrangement: ties, royal flushes, the Joker, fours."""
    texts = (
        "10S 10H JS JH QS QH KC KD AC AD",  # two of every rank: 16 best builds
        "10S JS QS KS AS 10H JH QH KH AH",  # two royal flushes
        "10S JS QS KS AS 10H 10D JC QD KC",  # a royal flush against the rest
        "10S JS QS KD JK 10H JH QH KH AH",  # as the next, but the Spades can make no flush
        "10S JS QS KS JK 10H JH QH KH AH",  # the Joker completes a royal flush
        "AS AH AD AC KS KH KD KC QS JK",  # two fours of a kind
        "AS AH AD AC JK 10S 10H 10D 10C QS",
        "10S 10H JS JH QD QC KD KC AH JK",  # pairs and the Joker
        "10S JD QH KC AS 10H JC QD KS AD",  # two straights, each rank twice
    )
    return [CardSet(text).mask for text in texts]


@functools.cache
def _builds() -> tuple[Columns, Columns]:
    """Every build of each holding, against the engine's first best build, and its answers."""
    rng = random.Random(126)
    holdings = _boundary_holdings()
    while len(holdings) < len(_boundary_holdings()) + HOLDINGS:
        holdings.append(_mask(rng.sample(_PACK, 2 * HAND_SIZE)))
    rows, values = [], []
    for holding in holdings:
        _, best = A.best_builds(holding)
        listed = {frozenset(b) for b in best}
        # What auto-arrange plays: best_value (memoised by arrangement class) and arrange's
        # build.  When arrange finds no build worth best_value's value, best_value is wrong:
        # the keys column (its value's) disagrees with the encoding's best; the build checked
        # is then best_builds' first.
        score = A.score(A.best_value(holding))
        try:
            top = A.arrange(holding)
        except AssertionError:
            top = best[0]
        for a, b in A.all_builds(holding):
            rows.append((local(top[0]), local(top[1]), local(a), local(b)))
            values.append((0, int(frozenset((a, b)) in listed), score[2], score[3]))
    return columns(rows, 4), columns(values, 4)


def _show_build(case: tuple[int, ...]) -> Witness:
    best_w, best_s, a, b = (engine_cards(x) for x in case)
    holding = CardSet(best_w.mask | best_s.mask)
    command = f"cardlaw ask divided-ranks arrange {holding}"
    return Witness(
        "[divided-ranks.ruling.best-build, divided-ranks.score.order] the holding "
        f"{holding.pretty}: the engine's best build {best_w.pretty} / {best_s.pretty} against "
        f"the build {a.pretty} / {b.pretty} (`{command}`)",
        data={"holding": holding.mask, "command": command},
    )


def _best_tables(p: Params) -> Sequence[Table]:
    w, s, a, b = (z3.BitVec(name, E.width(p)) for name in ("best_w", "best_s", "a", "b"))
    best, other = E.build(w, s, p), E.build(a, b, p)
    result, _ = E.showdown([other, best], p)
    terms = portable([result == 1, result == 0, best.weaker_key, best.stronger_key])
    rows, values = _builds()
    return [
        Table(
            "proofs.divided_ranks.encoding.showdown",
            (w, s, a, b),
            tuple(terms),
            (
                "whether the build beats the best",
                "whether it ties the best",
                "the best build's weaker key",
                "the best build's stronger key",
            ),
            rows,
            values,
            _show_build,
        )
    ]


def best_builds_link(rules: DividedRanksRules = PRINTED_RULES) -> Obligation:
    """``divided-ranks.link.best-builds``: the engine's best builds are best by the encoding."""
    return link(
        "divided-ranks.link.best-builds",
        f"For {HOLDINGS} seeded ten-card holdings and the boundary ones (two of every rank, "
        "royal flushes to make, the Joker with four of a suit, two fours of a kind...), every "
        "one of their 126 builds is scored by the encoding against the build the engine's "
        "arrange plays: none beats it, it ties exactly the builds the engine's best_builds "
        "lists as best, and the value the engine's best_value gives the holding (as arrange "
        "and the census read it) has the encoding's weaker and stronger keys.",
        (
            "divided-ranks.ruling.best-build",
            "divided-ranks.build.two-hands",
            "divided-ranks.build.weaker-stronger",
            "divided-ranks.score.order",
        ),
        _best_tables,
        E.spec_params(rules=rules),
        Mutant(
            "divided-ranks.mutant.link.best-by-weaker-in-full",
            "the encoding's scoring compares the weaker hands in full first, then the stronger",
            {"score_steps": "weaker-in-full-first"},
        ),
        # arrange (auto-arrange: no rule, a convenience) is checked too, but only functions that
        # enforce a rule are named here (proofs/coverage.py).
        engine=("engine.divided_ranks.arrange.best_builds",),
    )


def obligations(rules: DividedRanksRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """Divided Ranks' build links, in the order ``cardlaw verify`` runs them."""
    return (showdown_link(rules), best_builds_link(rules))
