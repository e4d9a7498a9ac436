"""Divide's deal: the deck holds enough cards for every player count.

>>> enough_cards().clauses
('divide.setup.players', 'divide.deal.nine', 'divide.components.deck')
"""

from __future__ import annotations

import z3

from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.support import PLAYER_COUNTS, Params, model_value
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["enough_cards"]


def _deal_fits(p: Params) -> Problem:
    players = z3.Int("players")
    return Problem(
        premise=[z3.Or(*(players == n for n in PLAYER_COUNTS))],
        claim=players * p["cards_dealt"] <= 52,
        decode=lambda m: Witness(f"{model_value(m, players)} players need more than 52 cards"),
    )


def enough_cards(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.deal.enough-cards``: every player count's deal fits in the deck."""
    return claim(
        "divide.deal.enough-cards",
        "For 4 and 5 players the deck holds enough cards for the deal.",
        ("divide.setup.players", "divide.deal.nine", "divide.components.deck"),
        _deal_fits,
        E.spec_params(rules=rules),
        Mutant("divide.mutant.deal-eleven", "a deal of eleven cards", {"cards_dealt": 11}),
    )
