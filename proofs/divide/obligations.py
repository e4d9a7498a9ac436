"""Divide's proof obligations: what ``cardlaw verify divide`` proves.

Every obligation quantifies over all situations of its kind (every hand,
every trick, every sequence of eight trick winners...), reads the rules from
``spec/divide`` through :func:`~proofs.divide.encoding.spec_params`, has a
premise that must be satisfiable, and has seeded mutants that must change
its verdict.  Witnesses that are whole rounds are realised by
:mod:`proofs.divide.scenarios` and replayed through the engine as records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import z3

from engine.divide.game import DIVIDE
from engine.divide.scoring import decide_winner
from engine.divide.tricks import legal_plays, trick_winner
from engine.record import build_record, replay_record
from proofs.budget import HEAVY_BUDGET
from proofs.core import Mutant, Obligation, Problem, Witness
from proofs.divide import encoding as E
from proofs.divide.scenarios import first_round_where, one_suit_sweep
from spec.cards import Card, CardSet, Rank
from spec.divide.config import DivideConfig
from spec.divide.invariants import round_points
from spec.divide.state import DivideState

__all__ = ["OBLIGATIONS"]

Params = Mapping[str, Any]
PLAYER_COUNTS: Final = (4, 5)

# --- helpers -----------------------------------------------------------------------


def _value(model: z3.ModelRef, term: z3.ExprRef) -> int:
    value = model.eval(term, model_completion=True)
    assert isinstance(value, z3.BitVecNumRef | z3.IntNumRef)
    return int(value.as_long())


def _cards(n: int, prefix: str) -> tuple[list[z3.BitVecRef], list[z3.BoolRef]]:
    cards = [z3.BitVec(f"{prefix}{i}", E.CARD_BITS) for i in range(n)]
    valid = [E.is_card(c) for c in cards]
    return cards, [*valid, z3.Distinct(*cards)] if n > 1 else valid


def _rank(model: z3.ModelRef, term: z3.ExprRef) -> str:
    return Rank(_value(model, term) + 2).label


def _record_witness(
    text: str, actions: Sequence[Any], players: int, check: Callable[[DivideState], bool]
) -> Witness:
    """Replay a round through the engine as a record; note whether it shows what it claims."""
    config = DivideConfig(players=players)
    record = build_record(DIVIDE, config, actions)
    replay = replay_record(record)
    shown = replay.legal and check(replay.final)
    return Witness(text=text, record=record, replayed=shown)


# --- token supply ----------------------------------------------------------------


def _trick_sequence(p: Params) -> tuple[list[z3.ArithRef], list[z3.BitVecRef], list[z3.BoolRef]]:
    n = p["players"]
    winners = [z3.Int(f"winner{i}") for i in range(p["tricks"])]
    suits = [z3.BitVec(f"suit{i}", 2) for i in range(p["tricks"])]
    premise = [z3.And(w >= 0, w < n) for w in winners]
    return winners, suits, premise


def _sequence_text(
    model: z3.ModelRef, winners: Sequence[z3.ArithRef], suits: Sequence[z3.BitVecRef]
) -> str:
    symbols = "♣♦♥♠"
    return ", ".join(
        f"{i + 1}: seat {_value(model, w)} wins with a {symbols[_value(model, s)]}"
        for i, (w, s) in enumerate(zip(winners, suits, strict=True))
    )


def _supply(p: Params) -> Problem:
    winners, suits, premise = _trick_sequence(p)
    _, stacks, bonuses = E.trick_tokens(suits, p)
    claim = z3.And([z3.And(*(s >= 0 for s in row)) for row in stacks] + [b >= 0 for b in bonuses])
    return Problem(
        premise=premise,
        claim=claim,
        attained=bonuses[-1] == 0,
        decode=lambda m: Witness(
            "a round that takes every bonus token: " + _sequence_text(m, winners, suits)
        ),
    )


def _sweep_replay(players: int) -> Callable[[Witness], Witness]:
    def replay(witness: Witness) -> Witness:
        def shows(state: DivideState) -> bool:
            return sum(state.bonus_taken) == E.spec_params()["bonus_tokens"] and state.bonus == 0

        real = _record_witness("", one_suit_sweep(players), players, shows)
        text = (
            f"{witness.text}.\nRealised in a real round ({players} players): seat 0 secures A♠ K♠, "
            "gets Q♠ J♠ back from its offers and 10♠ 9♠, 8♠ 7♠ from its neighbours, a 2 is "
            "trump, and seat 0 wins all eight tricks with Spades: three Spade tokens and all "
            "five bonus tokens, 31 points."
        )
        return Witness(text, real.record, real.replayed)

    return replay


# --- legal plays -----------------------------------------------------------------


def _legal_play_exists(p: Params) -> Problem:
    hand = z3.BitVec("hand", E.MASK_BITS)
    trump = z3.BitVec("trump_rank", 4)
    led = z3.BitVec("led", E.CARD_BITS)
    leading = z3.Bool("leading")
    size = E.popcount(hand)
    premise = [
        hand & ~z3.BitVecVal((1 << 52) - 1, E.MASK_BITS) == 0,
        z3.UGE(size, 1),
        z3.ULE(size, p["hand_size"]),
        z3.ULT(trump, 13),
        E.is_card(led),
        hand & E.bit(led) == 0,
    ]
    legal = z3.If(leading, E.legal_plays(hand, None, trump, p), E.legal_plays(hand, led, trump, p))
    claim = z3.And(legal != 0, legal & ~hand == 0)

    def decode(m: z3.ModelRef) -> Witness:
        cards = CardSet(_value(m, hand))
        is_leading = z3.is_true(m.eval(leading, model_completion=True))
        situation = "leading" if is_leading else f"after {Card(_value(m, led)).pretty} is led"
        return Witness(
            f"hand {cards.pretty}, Trump Rank {_rank(m, trump)}, {situation}: no legal play",
            data={
                "hand": cards.mask,
                "trick": () if is_leading else (_value(m, led),),
                "trump_rank": _value(m, trump),
                "own_suit": p["trump_suit"] == "own",
            },
        )

    return Problem(premise=premise, claim=claim, decode=decode)


def _replay_legal(witness: Witness) -> Witness:
    """Ask the engine's own function about the decoded hand."""
    d = witness.data
    legal = legal_plays(d["hand"], d["trick"], d["trump_rank"], d["own_suit"])
    return Witness(
        f"{witness.text}; the engine allows {CardSet(legal).pretty or 'nothing'}",
        replayed=legal == 0,
        data=d,
    )


# --- trick winner ------------------------------------------------------------------


def _unique_winner(p: Params) -> Problem:
    n = p["players"]
    cards, premise = _cards(n, "card")
    trump = z3.BitVec("trump_rank", 4)
    premise.append(z3.ULT(trump, 13))
    wins = [
        z3.And(*(E.beats(cards[i], cards[j], cards[0], trump, p) for j in range(n) if j != i))
        for i in range(n)
    ]
    position, _ = E.trick_winner(cards, trump, p)
    exactly_one = z3.And(
        z3.Or(*wins), *(z3.Not(z3.And(wins[i], wins[j])) for i in range(n) for j in range(i + 1, n))
    )
    engine_agrees = z3.Or(*(z3.And(position == i, wins[i]) for i in range(n)))

    def decode(m: z3.ModelRef) -> Witness:
        played = tuple(_value(m, c) for c in cards)
        names = " ".join(Card(c).pretty for c in played)
        return Witness(
            f"Trump Rank {_rank(m, trump)}, trick {names}: not exactly one winner",
            data={"trick": played, "trump_rank": _value(m, trump)},
        )

    return Problem(premise=premise, claim=z3.And(exactly_one, engine_agrees), decode=decode)


def _replay_trick(witness: Witness) -> Witness:
    """Ask the engine who wins the decoded trick."""
    d = witness.data
    position = trick_winner(d["trick"], d["trump_rank"])
    card = Card(d["trick"][position]).pretty
    return Witness(f"{witness.text}; the engine names {card}", replayed=True, data=d)


# --- the Great Divide ----------------------------------------------------------------


def _eight_cards(p: Params) -> Problem:
    """The Great Divide over a canonical deal.

    Relabel the cards so that seat ``s`` was dealt bits ``s*9 .. s*9+8`` (any
    real deal can be relabelled so, and sizes and overlaps do not change);
    the masks then live in a ``9n``-bit space and every choice is free within
    the rules.
    """
    n, dealt_size = p["players"], p["cards_dealt"]
    width = n * dealt_size

    def place(variable: z3.BitVecRef, space: int) -> z3.BitVecRef:
        # A choice among the cards dealt to seat ``space``: zero outside its nine bits.
        pieces = [z3.BitVecVal(0, dealt_size)] * n
        pieces[space] = variable
        return z3.Concat(*reversed(pieces))

    def masks(name: str, space: Callable[[int], int]) -> list[z3.BitVecRef]:
        return [place(z3.BitVec(f"{name}{q}", dealt_size), space(q) % n) for q in range(n)]

    def mask(value: int) -> z3.BitVecRef:
        return z3.BitVecVal(value, width)

    def own(q: int) -> int:
        return q

    dealt = [mask(((1 << dealt_size) - 1) << (q * dealt_size)) for q in range(n)]
    offerings = masks("offering", own)
    secured, left, right = masks("secured", own), masks("left", own), masks("right", own)
    # What a seat keeps lies among the cards dealt to the neighbour whose offer it is.
    kept_left = masks("keptL", lambda q: q + 1)
    kept_right = masks("keptR", lambda q: q - 1)
    premise: list[z3.BoolRef] = []
    for q in range(n):
        rest = dealt[q] & ~offerings[q] & ~secured[q]
        chosen_from = (right if p["choose_from_matching_offer"] else left)[(q + 1) % n]
        premise += [
            offerings[q] & ~dealt[q] == 0,
            E.popcount(offerings[q]) == p["offering"],
            secured[q] & ~(dealt[q] & ~offerings[q]) == 0,
            E.popcount(secured[q]) == p["secure"],
            left[q] & right[q] == 0,
            left[q] | right[q] == rest,
            E.popcount(left[q]) == p["offer"],
            E.popcount(right[q]) == p["offer"],
            kept_left[q] & ~chosen_from == 0,
            E.popcount(kept_left[q]) == p["keep"],
            kept_right[q] & ~left[(q - 1) % n] == 0,
            E.popcount(kept_right[q]) == p["keep"],
        ]
    hands = E.exchange_hands(secured, left, right, kept_left, kept_right, p)
    offered = mask(0)
    for o in offerings:
        offered = offered | o
    everything = offered
    for h in hands:
        everything = everything | h
    claim = [
        *(E.popcount(h) == E.spec_params()["hand_size"] for h in hands),
        *(hands[q] & hands[r] == 0 for q in range(n) for r in range(q + 1, n)),
        *(h & offered == 0 for h in hands),
        everything == mask((1 << width) - 1),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        def cards(term: z3.BitVecRef) -> str:
            value = _value(m, term)
            return " ".join(
                f"{b // dealt_size}.{b % dealt_size}" for b in range(width) if value >> b & 1
            )

        shown = "; ".join(f"seat {q}: {cards(h)}" for q, h in enumerate(hands))
        return Witness(f"hands after the Great Divide (card = dealt seat.position): {shown}")

    return Problem(premise=premise, claim=claim, decode=decode)


# --- trump cards in hands ---------------------------------------------------------------


def _three_trumps(p: Params) -> Problem:
    n = p["players"]
    offerings, premise = _cards(n, "offering")
    hands = [z3.BitVec(f"hand{q}", E.MASK_BITS) for q in range(n)]
    revealed = z3.Int("revealed")
    deck = z3.BitVecVal((1 << 52) - 1, E.MASK_BITS)
    offered = z3.BitVecVal(0, E.MASK_BITS)
    for c in offerings:
        offered = offered | E.bit(c)
    premise += [z3.And(revealed >= 0, revealed < n)]
    for q in range(n):
        premise += [hands[q] & ~deck == 0, hands[q] & offered == 0]
        premise += [hands[q] & hands[r] == 0 for r in range(q + 1, n)]
    turned = offerings[0]
    for q in range(1, n):
        turned = z3.If(revealed == q, offerings[q], turned)
    if not p["revealed_offering_leaves_play"]:  # mutant: the turned card goes back to its owner
        hands = [z3.If(revealed == q, hands[q] | E.bit(turned), hands[q]) for q in range(n)]
    in_hands = z3.BitVecVal(0, E.MASK_BITS)
    for h in hands:
        in_hands = in_hands | h
    # The four cards of the Trump Rank are one nibble of the mask.
    nibble = z3.Extract(3, 0, z3.LShR(in_hands, z3.ZeroExt(E.MASK_BITS - 4, E.rank(turned)) * 4))
    count = E.popcount(nibble)

    def decode(m: z3.ModelRef) -> Witness:
        rank_label = _rank(m, E.rank(turned))
        return Witness(f"Trump Rank {rank_label} with {_value(m, count)} Trump Rank cards in hands")

    return Problem(premise=premise, claim=z3.ULE(count, 3), decode=decode)


# --- tiebreak ----------------------------------------------------------------------


def _tiebreak(p: Params) -> Problem:
    n = p["players"]
    real = E.spec_params(n)
    most = real["rounds"] * E.most_points_in_a_round(real)
    totals = [z3.Int(f"total{q}") for q in range(n)]
    bonus = [z3.Int(f"bonus{q}") for q in range(n)]
    eighth, premise = _cards(n, "eighth")
    premise += [z3.And(t >= 0, t <= most) for t in totals]
    premise += [z3.And(b >= 0, b <= real["bonus_tokens"]) for b in bonus]
    winners = E.tiebreak_winners(totals, bonus, eighth, p)
    exactly_one = z3.And(
        z3.Or(*winners),
        *(z3.Not(z3.And(winners[i], winners[j])) for i in range(n) for j in range(i + 1, n)),
    )

    # The second tiebreaker is really needed somewhere: two top totals, equal most bonus tokens.
    def top_pair(i: int, j: int) -> z3.BoolRef:
        return z3.And(
            totals[i] == totals[j],
            bonus[i] == bonus[j],
            *(totals[i] >= t for t in totals),
            *(z3.Implies(totals[k] == totals[i], bonus[i] >= bonus[k]) for k in range(n)),
        )

    needs_cards = z3.Or(*(top_pair(i, j) for i in range(n) for j in range(i + 1, n)))

    def decode(m: z3.ModelRef) -> Witness:
        chosen = [q for q in range(n) if z3.is_true(m.eval(winners[q], model_completion=True))]
        rows = ", ".join(
            f"seat {q}: {_value(m, totals[q])} points, {_value(m, bonus[q])} bonus, "
            f"last card {Card(_value(m, eighth[q])).pretty}" + (" (wins)" if q in chosen else "")
            for q in range(n)
        )
        data = {
            "totals": tuple(_value(m, t) for t in totals),
            "bonus": tuple(_value(m, b) for b in bonus),
            "eighth": tuple(_value(m, c) for c in eighth),
            "winners": tuple(chosen),
        }
        return Witness(rows, data=data)

    return Problem(premise=premise, claim=exactly_one, attained=needs_cards, decode=decode)


def _replay_tiebreak(witness: Witness) -> Witness:
    """Ask the engine's tiebreaker about the decoded final standings."""
    d = witness.data
    winners, decided_by, _ = decide_winner(d["totals"], d["bonus"], d["eighth"])
    agrees = winners == d["winners"]
    return Witness(
        f"{witness.text}; the engine names seat {', '.join(map(str, winners))} ({decided_by})",
        replayed=agrees,
        data=d,
    )


# --- points ------------------------------------------------------------------------


def _points(kind: str, bound: int) -> Callable[[Params], Problem]:
    def build(p: Params) -> Problem:
        winners, suits, premise = _trick_sequence(p)
        if kind.startswith("total"):
            # Every trick's token goes to exactly one seat, so the round's total is the sum of
            # the tricks' values: the seats need not be tracked.
            points = E.trick_values(suits, p)
        else:
            points, _ = E.round_points(winners, suits, p)
        total = z3.Sum(points)
        if kind == "total-max":
            claim, attained = total <= bound, total == bound
        elif kind == "total-min":
            claim, attained = total >= bound, total == bound
        elif kind == "player-max":
            claim = z3.And(*(x <= bound for x in points))
            attained = z3.Or(*(x == bound for x in points))
        else:
            claim = z3.And(*(x >= bound for x in points))
            attained = z3.Or(*(x == bound for x in points))
        return Problem(
            premise=premise,
            claim=claim,
            attained=attained,
            decode=lambda m: Witness(_sequence_text(m, winners, suits)),
        )

    return build


def _points_replay(kind: str, bound: int, players: int) -> Callable[[Witness], Witness]:
    def replay(witness: Witness) -> Witness:
        def shows(state: DivideState) -> bool:
            row = round_points(state)
            if kind in ("total-max", "total-min"):
                return sum(row) == bound
            return bound in row

        if kind in ("total-max", "player-max"):
            actions = one_suit_sweep(players)
        else:
            actions = first_round_where(shows, players) or []
        real = _record_witness("", actions, players, shows) if actions else Witness("")
        return Witness(
            f"abstract: {witness.text}.\nRealised in a real {players}-player round: "
            + ("yes, see the record" if real.replayed else "not found"),
            real.record,
            real.replayed,
        )

    return replay


def _bounds() -> dict[str, int]:
    p = E.spec_params()
    tricks, stack = p["tricks"], p["suit_tokens"]
    one_suit = stack * p["suit_points"] + (tricks - stack) * p["bonus_points"]
    return {
        "total-max": one_suit,
        "total-min": tricks * p["suit_points"],
        "player-max": one_suit,
        "player-min": 0,
    }


# --- the deal -------------------------------------------------------------------------


def _deal_fits(p: Params) -> Problem:
    players = z3.Int("players")
    return Problem(
        premise=[z3.Or(*(players == n for n in PLAYER_COUNTS))],
        claim=players * p["cards_dealt"] <= 52,
        decode=lambda m: Witness(f"{_value(m, players)} players need more than 52 cards"),
    )


# --- the list ---------------------------------------------------------------------------


def _obligations() -> tuple[Obligation, ...]:
    out: list[Obligation] = []
    for n in PLAYER_COUNTS:
        params = E.spec_params(n)
        out.append(
            Obligation(
                id=f"divide.tokens.supply-never-negative.{n}p",
                game="divide",
                statement=f"With {n} players, over every sequence of eight trick winners and "
                "winning suits, no suit stack and not the bonus supply ever goes below zero; and "
                "the bound is tight: a round can take all five bonus tokens.",
                clauses=(
                    "divide.components.tokens",
                    "divide.score.suit-token",
                    "divide.score.bonus-token",
                    "divide.ruling.bonus-supply",
                    "divide.trick.count",
                ),
                expected="holds",
                build=_supply,
                params=params,
                mutants=(
                    Mutant(
                        "divide.mutant.bonus-supply-4", "a bonus supply of 4", {"bonus_tokens": 4}
                    ),
                ),
                replay=_sweep_replay(n),
            )
        )
    for variant in ("printed", "own"):
        params = E.spec_params(4, variant)
        suffix = "" if variant == "printed" else ".own-suit"
        out.append(
            Obligation(
                id=f"divide.trick.legal-play-exists{suffix}",
                game="divide",
                statement="For every hand of 1 to 8 cards, every Trump Rank and every situation "
                "(leading, or following any led card), some card of the hand is legal: the lead "
                "restriction never blocks a player.",
                clauses=(
                    "divide.trick.lead-restriction",
                    "divide.trick.follow-suit",
                    "divide.trick.void",
                    "divide.ruling.trump-rank-suit",
                ),
                expected="holds",
                build=_legal_play_exists,
                params=params,
                variant="" if variant == "printed" else "trump-rank-own-suit",
                replay=_replay_legal,
                mutants=(
                    Mutant(
                        "divide.mutant.strict-lead-restriction",
                        "a lead restriction that forbids leading trump even from an all-trump hand",
                        {"all_trump_may_lead": False},
                    ),
                ),
            )
        )
    for n in PLAYER_COUNTS:
        out.append(
            Obligation(
                id=f"divide.trick.unique-winner.{n}p",
                game="divide",
                statement=f"Every trick of {n} distinct cards under every Trump Rank has exactly "
                "one card that beats all the others as the rules word it, and the engine's "
                "winner is that card.",
                clauses=(
                    "divide.trick.winner-trump",
                    "divide.trick.winner-led-suit",
                    "divide.trick.off-suit",
                    "divide.cards.suit-order",
                    "divide.cards.rank-order",
                ),
                expected="holds",
                build=_unique_winner,
                params=E.spec_params(n),
                budget=HEAVY_BUDGET,  # about 15 million units measured with 5 players
                replay=_replay_trick,
                mutants=(
                    Mutant(
                        "divide.mutant.suit-order-tie",
                        "a suit order in which Hearts and Diamonds tie",
                        {"suit_strength": (0, 1, 1, 3)},
                    ),
                    Mutant(
                        "divide.mutant.rank-order-tie",
                        "a rank order in which the King and the Ace tie",
                        {"rank_strength": (*range(12), 11)},
                    ),
                ),
            )
        )
        out.append(
            Obligation(
                id=f"divide.divide.eight-cards.{n}p",
                game="divide",
                statement=f"With {n} players, after every possible Great Divide each player holds "
                "exactly 8 cards, no card is in two hands or both in a hand and an offering, and "
                "every dealt card is in a hand or an offering (proved over a canonical deal: any "
                "deal is one after relabelling the cards).",
                clauses=(
                    "divide.divide.offering",
                    "divide.divide.secure",
                    "divide.divide.offers",
                    "divide.divide.choose",
                    "divide.divide.independent",
                    "divide.divide.final-hand",
                ),
                expected="holds",
                build=_eight_cards,
                params=E.spec_params(n),
                mutants=(
                    Mutant(
                        "divide.mutant.returns-lost",
                        "rejected cards are not added back to the offerer's hand",
                        {"returned_cards_join_hand": False},
                    ),
                    Mutant(
                        "divide.mutant.wrong-offer",
                        "a player chooses from the offer its left neighbour made to the next seat",
                        {"choose_from_matching_offer": False},
                    ),
                ),
            )
        )
        out.append(
            Obligation(
                id=f"divide.trump.at-most-three-in-hands.{n}p",
                game="divide",
                statement="At most three Trump Rank cards are ever in the players' hands: the "
                "card turned up is an offering, and offerings stay out of play.",
                clauses=(
                    "divide.trump.rank",
                    "divide.trump.offerings-aside",
                    "divide.trump.reveal",
                ),
                expected="holds",
                build=_three_trumps,
                params=E.spec_params(n),
                mutants=(
                    Mutant(
                        "divide.mutant.revealed-back-to-hand",
                        "the offering turned up goes back to its owner's hand",
                        {"revealed_offering_leaves_play": False},
                    ),
                ),
            )
        )
        out.append(
            Obligation(
                id=f"divide.tiebreak.always-resolves.{n}p",
                game="divide",
                statement=f"With {n} players, whatever the totals, bonus tokens and last-trick "
                "cards, the tiebreakers name exactly one winner, so a shared victory is never "
                "reached; and the second tiebreaker is sometimes needed.",
                clauses=(
                    "divide.end.highest-total",
                    "divide.tiebreak.bonus",
                    "divide.tiebreak.eighth-trick",
                    "divide.tiebreak.share",
                    "divide.ruling.share",
                    "divide.ruling.tiebreak-group",
                    "divide.ruling.eighth-trick-comparison",
                ),
                expected="holds",
                build=_tiebreak,
                params=E.spec_params(n),
                budget=HEAVY_BUDGET,  # about 13 million units measured with 5 players
                replay=_replay_tiebreak,
                mutants=(
                    Mutant(
                        "divide.mutant.tiebreak-ignores-eighth-trick",
                        "a tiebreak that ignores the eighth trick",
                        {"tiebreak_eighth_trick": False},
                    ),
                    Mutant(
                        "divide.mutant.suit-order-tie",
                        "a suit order in which Hearts and Diamonds tie",
                        {"suit_strength": (0, 1, 1, 3)},
                    ),
                ),
            )
        )
    bounds = _bounds()
    words = {
        "total-max": "The most points a round can award in total is {b}",
        "total-min": "The fewest points a round can award in total is {b}",
        "player-max": "The most points one player can take in a round is {b}",
        "player-min": "The fewest points one player can take in a round is {b}",
    }
    mutants = {
        "total-max": Mutant(
            "divide.mutant.two-tokens-per-suit", "two tokens per suit stack", {"suit_tokens": 2}
        ),
        "total-min": Mutant(
            "divide.mutant.suit-token-1", "suit tokens worth 1 point", {"suit_points": 1}
        ),
        "player-max": Mutant(
            "divide.mutant.two-tokens-per-suit", "two tokens per suit stack", {"suit_tokens": 2}
        ),
        "player-min": Mutant(
            "divide.mutant.bonus-penalty", "bonus tokens worth -5 points", {"bonus_points": -5}
        ),
    }
    for kind, bound in bounds.items():
        for n in PLAYER_COUNTS:
            out.append(
                Obligation(
                    id=f"divide.points.{kind}.{n}p",
                    game="divide",
                    statement=words[kind].format(b=bound)
                    + f" ({n} players), and some round attains it.",
                    clauses=(
                        "divide.score.suit-token",
                        "divide.score.bonus-token",
                        "divide.score.round",
                        "divide.trick.count",
                    ),
                    expected="holds",
                    build=_points(kind, bound),
                    params=E.spec_params(n),
                    mutants=(mutants[kind],),
                    replay=_points_replay(kind, bound, n),
                )
            )
    out.append(
        Obligation(
            id="divide.deal.enough-cards",
            game="divide",
            statement="For 4 and 5 players the deck holds enough cards for the deal.",
            clauses=("divide.setup.players", "divide.deal.nine", "divide.components.deck"),
            expected="holds",
            build=_deal_fits,
            params=E.spec_params(),
            mutants=(
                Mutant("divide.mutant.deal-eleven", "a deal of eleven cards", {"cards_dealt": 11}),
            ),
        )
    )
    return tuple(out)


OBLIGATIONS: Final[tuple[Obligation, ...]] = _obligations()
"""Every Divide obligation, in the order ``cardlaw verify`` runs them."""
