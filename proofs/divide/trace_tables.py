"""The encodings' side of Divide's trace links: each table's terms, paired with the engine's cases.

:func:`tables` pairs the cases :mod:`proofs.divide.trace_cases` collected
from seeded whole games with the encodings' terms under a set of rule
parameters (a link's, or a mutant's).  See :mod:`proofs.divide.trace` for
what is checked.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> from cardlaw.proofs.divide.encoding import spec_params
>>> traces, rows = play(DIVIDE.config(players=4), games=1, seed=3)
>>> [t.encoding.rsplit(".", 1)[-1] for t in tables(traces, rows, spec_params(4))][:3]
['exchange_hands', 'after_trick', 'game_over']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import z3

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.proofs.core import Witness
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide import encoding_round as R
from cardlaw.proofs.divide.links import FOLLOW_CLAUSES, LEAD_CLAUSES
from cardlaw.proofs.divide.trace_cases import LEADING, Rows, play
from cardlaw.proofs.link import Table, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import LOCATOR, Step, Trace, located
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divide.actions import Action
from cardlaw.spec.divide.state import DivideState

__all__ = ["FIRST", "play", "tables"]

FIRST: Final = (
    "proofs.divide.encoding.exchange_hands",
    "proofs.divide.encoding_round.after_trick",
    "proofs.divide.encoding_round.game_over",
)
"""The encodings the trace links' mutants change, whose tables are compared first."""


# --- the encodings' side ------------------------------------------------------------------------


def _cards_label(mask: int) -> str:
    return CardSet(mask).pretty or "nothing"


def _where(case: tuple[int, ...]) -> tuple[int, int]:
    return case[-2], case[-1]


def _text(words: Callable[[DivideState, tuple[int, ...]], str]) -> Callable[..., str]:
    def describe(
        _: Trace[DivideState, Action], step: Step[DivideState, Action], case: tuple[int, ...]
    ) -> str:
        return words(step.state, case)

    return describe


def tables(traces: Sequence[Trace[DivideState, Action]], rows: Rows, p: Params) -> list[Table]:
    """Every table of the trace link, the encodings' terms under the parameters ``p``."""
    n = p["players"]
    out = [*_chance_tables(traces, rows, p), *_divide_tables(traces, rows, p)]
    out += _trick_tables(traces, rows, p)
    over = z3.Int("rounds")
    out.append(
        pairs_table(
            "proofs.divide.encoding_round.game_over",
            [over, *LOCATOR],
            [R.game_over(over, p)],
            ("whether the game is over",),
            rows.over,
            located(traces, _text(lambda s, c: f"after {c[0]} rounds")),
            _where,
        )
    )
    totals = [z3.Int(f"total{q}") for q in range(n)]
    bonus = [z3.Int(f"bonus{q}") for q in range(n)]
    eighth = [z3.BitVec(f"eighth{q}", E.CARD_BITS) for q in range(n)]
    out.append(
        pairs_table(
            "proofs.divide.encoding.tiebreak_winners",
            [*totals, *bonus, *eighth, *LOCATOR],
            [
                *E.tiebreak_winners(totals, bonus, eighth, p),
                E.tiebreak_step(totals, bonus, eighth, p),
            ],
            (*(f"whether seat {q} wins" for q in range(n)), "what decided it (0 to 3)"),
            rows.result,
            located(
                traces,
                _text(lambda s, c: f"the totals {c[:n]}, last-round bonus tokens {c[n : 2 * n]}"),
            ),
            _where,
        )
    )
    out.append(_finished_table(traces, rows))
    # The tables the link's mutants change come first: a mutant's check stops at the first
    # table that disagrees (the unchanged link's evaluates them all, in any order).
    return sorted(out, key=lambda t: t.encoding not in FIRST)


def _finished_table(traces: Sequence[Trace[DivideState, Action]], rows: Rows) -> Table:
    """Every game is played to its end (a game the engine cannot go on with is not)."""
    number = z3.Int("trace.game")

    def show(case: tuple[int, ...]) -> Witness:
        trace = traces[case[0]]
        why = rows.stopped.get(case[0], "it has no more actions")
        if not trace.steps:
            return Witness(f"seeded game {trace.seed} cannot start: {why}")
        last = trace.steps[-1]
        return Witness(
            f"seeded game {trace.seed} stops after step {last.index + 1} "
            f"({DIVIDE.action_text(last.action)}), {DIVIDE.describe(last.after)}: {why}",
            record=trace.record(last.index),
        )

    return pairs_table(
        "proofs.divide.encoding_round.game_over",
        [number],
        [z3.BoolVal(True)],
        ("whether the game was played to its end",),
        rows.finished,
        show,
    )


def _chance_tables(
    traces: Sequence[Trace[DivideState, Action]], rows: Rows, p: Params
) -> list[Table]:
    n = p["players"]
    drawn, dealer = z3.Int("drawn"), z3.Int("dealer")
    offerings = [z3.BitVec(f"offering{q}", E.CARD_BITS) for q in range(n)]
    card = z3.BitVec("turned", E.CARD_BITS)
    first = R.first_player(dealer, p)
    dealt, undealt = R.deal_sizes(p)
    seats, offered = R.first_dealer_outcomes(p), R.reveal_outcomes(offerings, p)
    chance_names = ("the outcomes", "whether equally likely", "the outcomes named")
    return [
        pairs_table(
            "proofs.divide.encoding_round.first_dealer_outcomes",
            [drawn, *LOCATOR],
            [*seats, drawn],
            (*chance_names, "the first dealer"),
            rows.first_dealer,
            located(traces, _text(lambda s, c: f"seat {c[0]} is drawn to deal first")),
            _where,
        ),
        pairs_table(
            "proofs.divide.encoding_round.deal_sizes",
            [dealer, *LOCATOR],
            [
                *([dealt] * n),
                undealt,
                z3.IntVal((1 << 52) - 1),
                first,
                *([z3.IntVal(p["suit_tokens"])] * 4),
                z3.IntVal(p["bonus_tokens"]),
            ],
            (
                *(f"seat {q}'s cards" for q in range(n)),
                "the undealt cards",
                "the cards dealt or undealt",
                "the first to act",
                *(f"the {s} stack" for s in "♣♦♥♠"),
                "the bonus supply",
            ),
            rows.deals,
            located(traces, _text(lambda s, c: f"seat {c[0]} deals")),
            _where,
            labels={"the cards dealt or undealt": _cards_label},
        ),
        pairs_table(
            "proofs.divide.encoding_round.reveal_outcomes",
            [*offerings, dealer, card, *LOCATOR],
            [*offered, card, first, first],
            (*chance_names, "the trump card", "the leader", "the first to play"),
            rows.reveals,
            located(traces, _text(lambda s, c: f"{Card(c[n + 1]).pretty} is turned up")),
            _where,
            labels={"the outcomes named": _cards_label},
        ),
    ]


def _divide_tables(
    traces: Sequence[Trace[DivideState, Action]], rows: Rows, p: Params
) -> list[Table]:
    n = p["players"]
    kind, base, k = z3.Int("kind"), z3.Int("base"), z3.Int("k")
    seat = z3.If(
        kind == 0, R.seat_in_turn(R.first_player(base, p), k, p), R.seat_in_turn(base, k, p)
    )
    stage = z3.Int("stage")
    dealt, offering, secured = (
        z3.BitVec(name, E.MASK_BITS) for name in ("dealt", "offering", "secured")
    )
    neighbours = [z3.BitVec(name, E.MASK_BITS) for name in ("lnL", "lnR", "rnL", "rnR")]
    first = z3.Bool("first")
    pool, size = R.choice_pool(
        stage,
        dealt,
        offering,
        secured,
        (neighbours[0], neighbours[1]),
        (neighbours[2], neighbours[3]),
        first,
        p,
    )
    names = ("secured", "offerL", "offerR", "keptL", "keptR")
    masks = [[z3.BitVec(f"{name}{q}", E.MASK_BITS) for q in range(n)] for name in names]

    def turn_text(s: DivideState, c: tuple[int, ...]) -> str:
        return f"{s.stage.name.lower()}: seat {DIVIDE.to_move(s)} is to act"

    def pool_text(s: DivideState, c: tuple[int, ...]) -> str:
        return f"{s.stage.name.lower()}: seat {s.actor} holds {CardSet(s.hands[s.actor]).pretty}"

    return [
        pairs_table(
            "proofs.divide.encoding_round.seat_in_turn",
            [kind, base, k, *LOCATOR],
            [seat],
            ("the seat to act",),
            rows.turns,
            located(traces, _text(turn_text)),
            _where,
        ),
        pairs_table(
            "proofs.divide.encoding_round.choice_pool",
            [stage, dealt, offering, secured, *neighbours, first, *LOCATOR],
            [pool, size, z3.BoolVal(True)],
            ("the cards chosen from", "the cards picked", "whether every such pick is listed"),
            rows.pools,
            located(traces, _text(pool_text)),
            _where,
            labels={"the cards chosen from": _cards_label},
        ),
        pairs_table(
            "proofs.divide.encoding.exchange_hands",
            [*(v for row in masks for v in row), *LOCATOR],
            E.exchange_hands(masks[0], masks[1], masks[2], masks[3], masks[4], p),
            tuple(f"seat {q}'s round hand" for q in range(n)),
            rows.exchange,
            located(traces, _text(lambda s, c: "the Great Divide is complete")),
            _where,
            labels={f"seat {q}'s round hand": _cards_label for q in range(n)},
        ),
    ]


def _trick_tables(
    traces: Sequence[Trace[DivideState, Action]], rows: Rows, p: Params
) -> list[Table]:
    n, tricks = p["players"], p["tricks"]
    hand, led, trump = z3.BitVec("hand", E.MASK_BITS), z3.BitVec("led", 7), z3.BitVec("trump", 4)
    legal = z3.If(
        led == LEADING,
        E.legal_plays(hand, None, trump, p),
        E.legal_plays(hand, z3.Extract(5, 0, led), trump, p),
    )
    cards = [z3.BitVec(f"card{i}", E.CARD_BITS) for i in range(n)]
    leader, dealer, done, played = (z3.Int(x) for x in ("leader", "dealer", "done", "played"))
    stacks, bonus = [z3.Int(f"stack{s}") for s in range(4)], z3.Int("bonus")
    suit, won = z3.BitVec("suit", 2), z3.Int("winner")
    position, _ = E.trick_winner(cards, trump, p)
    after, left, is_bonus, empty = E.take_token(stacks, bonus, suit, p)
    done_after, played_after, over = R.after_trick(done, played, p)
    round_over = done + 1 == tricks
    dealer_after = z3.If(z3.And(round_over, z3.Not(over)), R.next_dealer(dealer, p), dealer)
    winners = [z3.Int(f"winner{i}") for i in range(tricks)]
    suits = [z3.BitVec(f"suit{i}", 2) for i in range(tricks)]
    points, _ = E.round_points(winners, suits, p)

    def play_text(s: DivideState, c: tuple[int, ...]) -> str:
        led_text = f"after {Card(s.trick[0]).pretty} is led" if s.trick else "leading"
        trump = Card(s.trump).rank.label
        rule = FOLLOW_CLAUSES if s.trick else LEAD_CLAUSES
        return (
            f"[{rule}] seat {s.actor} holds {CardSet(c[0]).pretty} {led_text}, Trump Rank {trump}"
        )

    def token_text(s: DivideState, c: tuple[int, ...]) -> str:
        return (
            f"seat {c[6]} wins a trick with a {'♣♦♥♠'[c[5]]}, the stacks ♣♦♥♠ holding {c[:4]} "
            f"and the bonus supply {c[4]}"
        )

    def trick_text(s: DivideState, c: tuple[int, ...]) -> str:
        shown = " ".join(Card(x).pretty for x in c[:n])
        return f"the trick {shown} led by seat {c[n + 1]}, Trump Rank {Card(c[n] * 4).rank.label}"

    return [
        pairs_table(
            "proofs.divide.encoding.legal_plays",
            [hand, led, trump, *LOCATOR],
            [legal],
            ("the legal cards",),
            rows.plays,
            located(traces, _text(play_text)),
            _where,
            labels={"the legal cards": _cards_label},
        ),
        pairs_table(
            "proofs.divide.encoding.trick_winner",
            [*cards, trump, leader, *LOCATOR],
            [(leader + position) % n],
            ("the trick's winner",),
            rows.tricks,
            located(traces, _text(trick_text)),
            _where,
        ),
        pairs_table(
            "proofs.divide.encoding.take_token",
            [*stacks, bonus, suit, won, *LOCATOR],
            [z3.If(empty, z3.IntVal(-1), won), *after, left, is_bonus],
            (
                "the seat that takes a token",
                *(f"the {s} stack after" for s in "♣♦♥♠"),
                "the bonus supply after",
                "a bonus token taken",
            ),
            rows.tokens,
            located(traces, _text(token_text)),
            _where,
        ),
        pairs_table(
            "proofs.divide.encoding_round.after_trick",
            [done, played, dealer, *LOCATOR],
            [done_after, played_after, dealer_after, over],
            (
                "the tricks done in the round",
                "the rounds played",
                "the dealer",
                "whether the game is over",
            ),
            rows.counts,
            located(traces, _text(lambda s, c: f"trick {c[0] + 1} of round {c[1] + 1} is over")),
            _where,
        ),
        pairs_table(
            "proofs.divide.encoding.round_points",
            [*winners, *suits, *LOCATOR],
            points,
            tuple(f"seat {q}'s points" for q in range(n)),
            rows.rounds,
            located(traces, _text(lambda s, c: "the round is over")),
            _where,
        ),
    ]
