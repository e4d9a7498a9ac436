"""Divided Ranks' proof obligations: what ``cardlaw verify divided-ranks`` checks.

Hands are proved with Z3 over :mod:`proofs.divided_ranks.encoding` (every
five-card hand of the pack, every pair or triple of hands); the draft's
structure with Z3 over every first splitter and coin; what a player can
know after the draft exhaustively over every draft shape played through the
engine; and auto-arrange exhaustively over every arrangement class of
ten-card holdings.  Two obligations are expected to fail: they state claims
of the rule document that are false, and are refuted with a witness
replayed through the engine.

Every obligation reads the rules from ``spec/divided_ranks`` through
:func:`~proofs.divided_ranks.encoding.spec_params`, has a premise that must be
satisfiable (or a non-empty set of cases), and seeded mutants that must
change its verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from typing import Any, Final

import z3

from engine.divided_ranks.arrange import (
    arrange,
    arrangement_class,
    best_builds,
    build_value,
    iter_holdings,
    score,
)
from engine.divided_ranks.build import apply_build
from engine.divided_ranks.census import rank_split
from engine.divided_ranks.evaluate import KEY, compare_hands, describe_hand, hand_key
from engine.divided_ranks.game import GAME
from engine.divided_ranks.observe import observe
from engine.divided_ranks.scoring import decide
from engine.record import build_record, replay_record
from proofs.budget import HEAVY_BUDGET
from proofs.core import Exhaustive, Mutant, Obligation, Problem, Witness
from proofs.divided_ranks import encoding as E
from proofs.divided_ranks.scenarios import all_drafts, draft, finish, play
from spec.cards import JOKER, CardSet, Rank, bits
from spec.divided_ranks.actions import Build
from spec.divided_ranks.constants import HAND_SIZE, HOLDINGS, ROUNDS
from spec.divided_ranks.state import Stage

__all__ = ["OBLIGATIONS", "TWO_OF_EACH", "TWO_OF_EACH_TEXT"]

Params = Mapping[str, Any]

TWO_OF_EACH_TEXT: Final = "10S 10H JS JH QS QH KC KD AC AD"
TWO_OF_EACH: Final = CardSet(TWO_OF_EACH_TEXT)
"""The document's "two of every rank makes two straights" holding: 16 best builds."""

# --- helpers -----------------------------------------------------------------------------


def _hand(name: str, p: Params) -> tuple[z3.BitVecRef, E.Strength, z3.BoolRef]:
    h = z3.BitVec(name, E.width(p))
    return h, E.strength(h, p), E.is_hand(h, p)


def _cards(model: z3.ModelRef, h: z3.BitVecRef, p: Params) -> CardSet:
    local = model.eval(h, model_completion=True)
    assert isinstance(local, z3.BitVecNumRef)
    low = p["ranks"][0]
    if low < Rank.TEN.index:  # a mutant pack: name the cards by their real ranks
        return CardSet(
            sum(
                1 << (JOKER if b == E.width(p) - 1 else b + 4 * low)
                for b in range(E.width(p))
                if local.as_long() >> b & 1
            )
        )
    return CardSet(E.engine_mask(local.as_long(), p))


def _rank_mask(rank: Rank, p: Params) -> z3.BitVecRef:
    position = p["ranks"].index(rank.index)
    return z3.BitVecVal(0b1111 << (4 * position), E.width(p))


def _ladder(model: z3.ModelRef, s: E.Strength) -> str:
    cat = model.eval(s.category, model_completion=True)
    assert isinstance(cat, z3.BitVecNumRef)
    return E.LADDER[int(cat.as_long())]


# --- hands: categories -------------------------------------------------------------------------


def _categories(p: Params) -> Problem:
    h, s, premise = _hand("hand", p)
    ace = len(p["ranks"])
    claim = [
        s.category != 0,
        z3.Implies(s.flush, z3.And(s.category == 8, s.values[0] == ace)),
        z3.Implies(s.no_pair, s.straight),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(f"{_cards(m, h, p).pretty} is a {_ladder(m, s)}")

    return Problem(premise=[premise], claim=claim, decode=decode)


def _joker_low(p: Params) -> Problem:
    h, s, premise = _hand("hand", p)
    x = z3.BitVec("card", E.width(p))
    joker = z3.BitVecVal(1 << (E.width(p) - 1), E.width(p))
    other = (h & ~joker) | x
    t = E.strength(other, p)
    premise_all = [
        premise,
        s.joker,
        z3.Not(s.straight),
        E.popcount(x) == 1,
        x & joker == 0,
        x & h == 0,
    ]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"{_cards(m, h, p).pretty} ({_ladder(m, s)}) is not weaker than "
            f"{_cards(m, other, p).pretty} ({_ladder(m, t)})"
        )

    return Problem(premise=premise_all, claim=E.compare(t, s, p) == 1, decode=decode)


# --- hands: the comparison ------------------------------------------------------------------------


def _preorder(p: Params) -> Problem:
    hands = [_hand(name, p) for name in ("a", "b", "c")]
    premise = [ok for _, _, ok in hands]
    (a, sa, _), (b, sb, _), (_, sc, _) = hands

    def cmp(x: E.Strength, y: E.Strength) -> z3.ArithRef:
        return E.compare(x, y, p)

    ka, kb = E.strength_key(a, p), E.strength_key(b, p)
    claim = [
        cmp(sa, sa) == 0,
        z3.Or(cmp(sa, sb) >= 0, cmp(sb, sa) >= 0),
        cmp(sa, sb) == -cmp(sb, sa),
        z3.Implies(z3.And(cmp(sa, sb) >= 0, cmp(sb, sc) >= 0), cmp(sa, sc) >= 0),
        z3.And(z3.UGT(ka, kb) == (cmp(sa, sb) == 1), (ka == kb) == (cmp(sa, sb) == 0)),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        names = ", ".join(f"{_cards(m, h, p).pretty} ({_ladder(m, s)})" for h, s, _ in hands)
        return Witness(f"the comparison breaks on {names}")

    return Problem(premise=premise, claim=claim, decode=decode)


def _joker_tiebreak(p: Params) -> Problem:
    (a, sa, a_ok), (b, sb, b_ok) = _hand("without", p), _hand("with", p)
    premise = [
        a_ok,
        b_ok,
        z3.Not(sa.joker),
        sb.joker,
        sa.category == sb.category,
        *(x == y for x, y in zip(sa.values, sb.values, strict=True)),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        one, two = _cards(m, a, p), _cards(m, b, p)
        return Witness(
            f"{one.pretty} and {two.pretty} are both a {_ladder(m, sa)} and equal card for card",
            data={"without": one.mask, "with": two.mask},
        )

    return Problem(
        premise=premise,
        claim=E.compare(sa, sb, p) == 1,
        # The document's example: a straight whose Jack is the Joker.
        attained=z3.And(sa.category == 4, b & _rank_mask(Rank.JACK, p) == 0, a & b == 0),
        decode=decode,
    )


def _replay_tiebreak(witness: Witness) -> Witness:
    """Ask the engine which of the two hands is stronger."""
    one, two = witness.data["without"], witness.data["with"]
    verdict = compare_hands(one, two)
    return Witness(
        f"{witness.text}; the one without the Joker wins: the engine rates "
        f"{describe_hand(one)} above {describe_hand(two)}",
        replayed=verdict == 1,
        data=witness.data,
    )


# --- the showdown ---------------------------------------------------------------------------------


def _full_house_example(p: Params) -> Problem:
    """Four disjoint hands: seat 0's two full houses against seat 1's full house and quads."""
    hands = [_hand(name, p) for name in ("weaker0", "stronger0", "weaker1", "stronger1")]
    masks = [h for h, _, _ in hands]
    premise: list[z3.BoolRef] = [ok for _, _, ok in hands]
    premise += [masks[i] & masks[j] == 0 for i in range(4) for j in range(i + 1, 4)]
    keys = [E.strength_key(h, p) for h in masks]
    premise += [z3.ULE(keys[0], keys[1]), z3.ULE(keys[2], keys[3])]
    full, quads = E.LADDER.index("full house"), E.LADDER.index("four of a kind")
    (_, w0, _), (_, s0, _), (_, w1, _), (_, s1, _) = hands
    example = z3.And(
        w0.category == full, s0.category == full, w1.category == full, s1.category == quads
    )

    def decode(m: z3.ModelRef) -> Witness:
        shown = [_cards(m, h, p).pretty for h in masks]
        return Witness(
            f"seat 0 builds {shown[0]} / {shown[1]}, seat 1 builds {shown[2]} / {shown[3]}"
        )

    return Problem(premise=premise, claim=z3.Not(example), decode=decode)


# --- the draft ------------------------------------------------------------------------------------


def _three_and_two(p: Params) -> Problem:
    first = z3.BitVec("first_splitter", 1)
    coin = z3.BitVec("coin", 1)
    seats = [E.splitter(first, i, p) for i in range(p["rounds"])]
    zero, one = E.split_counts(first, p)
    thrice, twice = p["splits"]
    by_first = z3.If(first == 0, zero, one)
    go_first = E.reserve_first(first, coin, p)
    claim = [
        *(seats[i] != seats[i + 1] for i in range(p["rounds"] - 1)),
        by_first == thrice,
        zero + one == p["rounds"],
        z3.Or(zero == twice, one == twice),
    ]
    if p["claim_coin"]:
        claim.append(go_first == coin)
        attained = go_first == first  # the seat that split three times may go first
    else:
        claim.append(go_first != first)  # the seat that split twice goes first
        attained = None

    def decode(m: z3.ModelRef) -> Witness:
        f = E.value(m.eval(first, model_completion=True))
        order = " ".join(str(E.value(m.eval(s, model_completion=True))) for s in seats)
        goes = E.value(m.eval(go_first, model_completion=True))
        return Witness(
            f"seat {f} splits first; the splitters are {order}; seat {goes} takes the first "
            "reserve turn",
            data={"first": f, "reserve_first": goes},
        )

    return Problem(premise=[z3.BoolVal(True)], claim=claim, attained=attained, decode=decode)


def _replay_coin(witness: Witness) -> Witness:
    """Play a coin-flip-reserve game through the engine with the witness's splitter and coin."""
    first, goes = witness.data["first"], witness.data["reserve_first"]
    actions = draft(first, (True,) * ROUNDS, reserve_order="coin")
    state = play(actions, reserve_order="coin")
    record = build_record(
        GAME, GAME.config(reserve_order="coin"), finish(state, actions, reserve_first=goes)
    )
    replay = replay_record(record)
    splits = [sum(1 for r in replay.final.rounds if r[0] == seat) for seat in (0, 1)]
    shown = replay.legal and replay.final.reserve_first == goes and splits[first] == 3
    return Witness(
        f"{witness.text}.\nPlayed through the engine: seat {first} splits {splits[first]} "
        f"rounds and seat {1 - first} {splits[1 - first]}; the coin gives seat {goes} the first "
        "reserve turn",
        record=record,
        replayed=shown,
        data=witness.data,
    )


# --- what a player knows after the draft ----------------------------------------------------------


def _model_candidates(first: int, takes: tuple[bool, ...], viewer: int, p: Params) -> int:
    term = E.candidates(z3.BitVecVal(first, 1), [z3.BoolVal(t) for t in takes], viewer, p)
    return E.value(term)


def _choices(first: int, takes: tuple[bool, ...], viewer: int) -> str:
    rounds = [i + 1 for i in range(ROUNDS) if (first ^ (i & 1)) != viewer]
    picks = ", ".join(f"round {r}: {'face-up' if takes[r - 1] else 'face-down'}" for r in rounds)
    return f"seat {viewer} chooses in rounds {', '.join(map(str, rounds))} ({picks})"


def _eleven(p: Params) -> Exhaustive:
    """The document's claim: exactly eleven candidates, always."""
    cases = 0
    for first, takes in product((0, 1), product((True, False), repeat=ROUNDS)):
        for viewer in (0, 1):
            cases += 1
            count = _model_candidates(first, takes, viewer, p)
            if count != p["pack_size"] - p["holding"]:
                text = (
                    f"seat {first} splits first; {_choices(first, takes, viewer)}: seat {viewer} "
                    f"took the face-down pair every time it chose, so it saw every card seat "
                    f"{1 - viewer} took and can narrow seat {1 - viewer}'s hand to {count} "
                    "cards, not eleven: the eleventh is the reserve"
                )
                return Exhaustive(
                    cases,
                    Witness(text, data={"first": first, "takes": takes, "viewer": viewer}),
                )
    return Exhaustive(cases)


def _replay_eleven(witness: Witness) -> Witness:
    """Play the draft through the engine, look at the viewer's ledger, finish the game."""
    d = witness.data
    actions = draft(d["first"], d["takes"])
    state = play(actions)
    view = observe(state, d["viewer"])
    opponent = state.hands[1 - d["viewer"]]
    shown = (
        len(view.candidates) == 10
        and view.candidates.mask == opponent
        and view.reserve is not None
        and int(view.reserve) == state.reserve
    )
    record = build_record(GAME, GAME.config(), finish(state, actions))
    replay = replay_record(record)
    text = (
        f"{witness.text}.\nPlayed through the engine: after the draft seat {d['viewer']}'s "
        f"candidates are {view.candidates.pretty} (seat {1 - d['viewer']}'s hand exactly) and "
        f"it knows the reserve is {view.reserve.pretty if view.reserve else '?'}."
    )
    return Witness(text, record=record, replayed=shown and replay.legal, data=d)


def _candidates(p: Params) -> Exhaustive:
    """What is true: eleven candidates, or exactly the opponent's ten when all were seen."""
    cases = 0
    for first, takes, shuffle, state in all_drafts():
        for viewer in (0, 1):
            cases += 1
            args = (z3.BitVecVal(first, 1), [z3.BoolVal(t) for t in takes], viewer, p)
            want = E.value(E.candidates(*args))
            hidden = E.value(E.unseen(*args))
            view = observe(state, viewer)
            opponent = state.hands[1 - viewer]
            odds = dict(view.reserve_odds)
            fine = (
                len(view.candidates) == want
                and view.candidates.mask & opponent == opponent
                and view.candidates.mask & state.hands[viewer] == 0
                and view.unseen == hidden
                and len(view.seen) == p["holding"] - hidden
                and (view.reserve is not None) == (hidden == 0)
                and len(odds) == hidden + 1
                and all(chance == Fraction(1, hidden + 1) for chance in odds.values())
            )
            if not fine:
                text = (
                    f"seat {first} splits first, shuffle {shuffle}; "
                    f"{_choices(first, takes, viewer)}: the rules say {want} candidates and "
                    f"{hidden} unseen cards; the engine shows {len(view.candidates)} candidates "
                    f"({view.candidates.pretty}), {view.unseen} unseen and "
                    f"{len(odds)} possible reserves"
                )
                return Exhaustive(cases, Witness(text))
    return Exhaustive(cases)


# --- auto-arrange ---------------------------------------------------------------------------------


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
    top = max(v for v, _ in scored)  # type: ignore[type-var]
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
    state = GAME.new_game(GAME.config())._replace(
        stage=Stage.BUILD, actor=0, reserve_first=0, hands=(holding, 0)
    )
    legal = all(apply_build(state, Build(CardSet(w), CardSet(s))) for w, s in builds)
    same = all(build_value(w, s) == value for w, s in builds)
    shown = "; ".join(f"{CardSet(w).pretty} / {CardSet(s).pretty}" for w, s in builds[:3])
    return Witness(
        f"{witness.text}.\nThe engine's auto-arrange lists {len(builds)} best builds, each two "
        f"straights ({describe_hand(builds[0][0])}, {describe_hand(builds[0][1])}), all of one "
        f"value and each a legal build: {shown}; ...",
        replayed=legal and same and len(builds) == 16,
        data=witness.data,
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


# --- the list -------------------------------------------------------------------------------------


def _obligations() -> tuple[Obligation, ...]:
    p = E.spec_params()
    nine = (Rank.NINE.index, *p["ranks"])
    hands = (
        Obligation(
            id="divided-ranks.hands.no-high-card",
            game="divided-ranks",
            statement="Over every five-card hand of the pack, classified as the rule document "
            "words it (a straight is five consecutive ranks, with the Joker standing for a "
            "missing one; a flush five cards of one suit): no hand is a mere high card, every "
            "flush is a royal flush, and every hand of five different ranks is a straight.",
            clauses=(
                "divided-ranks.hands.no-high-card",
                "divided-ranks.hands.categories",
                "divided-ranks.hands.joker-wild",
                "divided-ranks.cards.pack",
            ),
            expected="holds",
            build=_categories,
            method="z3",
            params=p,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.pack-with-nines",
                    "a pack with the Nines (Nine to Ace): 9 10 J Q A is a high card",
                    {"ranks": nine},
                ),
                Mutant(
                    "divided-ranks.mutant.joker-never-wild",
                    "a Joker that is never wild, not even in a straight",
                    {"joker_wild": False},
                ),
            ),
        ),
        Obligation(
            id="divided-ranks.hands.joker-low",
            game="divided-ranks",
            statement="Outside a straight or a royal flush the Joker is the weakest possible "
            "fifth card: for every hand holding the Joker that is neither, putting any other "
            "card of the pack in the Joker's place makes a strictly stronger hand. So the "
            "Joker never helps to make a pair, two pair, three or four of a kind or a full "
            "house.",
            clauses=("divided-ranks.hands.joker-low", "divided-ranks.hands.joker-wild"),
            expected="holds",
            build=_joker_low,
            method="z3",
            params=p,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.joker-pairs",
                    "a Joker allowed to pair (it joins the biggest group of equal rank)",
                    {"joker_pairs": True},
                ),
            ),
        ),
        Obligation(
            id="divided-ranks.hands.total-preorder",
            game="divided-ranks",
            statement="The comparison of hands (category, then card for card with the first "
            "difference deciding, then the Joker rule) is a total preorder on all 20,349 "
            "five-card hands: every hand equals itself, any two hands compare one way or are "
            "equal, the answer is the same read either way round, and it is transitive. The "
            "engine's strength key orders every two hands exactly as the comparison does.",
            clauses=(
                "divided-ranks.ruling.card-for-card",
                "divided-ranks.hands.categories",
                "divided-ranks.hands.joker-tiebreak",
            ),
            expected="holds",
            build=_preorder,
            method="z3",
            params=p,
            budget=HEAVY_BUDGET,  # its mutant's check measured about 9 million units
            mutants=(
                Mutant(
                    "divided-ranks.mutant.card-for-card-majority",
                    "card for card by a majority of positions instead of the first difference",
                    {"card_for_card": "majority"},
                ),
            ),
        ),
        Obligation(
            id="divided-ranks.hands.joker-tiebreak",
            game="divided-ranks",
            statement="Of two hands equal in category and card for card, one without the "
            "Joker and one with it, the one without the Joker is always stronger; and such "
            "pairs exist (the document's example: a straight whose Jack is the Joker).",
            clauses=("divided-ranks.hands.joker-tiebreak", "divided-ranks.hands.joker-wild"),
            expected="holds",
            build=_joker_tiebreak,
            method="z3",
            params=p,
            replay=_replay_tiebreak,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.no-joker-tiebreak",
                    "a comparison that ignores the Joker tiebreak",
                    {"joker_tiebreak": False},
                ),
            ),
        ),
    )
    draft_obligations = (
        Obligation(
            id="divided-ranks.draft.three-and-two",
            game="divided-ranks",
            statement="Whoever splits first, the splitter changes every round, the first "
            "splitter splits three rounds and the other player two, and the player who split "
            "twice takes the first reserve turn.",
            clauses=(
                "divided-ranks.draft.rounds",
                "divided-ranks.reserve.order",
                "divided-ranks.ruling.first-splitter",
            ),
            expected="holds",
            build=_three_and_two,
            method="z3",
            params={**p, "claim_coin": False},
            mutants=(
                Mutant(
                    "divided-ranks.mutant.roles-swap-every-two-rounds",
                    "a splitter order that does not alternate (roles swap every second round)",
                    {"roles": "pairs"},
                ),
                Mutant(
                    "divided-ranks.mutant.thrice-splitter-first",
                    "the player who split three times goes first at the reserve",
                    {"reserve_order": "more-splits"},
                ),
            ),
        ),
        Obligation(
            id="divided-ranks.draft.three-and-two.coin-flip-reserve",
            game="divided-ranks",
            statement="In the coin-flip-reserve variant, whoever splits first and however "
            "the coin falls, one player splits three rounds and the other two, and the coin "
            "alone decides who takes the first reserve turn: the player who split three times "
            "can go first.",
            clauses=(
                "divided-ranks.variant.coin-flip-reserve",
                "divided-ranks.draft.rounds",
            ),
            expected="holds",
            build=_three_and_two,
            method="z3",
            params={**E.spec_params("coin"), "claim_coin": True},
            variant="coin-flip-reserve",
            replay=_replay_coin,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.coin-ignored",
                    "a coin that is ignored: the split count decides the reserve order",
                    {"reserve_order": "fewer-splits"},
                ),
            ),
        ),
    )
    knowledge = (
        Obligation(
            id="divided-ranks.info.eleven-candidates",
            game="divided-ranks",
            statement="The document's claim: once the stock is spent, a player can narrow the "
            "opponent's holding to eleven candidates and no further. False: checked over "
            "every draft (each first splitter, each of the 32 sequences of choices, each "
            "player), a player who took the face-down pair every time they chose has seen all "
            "ten of the opponent's cards.",
            clauses=("divided-ranks.info.candidates", "divided-ranks.info.hidden"),
            expected="fails",
            build=_eleven,
            params=p,
            method="exhaustive",
            replay=_replay_eleven,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.both-pairs-face-down",
                    "both pairs laid face down (the chooser never sees the pair it leaves)",
                    {"face_up_pair": False},
                ),
            ),
        ),
        Obligation(
            id="divided-ranks.info.candidates",
            game="divided-ranks",
            statement="What is true, over every draft (each first splitter, each of the 32 "
            "sequences of choices, three shuffles, each player) played through the engine: "
            "after the draft and before any exchange, a player who took the face-up pair u "
            "times when choosing has seen all but 2u of the opponent's ten cards. The reserve "
            "is one of the 2u + 1 cards they cannot place, each with chance 1/(2u + 1). When u "
            "is 1 to 3 the candidates for the opponent's hand are the eleven cards outside "
            "their own; when u is 0 (they took the face-down pair every time) the candidates "
            "are exactly the opponent's ten cards and the reserve is known for certain.",
            clauses=(
                "divided-ranks.info.candidates",
                "divided-ranks.info.ledger",
                "divided-ranks.info.hidden",
                "divided-ranks.ruling.swap-odds",
            ),
            expected="holds",
            build=_candidates,
            params=p,
            method="exhaustive",
            mutants=(
                Mutant(
                    "divided-ranks.mutant.both-pairs-face-down",
                    "both pairs laid face down (the chooser never sees the pair it leaves)",
                    {"face_up_pair": False},
                ),
            ),
        ),
    )
    builds = (
        Obligation(
            id="divided-ranks.build.arrange-optimal",
            game="divided-ranks",
            statement="Auto-arrange returns a best build: no build of the holding beats it in "
            "the four-step scoring. Checked against all 126 builds of one holding of each "
            "arrangement class (1,498 classes covering all 352,716 holdings). The abstraction "
            "is sound because, as checked over all 20,349 hands, a hand's strength depends only "
            "on its ranks, its Joker and whether its suited cards share a suit; so holdings of "
            "one class (same ranks, same Joker, same ranks in each suit that could make a "
            "royal flush) are relabellings of each other with the same builds.",
            clauses=(
                "divided-ranks.ruling.best-build",
                "divided-ranks.build.two-hands",
                "divided-ranks.build.weaker-stronger",
                "divided-ranks.score.order",
            ),
            expected="holds",
            build=_arrange_optimal,
            params={**p, "arrange": "all-builds"},
            method="exhaustive",
            mutants=(
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
            ),
        ),
        Obligation(
            id="divided-ranks.build.exactly-one-best",
            game="divided-ranks",
            statement="The document's claim: of the 126 ways to divide ten cards, exactly one "
            "is best. False: checked over every arrangement class, many holdings have several "
            "best builds that tie.",
            clauses=("divided-ranks.ruling.best-build", "divided-ranks.build.two-hands"),
            expected="fails",
            build=_exactly_one,
            params={**p, "same_build": "literal", "scoring": "four-steps"},
            method="exhaustive",
            replay=_replay_exactly_one,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.equal-rank-exchanges-same-build",
                    "builds that differ only by exchanging cards of equal rank count as one",
                    {"same_build": "rank-split"},
                ),
            ),
        ),
        Obligation(
            id="divided-ranks.build.best-result-unique",
            game="divided-ranks",
            statement="What is true: for every holding the best result is unique, and builds "
            "that tie for it differ only by exchanging cards of equal rank between the two "
            "hands, so the ranks of the best weaker and stronger hands are fixed by the "
            "holding (checked over every arrangement class).",
            clauses=(
                "divided-ranks.ruling.best-build",
                "divided-ranks.score.order",
                "divided-ranks.build.weaker-stronger",
            ),
            expected="holds",
            build=_best_result_unique,
            params={**p, "scoring": "four-steps"},
            method="exhaustive",
            mutants=(
                Mutant(
                    "divided-ranks.mutant.categories-only",
                    "a scoring that stops after the two categories",
                    {"scoring": "categories"},
                ),
            ),
        ),
    )
    showdown = (
        Obligation(
            id="divided-ranks.score.full-house-example-unreachable",
            game="divided-ranks",
            statement="The document illustrates the scoring with both weaker hands full houses "
            "and one stronger hand four of a kind against a stronger full house. That "
            "showdown never happens: over every two builds made from one pack (four disjoint "
            "hands), there are not enough cards for three full houses and four of a kind at "
            "once. The principle it illustrates does hold, for example with three of a kind "
            "as both weaker hands (see cardlaw query divided-ranks).",
            clauses=("divided-ranks.score.order", "divided-ranks.cards.pack"),
            expected="holds",
            build=_full_house_example,
            method="z3",
            params=p,
            mutants=(
                Mutant(
                    "divided-ranks.mutant.pack-with-nines",
                    "a pack with the Nines (Nine to Ace): enough cards for that showdown",
                    {"ranks": nine},
                ),
            ),
        ),
    )
    return (*hands, *showdown, *draft_obligations, *knowledge, *builds)


OBLIGATIONS: Final[tuple[Obligation, ...]] = _obligations()
"""Every Divided Ranks obligation, in the order ``cardlaw verify`` runs them."""
