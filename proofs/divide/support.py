"""Helpers shared by Divide's obligation modules: symbolic cards, decoding, engine replays.

>>> import z3
>>> cards, valid = symbolic_cards(2, "c")
>>> [str(c) for c in cards], len(valid)
(['c0', 'c1'], 3)
>>> model_value(z3.Model(), z3.BitVecVal(7, 4))
7
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import z3

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.record import build_record, replay_record
from cardlaw.proofs.core import Witness
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.terms import Params
from cardlaw.proofs.terms import model_int as model_value
from cardlaw.spec.cards import Rank
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState
from cardlaw.spec.errors import CardlawError

__all__ = [
    "PLAYER_COUNTS",
    "Params",
    "model_value",
    "rank_label",
    "record_witness",
    "sequence_text",
    "symbolic_cards",
    "trick_sequence",
]

PLAYER_COUNTS: Final = (4, 5)
"""The player counts every per-count obligation is stated for."""


def symbolic_cards(n: int, prefix: str) -> tuple[list[z3.BitVecRef], list[z3.BoolRef]]:
    """``n`` card variables named ``prefix0``..., and that they are real, distinct cards."""
    cards = [z3.BitVec(f"{prefix}{i}", E.CARD_BITS) for i in range(n)]
    valid = [E.is_card(c) for c in cards]
    return cards, [*valid, z3.Distinct(*cards)] if n > 1 else valid


def rank_label(model: z3.ModelRef, term: z3.ExprRef) -> str:
    """A rank-index term's value in a model, as the rank's label (``7``, ``K``...)."""
    return Rank(model_value(model, term) + 2).label


def record_witness(
    text: str,
    actions: Sequence[object],
    players: int,
    check: Callable[[DivideState], bool],
    rules: DivideRules = PRINTED_RULES,
) -> Witness:
    """Replay a round through the engine as a record; note whether it shows what it claims.

    The record's configuration carries ``rules``, so ``cardlaw replay`` replays
    it under them.  Actions the rules do not allow (a scenario written for the
    printed rules, under changed ones) give a witness that is not replayed.
    """
    config = DivideConfig(players=players, rules=rules)
    try:
        record = build_record(DIVIDE, config, actions)
    except CardlawError:
        return Witness(text=text)
    replay = replay_record(record)
    shown = replay.legal and check(replay.final)
    return Witness(text=text, record=record, replayed=shown)


def trick_sequence(p: Params) -> tuple[list[z3.ArithRef], list[z3.BitVecRef], list[z3.BoolRef]]:
    """A round's trick winners and winning suits as variables, and that each winner is a seat."""
    n = p["players"]
    winners = [z3.Int(f"winner{i}") for i in range(p["tricks"])]
    suits = [z3.BitVec(f"suit{i}", 2) for i in range(p["tricks"])]
    premise = [z3.And(w >= 0, w < n) for w in winners]
    return winners, suits, premise


def sequence_text(
    model: z3.ModelRef, winners: Sequence[z3.ArithRef], suits: Sequence[z3.BitVecRef]
) -> str:
    """A decoded trick sequence: who won each trick, with which suit."""
    symbols = "♣♦♥♠"
    return ", ".join(
        f"{i + 1}: seat {model_value(model, w)} wins with a {symbols[model_value(model, s)]}"
        for i, (w, s) in enumerate(zip(winners, suits, strict=True))
    )
