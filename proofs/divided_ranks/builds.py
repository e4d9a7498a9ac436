"""Divided Ranks' builds: auto-arrange is optimal, and what "the one best build" really is.

Checked exhaustively over every arrangement class of ten-card holdings.

>>> from cardlaw.proofs.divided_ranks.encoding import spec_params
>>> p = spec_params()
>>> TWO_OF_EACH.pretty == CardSet(TWO_OF_EACH_TEXT).pretty, len(TWO_OF_EACH)
(True, 10)
>>> [ob.expected for ob in obligations(p)]
['holds', 'fails', 'holds']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations
from typing import Final

from cardlaw.engine.divided_ranks.arrange import (
    arrange,
    arrangement_class,
    best_builds,
    build_value,
    iter_holdings,
    score,
)
from cardlaw.engine.divided_ranks.build import apply_build
from cardlaw.engine.divided_ranks.census import rank_split
from cardlaw.engine.divided_ranks.evaluate import KEY, describe_hand, hand_key
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.scoring import decide
from cardlaw.proofs.core import Exhaustive, Mutant, Obligations, Witness, claim
from cardlaw.proofs.divided_ranks.support import Params
from cardlaw.spec.cards import JOKER, CardSet, bits
from cardlaw.spec.divided_ranks.actions import Build
from cardlaw.spec.divided_ranks.constants import HAND_SIZE, HOLDINGS
from cardlaw.spec.divided_ranks.state import Stage

__all__ = ["TWO_OF_EACH", "TWO_OF_EACH_TEXT", "obligations"]

TWO_OF_EACH_TEXT: Final = "10S 10H JS JH QS QH KC KD AC AD"
TWO_OF_EACH: Final = CardSet(TWO_OF_EACH_TEXT)
"""The document's "two of every rank makes two straights" holding: 16 best builds."""


@cache
def _classes() -> tuple[tuple[int, int], ...]:
    """One holding of each arrangement class, and how many holdings the class has."""
    first: dict[object, int] = {}
    members: dict[object, int] = {}
    for holding in iter_holdings():
        key = arrangement_class(holding)
        if key not in first:
            first[key] = holding
            members[key] = 0
        members[key] += 1
    return tuple((first[k], members[k]) for k in first)


@cache
def _strength_depends_on_ranks_and_one_suit() -> bool:
    """Every hand's key is fixed by its ranks, its Joker and whether its suited cards share a suit.

    This is what makes holdings of one arrangement class interchangeable: a
    relabelling of cards that keeps ranks and maps the suits able to make a
    royal flush onto each other keeps every hand's strength.
    """
    seen: dict[tuple[tuple[int, ...], bool], int] = {}
    for mask, key in KEY.items():
        suited = [c for c in bits(mask) if c != JOKER]
        ranks = tuple(sorted(c >> 2 for c in suited)) + ((99,) if mask >> JOKER & 1 else ())
        if seen.setdefault((ranks, len({c & 3 for c in suited}) == 1), key) != key:
            return False
    return True


def _builds(holding: int) -> Iterator[tuple[int, int]]:
    """Every division of a holding into two hands of five, each once (independent of the engine)."""
    cards = list(bits(holding))
    low = 1 << cards[0]
    for rest in combinations(cards[1:], HAND_SIZE - 1):
        a = low | sum(1 << c for c in rest)
        yield a, holding ^ a


def _arranged(holding: int, p: Params) -> tuple[int, int]:
    if p["arrange"] == "all-builds":
        return arrange(holding)
    if p["arrange"] == "first-build":  # mutant: stop at the first build
        a, b = next(_builds(holding))
    else:  # mutant "stronger-first": make the stronger hand as strong as possible
        a, b = max(_builds(holding), key=lambda ab: max(hand_key(ab[0]), hand_key(ab[1])))
    return (a, b) if hand_key(a) <= hand_key(b) else (b, a)


def _arrange_optimal(p: Params) -> Exhaustive:
    if not _strength_depends_on_ranks_and_one_suit():
        return Exhaustive(1, Witness("a hand's strength depends on more than ranks and suits"))
    cases = 0
    for holding, _ in _classes():
        cases += 1
        weaker, stronger = _arranged(holding, p)
        mine = build_value(weaker, stronger)
        valid = (
            weaker | stronger == holding
            and not weaker & stronger
            and weaker.bit_count() == stronger.bit_count() == HAND_SIZE
            and hand_key(weaker) <= hand_key(stronger)
        )
        better = next(
            (ab for ab in _builds(holding) if decide(build_value(*ab), mine)[0] == 0), None
        )
        if not valid or better is not None:
            shown = (
                f"{CardSet(better[0]).pretty} / {CardSet(better[1]).pretty} beats it"
                if better
                else "it is not a build of the holding"
            )
            return Exhaustive(
                cases,
                Witness(
                    f"{CardSet(holding).pretty}: auto-arrange gives "
                    f"{CardSet(weaker).pretty} / {CardSet(stronger).pretty}, but {shown}"
                ),
            )
    return Exhaustive(cases)


def _value_for(p: Params) -> Callable[[int, int], object]:
    if p["scoring"] == "four-steps":
        return build_value

    def categories_only(a: int, b: int) -> object:  # mutant: stop after the two categories
        return score(build_value(a, b))[:2]

    return categories_only


def _best(holding: int, p: Params) -> list[tuple[int, int]]:
    value = _value_for(p)
    scored = [(value(a, b), (a, b)) for a, b in _builds(holding)]
    top = max(v for v, _ in scored)  # type: ignore[type-var]  # values are ints, typed as object
    return [ab for v, ab in scored if v == top]


def _exactly_one(p: Params) -> Exhaustive:
    """The document's claim: exactly one of the 126 builds is best."""
    cases = several = 0
    counts: set[int] = set()
    example = None
    for holding, members in _classes():
        cases += 1
        best = _best(holding, p)
        distinct = len({rank_split(b) for b in best}) if p["same_build"] == "rank-split" else 0
        n = distinct or len(best)
        if n > 1:
            several += members
            counts.add(n)
            if arrangement_class(holding) == arrangement_class(TWO_OF_EACH.mask):
                example = (holding, n)
    if not several:
        return Exhaustive(cases)
    holding, n = example or (TWO_OF_EACH.mask, 0)
    sizes = sorted(counts)
    listed = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}" if len(sizes) > 1 else sizes
    text = (
        f"{several:,} of the {HOLDINGS:,} holdings have more than one best build "
        f"({listed} of them); the document's own two-of-every-rank holding "
        f"{TWO_OF_EACH_TEXT} has {n} that tie"
    )
    return Exhaustive(cases, Witness(text, data={"holding": TWO_OF_EACH.mask}))


def _replay_exactly_one(witness: Witness) -> Witness:
    """Ask the engine for the holding's best builds; build each one in a real game state."""
    holding = witness.data["holding"]
    value, builds = best_builds(holding)
    state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config())._replace(
        stage=Stage.BUILD, actor=0, reserve_first=0, hands=(holding, 0)
    )
    legal = all(apply_build(state, Build(CardSet(w), CardSet(s))) for w, s in builds)
    same = all(build_value(w, s) == value for w, s in builds)
    shown = "; ".join(f"{CardSet(w).pretty} / {CardSet(s).pretty}" for w, s in builds[:3])
    return witness.replayed_as(
        f".\nThe engine's auto-arrange lists {len(builds)} best builds, each two "
        f"straights ({describe_hand(builds[0][0])}, {describe_hand(builds[0][1])}), all of one "
        f"value and each a legal build: {shown}; ...",
        legal and same and len(builds) == 16,
    )


def _best_result_unique(p: Params) -> Exhaustive:
    """What is true: ties for best differ only by exchanging cards of equal rank."""
    cases = 0
    for holding, _ in _classes():
        cases += 1
        best = _best(holding, p)
        splits = {rank_split(b) for b in best}
        if len(splits) > 1:
            one, two = best[0], next(b for b in best if rank_split(b) != rank_split(best[0]))
            return Exhaustive(
                cases,
                Witness(
                    f"{CardSet(holding).pretty}: {CardSet(one[0]).pretty} / "
                    f"{CardSet(one[1]).pretty} and {CardSet(two[0]).pretty} / "
                    f"{CardSet(two[1]).pretty} tie for best with different ranks"
                ),
            )
    return Exhaustive(cases)


def obligations(p: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``divided-ranks.build.arrange-optimal``: auto-arrange returns a best build.
    * ``divided-ranks.build.exactly-one-best``: the document's one best build, refuted.
    * ``divided-ranks.build.best-result-unique``: the best result is unique.
    """
    return (
        claim(
            "divided-ranks.build.arrange-optimal",
            "Auto-arrange returns a best build: no build of the holding beats it in "
            "the four-step scoring. Checked against all 126 builds of one holding of each "
            "arrangement class (1,498 classes covering all 352,716 holdings). The abstraction "
            "is sound because, as checked over all 20,349 hands, a hand's strength depends only "
            "on its ranks, its Joker and whether its suited cards share a suit; so holdings of "
            "one class (same ranks, same Joker, same ranks in each suit that could make a "
            "royal flush) are relabellings of each other with the same builds.",
            (
                "divided-ranks.ruling.best-build",
                "divided-ranks.build.two-hands",
                "divided-ranks.build.weaker-stronger",
                "divided-ranks.score.order",
            ),
            _arrange_optimal,
            {**p, "arrange": "all-builds"},
            Mutant(
                "divided-ranks.mutant.arrange-first-build",
                "an auto-arrange that stops at the first build",
                {"arrange": "first-build"},
            ),
            Mutant(
                "divided-ranks.mutant.arrange-stronger-first",
                "an auto-arrange that makes the stronger hand as strong as it can",
                {"arrange": "stronger-first"},
            ),
            method="exhaustive",
        ),
        claim(
            "divided-ranks.build.exactly-one-best",
            "The document's claim: of the 126 ways to divide ten cards, exactly one "
            "is best. False: checked over every arrangement class, many holdings have several "
            "best builds that tie.",
            ("divided-ranks.ruling.best-build", "divided-ranks.build.two-hands"),
            _exactly_one,
            {**p, "same_build": "literal", "scoring": "four-steps"},
            Mutant(
                "divided-ranks.mutant.equal-rank-exchanges-same-build",
                "builds that differ only by exchanging cards of equal rank count as one",
                {"same_build": "rank-split"},
            ),
            expected="fails",
            method="exhaustive",
            replay=_replay_exactly_one,
            engine=("engine.divided_ranks.arrange.best_builds",),
        ),
        claim(
            "divided-ranks.build.best-result-unique",
            "What is true: for every holding the best result is unique, and builds "
            "that tie for it differ only by exchanging cards of equal rank between the two "
            "hands, so the ranks of the best weaker and stronger hands are fixed by the "
            "holding (checked over every arrangement class).",
            (
                "divided-ranks.ruling.best-build",
                "divided-ranks.score.order",
                "divided-ranks.build.weaker-stronger",
            ),
            _best_result_unique,
            {**p, "scoring": "four-steps"},
            Mutant(
                "divided-ranks.mutant.categories-only",
                "a scoring that stops after the two categories",
                {"scoring": "categories"},
            ),
            method="exhaustive",
        ),
    )
