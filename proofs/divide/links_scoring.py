"""Divide's scoring and Great Divide encodings held to the engine (:mod:`proofs.link`).

* ``divide.link.tokens`` — every token situation: each suit stack at every
  count from empty to full, the bonus supply at every count, every winning
  suit; the encoding's ``take_token`` takes the engine's token and leaves
  the engine's stacks and supply (a round's points are held to the
  engine's along whole games, by the trace links).
* ``divide.link.tiebreak`` — final standings of 4 and 5 players, every
  pattern of totals and last-round bonus tokens among two values, with
  seeded last-trick cards from a pool of equal ranks: the encoding's winners
  and the step that decided (``tiebreak_step``) are the engine's
  ``decide_winner``'s; and every pair of cards compared as the
  second tiebreaker compares them (``card_strength``).
* ``divide.link.exchange`` — seeded Great Divides of 4 and 5 players (every
  choice drawn from the legal ones), their last choice made by the engine's
  ``apply_keep``: the round hands the encoding forms are the engine's.

>>> from cardlaw.proofs.core import check
>>> report = check(tokens_link())
>>> report.status, report.counts["proofs.divide.encoding.take_token"], report.mutants[0].caught
('proved', 6144, True)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.divide import exchange as X
from cardlaw.engine.divide import scoring as S
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.link import Table, columns, link
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divide.actions import Action, ChooseDealer, Keep, Offer, Secure, Shuffle, Split
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState, Stage, initial_state
from cardlaw.spec.errors import MalformedInput

__all__ = ["exchange_link", "obligations", "tiebreak_link", "tokens_link"]

TOKEN_CASES: Final = 250_000
"""Above this many token situations, the other three stacks take only their ends and middle."""

STANDINGS_DRAWS: Final = 4
"""Seeded last-trick hands per pattern of totals and bonus tokens."""

DIVIDES: Final = 150
"""Seeded Great Divides per player count."""

TOKENS: Final = ("suit", "bonus", "none")
SUITS: Final = "CDHS"


def _counts(rules: DivideRules) -> tuple[list[int], list[int], list[int]]:
    """The counts of the winning suit's stack, of the other stacks, and of the bonus supply."""
    full = list(range(rules.suit_tokens + 1))
    bonus = list(range(rules.bonus_tokens + 1))
    others = full
    if len(full) ** 4 * len(bonus) * 4 > TOKEN_CASES:
        others = sorted({0, rules.suit_tokens // 2, rules.suit_tokens})
    return full, others, bonus


@functools.cache
def _token_cases(rules: DivideRules) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    full, others, bonus = _counts(rules)
    rows, values = [], []
    for suit in range(4):
        for stacks in itertools.product(*(full if s == suit else others for s in range(4))):
            for b in bonus:
                after, left, token = S.take_token(stacks, b, suit)
                rows.append((*stacks, b, suit))
                values.append((*after, left, int(token == "bonus"), int(token == "none")))
    return rows, values


def _show_token(case: tuple[int, ...]) -> Witness:
    stacks, bonus, suit = case[:4], case[4], case[5]
    command = (
        f"cardlaw ask divide token A{SUITS[suit]} --stacks {','.join(map(str, stacks))} "
        f"--bonus {bonus}"
    )
    return Witness(
        f"a trick won with a {'♣♦♥♠'[suit]}, stacks ♣♦♥♠ {stacks}, {bonus} bonus tokens left "
        f"(`{command}`, with --set for changed rules)",
        data={"command": command},
    )


def _token_tables(rules: DivideRules, p: Params) -> list[Table]:
    stacks = [z3.Int(f"stack{s}") for s in range(4)]
    bonus, suit = z3.Int("bonus"), z3.BitVec("suit", 2)
    after, left, is_bonus, empty = E.take_token(stacks, bonus, suit, p)
    rows, values = _token_cases(rules)
    tables = [
        Table(
            "proofs.divide.encoding.take_token",
            (*stacks, bonus, suit),
            (*after, left, is_bonus, empty),
            (
                *(f"the {name} stack after" for name in ("♣", "♦", "♥", "♠")),
                "the bonus supply after",
                "a bonus token taken",
                "no token taken",
            ),
            columns(rows, 6),
            columns(values, 7),
            _show_token,
        )
    ]
    return tables


def tokens_link(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.link.tokens``: the encoding's token step is the engine's, in every situation."""
    full, others, _ = _counts(rules)
    every = "every count" if others == full else f"the counts {others}"
    return link(
        "divide.link.tokens",
        f"For a trick won with every suit, that suit's stack at every count from 0 to "
        f"{rules.suit_tokens}, the other stacks at {every} and the bonus supply at every count "
        f"from 0 to {rules.bonus_tokens}, the encoding's take_token takes the engine's token "
        "and leaves its stacks and supply (the round's points are held to the engine's along "
        "whole games: divide.trace.*).",
        (
            "divide.score.winning-suit",
            "divide.score.suit-token",
            "divide.score.bonus-token",
            "divide.ruling.bonus-supply",
        ),
        lambda p: _token_tables(rules, p),
        E.spec_params(4, rules=rules),
        Mutant(
            "divide.mutant.link.last-suit-token-is-bonus",
            "the encoding's trick that takes a stack's last token takes a bonus token instead",
            {"last_suit_token_scores": False},
        ),
        engine=("engine.divide.scoring.take_token",),
    )


# --- the tiebreakers ---------------------------------------------------------------------------


@functools.cache
def _standings(players: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Every pattern of totals and bonus tokens among two values, with seeded last cards."""
    rng = random.Random(players)
    pool = [c for c in range(52) if c >> 2 in (0, 1, 12)]  # the Twos, Threes and Aces
    rows, values = [], []
    for totals in itertools.product((10, 12), repeat=players):
        for bonus in itertools.product((0, 1), repeat=players):
            for _ in range(STANDINGS_DRAWS):
                eighth = tuple(rng.sample(pool if rng.random() < 0.8 else range(52), players))
                winners, decided_by, _ = S.decide_winner(totals, bonus, eighth)
                step = E.DECIDED_BY.index(decided_by) if decided_by in E.DECIDED_BY else -1
                rows.append((*totals, *bonus, *eighth))
                values.append((*(int(q in winners) for q in range(players)), step))
    return rows, values


@functools.cache
def _strengths() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    rows: list[tuple[int, ...]] = [(a, b) for a in range(52) for b in range(52)]
    strength = S.card_strength
    values: list[tuple[int, ...]] = [
        (int(strength(a) > strength(b)), int(strength(a) == strength(b))) for a, b in rows
    ]
    return rows, values


def _tiebreak_tables(p: Params) -> list[Table]:
    tables = []
    for players in (4, 5):
        totals = [z3.Int(f"total{q}") for q in range(players)]
        bonus = [z3.Int(f"bonus{q}") for q in range(players)]
        eighth = [z3.BitVec(f"eighth{q}", E.CARD_BITS) for q in range(players)]
        rows, values = _standings(players)

        def show(case: tuple[int, ...], n: int = players) -> Witness:
            return Witness(
                "; ".join(
                    f"seat {q}: {case[q]} points, {case[n + q]} bonus tokens in the last round, "
                    f"{Card(case[2 * n + q]).pretty} to the eighth trick"
                    for q in range(n)
                )
            )

        tables.append(
            Table(
                "proofs.divide.encoding.tiebreak_winners",
                (*totals, *bonus, *eighth),
                (
                    *E.tiebreak_winners(totals, bonus, eighth, p),
                    E.tiebreak_step(totals, bonus, eighth, p),
                ),
                (
                    *(f"whether seat {q} wins" for q in range(players)),
                    "what decided it (score, bonus tokens, eighth trick, shared: 0 to 3)",
                ),
                columns(rows, 3 * players),
                columns(values, players + 1),
                show,
            )
        )
    a, b = z3.BitVec("a", E.CARD_BITS), z3.BitVec("b", E.CARD_BITS)
    ka, kb = E.card_strength_key(a, p), E.card_strength_key(b, p)
    rows, values = _strengths()
    tables.append(
        Table(
            "proofs.divide.encoding.card_strength_key",
            (a, b),
            (ka > kb, ka == kb),
            ("the first is stronger", "they are as strong"),
            columns(rows, 2),
            columns(values, 2),
            lambda case: Witness(
                f"{Card(case[0]).pretty} against {Card(case[1]).pretty} in the second tiebreaker"
            ),
        )
    )
    return tables


def tiebreak_link(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.link.tiebreak``: the encoding's winners of a game are the engine's."""
    return link(
        "divide.link.tiebreak",
        "For 4 and 5 players, every pattern of totals and of last-round bonus tokens among two "
        f"values, each with {STANDINGS_DRAWS} seeded sets of last-trick cards (mostly of three "
        "ranks, so suits decide), the encoding's winners and the step that decided (the total, "
        "the bonus tokens, the eighth trick, or none: shared) are the engine's decide_winner; "
        "and for "
        "every pair of cards the encoding's second-tiebreaker comparison is the engine's "
        "card_strength.",
        (
            "divide.end.highest-total",
            "divide.tiebreak.bonus",
            "divide.tiebreak.eighth-trick",
            "divide.tiebreak.share",
            "divide.ruling.tiebreak-group",
            "divide.ruling.eighth-trick-comparison",
        ),
        _tiebreak_tables,
        E.spec_params(4, rules=rules),
        Mutant(
            "divide.mutant.link.tiebreak-ignores-eighth-trick",
            "the encoding's tiebreak ignores the eighth trick",
            {"tiebreak_eighth_trick": False},
        ),
        Mutant(
            "divide.mutant.link.suit-order-tie",
            "the encoding's suit order ties Hearts and Diamonds",
            {"suit_strength": (0, 1, 1, 3)},
        ),
        engine=("engine.divide.scoring.decide_winner",),
    )


# --- the Great Divide ----------------------------------------------------------------------------


def _divide(players: int, rules: DivideRules, rng: random.Random) -> tuple[DivideState, Keep]:
    """A seeded Great Divide up to its last choice: the state, and that choice."""
    config = DivideConfig(players=players, rules=rules)
    n = players
    deck = rng.sample(range(52), n * rules.cards_dealt)
    dealer = rng.randrange(n)
    offerings, secured, left, right = [], [], [], []
    for q in range(n):
        dealt = deck[q * rules.cards_dealt : (q + 1) * rules.cards_dealt]
        offerings.append(dealt[0])
        rest = rng.sample(dealt[1:], len(dealt) - 1)
        secured.append(_bits(rest[: rules.secure_size]))
        offers = rest[rules.secure_size :]
        left.append(_bits(offers[: rules.offer_size]))
        right.append(_bits(offers[rules.offer_size :]))
    kept_left = [_bits(rng.sample(_cards(right[(q + 1) % n]), rules.keep_size)) for q in range(n)]
    kept_right = [_bits(rng.sample(_cards(left[(q - 1) % n]), rules.keep_size)) for q in range(n)]
    last = kept_right[dealer]
    kept_right[dealer] = 0
    state = initial_state(config)._replace(
        stage=Stage.CHOOSE,
        dealer=dealer,
        actor=dealer,
        hands=(0,) * n,
        offerings=tuple(offerings),
        secured=tuple(secured),
        offers_left=tuple(left),
        offers_right=tuple(right),
        kept_left=tuple(kept_left),
        kept_right=tuple(kept_right),
    )
    return state, Keep(CardSet(last))


def _bits(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _divide_record(state: DivideState, keep: Keep) -> dict[str, object]:
    """The record of a game's start up to ``keep``, the last choice of ``state``'s Great Divide.

    The deal, then every offering, secured pair, split and kept pair, in turn order.
    """
    n, dealer = state.players, state.dealer
    first = (dealer + 1) % n
    hands = [
        [
            state.offerings[q],
            *_cards(state.secured[q] | state.offers_left[q] | state.offers_right[q]),
        ]
        for q in range(n)
    ]
    size = len(hands[0])
    order = [hands[(first + j) % n][j // n] for j in range(size * n)]
    order += [c for c in range(52) if c not in set(order)]
    turns = [(first + k) % n for k in range(n)]
    kept_right = [*state.kept_right[:dealer], keep.cards.mask, *state.kept_right[dealer + 1 :]]
    actions: list[Action] = [ChooseDealer(dealer), Shuffle(tuple(Card(c) for c in order))]
    actions += [Offer(Card(state.offerings[q])) for q in turns]
    actions += [Secure(CardSet(state.secured[q])) for q in turns]
    actions += [Split(CardSet(state.offers_left[q]), CardSet(state.offers_right[q])) for q in turns]
    for q in turns:
        actions += [Keep(CardSet(state.kept_left[q])), Keep(CardSet(kept_right[q]))]
    return build_record(DIVIDE, state.config, actions)


@functools.cache
def _divides(
    players: int, rules: DivideRules
) -> tuple[
    list[tuple[int, ...]], list[tuple[int, ...]], dict[tuple[int, ...], tuple[DivideState, Keep]]
]:
    """Seeded Great Divides, the hands the engine forms, and each case's state and last choice."""
    rng = random.Random(players)
    rows, values = [], []
    made: dict[tuple[int, ...], tuple[DivideState, Keep]] = {}
    for _ in range(DIVIDES):
        state, keep = _divide(players, rules, rng)
        after = X.apply_keep(state, keep)
        kept_right = (
            *state.kept_right[: state.dealer],
            keep.cards.mask,
            *state.kept_right[state.dealer + 1 :],
        )
        row = (
            *state.secured,
            *state.offers_left,
            *state.offers_right,
            *state.kept_left,
            *kept_right,
        )
        rows.append(row)
        values.append(tuple(after.hands))
        made[row] = (state, keep)
    return rows, values, made


def _exchange_tables(rules: DivideRules, p: Params) -> list[Table]:
    tables = []
    for players in (4, 5):
        try:
            DivideConfig(players=players, rules=rules)
        except MalformedInput:
            continue
        names = ("secured", "offerL", "offerR", "keptL", "keptR")
        masks = [[z3.BitVec(f"{k}{q}", E.MASK_BITS) for q in range(players)] for k in names]
        hands = E.exchange_hands(
            masks[0], masks[1], masks[2], masks[3], masks[4], {**p, "players": players}
        )
        rows, values, made = _divides(players, rules)

        def show(
            case: tuple[int, ...],
            n: int = players,
            made: dict[tuple[int, ...], tuple[DivideState, Keep]] = made,
        ) -> Witness:
            parts = [
                f"seat {q} secured {CardSet(case[q]).pretty}, offered "
                f"{CardSet(case[n + q]).pretty} left and {CardSet(case[2 * n + q]).pretty} "
                f"right, kept {CardSet(case[3 * n + q]).pretty} and "
                f"{CardSet(case[4 * n + q]).pretty}"
                for q in range(n)
            ]
            record = _divide_record(*made[case]) if case in made else None
            return Witness(
                f"a Great Divide of {n} players (the record replays it): " + "; ".join(parts),
                record=record,
            )

        tables.append(
            Table(
                "proofs.divide.encoding.exchange_hands",
                tuple(v for row in masks for v in row),
                tuple(hands),
                tuple(f"seat {q}'s round hand" for q in range(players)),
                columns(rows, 5 * players),
                columns(values, players),
                show,
                labels={
                    f"seat {q}'s round hand": lambda m: CardSet(m).pretty for q in range(players)
                },
            )
        )
    return tables


def exchange_link(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.link.exchange``: the encoding's round hands are the engine's."""
    return link(
        "divide.link.exchange",
        f"For {DIVIDES} seeded Great Divides of 4 and of 5 players (every offering, secured "
        "pair, split and kept pair drawn among the rules' choices), each finished by the "
        "engine's apply_keep, the round hands the encoding forms are the engine's.",
        (
            "divide.divide.choose",
            "divide.divide.independent",
            "divide.divide.final-hand",
            "divide.ruling.offer-order",
        ),
        lambda p: _exchange_tables(rules, p),
        E.spec_params(4, rules=rules),
        Mutant(
            "divide.mutant.link.returns-lost",
            "the encoding's rejected cards are not added back to the offerer's hand",
            {"returned_cards_join_hand": False},
        ),
        engine=("engine.divide.exchange.apply_keep", "engine.divide.exchange.offer_being_resolved"),
    )


def obligations(rules: DivideRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """Divide's scoring and Great Divide links, in the order ``cardlaw verify`` runs them."""
    return (tokens_link(rules), tiebreak_link(rules), exchange_link(rules))
