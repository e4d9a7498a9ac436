"""What ``cardlaw query euchre`` can ask about: tricks, hands, scores and whole games.

Each domain is built from the same encodings the proofs use
(:mod:`proofs.euchre.encoding`), so a query and a proof can never disagree.
Ranks are 9 to 14 (``jack`` is 11, ``ace`` 14), suits 0 to 3 (``clubs``,
``diamonds``, ``hearts``, ``spades``).  A card has two suits, named apart:
``suit`` is its suit as the rules count it (the left bower is a trump), and
``printed_suit`` the suit printed on it (``suit[i]`` and ``printed_suit[i]``,
``winner.suit`` and ``winner.printed_suit``, ``led.suit`` and
``led.printed_suit``).

>>> from cardlaw.proofs.query import answer
>>> a = answer("exists trick: left.played and not left.wins", DOMAINS)
>>> a.verdict, "right bower" in a.witness
('yes', True)
>>> answer("forall trick: left.wins implies winner.suit == trump", DOMAINS).verdict
'yes'
>>> answer("exists trick: left.wins and winner.printed_suit != trump", DOMAINS).verdict
'yes'

The hand, score and game domains depend on the rules (:func:`build_domains`):

>>> eleven = build_domains(EuchreRules(target=11))
>>> answer("maximize game (stick=1): hands", eleven).value
21
"""

from __future__ import annotations

from functools import partial
from typing import Final

import z3

from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.endings import longest_game_hands
from cardlaw.proofs.euchre.support import REAL
from cardlaw.proofs.query import Domain, Domains, Example, Instance, Options, no, optimum, yes
from cardlaw.proofs.terms import as_int, play_quantities, trick_quantities
from cardlaw.proofs.terms import model_int as value
from cardlaw.proofs.terms import model_true as true
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["DOMAINS", "EXAMPLES", "GAME_DEALS", "build_domains"]

DOMAINS: Final = Domains()
"""The domains of ``cardlaw query euchre``."""

_SUITS: Final = "♣♦♥♠"

GAME_DEALS: Final = longest_game_hands(PRINTED_RULES) + 1
"""How many deals of a game the ``game`` domain follows (one more than the longest
stick-the-dealer game: 20)."""


_TRICK_WORDS: Final = {
    "card[i] / rank[i] / suit[i]": "each card from the leader (position 0); "
    "rank 9 to 14; suit clubs 0 .. spades 3, as the rules count it (the left bower is a trump)",
    "trump": "the trump suit",
    "winner": "the winning position (0 = the leader)",
    "winner.card / winner.rank / winner.suit": "the winning card; its suit as the rules count it",
    "led.rank / led.suit": "the led card; its suit as the rules count it",
    "printed_suit[i] / winner.printed_suit / led.printed_suit": "the suit printed on a card "
    "(the left bower's is not the trump suit)",
    "trumps": "how many trumps (the left bower included) are in the trick",
    "right / left": "the position of the right / left bower, or -1",
    "right.played / left.played": "whether the bower is in the trick",
    "right.wins / left.wins": "whether the bower wins the trick",
}
"""What the quantities of the ``trick`` domain mean."""


@DOMAINS.declare("trick", "one trick: its cards from the leader and the trump suit", alone=(0, 1))
def _trick(options: Options) -> Instance:
    n = 3 if options["alone"] else 4
    cards = [z3.BitVec(f"card{i}", E.CARD_BITS) for i in range(n)]
    trump = z3.BitVec("trump", 2)
    premise = [E.is_card(c, REAL) for c in cards] + [z3.Distinct(*cards)]
    position, best = E.trick_winner(cards, trump, REAL)
    right, left = E.right_bower(trump, REAL), E.left_bower(trump, REAL)

    def where(bower: z3.BitVecRef) -> z3.ArithRef:
        term: z3.ArithRef = z3.IntVal(-1)
        for i, c in enumerate(cards):
            term = z3.If(c == bower, z3.IntVal(i), term)
        return term

    right_at, left_at = where(right), where(left)
    trumps = z3.Sum([z3.If(E.effective_suit(c, trump, REAL) == trump, 1, 0) for c in cards])

    def decode(m: z3.ModelRef) -> str:
        t = value(m, trump)
        played = " ".join(f"{i}:{Card(value(m, c)).pretty}" for i, c in enumerate(cards))
        names = []
        for c in cards:
            if value(m, c) == value(m, right):
                names.append(f"{Card(value(m, c)).pretty} is the right bower")
            elif value(m, c) == value(m, left):
                names.append(f"{Card(value(m, c)).pretty} is the left bower")
        bowers = f" ({', '.join(names)})" if names else ""
        return (
            f"trump {_SUITS[t]}; the trick, from the leader: {played}{bowers}; position "
            f"{value(m, position)} wins with {Card(value(m, best)).pretty}"
        )

    return Instance(
        premise=premise,
        quantities={
            **trick_quantities(cards, (trump, False), position, best, (E.rank, E.suit)),
            # A suit as the rules count it; the printed suit is named apart, below.
            "suit": [as_int(E.effective_suit(c, trump, REAL)) for c in cards],
            "winner.suit": as_int(E.effective_suit(best, trump, REAL)),
            "led.suit": as_int(E.effective_suit(cards[0], trump, REAL)),
            "trumps": trumps,
            "right": right_at,
            "left": left_at,
            "right.played": right_at >= 0,
            "left.played": left_at >= 0,
            "right.wins": z3.And(right_at >= 0, position == right_at),
            "left.wins": z3.And(left_at >= 0, position == left_at),
            "printed_suit": [as_int(E.suit(c)) for c in cards],
            "winner.printed_suit": as_int(E.suit(best)),
            "led.printed_suit": as_int(E.suit(cards[0])),
        },
        decode=decode,
        descriptions=_TRICK_WORDS,
    )


def _hand(rules: EuchreRules, options: Options) -> Instance:
    ref = E.spec_params(rules=rules)
    play = E.any_play(ref)
    hand, trump, led, leading = play.hand, play.trump, play.led, play.leading
    legal = play.legal(REAL)
    right, left = E.bit(E.right_bower(trump, REAL)), E.bit(E.left_bower(trump, REAL))
    trump_cards = E.suit_cards(trump, trump, REAL)

    def decode(m: z3.ModelRef) -> str:
        cards = CardSet(value(m, hand))
        lead = "leading" if true(m, leading) else f"following {Card(value(m, led)).pretty}"
        return (
            f"hand {cards.pretty}; trump {_SUITS[value(m, trump)]}; {lead}; legal: "
            f"{CardSet(value(m, legal)).pretty or 'nothing'}"
        )

    return Instance(
        premise=play.premise,
        quantities={
            **play_quantities(play, legal, False, E.rank),
            "led.suit": as_int(E.effective_suit(led, trump, REAL)),
            "led.printed_suit": as_int(E.suit(led)),
            "trumps": as_int(E.popcount(hand & trump_cards)),
            "right.held": hand & right != 0,
            "left.held": hand & left != 0,
            "right.legal": legal & right != 0,
            "left.legal": legal & left != 0,
        },
        decode=decode,
        descriptions={
            "size": f"cards in the hand (1 to {rules.cards_each})",
            "legal": "how many of them may be played",
            "leading": "whether the hand leads (else it follows the led card)",
            "trump": "the trump suit",
            "led.rank / led.suit": "the led card, when following; its suit as the rules count it",
            "led.printed_suit": "the suit printed on the led card",
            "trumps": "trumps in the hand, the left bower included",
            "right.held / left.held": "whether the hand holds the right / left bower",
            "right.legal / left.legal": "whether that bower may be played",
        },
    )


def _score(rules: EuchreRules, options: Options) -> Instance:
    makers, tricks, alone = E.nat("makers"), E.nat("tricks"), z3.Bool("alone")
    premise = [z3.ULE(makers, 1), z3.ULE(tricks, rules.tricks)]
    makers_score, points = E.hand_score(tricks, alone, E.spec_params(rules=rules))
    team = z3.If(makers_score, makers, 1 - makers)

    def decode(m: z3.ModelRef) -> str:
        how = " alone" if true(m, alone) else ""
        return (
            f"team {value(m, makers)} made trump{how} and took {value(m, tricks)} tricks: team "
            f"{value(m, team)} scores {value(m, points)}"
        )

    return Instance(
        premise=premise,
        quantities={
            "makers": as_int(makers),
            "tricks": as_int(tricks),
            "alone": alone,
            "team": as_int(team),
            "points": as_int(points),
            "euchred": z3.Not(makers_score),
            "march": tricks == rules.tricks,
        },
        decode=decode,
        descriptions={
            "makers": "the makers' team (0 or 1)",
            "tricks": f"tricks the makers took (0 to {rules.tricks})",
            "alone": "whether the maker went alone",
            "team / points": "the team that scores, and its points",
            "euchred": "whether the makers were euchred (the defenders score)",
            "march": f"whether the makers took all {rules.tricks} tricks",
        },
    )


def _game(rules: EuchreRules, options: Options) -> Instance:
    deals = longest_game_hands(rules) + 1
    p = E.spec_params(stick_the_dealer=bool(options["stick"]), rules=rules)
    run = E.game_run(deals, p)
    final = run.scores[deals]
    played = [z3.Not(run.over[k]) for k in range(deals)]
    thrown = [z3.And(played[k], run.steps[k].thrown_in) for k in range(deals)]
    # The first deal after which the game is over (the game ends once): a chain of
    # conditions, which the solver climbs much faster than a sum or a bit-vector count.
    hands: z3.ArithRef = z3.IntVal(deals)
    for k in range(deals - 1, 0, -1):
        hands = z3.If(run.over[k], z3.IntVal(k), hands)

    def decode(m: z3.ModelRef) -> str:
        rows = []
        for k in range(deals):
            if not true(m, played[k]):
                break
            step = run.steps[k]
            if true(m, step.thrown_in):
                rows.append(f"{k + 1}: thrown in")
            else:
                rows.append(f"{k + 1}: team {value(m, step.team)} +{value(m, step.points)}")
        ended = "ends" if true(m, run.over[deals]) else "has not ended"
        return (
            f"first dealer seat {value(m, run.first_dealer)}; hands — {', '.join(rows)}; the game "
            f"{ended} at {value(m, final[0])}-{value(m, final[1])}"
        )

    return Instance(
        premise=run.premise,
        quantities={
            "hands": hands,
            "ended": run.over[deals],
            "thrown_in": z3.Sum([z3.If(t, 1, 0) for t in thrown]),
            "score": [as_int(s) for s in final],
            "points": [z3.If(played[k], as_int(run.steps[k].points), 0) for k in range(deals)],
            "team": [
                z3.If(
                    z3.And(played[k], z3.Not(run.steps[k].thrown_in)), as_int(run.steps[k].team), -1
                )
                for k in range(deals)
            ],
            "passes": [as_int(x) for x in run.passes],
            "tricks": [as_int(x) for x in run.makers_tricks],
            "alone": run.alone,
            "dealer": [as_int(d) for d in run.dealers[:deals]],
        },
        decode=decode,
        descriptions={
            "hands": f"deals dealt until the end (all {deals} if it has not ended)",
            "ended": f"whether the game ended within {deals} deals",
            "thrown_in": "how many of those deals were thrown in",
            "score[t]": "team t's score at the end (or after the last deal)",
            "points[k] / team[k]": "what deal k+1 scored and for which team (-1: nobody)",
            "passes[k] / tricks[k] / alone[k]": "deal k+1's passes before trump was made, the "
            "makers' tricks, and whether the maker went alone",
            "dealer[k]": "who dealt deal k+1",
        },
    )


def _domains(rules: EuchreRules) -> dict[str, Domain]:
    """The domains that depend on ``rules``: the hand, the score and the game."""
    deals = longest_game_hands(rules) + 1
    return {
        "hand": Domain(
            "hand",
            f"one hand of 1 to {rules.cards_each} cards leading or following, and what it may play",
            partial(_hand, rules),
        ),
        "score": Domain(
            "score",
            "one played hand: the makers, their tricks, going alone, and the score",
            partial(_score, rules),
        ),
        "game": Domain(
            "game",
            f"the first {deals} deals of a game from 0-0 (stick=1: stick-the-dealer)",
            partial(_game, rules),
            {"stick": (0, 1)},
        ),
    }


DOMAINS.update(_domains(PRINTED_RULES))


def build_domains(rules: EuchreRules = PRINTED_RULES) -> dict[str, Domain]:
    """Euchre's query domains under ``rules``: the trick's is shared, the others rebuilt."""
    if rules == PRINTED_RULES:
        return dict(DOMAINS)
    return {**DOMAINS, **_domains(rules)}


EXAMPLES: Final[tuple[Example, ...]] = (
    no("exists score: points == 4 and not alone"),
    optimum("maximize score: points", 4),
    no("exists score: euchred and points != 2"),
    yes("exists trick: left.played and not left.wins"),
    no("exists trick: left.played and not left.wins and not right.played"),
    no("exists trick: right.played and not right.wins"),
    no("exists trick: winner.suit != led.suit and winner.suit != trump"),
    yes("exists trick: winner.suit == trump and winner.printed_suit != trump"),
    yes("forall hand: legal >= 1"),
    no("exists hand: left.held and not leading and led.suit == trump and not left.legal"),
    optimum("maximize game (stick=1): hands", 19),
    no("exists game (stick=1): not ended"),
    yes("exists game: not ended"),
    no("exists game: ended and hands < 3"),
    yes("exists game: ended and hands == 3"),
)
"""Queries the rulebook shows with their answers; the tests check every one."""
