"""What ``cardlaw query divide`` can ask about: tricks, hands, rounds and tiebreaks.

Each domain is built from the same encodings the proofs use
(:mod:`proofs.divide.encoding`), so a query and a proof can never disagree.

>>> from cardlaw.proofs.query import answer
>>> answer("maximize round: points[0]", DOMAINS).value
31
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import z3

from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.query import Build, Domains, Example, Instance, Options, no, optimum, yes
from cardlaw.proofs.terms import Params, as_int, play_quantities, trick_quantities
from cardlaw.proofs.terms import model_int as value
from cardlaw.proofs.terms import model_true as true
from cardlaw.spec.cards import Card, CardSet, Rank
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["DOMAINS", "EXAMPLES", "build_domains"]

_SUITS = "♣♦♥♠"

_Builder = Callable[[Options, DivideRules], Instance]
_DECLARED: list[tuple[str, str, dict[str, tuple[int, ...]], _Builder]] = []
"""Every domain as declared: name, description, options, and its builder under some rules."""


def _declare(
    name: str, description: str, **options: tuple[int, ...]
) -> Callable[[_Builder], _Builder]:
    """Declare a domain whose builder takes the options and the rules."""

    def add(build: _Builder) -> _Builder:
        _DECLARED.append((name, description, options, build))
        return build

    return add


def _seated(
    name: str, description: str
) -> Callable[[Callable[[int, Params], Instance]], Callable[[int, Params], Instance]]:
    """Declare a domain for 4 or 5 players, built from the count and its rules' parameters."""

    def add(build: Callable[[int, Params], Instance]) -> Callable[[int, Params], Instance]:
        def from_options(options: Options, rules: DivideRules) -> Instance:
            n = options["players"]
            return build(n, E.spec_params(n, rules=rules))

        _declare(name, description, players=(4, 5))(from_options)
        return build

    return add


def build_domains(rules: DivideRules = PRINTED_RULES) -> Domains:
    """Divide's query domains under ``rules`` (``cardlaw query divide --set ...``)."""
    table = Domains()
    for name, description, options, build in _DECLARED:
        table.declare(name, description, **options)(_under(build, rules))
    return table


def _under(build: _Builder, rules: DivideRules) -> Build:
    return lambda options: build(options, rules)


@_seated("trick", "one trick: its cards from the leader and the Trump Rank")
def _trick(n: int, p: Params) -> Instance:
    cards = [z3.BitVec(f"card{i}", E.CARD_BITS) for i in range(n)]
    trump = z3.BitVec("trump", 4)
    revealed = z3.BitVec("revealed", E.CARD_BITS)
    premise = [E.is_card(c) for c in cards] + [z3.Distinct(*cards), z3.ULT(trump, 13)]
    # The offering turned up names the Trump Rank and is out of play.
    premise += [E.is_card(revealed), E.rank(revealed) == trump, *(revealed != c for c in cards)]
    position, best = E.trick_winner(cards, trump, p)
    trumps = z3.Sum([z3.If(E.rank(c) == trump, 1, 0) for c in cards])

    def decode(m: z3.ModelRef) -> str:
        played = " ".join(f"{i}:{Card(value(m, c)).pretty}" for i, c in enumerate(cards))
        return (
            f"Trump Rank {Rank(value(m, trump) + 2).label} ({Card(value(m, revealed)).pretty} "
            f"turned up); the trick, from the leader: {played}; position {value(m, position)} wins "
            f"with {Card(value(m, best)).pretty}"
        )

    return Instance(
        premise=premise,
        quantities={
            **trick_quantities(cards, (trump, True), position, best, (E.rank, E.suit)),
            "led.suit": as_int(E.suit(cards[0])),
            "trumps": trumps,
        },
        decode=decode,
        descriptions={
            "card": "each card of the trick, from the leader (position 0)",
            "rank": "each card's rank (2 to 14)",
            "suit": "each card's suit (clubs 0 .. spades 3)",
            "trump": "the Trump Rank (2 to 14)",
            "winner": "the winning position (0 = the leader)",
            "winner.card / winner.rank / winner.suit": "the winning card",
            "led.rank / led.suit": "the led card",
            "trumps": "how many Trump Rank cards are in the trick",
        },
    )


@_declare(
    "hand", "one hand of 1 to 8 cards leading or following, and what it may play", own_suit=(0, 1)
)
def _hand(options: Options, rules: DivideRules) -> Instance:
    p = E.spec_params(4, "own" if options["own_suit"] else "printed", rules)
    play = E.any_play(p)
    hand, trump, led, leading = play.hand, play.trump, play.led, play.leading
    legal = play.legal(p)

    def decode(m: z3.ModelRef) -> str:
        cards = CardSet(value(m, hand))
        lead = "leading" if true(m, leading) else (f"following {Card(value(m, led)).pretty}")
        return (
            f"hand {cards.pretty}; Trump Rank {Rank(value(m, trump) + 2).label}; {lead}; legal: "
            f"{CardSet(value(m, legal)).pretty or 'nothing'}"
        )

    trumps_in_hand = E.popcount(hand & E.rank_mask(trump))
    return Instance(
        premise=play.premise,
        quantities={
            **play_quantities(play, legal, True, E.rank),
            "led.suit": as_int(E.suit(led)),
            "trumps": as_int(trumps_in_hand),
        },
        decode=decode,
        descriptions={
            "size": "cards in the hand (1 to 8)",
            "legal": "how many of them may be played",
            "leading": "whether the hand leads (else it follows the led card)",
            "trump": "the Trump Rank (2 to 14)",
            "led.rank / led.suit": "the led card, when following",
            "trumps": "Trump Rank cards in the hand",
        },
    )


@_seated("round", "one round's eight tricks: who won each and with which suit, and the tokens")
def _round(n: int, p: Params) -> Instance:
    winners = [z3.Int(f"winner{k}") for k in range(p["tricks"])]
    suits = [z3.BitVec(f"suit{k}", 2) for k in range(p["tricks"])]
    premise = [z3.And(w >= 0, w < n) for w in winners]
    points, bonuses = E.round_points(winners, suits, p)
    tokens = E.trick_tokens(suits, p)
    bonus_tricks, stacks, supply = tokens.bonus, tokens.stacks, tokens.supply

    def decode(m: z3.ModelRef) -> str:
        tricks = ", ".join(
            f"{k + 1}: seat {value(m, w)} with {_SUITS[value(m, s)]}"
            for k, (w, s) in enumerate(zip(winners, suits, strict=True))
        )
        scores = " ".join(f"{q}:{value(m, x)}" for q, x in enumerate(points))
        return f"trick winners and winning suits — {tricks}; round scores — {scores}"

    return Instance(
        premise=premise,
        quantities={
            "winner": winners,
            "suit": [as_int(s) for s in suits],
            "points": points,
            "bonus": bonuses,
            # Every trick's token goes to exactly one seat: the total is the tricks' values.
            "total": z3.Sum(E.trick_values(suits, p)),
            "bonus_left": supply,
            "bonus_token": bonus_tricks,
            **{
                f"stack.{name}": [row[i] for row in stacks]
                for i, name in enumerate(("clubs", "diamonds", "hearts", "spades"))
            },
        },
        decode=decode,
        descriptions={
            "winner[k] / suit[k]": "who won trick k+1, and the winning card's suit",
            "points[p] / bonus[p]": "seat p's round points and bonus tokens",
            "total": "all points of the round",
            "bonus_left[k]": "bonus tokens left after k tricks (0 to 8)",
            "bonus_token[k]": "whether trick k+1 took a bonus token",
            "stack.hearts[k] (clubs, diamonds, spades)": "tokens left in a stack after k tricks",
        },
    )


@_seated("tiebreak", "the end of a game: totals, last-round bonus tokens and last-trick cards")
def _tiebreak(n: int, p: Params) -> Instance:
    totals = [z3.Int(f"total{q}") for q in range(n)]
    bonus = [z3.Int(f"bonus{q}") for q in range(n)]
    eighth = [z3.BitVec(f"eighth{q}", E.CARD_BITS) for q in range(n)]
    most = p["rounds"] * E.most_points_in_a_round(p)
    premise = [z3.And(t >= 0, t <= most) for t in totals]
    premise += [z3.And(b >= 0, b <= p["bonus_tokens"]) for b in bonus]
    premise += [E.is_card(c) for c in eighth] + [z3.Distinct(*eighth)]
    winners = E.tiebreak_winners(totals, bonus, eighth, p)

    def decode(m: z3.ModelRef) -> str:
        return "; ".join(
            f"seat {q}: {value(m, totals[q])} points, {value(m, bonus[q])} bonus, last card "
            f"{Card(value(m, eighth[q])).pretty}" + (" (wins)" if true(m, winners[q]) else "")
            for q in range(n)
        )

    return Instance(
        premise=premise,
        quantities={
            "total": totals,
            "bonus": bonus,
            "eighth": [as_int(c) for c in eighth],
            "wins": winners,
            "winners": z3.Sum([z3.If(w, 1, 0) for w in winners]),
        },
        decode=decode,
        descriptions={
            "total[p] / bonus[p]": "seat p's total and its bonus tokens in the last round",
            "eighth[p]": "the card seat p played to the last trick",
            "wins[p]": "whether seat p wins",
            "winners": "how many seats win (2 or more would be a shared victory)",
        },
    )


DOMAINS: Final = build_domains()
"""Divide's query domains under the printed rules."""

EXAMPLES: Final[tuple[Example, ...]] = (
    yes("exists trick: winner.rank == 2"),
    no("exists trick: winner.suit != led.suit and winner.rank != trump"),
    no("exists trick (players=5): trumps == 4"),
    yes("forall hand: legal >= 1"),
    no("exists hand (own_suit=1): legal == 0"),
    optimum("maximize round: points[0]", 31),
    optimum("minimize round: total", 16),
    optimum("maximize round: total", 31),
    no("exists round: bonus_left[7] == 0"),
    yes("exists round: bonus_left[8] == 0"),
    optimum("maximize round: bonus[1] where winner[0] == 0", 5),
    no("exists tiebreak: winners >= 2"),
)
"""Queries the rulebook shows with their answers; the tests check every one."""
